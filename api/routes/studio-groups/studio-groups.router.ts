import { Router } from 'express';
import { studioGroupOf } from '../../auth/tenancy';
import { ZStudioGroupDetail, type TStudioGroupDetail } from '../../../contracts/studio-group.contract';
import { validate } from '../../http/validate';

const detailSchemas = { response: ZStudioGroupDetail, summary: 'The selected studio group as the admin screens need it (ids, api slug, source system).' };

/** Mounted under /api/v1/:g: the selected studio group as the admin screens need it. */
export function createStudioGroupRouter() {
  const router = Router({ mergeParams: true });
  router.get('/studio-group', validate(detailSchemas), (req, res) => {
    const group = studioGroupOf(req);
    const detail: TStudioGroupDetail = {
      uuid: group.uuid,
      id: group.id,
      mandantId: group.mandant.id,
      apiSlug: group.apiSlug,
      name: group.name,
      companyName: group.companyName,
      sourceSystem: group.sourceSystem,
    };
    res.json(detail);
  });
  return router;
}

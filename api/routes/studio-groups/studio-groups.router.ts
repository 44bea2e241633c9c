import { Router } from 'express';
import { studioGroupOf } from '../../auth/tenancy';
import type { TStudioGroupDetail } from '../../../contracts/studio-group.contract';

/** Mounted under /api/v1/:g: the selected studio group as the admin screens need it. */
export function createStudioGroupRouter() {
  const router = Router({ mergeParams: true });
  router.get('/studio-group', (req, res) => {
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

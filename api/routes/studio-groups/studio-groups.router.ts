import { Router } from 'express';
import { studioGroupOf } from '../../auth/tenancy';

/** Mounted under /api/v1/:g: the selected studio group as the admin screens need it. */
export function createStudioGroupRouter() {
  const router = Router({ mergeParams: true });
  router.get('/studio-group', (req, res) => {
    const group = studioGroupOf(req);
    res.json({
      uuid: group.uuid,
      id: group.id,
      mandantId: group.mandant.id,
      apiSlug: group.apiSlug,
      name: group.name,
      companyName: group.companyName,
      sourceSystem: group.sourceSystem,
    });
  });
  return router;
}

import { Router } from 'express';
import { ZDataStatusParams, ZDataStatusResponse, type TDataStatusResponse } from '../../../contracts/trainer-overview.contract';
import { studioGroupOf } from '../../auth/tenancy';
import { notFound } from '../../http/errors';
import { validate, validated } from '../../http/validate';
import { dataCheck } from './data-check.service';

const schemas = {
  params: ZDataStatusParams,
  response: ZDataStatusResponse,
  summary: 'The data check (spec 2.19): CSVIMPORTCHECKER, a JSON string whose CALLCHECKER holds unchecked_trainer, class_without_rule and studio_group.',
} as const;

/** Mounted under /api/v1/:g; {idStudioGroup} (id or uuid) must be the path's group. */
export function createDataCheckRouter() {
  const router = Router({ mergeParams: true });
  router.get('/data/status/:idStudioGroup', validate(schemas), async (req, res) => {
    const { params } = validated(req, schemas);
    const group = studioGroupOf(req);
    const matches = typeof params.idStudioGroup === 'number' ? params.idStudioGroup === group.id : params.idStudioGroup.toLowerCase() === group.uuid;
    if (!matches) throw notFound('dataCheck.studioGroupMismatch');
    const answer: TDataStatusResponse = { CSVIMPORTCHECKER: JSON.stringify(await dataCheck(group)) };
    res.json(answer);
  });
  return router;
}

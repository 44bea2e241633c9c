import { Router } from 'express';
import { ZOutboxEmailDetail, ZOutboxList, ZOutboxListQuery, ZOutboxParams } from '../../../contracts/outbox.contract';
import { studioGroupOf } from '../../auth/tenancy';
import { validate, validated } from '../../http/validate';
import { getOutboxEmail, listOutbox } from './outbox.service';

const listSchemas = { query: ZOutboxListQuery, response: ZOutboxList, summary: "The e-mails recorded for the group's trainers and accountant, newest first." };
const detailSchemas = { params: ZOutboxParams, response: ZOutboxEmailDetail, summary: 'One recorded e-mail with its HTML part.' };

/**
 * Mounted under /api/v1/:g (staff of the group only): the e-mails recorded for the group's trainers
 * and accountant, newest first, and one e-mail as its recipient sees it.
 */
export function createOutboxRouter({ smtpConfigured }: { smtpConfigured: boolean }) {
  const router = Router({ mergeParams: true });
  const delivery = smtpConfigured ? 'smtp' : 'outbox';

  router.get('/outbox', validate(listSchemas), async (req, res) => {
    const { query } = validated(req, listSchemas);
    res.json(await listOutbox(studioGroupOf(req), query, delivery));
  });
  router.get('/outbox/:uuid', validate(detailSchemas), async (req, res) => {
    const { params } = validated(req, detailSchemas);
    res.json(await getOutboxEmail(studioGroupOf(req), params.uuid));
  });
  return router;
}

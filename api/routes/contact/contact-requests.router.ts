import { Router, type RequestHandler } from 'express';
import {
  ZContactRequest,
  ZContactRequestHandledBody,
  ZContactRequestList,
  ZContactRequestListQuery,
  ZContactRequestParams,
  type TContactRequest,
} from '../../../contracts/contact.contract';
import { ContactRequest, User } from '../../../db/entities';
import { authOf } from '../../auth/sessions';
import { HttpError, notFound } from '../../http/errors';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';

// The operators' contact requests (admin app, /admin/contact-requests): list, detail, mark
// handled. A contact request belongs to no studio group — it is a lead for the platform — so only
// platform operators see them; staff of a studio group get 403.

const operatorsOnly: RequestHandler = (req, _res, next) => next(authOf(req).role === 'operator' ? undefined : new HttpError(403, 'contact.operatorsOnly'));

function toContactRequest(row: ContactRequest, handledBy: User | null | undefined): TContactRequest {
  return {
    uuid: row.uuid,
    company: row.company,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone ?? null,
    message: row.message ?? null,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    handledBy: handledBy ? [handledBy.firstname, handledBy.lastname].filter(Boolean).join(' ').trim() || handledBy.email : null,
    studioGroupUuid: row.convertedStudioGroup?.uuid ?? null,
  };
}

const schemas = {
  list: { query: ZContactRequestListQuery, response: ZContactRequestList, summary: 'Contact requests of the public site (operators), newest first; status open (default), handled or all.' },
  detail: { params: ZContactRequestParams, response: ZContactRequest, summary: 'One contact request (operators).' },
  handled: { params: ZContactRequestParams, body: ZContactRequestHandledBody, response: ZContactRequest, summary: 'Marks a contact request handled (or open again) (operators).' },
} as const;

async function findRequest(uuid: string) {
  const row = await requestEntityManager().findOne(ContactRequest, { uuid }, { populate: ['handledBy', 'convertedStudioGroup'] });
  if (!row) throw notFound('contact.notFound');
  return row;
}

export function createContactRequestsRouter() {
  const router = Router();
  router.use('/ops/contact-requests', operatorsOnly);

  router.get('/ops/contact-requests', validate(schemas.list), async (req, res) => {
    const { status } = validated(req, schemas.list).query;
    const em = requestEntityManager();
    const where = status === 'open' ? { handledAt: null } : status === 'handled' ? { handledAt: { $ne: null } } : {};
    const [rows, open] = await Promise.all([
      em.find(ContactRequest, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500, populate: ['handledBy', 'convertedStudioGroup'] }),
      em.count(ContactRequest, { handledAt: null }),
    ]);
    res.json({ open, requests: rows.map((row) => toContactRequest(row, row.handledBy)) });
  });

  router.get('/ops/contact-requests/:contactRequestUuid', validate(schemas.detail), async (req, res) => {
    const row = await findRequest(validated(req, schemas.detail).params.contactRequestUuid);
    res.json(toContactRequest(row, row.handledBy));
  });

  router.post('/ops/contact-requests/:contactRequestUuid/handled', validate(schemas.handled), async (req, res) => {
    const { params, body } = validated(req, schemas.handled);
    const em = requestEntityManager();
    const row = await findRequest(params.contactRequestUuid);
    if (body.handled && !row.handledAt) {
      row.handledAt = new Date();
      row.handledBy = em.getReference(User, authOf(req).userId);
    } else if (!body.handled) {
      row.handledAt = null;
      row.handledBy = null;
    }
    await em.flush();
    await em.populate(row, ['handledBy', 'convertedStudioGroup']);
    res.json(toContactRequest(row, row.handledBy));
  });
  return router;
}

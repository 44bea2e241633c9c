import { Router, type RequestHandler } from 'express';
import {
  ZAuditLog,
  ZAuditLogQuery,
  ZCreateStudioGroupRequest,
  ZOperatorStudioGroup,
  ZOperatorStudioGroupList,
  ZOperatorStudioGroupSaved,
  ZStudioGroupUuidParams,
  ZSuspendStudioGroupRequest,
  ZUpdateStudioGroupRequest,
  type TOperatorStudioGroupSaved,
} from '../../../contracts/onboarding.contract';
import type { MessageKey } from '../../../domain/messages';
import { authOf } from '../../auth/sessions';
import { HttpError } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { auditLog, changeState, createStudioGroup, listStudioGroups, studioGroupDetail, updateStudioGroup } from './onboarding.service';

// The operator console (/api/operator/...): onboarding studio groups and the audit log. A platform
// operator's calls only; staff and trainers get 403, like the other operator calls.

const operatorsOnly: RequestHandler = (req, _res, next) => next(authOf(req).role === 'operator' ? undefined : new HttpError(403, 'onboarding.operatorsOnly'));

const schemas = {
  list: { response: ZOperatorStudioGroupList, summary: 'Every studio group with its state (set_up, live, suspended), staff/trainer/studio counts and last settlement (operators).' },
  create: {
    body: ZCreateStudioGroupRequest,
    responses: { 201: ZOperatorStudioGroupSaved },
    summary: 'Creates a studio group, blank or from a contact request (marked handled and linked); 409 for a name or API key already taken (operators).',
  },
  detail: { params: ZStudioGroupUuidParams, response: ZOperatorStudioGroup, summary: 'One studio group as the onboarding form shows it (operators).' },
  update: { params: ZStudioGroupUuidParams, body: ZUpdateStudioGroupRequest, response: ZOperatorStudioGroupSaved, summary: "Saves a studio group's company, tax, bank, accounting, DATEV, language and source-system data (operators)." },
  live: { params: ZStudioGroupUuidParams, response: ZOperatorStudioGroupSaved, summary: 'Marks a studio group live: it is set up and in use (operators).' },
  suspend: {
    params: ZStudioGroupUuidParams,
    body: ZSuspendStudioGroupRequest,
    response: ZOperatorStudioGroupSaved,
    summary: "Suspends a studio group: its staff can no longer change anything (423); reads, downloads and the trainers' credit notes stay (operators).",
  },
  reactivate: { params: ZStudioGroupUuidParams, response: ZOperatorStudioGroupSaved, summary: 'Ends the suspension of a studio group (operators).' },
  auditLog: { query: ZAuditLogQuery, response: ZAuditLog, summary: 'The audit log of operator and staff-access changes, newest first, optionally of one studio group (operators).' },
} as const;

export function createOnboardingRouter() {
  const router = Router();
  router.use('/operator', operatorsOnly);

  const saved = async (req: Parameters<RequestHandler>[0], studioGroupUuid: string, message: MessageKey): Promise<TOperatorStudioGroupSaved> => {
    const studioGroup = await studioGroupDetail(requestEntityManager().fork(), studioGroupUuid);
    return { status: 'success', message: t(req, message, { name: studioGroup.name }), studioGroup };
  };

  router.get('/operator/studio-groups', validate(schemas.list), async (_req, res) => {
    res.json(await listStudioGroups(requestEntityManager()));
  });

  router.post('/operator/studio-groups', validate(schemas.create), async (req, res) => {
    const { body } = validated(req, schemas.create);
    const uuid = await createStudioGroup(requestEntityManager(), authOf(req), body);
    res.status(201).json(await saved(req, uuid, 'onboarding.created'));
  });

  router.get('/operator/studio-groups/:studioGroupUuid', validate(schemas.detail), async (req, res) => {
    res.json(await studioGroupDetail(requestEntityManager(), validated(req, schemas.detail).params.studioGroupUuid));
  });

  router.put('/operator/studio-groups/:studioGroupUuid', validate(schemas.update), async (req, res) => {
    const { params, body } = validated(req, schemas.update);
    await updateStudioGroup(requestEntityManager(), authOf(req), params.studioGroupUuid, body);
    res.json(await saved(req, params.studioGroupUuid, 'onboarding.saved'));
  });

  router.post('/operator/studio-groups/:studioGroupUuid/live', validate(schemas.live), async (req, res) => {
    const { params } = validated(req, schemas.live);
    await changeState(requestEntityManager(), authOf(req), params.studioGroupUuid, 'live');
    res.json(await saved(req, params.studioGroupUuid, 'onboarding.markedLive'));
  });

  router.post('/operator/studio-groups/:studioGroupUuid/suspend', validate(schemas.suspend), async (req, res) => {
    const { params, body } = validated(req, schemas.suspend);
    await changeState(requestEntityManager(), authOf(req), params.studioGroupUuid, 'suspend', body.reason);
    res.json(await saved(req, params.studioGroupUuid, 'onboarding.suspendedDone'));
  });

  router.post('/operator/studio-groups/:studioGroupUuid/reactivate', validate(schemas.reactivate), async (req, res) => {
    const { params } = validated(req, schemas.reactivate);
    await changeState(requestEntityManager(), authOf(req), params.studioGroupUuid, 'reactivate');
    res.json(await saved(req, params.studioGroupUuid, 'onboarding.reactivated'));
  });

  router.get('/operator/audit-log', validate(schemas.auditLog), async (req, res) => {
    const { query } = validated(req, schemas.auditLog);
    res.json({ entries: await auditLog(requestEntityManager(), query) });
  });
  return router;
}

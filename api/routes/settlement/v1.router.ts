import { Router, type Request } from 'express';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { Settlement, StudioGroup, Trainer } from '../../../db/entities';
import { centsToEuros, formatEuro } from '../../../domain/money';
import { isMessageKey, translate, type MessageKey, type MessageParams } from '../../../domain/messages';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { createSettlementUpdate, PREPARATION_PHASE_PERCENT, v1FinishCreditNotesUpdate, v1IssueCreditNoteUpdate, v1SendCreditNoteUpdate } from '../../../workflows/settlement.messages';
import { authOf } from '../../auth/sessions';
import { staffRoleIn, studioGroupsOf } from '../../auth/tenancy';
import { refuseChangeByAccountant } from '../../auth/staff-roles';
import { ZUuid } from '../../../contracts/common.contract';
import { PREPARATION_PHASES, ZMonthSettlementQuery, ZTrainerListResponse, ZTrainerSummaryResponse } from '../../../contracts/settlement.contract';
import {
  ZV1InvoiceCreateResponse,
  ZV1InvoiceSendResponse,
  ZV1PreparationRequest,
  ZV1PreparationResponse,
  ZV1UpdateEmailsResponse,
  ZV1UpdateInvoiceResponse,
  type TV1InvoiceCreateResponse,
  type TV1InvoiceSendResponse,
  type TV1PreparationResponse,
  type TV1UpdateEmailsResponse,
  type TV1UpdateInvoiceResponse,
} from '../../../contracts/settlement-v1.contract';
import { HttpError, notFound } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { settlementOfMonth, trainerList, trainerSummary } from './settlement.queries';
import { billableTrainerUuids, runPreparationPhase, trainerPreviewOf, type SettlementContext } from './settlement.service';
import { assertInProgress, assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { assertSameStudioGroup, findSettlement, findTrainerByKey, refusedWhileSuspended } from '../../auth/tenancy';
import { queryState, runUpdate, settlementHandle } from '../../temporal';
import { requestEntityManager } from '../../http/entity-manager';

// Wizard v1 (admin spec 2.1, 4 "Wizard v1 flow", 7 "Settlement wizard v1"): the unversioned calls
// under /api. One engine, two faces: the same settlement workflow and activities as wizard v2,
// driven one trainer a call and with the trainer review skipped. The paths name the studio group by
// apiSlug / idMandant / idStudioGroup instead of its uuid; each is resolved among the caller's
// groups, so another group answers 404 exactly like a missing one (as api/auth/tenancy.ts does).

type Deps = { temporal: Client };

/** The engine's refusal keys (creditNote.refused.*) as the short reasons of the v1 messages. */
const REFUSAL_REASONS: Record<string, MessageKey> = {
  'creditNote.refused.notInSettlement': 'settlementV1.reason.notInSettlement',
  'creditNote.refused.alreadyIssued': 'settlementV1.reason.alreadyIssued',
  'creditNote.refused.incompleteData': 'settlementV1.reason.incompleteData',
  'creditNote.refused.noConsent': 'settlementV1.reason.noConsent',
  'creditNote.refused.notApproved': 'settlementV1.reason.notApproved',
  'creditNote.refused.nothingToPay': 'settlementV1.reason.nothingToPay',
  'creditNote.refused.invalidDocument': 'settlementV1.reason.invalidDocument',
  'creditNote.refused.noEInvoice': 'settlementV1.reason.noEInvoice',
  'creditNote.refused.employee': 'settlementV1.reason.employee',
  'creditNote.refused.ibanNotApproved': 'settlementV1.reason.ibanNotApproved',
};

const ZId = z.coerce.number().int().positive();
const ZMonth = z.string().min(1);

const monthRead = { params: z.object({ apiSlug: z.string().min(1), idStudioGroup: ZId, importMonth: ZMonth }), query: ZMonthSettlementQuery };

const schemas = {
  prepare: {
    params: z.object({ apiSlug: z.string().min(1), phase: z.enum(PREPARATION_PHASES) }),
    body: ZV1PreparationRequest,
    response: ZV1PreparationResponse,
    summary: 'Wizard v1 "Create Settlement", phase invoice-data / class / trainer (33 / 66 / 100 %): every trainer who can be billed now.',
  },
  summary: { ...monthRead, response: ZTrainerSummaryResponse, summary: 'Wizard v1 trainer summary: Trainer, Netto, MwSt, Brutto (display strings).' },
  list: { ...monthRead, response: ZTrainerListResponse, summary: 'Wizard v1 trainer list (TrainerID, trainerUuid).' },
  preview: {
    params: z.object({ apiSlug: z.string().min(1), idStudioGroup: ZId, trainer: z.string().min(1), importMonth: ZMonth }),
    query: ZMonthSettlementQuery,
    produces: 'text/html' as const,
    response: z.string(),
    summary: 'Wizard v1 preview table of one trainer as HTML markup, values escaped. With Accept: application/json: {trainer_uuid, settlementUuid, html}.',
  },
  create: {
    response: ZV1InvoiceCreateResponse,
    summary: 'Wizard v1 "Create Invoices": issues one trainer\'s credit note (HTTP 200 = created).',
    params: z.object({
      apiSlug: z.string().min(1),
      idMandant: ZId,
      idStudioGroup: ZId,
      importMonth: ZMonth,
      trainerId: z.string().min(1),
      idUser: z.string().min(1),
      settlementUuid: ZUuid,
    }),
  },
  send: {
    response: ZV1InvoiceSendResponse,
    summary: 'Wizard v1 "Send emails": e-mails one trainer\'s credit note.',
    params: z.object({ idMandant: ZId, idStudioGroup: ZId, importMonth: ZMonth, trainerId: z.string().min(1), idUser: z.string().min(1), settlementUuid: ZUuid }),
  },
  updateInvoice: {
    params: z.object({ idStudioGroup: ZId, importMonth: ZMonth, settlementUuid: ZUuid }),
    response: ZV1UpdateInvoiceResponse,
    summary: 'Wizard v1, after the last invoice: the settlement\'s invoices counted.',
  },
  updateEmails: {
    params: z.object({ apiSlug: z.string().min(1), idStudioGroup: ZId, importMonth: ZMonth, settlementUuid: ZUuid }),
    response: ZV1UpdateEmailsResponse,
    summary: 'Wizard v1, after the last e-mail: the run\'s SEPA XML, ZIP and CSV are made; its sums in euros.',
  },
};

/**
 * The studio group a v1 path names: staff of it (or an operator) only; a trainer is 403, another
 * group or a mismatching apiSlug / idMandant is 404.
 */
async function studioGroupOfPath(req: Request, fields: { idStudioGroup: number; apiSlug?: string; idMandant?: number }): Promise<StudioGroup> {
  // Under /api/v1/{g} the tenancy check has resolved the group already: the payload must name it.
  if (req.studioGroup) {
    assertSameStudioGroup(req.studioGroup, fields);
    return req.studioGroup;
  }
  const auth = authOf(req);
  if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
  const group = (await studioGroupsOf(auth)).find((candidate) => candidate.id === fields.idStudioGroup);
  if (!group) throw notFound('tenancy.studioGroupNotFound');
  assertSameStudioGroup(group, { apiSlug: fields.apiSlug, idMandant: fields.idMandant });
  if (refusedWhileSuspended(req, group, auth.role)) throw new HttpError(423, 'onboarding.groupSuspended');
  // The rule of the /api/v1/{g} guard: an accountant changes nothing (api/auth/staff-roles.ts).
  const refusal = refuseChangeByAccountant(req, await staffRoleIn(auth, group.id));
  if (refusal) throw refusal;
  req.studioGroup = group;
  return group;
}

/** The spec's idUser names who acts: it must be the caller (their uuid or user id). */
function assertCaller(req: Request, idUser: string) {
  const auth = authOf(req);
  if (idUser !== auth.userUuid && idUser !== String(auth.userId)) throw new HttpError(403, 'settlementV1.notCaller');
}

const contextOf = (req: Request, temporal: Client, group: StudioGroup): SettlementContext => ({
  em: requestEntityManager(),
  temporal,
  studioGroup: group,
  userUuid: authOf(req).userUuid,
  locale: localeOf(req),
});

/**
 * A settlement of the group and month (the per-trainer and update calls). The unversioned paths are
 * wizard v1's and take its settlements only; under /api/v1/{g} (spec 7 "Settlement wizard v2" lists
 * the same calls) a settlement of either wizard.
 */
async function v1Settlement(req: Request, group: StudioGroup, settlementUuid: string, importMonth: string): Promise<Settlement> {
  const settlement = await findSettlement(requestEntityManager(), group, settlementUuid);
  assertMonthMatches(settlement, parseMonth(importMonth, 'importMonth'), localeOf(req));
  const underGroupPath = req.params.g !== undefined;
  if (!underGroupPath && settlement.version !== 'v1') throw new HttpError(409, 'settlementV1.otherVersion', undefined, { version: settlement.version });
  return settlement;
}

/**
 * What a per-trainer call (create, send) acts on: the path's group, with the caller as its idUser,
 * a settlement of that month still in progress, and the trainer the path names.
 */
async function trainerCallOf(req: Request, params: { apiSlug?: string; idMandant: number; idStudioGroup: number; importMonth: string; trainerId: string; idUser: string; settlementUuid: string }) {
  const group = await studioGroupOfPath(req, params);
  assertCaller(req, params.idUser);
  const settlement = await v1Settlement(req, group, params.settlementUuid, params.importMonth);
  assertInProgress(settlement);
  const trainer = await findTrainerByKey(requestEntityManager(), group, params.trainerId);
  return { settlement, trainer, name: trainerDisplayName(trainer) };
}

/**
 * Runs a per-trainer v1 update; a refusal of the workflow's validator (not prepared, not issued
 * yet, another command running …) answers `{status:'error'}` with the v1 message and its reason.
 */
async function runTrainerUpdate<T>(req: Request, temporal: Client, trainer: Trainer, failureKey: MessageKey, call: () => Promise<T>): Promise<T> {
  const name = trainerDisplayName(trainer);
  try {
    return await runUpdate(temporal, call);
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
      const params = (error.cause.details?.[0] ?? {}) as MessageParams;
      const status = error.cause.type === 'NotFound' ? 404 : error.cause.type === 'Invalid' ? 422 : 409;
      const reason = translate(localeOf(req), error.cause.message, { ...params, trainer: name });
      throw new HttpError(status, failureKey, undefined, { trainer: name, reason });
    }
    throw error;
  }
}

/** Mounted under /api after requireAuth: spec 7 "Settlement wizard v1 (unversioned paths under /api)". */
export function createSettlementV1Router({ temporal }: Deps) {
  const router = Router();

  // Create Settlement (33 / 66 / 100 %): invoice-data creates the v1 settlement and prepares every
  // billable trainer of the month with complete data (v1 has no selection screen); class and
  // trainer wait for their phase.
  router.post('/settlement/:apiSlug/create/:phase', validate(schemas.prepare), async (req, res) => {
    const { params, body } = validated(req, schemas.prepare);
    const group = await studioGroupOfPath(req, { idStudioGroup: body.idStudioGroup, apiSlug: params.apiSlug, idMandant: body.idMandant });
    const ctx = contextOf(req, temporal, group);
    const month = parseMonth(body.importMonth, 'importMonth');
    const state = await runPreparationPhase(ctx, {
      settlementUuid: body.settlementUuid,
      lastDay: month,
      phase: params.phase,
      version: 'v1',
      chooseTrainers: (existing) => billableTrainerUuids(ctx, existing, month),
    });
    // v1 has no trainer review: once prepared, the settlement goes straight to the invoices.
    if (params.phase === 'trainer') {
      await runUpdate(temporal, () => settlementHandle(temporal, body.settlementUuid).executeUpdate(createSettlementUpdate, { args: [{ trainerReview: false, userUuid: ctx.userUuid }] }));
    }
    const count = state.preparation.total;
    const answer: TV1PreparationResponse = {
      status: 'success',
      message: t(req, `settlement.phaseDone.${params.phase}`, { count }),
      settlementUuid: body.settlementUuid,
      phase: params.phase,
      percent: PREPARATION_PHASE_PERCENT[params.phase],
      trainerCount: count,
    };
    res.json(answer);
  });

  const monthSettlement = async (req: Request, params: { apiSlug: string; idStudioGroup: number; importMonth: string }, settlementUuid?: string) => {
    const group = await studioGroupOfPath(req, params);
    const month = parseMonth(params.importMonth, 'importMonth');
    const settlement = await settlementOfMonth(requestEntityManager(), group, month, settlementUuid);
    if (!settlement) throw notFound('settlement.noSettlementForMonth', { month });
    return { group, settlement };
  };

  router.get('/settlement/trainer/summary/:apiSlug/:idStudioGroup/:importMonth', validate(schemas.summary), async (req, res) => {
    const { params, query } = validated(req, schemas.summary);
    const { settlement } = await monthSettlement(req, params, query.settlementUuid);
    res.json(await trainerSummary(requestEntityManager(), settlement));
  });

  router.get('/settlement/trainer/list/:apiSlug/:idStudioGroup/:importMonth', validate(schemas.list), async (req, res) => {
    const { params, query } = validated(req, schemas.list);
    const { settlement } = await monthSettlement(req, params, query.settlementUuid);
    res.json(await trainerList(requestEntityManager(), settlement));
  });

  router.get('/trainer-invoice/preview/:apiSlug/:idStudioGroup/:trainer/:importMonth', validate(schemas.preview), async (req, res) => {
    const { params, query } = validated(req, schemas.preview);
    const { group, settlement } = await monthSettlement(req, params, query.settlementUuid);
    const answer = await trainerPreviewOf(requestEntityManager(), group, settlement, params.trainer, localeOf(req));
    // Spec 7 answers the table markup; a client that asks for JSON (the web app) gets {html} with the trainer.
    if (req.accepts(['html', 'json']) === 'json') {
      res.json(answer);
      return;
    }
    res.type('text/html; charset=utf-8').send(answer.html);
  });

  registerInvoiceCalls(router, temporal);

  return router;
}

/**
 * The per-trainer invoice calls and the two updates after them (spec 7: unversioned for wizard v1,
 * and the same calls under /api/v1/{g} in the wizard v2 table, where {g} must be the payload's group).
 */
export function registerInvoiceCalls(router: Router, temporal: Client) {
  // Create invoice PDFs: one call per trainer; the first opens the settlement's v1 credit-note run.
  router.get('/trainer-invoice/create/:apiSlug/:idMandant/:idStudioGroup/:importMonth/:trainerId/:idUser/:settlementUuid', validate(schemas.create), async (req, res) => {
    const { params } = validated(req, schemas.create);
    const { settlement, trainer, name } = await trainerCallOf(req, params);
    const result = await runTrainerUpdate(req, temporal, trainer, 'settlementV1.invoiceNotCreatedBecause', () =>
      settlementHandle(temporal, settlement.uuid).executeUpdate(v1IssueCreditNoteUpdate, { args: [{ trainerUuid: trainer.uuid, userUuid: authOf(req).userUuid }] }),
    );
    if (result.outcome === 'refused') {
      const reasonKey = result.reason ? (REFUSAL_REASONS[result.reason] ?? (isMessageKey(result.reason) ? result.reason : undefined)) : undefined;
      if (!reasonKey) throw new HttpError(422, 'settlementV1.invoiceNotCreated', undefined, { trainer: name });
      throw new HttpError(422, 'settlementV1.invoiceNotCreatedBecause', undefined, { trainer: name, reason: translate(localeOf(req), reasonKey, { trainer: name }) });
    }
    const answer: TV1InvoiceCreateResponse = {
      status: 'success',
      message: t(req, 'settlementV1.invoiceCreated', { trainer: name }),
      trainerUuid: trainer.uuid,
      settlementRunUuid: result.runUuid,
      outcome: result.outcome,
      ...(result.number ? { number: result.number } : {}),
    };
    res.json(answer);
  });

  // After the last invoice: the settlement's invoices counted (the credit notes are recorded as they are issued).
  router.get('/settlement/update/invoice/:idStudioGroup/:importMonth/:settlementUuid', validate(schemas.updateInvoice), async (req, res) => {
    const { params } = validated(req, schemas.updateInvoice);
    const group = await studioGroupOfPath(req, params);
    const settlement = await v1Settlement(req, group, params.settlementUuid, params.importMonth);
    const run = (await queryState(temporal, settlement.uuid))?.creditNoteRun;
    const issued = run?.issued ?? 0;
    const refused = run?.refused ?? 0;
    const answer: TV1UpdateInvoiceResponse = { status: 'success', message: t(req, 'settlementV1.invoicesUpdated', { issued, refused }), settlementUuid: settlement.uuid, issued, refused };
    res.json(answer);
  });

  // Send Emails: one call per trainer with an issued invoice.
  router.get('/trainer-invoice/send/:idMandant/:idStudioGroup/:importMonth/:trainerId/:idUser/:settlementUuid', validate(schemas.send), async (req, res) => {
    const { params } = validated(req, schemas.send);
    const { settlement, trainer, name } = await trainerCallOf(req, params);
    const result = await runTrainerUpdate(req, temporal, trainer, 'settlementV1.invoiceNotSentBecause', () =>
      settlementHandle(temporal, settlement.uuid).executeUpdate(v1SendCreditNoteUpdate, { args: [{ trainerUuid: trainer.uuid, userUuid: authOf(req).userUuid }] }),
    );
    // Not sent: no e-mail address (the settlement log names why).
    if (!result.sent) throw new HttpError(422, 'settlementV1.invoiceNotSent', undefined, { trainer: name });
    const answer: TV1InvoiceSendResponse = { status: 'success', message: t(req, 'settlementV1.invoiceSent', { trainer: name }), trainerUuid: trainer.uuid, settlementRunUuid: result.runUuid };
    res.json(answer);
  });

  // After the last e-mail: the run's SEPA XML, credit-notes ZIP and studio-costs CSV, and the sums.
  router.get('/settlement/update/emails/:apiSlug/:idStudioGroup/:importMonth/:settlementUuid', validate(schemas.updateEmails), async (req, res) => {
    const { params } = validated(req, schemas.updateEmails);
    const group = await studioGroupOfPath(req, params);
    const settlement = await v1Settlement(req, group, params.settlementUuid, params.importMonth);
    assertInProgress(settlement);
    const result = await runUpdate(temporal, () => settlementHandle(temporal, settlement.uuid).executeUpdate(v1FinishCreditNotesUpdate, { args: [{ userUuid: authOf(req).userUuid }] }));
    const answer: TV1UpdateEmailsResponse = {
      status: 'success',
      message: t(req, 'settlementV1.emailsUpdated', { gross: formatEuro(result.sums.grossCents) }),
      settlementUuid: settlement.uuid,
      settlementRunUuid: result.runUuid,
      sumNet: centsToEuros(result.sums.netCents),
      sumVat: centsToEuros(result.sums.vatCents),
      sumGross: centsToEuros(result.sums.grossCents),
    };
    res.json(answer);
  });

}

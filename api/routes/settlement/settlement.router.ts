import { randomUUID } from 'node:crypto';
import { Router, type ErrorRequestHandler, type Request } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { Settlement, Trainer } from '../../../db/entities';
import { centsToEuros, formatEuro } from '../../../domain/money';
import { isoDateOf } from '../../../domain/settlement/month';
import { trainerDisplayName } from '../../../domain/trainer-data';
import {
  createSettlementUpdate,
  goToStepUpdate,
  PREPARATION_PHASE_PERCENT,
  removeAdminPositionUpdate,
  saveAdminPositionUpdate,
  selectTrainersUpdate,
  settlementCommandUpdate,
} from '../../../workflows/settlement.messages';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { ZUuid } from '../../../contracts/common.contract';
import {
  PREPARATION_PHASES,
  ZAdminPositionListQuery,
  ZBillableTrainersQuery,
  ZCreateAdminPositionRequest,
  ZCreateSettlementRequest,
  ZMonthSettlementQuery,
  ZPreparationRequest,
  ZSettlementCommandRequest,
  ZSettlementSelectionRequest,
  ZSettlementStepRequest,
  ZAdminPositionListResponse,
  ZAdminPositionResponse,
  ZBillableTrainersResponse,
  ZCalculateSumResponse,
  ZSettlementCommandResponse,
  ZSettlementDetail,
  ZSettlementIndexResponse,
  ZSettlementLogResponse,
  ZSettlementStepResponse,
  ZStatusResponse,
  ZTrainerClubPreviewResponse,
  ZTrainerListResponse,
  ZTrainerSummaryResponse,
  type TBillableTrainersResponse,
  type TCalculateSumResponse,
  type TSettlementCommandResponse,
  type TSettlementConflictResponse,
  type TSettlementDetail,
  type TSettlementStepResponse,
  type TSettlementWorkflowState,
  type TStatusResponse,
} from '../../../contracts/settlement.contract';
import { HttpError, notFound } from '../../http/errors';
import { registerInvoiceCalls } from './v1.router';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { translate } from '../../../domain/messages';
import {
  assertSettleableMonth,
  billableTrainerUuids,
  checkSelection,
  ensureSettlement,
  runPreparationPhase,
  SettlementConflictError,
  trainerClubPreviewsOf,
  trainerPreviewOf,
  type SettlementContext,
} from './settlement.service';
import { assertInProgress, assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { assertSameStudioGroup, findSettlement } from '../../auth/tenancy';
import { queryState, runUpdate, settlementHandle } from '../../temporal';
import {
  calculateSums,
  iso,
  listAdminPositions,
  listBillableTrainers,
  settlementIndex,
  settlementLog,
  settlementOfMonth,
  settlementRuns,
  settlementSums,
  settlementTrainers,
  trainerList,
  trainerSummary,
  userRef,
} from './settlement.queries';
import { requestEntityManager } from '../../http/entity-manager';
import { trainersApprovedByThemselves } from '../review/review-rows';
import { approveAllByCompany } from '../review/review.service';

type Deps = { temporal: Client };

function contextOf(req: Request, temporal: Client): SettlementContext {
  return { em: requestEntityManager(), temporal, studioGroup: studioGroupOf(req), userUuid: authOf(req).userUuid, locale: localeOf(req) };
}

const stepAnswer = (message: string, settlementUuid: string, state: TSettlementWorkflowState, phase?: (typeof PREPARATION_PHASES)[number]): TSettlementStepResponse => ({
  status: 'success',
  message,
  settlementUuid,
  ...(phase ? { phase } : {}),
  percent: state.preparation.percent,
  state,
});

const uuidParam = z.object({ settlementUuid: ZUuid });
const monthPath = z.object({ apiSlug: z.string(), idStudioGroup: z.coerce.number().int().positive(), settlementMonth: z.string() });

const schemas = {
  billable: {
    params: uuidParam,
    query: ZBillableTrainersQuery,
    response: ZBillableTrainersResponse,
    summary: 'The select-trainer screen: the month\'s trainers per studio, their data check and the four counters (spec 2.4).',
  },
  selection: {
    params: uuidParam,
    body: ZSettlementSelectionRequest,
    response: ZSettlementStepResponse,
    summary: 'Stores the trainer selection ("Next"); creates the settlement when it is new.',
  },
  prepare: {
    params: z.object({ apiSlug: z.string(), phase: z.enum(PREPARATION_PHASES) }),
    body: ZPreparationRequest,
    response: ZSettlementStepResponse,
    summary:
      'Prepare data, phase invoice-data / class / trainer (33 / 66 / 100 %). invoice-data creates a new settlement and prepares trainersSelected, else the stored selection, else every trainer who can be billed now.',
  },
  create: { body: ZCreateSettlementRequest, response: ZSettlementStepResponse, summary: 'After preparation: with trainer review (step 3) or straight to credit notes (step 5).' },
  summary: { params: monthPath, query: ZMonthSettlementQuery, response: ZTrainerSummaryResponse, summary: 'Trainer summary grid: Trainer, Netto, MwSt, Brutto (display strings) per prepared trainer.' },
  list: { params: monthPath, query: ZMonthSettlementQuery, response: ZTrainerListResponse, summary: 'The prepared trainers (TrainerID, trainerUuid).' },
  preview: {
    params: monthPath.extend({ trainer: z.string().min(1) }),
    query: ZMonthSettlementQuery,
    produces: 'text/html' as const,
    response: z.string(),
    summary:
      'One prepared trainer\'s preview table as HTML markup, values escaped ({trainer} = TrainerID or uuid). With Accept: application/json: {trainer_uuid, settlementUuid, html} (ZTrainerPreviewResponse).',
  },
  clubPreview: {
    params: z.object({ apiSlug: z.string(), settlementMonth: z.string(), trainerUuid: ZUuid }),
    query: ZMonthSettlementQuery,
    response: ZTrainerClubPreviewResponse,
    summary: 'A prepared trainer\'s preview table per studio ("club") they have lines in: a list of {ClubID, html}.',
  },
  logs: {
    params: z.object({ idStudioGroup: z.coerce.number().int().positive(), importMonth: z.string(), settlementUuid: ZUuid }),
    response: ZSettlementLogResponse,
    summary: 'The settlement log (timestamp, proc, trainer_uuid, status, message), oldest first.',
  },
  calculateSum: { params: uuidParam, response: ZCalculateSumResponse, summary: 'Sums of all lines (euros), stored on the settlement for the sum cards.' },
  index: { response: ZSettlementIndexResponse, summary: 'The settlement index, newest month first (spec 2.11).' },
  detail: { params: uuidParam, response: ZSettlementDetail, summary: 'The settlement record with its trainers, runs and the workflow\'s state (spec 2.12).' },
  command: {
    params: uuidParam,
    body: ZSettlementCommandRequest,
    response: ZSettlementCommandResponse,
    summary:
      "Finish, archive or delete the settlement; approve_all (the preview check's 'Approve all'): the company approves every trainer sent a preview in one write, one signal to the workflow, progress as 'settlement:approve-all' events; the answer counts them and lists the locked trainers with their reason. Repeated, it changes nothing.",
  },
  step: { params: uuidParam, body: ZSettlementStepRequest, response: ZSettlementStepResponse, summary: 'Jump to a wizard step (0-5) up to the furthest reachable one.' },
  adminList: { params: uuidParam, query: ZAdminPositionListQuery, response: ZAdminPositionListResponse, summary: 'Admin positions (\'Administration\' rows) of the settlement.' },
  adminCreate: {
    params: uuidParam,
    body: ZCreateAdminPositionRequest,
    response: ZAdminPositionResponse,
    responses: { 201: ZAdminPositionResponse },
    summary: 'Adds an admin position (bonus, deduction, travel; netCents) and re-prepares that trainer\'s admin lines.',
  },
  adminDelete: { params: uuidParam.extend({ positionUuid: ZUuid }), response: ZStatusResponse, summary: 'Removes an admin position.' },
};

/** Mounted under /api/v1/:g — spec 7 "Settlement wizard v2" and the screens of 2.2–2.5, 2.11–2.13. */
export function createSettlementRouter({ temporal }: Deps) {
  const router = Router({ mergeParams: true });

  /** The month-addressed reads name the group twice (apiSlug, idStudioGroup): both must be the path's. */
  const monthSettlement = async (req: Request, params: { apiSlug: string; idStudioGroup: number; settlementMonth: string }, settlementUuid?: string) => {
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { apiSlug: params.apiSlug, idStudioGroup: params.idStudioGroup });
    const month = parseMonth(params.settlementMonth, 'settlementMonth');
    const settlement = await settlementOfMonth(requestEntityManager(), group, month, settlementUuid);
    if (!settlement) throw notFound('settlement.noSettlementForMonth', { month });
    return settlement;
  };

  // --- wizard v2 calls (spec 7) ---------------------------------------------------------------

  router.post('/settlement/create', validate(schemas.create), async (req, res) => {
    const { body } = validated(req, schemas.create);
    const ctx = contextOf(req, temporal);
    assertSameStudioGroup(ctx.studioGroup, body);
    const settlement = await findSettlement(ctx.em, ctx.studioGroup, body.settlementUuid);
    assertMonthMatches(settlement, parseMonth(body.settlementMonth, 'settlementMonth'), ctx.locale);
    assertInProgress(settlement);
    const state = await runUpdate(temporal, () => settlementHandle(temporal, settlement.uuid).executeUpdate(createSettlementUpdate, { args: [{ trainerReview: body.trainerReview, userUuid: ctx.userUuid }] }));
    res.json(stepAnswer(t(req, 'settlement.created'), settlement.uuid, state));
  });

  router.post('/settlement/:apiSlug/create/:phase', validate(schemas.prepare), async (req, res) => {
    const { params, body } = validated(req, schemas.prepare);
    const ctx = contextOf(req, temporal);
    assertSameStudioGroup(ctx.studioGroup, { ...body, apiSlug: params.apiSlug });
    const month = parseMonth(body.settlementMonth, 'settlementMonth');
    const state = await runPreparationPhase(ctx, {
      settlementUuid: body.settlementUuid,
      lastDay: month,
      phase: params.phase,
      chooseTrainers: async (existing) => {
        if (body.trainersSelected) return checkSelection(ctx, existing, month, body.trainersSelected);
        // Without trainersSelected (the spec's payload has none): the stored selection, else every
        // trainer who can be billed now, as wizard v1 does.
        const stored = existing ? ((await queryState(temporal, existing.uuid))?.selectedTrainerUuids ?? []) : [];
        if (stored.length === 0) return billableTrainerUuids(ctx, existing, month);
        await checkSelection(ctx, existing, month, stored);
        return undefined;
      },
    });
    const count = state.preparation.total;
    res.json({ ...stepAnswer(t(req, `settlement.phaseDone.${params.phase}`, { count }), body.settlementUuid, state, params.phase), percent: PREPARATION_PHASE_PERCENT[params.phase] });
  });

  router.get('/settlement/trainer/summary/:apiSlug/:idStudioGroup/:settlementMonth', validate(schemas.summary), async (req, res) => {
    const { params, query } = validated(req, schemas.summary);
    const settlement = await monthSettlement(req, params, query.settlementUuid);
    res.json(await trainerSummary(requestEntityManager(), settlement));
  });

  router.get('/settlement/trainer/list/:apiSlug/:idStudioGroup/:settlementMonth', validate(schemas.list), async (req, res) => {
    const { params, query } = validated(req, schemas.list);
    const settlement = await monthSettlement(req, params, query.settlementUuid);
    res.json(await trainerList(requestEntityManager(), settlement));
  });

  router.get('/trainer-invoice/preview/:apiSlug/:idStudioGroup/:trainer/:settlementMonth', validate(schemas.preview), async (req, res) => {
    const { params, query } = validated(req, schemas.preview);
    const settlement = await monthSettlement(req, params, query.settlementUuid);
    const answer = await trainerPreviewOf(requestEntityManager(), studioGroupOf(req), settlement, params.trainer, localeOf(req));
    // Spec 7 answers the table markup; a client that asks for JSON (the web app) gets {html} with the trainer.
    if (req.accepts(['html', 'json']) === 'json') {
      res.json(answer);
      return;
    }
    res.type('text/html; charset=utf-8').send(answer.html);
  });

  // Three segments after trainer-preview: apart from POST /settlement/trainer-preview/{trainerUuid}
  // (another method) and GET /settlement/trainer-preview/{settlementUuid}/approved (two segments).
  router.get('/settlement/trainer-preview/:apiSlug/:settlementMonth/:trainerUuid', validate(schemas.clubPreview), async (req, res) => {
    const { params, query } = validated(req, schemas.clubPreview);
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { apiSlug: params.apiSlug });
    const month = parseMonth(params.settlementMonth, 'settlementMonth');
    const settlement = await settlementOfMonth(requestEntityManager(), group, month, query.settlementUuid);
    if (!settlement) throw notFound('settlement.noSettlementForMonth', { month });
    res.json(await trainerClubPreviewsOf(requestEntityManager(), group, settlement, params.trainerUuid, localeOf(req)));
  });

  router.get('/settlement/logs/:idStudioGroup/:importMonth/:settlementUuid', validate(schemas.logs), async (req, res) => {
    const { params } = validated(req, schemas.logs);
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { idStudioGroup: params.idStudioGroup });
    const settlement = await findSettlement(requestEntityManager(), group, params.settlementUuid);
    assertMonthMatches(settlement, parseMonth(params.importMonth, 'importMonth'), localeOf(req));
    res.json(await settlementLog(requestEntityManager(), settlement));
  });

  router.get('/settlement/calculate-sum/:settlementUuid', validate(schemas.calculateSum), async (req, res) => {
    const { params } = validated(req, schemas.calculateSum);
    const settlement = await findSettlement(requestEntityManager(), studioGroupOf(req), params.settlementUuid);
    const sums = await calculateSums(requestEntityManager(), settlement);
    const answer: TCalculateSumResponse = {
      status: 'success',
      message: t(req, 'settlement.sumCalculated', { gross: formatEuro(sums.grossCents) }),
      settlementUuid: settlement.uuid,
      sumNet: centsToEuros(sums.netCents),
      sumVat: centsToEuros(sums.vatCents),
      sumGross: centsToEuros(sums.grossCents),
    };
    res.json(answer);
  });

  // Spec 7 "Settlement wizard v2" lists wizard v1's per-trainer invoice calls under /api/v1/{g} too.
  registerInvoiceCalls(router, temporal);

  // --- the screens' own calls -----------------------------------------------------------------

  router.get('/settlements', validate(schemas.index), async (req, res) => {
    res.json(await settlementIndex(requestEntityManager(), studioGroupOf(req)));
  });

  router.get('/settlement/:settlementUuid/billable-trainers', validate(schemas.billable), async (req, res) => {
    const { params, query } = validated(req, schemas.billable);
    const group = studioGroupOf(req);
    const existing = await requestEntityManager().findOne(Settlement, { uuid: params.settlementUuid }, { populate: ['studioGroup'] });
    if (existing && (existing.studioGroup.id !== group.id || existing.status === 'deleted')) throw notFound('settlement.notFound');
    let month: string;
    if (existing) {
      month = isoDateOf(existing.month);
      if (query.month !== undefined) assertMonthMatches(existing, parseMonth(query.month, 'month'), localeOf(req));
    } else {
      if (query.month === undefined) throw new HttpError(400, 'settlement.notCreatedYet', 'month');
      month = parseMonth(query.month, 'month');
      assertSettleableMonth(month, localeOf(req), 'month');
    }
    const state = existing ? await queryState(temporal, existing.uuid) : null;
    const answer: TBillableTrainersResponse = {
      settlementUuid: params.settlementUuid,
      exists: Boolean(existing),
      ...(await listBillableTrainers(requestEntityManager(), group, month, existing, state?.selectedTrainerUuids ?? [])),
    };
    res.json(answer);
  });

  router.post('/settlement/:settlementUuid/selection', validate(schemas.selection), async (req, res) => {
    const { params, body } = validated(req, schemas.selection);
    const ctx = contextOf(req, temporal);
    assertSameStudioGroup(ctx.studioGroup, body);
    const month = parseMonth(body.settlementMonth, 'settlementMonth');
    const { settlement, checked: trainerUuids } = await ensureSettlement(ctx, params.settlementUuid, month, (existing) => checkSelection(ctx, existing, month, body.trainersSelected));
    const state = await runUpdate(temporal, () => settlementHandle(temporal, settlement.uuid).executeUpdate(selectTrainersUpdate, { args: [{ trainerUuids, userUuid: ctx.userUuid }] }));
    res.json(stepAnswer(t(req, 'settlement.selectionSaved', { count: trainerUuids.length }), settlement.uuid, state));
  });

  router.get('/settlement/:settlementUuid', validate(schemas.detail), async (req, res) => {
    const { params } = validated(req, schemas.detail);
    const settlement = await findSettlement(requestEntityManager(), studioGroupOf(req), params.settlementUuid);
    const state = await queryState(temporal, settlement.uuid);
    const detail: TSettlementDetail = {
      settlementUuid: settlement.uuid,
      studioGroupUuid: studioGroupOf(req).uuid,
      month: isoDateOf(settlement.month),
      status: settlement.status,
      version: settlement.version,
      trainerReview: settlement.trainerReview,
      createdDt: settlement.createdAt.toISOString(),
      createdBy: userRef(settlement.createdBy),
      completedDt: iso(settlement.completedAt),
      archivedDt: iso(settlement.archivedAt),
      ...settlementSums(settlement),
      step: state?.step ?? (settlement.status === 'in_progress' ? 0 : 5),
      trainers: await settlementTrainers(requestEntityManager(), settlement, localeOf(req)),
      settlementRuns: await settlementRuns(requestEntityManager(), settlement),
      workflow: state && { ...state, approvals: withTrainersOwnApprovals(state.approvals, await trainersApprovedByThemselves(requestEntityManager(), settlement.id)) },
    };
    res.json(detail);
  });

  router.post('/settlement/:settlementUuid/command', validate(schemas.command), async (req, res) => {
    const { params, body } = validated(req, schemas.command);
    const ctx = contextOf(req, temporal);
    assertSameStudioGroup(ctx.studioGroup, body);
    const settlement = await findSettlement(ctx.em, ctx.studioGroup, params.settlementUuid);
    if (body.settlementMonth !== undefined) assertMonthMatches(settlement, parseMonth(body.settlementMonth, 'settlementMonth'), ctx.locale);
    assertInProgress(settlement);
    if (body.action === 'approve_all') {
      // Spec 2.10's 'Approve all': approvals are review data the api records, not a workflow command (docs/decisions/0100).
      const result = await approveAllByCompany({ em: ctx.em, temporal, settlementUuid: settlement.uuid, userUuid: ctx.userUuid, locale: ctx.locale });
      const approveAnswer: TSettlementCommandResponse = {
        status: 'success',
        message: t(req, 'review.approvedAll', { approved: result.approvedCount, locked: result.locked.length }),
        settlementUuid: settlement.uuid,
        settlementStatus: 'in_progress',
        ...result,
      };
      res.json(approveAnswer);
      return;
    }
    const state = await runUpdate(temporal, () => settlementHandle(temporal, settlement.uuid).executeUpdate(settlementCommandUpdate, { args: [{ action: body.action, userUuid: ctx.userUuid }] }));
    const messageKey = { completed: 'settlement.finished', archived: 'settlement.archived', deleted: 'settlement.deleted', in_progress: 'settlement.finished' } as const;
    const answer: TSettlementCommandResponse = { status: 'success', message: t(req, messageKey[state.status]), settlementUuid: settlement.uuid, settlementStatus: state.status };
    res.json(answer);
  });

  router.post('/settlement/:settlementUuid/step', validate(schemas.step), async (req, res) => {
    const { params, body } = validated(req, schemas.step);
    const ctx = contextOf(req, temporal);
    const settlement = await findSettlement(ctx.em, ctx.studioGroup, params.settlementUuid);
    assertInProgress(settlement);
    const state = await runUpdate(temporal, () => settlementHandle(temporal, settlement.uuid).executeUpdate(goToStepUpdate, { args: [{ step: body.step }] }));
    res.json(stepAnswer(t(req, 'settlement.stepChanged', { step: body.step + 1 }), settlement.uuid, state));
  });

  // --- admin positions ('Administration' rows) -------------------------------------------------

  router.get('/settlement/:settlementUuid/admin-positions', validate(schemas.adminList), async (req, res) => {
    const { params, query } = validated(req, schemas.adminList);
    const settlement = await findSettlement(requestEntityManager(), studioGroupOf(req), params.settlementUuid);
    res.json(await listAdminPositions(requestEntityManager(), settlement, query.trainerUuid));
  });

  router.post('/settlement/:settlementUuid/admin-positions', validate(schemas.adminCreate), async (req, res) => {
    const { params, body } = validated(req, schemas.adminCreate);
    const ctx = contextOf(req, temporal);
    const settlement = await findSettlement(ctx.em, ctx.studioGroup, params.settlementUuid);
    assertInProgress(settlement);
    const trainer = await ctx.em.findOne(Trainer, { uuid: body.trainerUuid, studioGroup: ctx.studioGroup });
    if (!trainer) throw new HttpError(404, 'settlement.trainerNotFound', 'trainerUuid', { trainer: body.trainerUuid });
    const positionUuid = randomUUID();
    await runUpdate(temporal, () =>
      settlementHandle(temporal, settlement.uuid).executeUpdate(saveAdminPositionUpdate, {
        args: [{ positionUuid, trainerUuid: trainer.uuid, kind: body.kind, description: body.description, netCents: body.netCents, userUuid: ctx.userUuid }],
      }),
      new Map([[trainer.uuid, trainerDisplayName(trainer)]]),
    );
    const [created] = (await listAdminPositions(ctx.em.fork(), settlement)).filter((position) => position.uuid === positionUuid);
    res.status(201).json(created);
  });

  router.delete('/settlement/:settlementUuid/admin-positions/:positionUuid', validate(schemas.adminDelete), async (req, res) => {
    const { params } = validated(req, schemas.adminDelete);
    const ctx = contextOf(req, temporal);
    const settlement = await findSettlement(ctx.em, ctx.studioGroup, params.settlementUuid);
    assertInProgress(settlement);
    const [position] = (await listAdminPositions(ctx.em, settlement)).filter((item) => item.uuid === params.positionUuid);
    if (!position) throw notFound('settlement.adminPositionNotFound');
    await runUpdate(temporal, () =>
      settlementHandle(temporal, settlement.uuid).executeUpdate(removeAdminPositionUpdate, {
        args: [{ positionUuid: position.uuid, trainerUuid: position.trainerUuid, userUuid: ctx.userUuid }],
      }),
      new Map([[position.trainerUuid, position.trainerName]]),
    );
    const answer: TStatusResponse = { status: 'success', message: t(req, 'settlement.adminPositionRemoved') };
    res.json(answer);
  });

  // A second settlement for a month in progress: 409 naming the existing one, so the screen can open it.
  const conflictHandler: ErrorRequestHandler = (error, req, res, next) => {
    if (!(error instanceof SettlementConflictError)) return next(error);
    const answer: TSettlementConflictResponse = {
      status: 'error',
      message: translate(localeOf(req), error.message, error.params),
      existingSettlementUuid: error.existingSettlementUuid,
    };
    res.status(409).json(answer);
  };
  router.use(conflictHandler);
  return router;
}

/**
 * The workflow's approvals with each trainer's own approval as recorded: the workflow holds the
 * company's (they open the credit-note step), and learns a trainer's own toggle only with the
 * company's next one (docs/decisions/0165).
 */
function withTrainersOwnApprovals(known: TSettlementWorkflowState['approvals'], approvedByThemselves: Set<string>): TSettlementWorkflowState['approvals'] {
  const uuids = new Set([...Object.keys(known), ...approvedByThemselves]);
  return Object.fromEntries([...uuids].map((uuid) => [uuid, { company: known[uuid]?.company ?? false, trainer: approvedByThemselves.has(uuid) }]));
}

import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import { z } from 'zod';
import {
  PREPARATION_PHASE_PERCENT,
  PREPARATION_PHASES,
  ZSettlementWorkflowState,
  type TPreparationPhase,
  type TPreparationState,
  type TSettlementStatus,
  type TSettlementWorkflowState,
} from '../contracts/settlement.contract';
import type { TApprovalBy, TApprovalEntry } from '../contracts/review.contract';

// The settlement workflow's input, state, queries, updates and signals. The API and the activities
// import this file, never the workflow body. The state is the contract's ZSettlementWorkflowState
// (contracts/settlement.contract.ts): GET /settlement/{uuid} passes the `state` query's answer on
// as it is, so there is one definition of it and the compiler cannot let the two drift.

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

/** Wizard v2 steps 0–5 (shown 1–6). */
export const SETTLEMENT_STEP = {
  selectTrainer: 0,
  prepareData: 1,
  sendPreview: 2,
  reviewFeedback: 3,
  createCreditNotes: 4,
  summary: 5,
} as const;
export const LAST_STEP = SETTLEMENT_STEP.summary;

/** Trainers per activity of the class phase: keeps histories small and each attempt short. */
export const PREPARE_CHUNK_SIZE = 50;

export { PREPARATION_PHASES, PREPARATION_PHASE_PERCENT, type TPreparationPhase, type TPreparationState, type TSettlementStatus };
export type TSettlementAction = 'finish_settlement' | 'delete_settlement' | 'archive_settlement';
export const STATUS_OF_ACTION: Record<TSettlementAction, Exclude<TSettlementStatus, 'in_progress'>> = {
  finish_settlement: 'completed',
  archive_settlement: 'archived',
  delete_settlement: 'deleted',
};

/**
 * History events after which the settlement's run, once idle, continues as new (or earlier when
 * the server suggests it, from 1/4 of this on): a run's history stays below Temporal's warning at
 * 10,240 events with room for one preview send of 10,000 trainers (~4,000 events, ~4,800 on the
 * older paths) started just below it (docs/decisions/0170).
 */
export const SETTLEMENT_EVENTS_PER_RUN = 4_000;

/**
 * What a run that continues as new hands the next (the workflow's whole state between commands):
 * the query's state without what it computes, the furthest step reached, the preparation phases
 * done, every trainer ever prepared, per trainer the newest approval row signalled, and the
 * wizard v1 run under way. Nothing pending or in flight is carried: the run continues only idle.
 */
export const ZSettlementCarried = z.object({
  state: ZSettlementWorkflowState.omit({ maxReachableStep: true }),
  reachedStep: z.number().int(),
  phasesDone: z.number().int(),
  everPrepared: z.array(z.string()),
  approvalSeqs: z.record(z.string(), z.number()),
  v1RunUuid: z.string().nullable(),
});
export type TSettlementCarried = z.output<typeof ZSettlementCarried>;

export const ZSettlementInput = z.object({
  settlementUuid: z.string().uuid(),
  studioGroupUuid: z.string().uuid(),
  /** Last day of the settled month. */
  month: ZIsoDate,
  /** Wizard v1 (five steps, no trainer review) or v2 (six steps); one engine serves both. */
  version: z.enum(['v1', 'v2']).default('v2'),
  createdByUserUuid: z.string().min(1),
  /** Language of the settlement's log rows: the creator's. */
  locale: z.enum(['de', 'en']).default('en'),
  /** History events after which an idle run continues as new (tests; default SETTLEMENT_EVENTS_PER_RUN). */
  continueAsNewAfterEvents: z.number().int().positive().optional(),
  /** Set only by the workflow itself when it continues as new: where the run before stood. */
  continued: ZSettlementCarried.optional(),
});
/** What callers pass (defaults may be left out); the workflow parses it into the full shape. */
export type TSettlementInput = z.input<typeof ZSettlementInput>;

/** The answer of the `state` query. */
export type TSettlementState = TSettlementWorkflowState;
export type TCreditNoteRunSummary = NonNullable<TSettlementState['creditNoteRun']>;
export type TTrainerApprovals = TSettlementState['approvals'][string];
export type TPreviewSendState = NonNullable<TSettlementState['previewSend']>;

export type TSettlementResult = { settlementUuid: string; status: TSettlementStatus };

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const SETTLEMENT_WORKFLOW = 'settlementWorkflow' as const;
/** The workflow's signature, for typed starts and handles by name. */
export type TSettlementWorkflow = (input: TSettlementInput) => Promise<TSettlementResult>;

// --- arguments ---------------------------------------------------------------------------------

export type TSelectTrainersArgs = { trainerUuids: string[]; userUuid: string };
/** Without trainerUuids the stored selection is prepared. */
export type TStartPreparationArgs = { trainerUuids?: string[]; userUuid: string };
export type TAwaitPreparationPhaseArgs = { phase: TPreparationPhase };
export type TCreateSettlementArgs = { trainerReview: boolean; userUuid: string };
export type TGoToStepArgs = { step: number };
export type TSettlementCommandArgs = { action: TSettlementAction; userUuid: string };
export type TSaveAdminPositionArgs = {
  positionUuid: string;
  trainerUuid: string;
  kind: 'bonus' | 'deduction' | 'travel';
  description: string;
  netCents: number;
  userUuid: string;
};
export type TRemoveAdminPositionArgs = { positionUuid: string; trainerUuid: string; userUuid: string };
/**
 * Trainers per activity of the preview sends recorded before 2026-11-preview-send-queued-in-lane
 * (their histories schedule by it); newer sends take 50 (workflows/settlement/review-loop.ts).
 */
export const PREVIEW_SEND_CHUNK_SIZE = 25;

/**
 * Send previews (step 3): the API makes `sendUuid`, subscribes to the settlement's event feed for
 * it and then sends this update; the stream messages of this sending carry the same uuid.
 */
/** `locale`: the language of the stream and log messages (the caller's); default the settlement's. */
export type TSendPreviewsArgs = { sendUuid: string; trainerUuids: string[]; message: string; userUuid: string; locale?: 'de' | 'en' };
export type TSendPreviewsAnswer = {
  sendUuid: string;
  /** Trainers this sending works through, in order (already-sent ones answer an info message). */
  trainerUuids: string[];
  state: TSettlementState;
};

/** A toggle of the preview check (company, location) or of the trainer's review (trainer). */
export type TApproveArgs = { trainerUuid: string; by: TApprovalBy; approved: boolean; userUuid: string; studioUuid?: string };
export type TApproveAnswer = { entries: TApprovalEntry[]; state: TSettlementState };

/**
 * Send credit notes (step 5, spec 2.8–2.10): a credit-note run (child workflow) for these trainers.
 * The API makes `runUuid` (the stream follows it); a run uuid is used once.
 */
export type TSendCreditNotesArgs = { runUuid: string; trainerUuids: string[]; userUuid: string; locale?: 'de' | 'en' };
export type TSendCreditNotesAnswer = { runUuid: string; trainerUuids: string[]; state: TSettlementState };

/**
 * Wizard v1 (spec 2.1, 4 "Wizard v1 flow"): one call per trainer creates the credit note ('Create
 * invoice PDFs'), another sends it ('Send Emails'), then update/emails makes the run's files. All of
 * it is one credit-note run of the settlement (its uuid made by the workflow at the first call).
 */
export type TV1TrainerArgs = { trainerUuid: string; userUuid: string };
export type TV1IssueAnswer = { runUuid: string; outcome: 'issued' | 'already_issued' | 'refused'; number?: string; reason?: string; state: TSettlementState };
export type TV1SendAnswer = { runUuid: string; sent: boolean; state: TSettlementState };
export type TV1FinishAnswer = { runUuid: string; sums: { netCents: number; vatCents: number; grossCents: number }; state: TSettlementState };

/** Sent by later steps (credit-note runs) when trainers' credit notes are issued or sent. */
export type TTrainerStatesChangedArgs = { billedTrainerUuids: string[]; anyCreditNoteSent: boolean };

// --- queries, updates, signals -----------------------------------------------------------------
// Updates answer at once through their validators (the API maps the failure type to a status:
// 'NotFound' 404, 'Invalid' 422, anything else 409) and then carry out the command.

export const stateQuery = defineQuery<TSettlementState>('state');

/** Stores the selection ("Next" on the select-trainer screen); step 1. */
export const selectTrainersUpdate = defineUpdate<TSettlementState, [TSelectTrainersArgs]>('selectTrainers');
/** create/invoice-data: (re)starts the preparation; answers when the invoice-data phase is done. */
export const startPreparationUpdate = defineUpdate<TSettlementState, [TStartPreparationArgs]>('startPreparation');
/** create/class and create/trainer: answers when that phase of the running preparation is done. */
export const awaitPreparationPhaseUpdate = defineUpdate<TSettlementState, [TAwaitPreparationPhaseArgs]>('awaitPreparationPhase');
/** POST /settlement/create: trainerReview chosen; step 2 (with review) or 4 (without). */
export const createSettlementUpdate = defineUpdate<TSettlementState, [TCreateSettlementArgs]>('createSettlement');
export const goToStepUpdate = defineUpdate<TSettlementState, [TGoToStepArgs]>('goToStep');
/** finish / archive / delete (spec 2.12): recorded, then the workflow completes. */
export const settlementCommandUpdate = defineUpdate<TSettlementState, [TSettlementCommandArgs]>('settlementCommand');
export const saveAdminPositionUpdate = defineUpdate<TSettlementState, [TSaveAdminPositionArgs]>('saveAdminPosition');
export const removeAdminPositionUpdate = defineUpdate<TSettlementState, [TRemoveAdminPositionArgs]>('removeAdminPosition');

/** Send previews to trainers (step 3); answers once the sending is accepted, then it runs on. */
export const sendPreviewsUpdate = defineUpdate<TSendPreviewsAnswer, [TSendPreviewsArgs]>('sendPreviews');
/**
 * Approval toggles. Refused by the validator when locked: a trainer approves only a sent preview and
 * not after the company approved or once the credit note is issued; the company and locations not
 * once the credit note is issued.
 */
export const approveUpdate = defineUpdate<TApproveAnswer, [TApproveArgs]>('approve');

/** Starts a credit-note run; refused unless every trainer is approved (or the settlement has no review), unbilled and in the settlement. */
export const sendCreditNotesUpdate = defineUpdate<TSendCreditNotesAnswer, [TSendCreditNotesArgs]>('sendCreditNotes');

export const v1IssueCreditNoteUpdate = defineUpdate<TV1IssueAnswer, [TV1TrainerArgs]>('v1IssueCreditNote');
export const v1SendCreditNoteUpdate = defineUpdate<TV1SendAnswer, [TV1TrainerArgs]>('v1SendCreditNote');
export const v1FinishCreditNotesUpdate = defineUpdate<TV1FinishAnswer, [{ userUuid: string }]>('v1FinishCreditNotes');

export const trainerStatesChangedSignal = defineSignal<[TTrainerStatesChangedArgs]>('trainerStatesChanged');

/**
 * Trainers' current approvals after toggles the api recorded in PostgreSQL (not one update per
 * toggle: the api signals concurrent toggles together, docs/decisions/0100). `seq` is the id of the
 * trainer's newest approval row: signals may arrive out of order, the workflow keeps the newest.
 */
export type TApprovalsChangedEntry = { trainerUuid: string; company: boolean; trainer: boolean; seq: number };
export type TApprovalsChangedArgs = { approvals: TApprovalsChangedEntry[] };
export const approvalsChangedSignal = defineSignal<[TApprovalsChangedArgs]>('approvalsChanged');

/** Failure types of update validators and handlers (api/errors.ts maps them to HTTP statuses). */
export const FAILURE = { notFound: 'NotFound', invalid: 'Invalid', conflict: 'Conflict', preparationFailed: 'PreparationFailed' } as const;

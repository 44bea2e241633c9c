import { z } from 'zod';
import { BILLING_REFUSALS } from '../domain/credit-notes/billing-refusals';
import { ZEuros, ZIsoDate, ZUuid } from './common.contract';
import { ZPayoutSummary } from './payouts.contract';

// The settlement wizard v2 (spec admin 2.2–2.5, 2.11–2.13, 7 "Settlement wizard v2") and its
// workflow `settlement-{settlementUuid}`. Shared by api/routes/settlement and web/.
//
// Conventions of every call below (all under /api/v1/{g}, {g} = studio group uuid):
// - Money (DESIGN "Money in answers"): the spec's amount fields (sum_net, sum_vat, sum_gross, sumNet,
//   sumVat, sumGross, …) carry euros as JSON numbers with at most two decimals (ZEuros), converted
//   from the integer cents at the edge with centsToEuros. A field in cents says so in its name
//   (`gross_cents`, `netCents`). The trainer summary's Netto, MwSt, Brutto are euros too.
// - `settlementMonth` is the last day of the month, YYYY-MM-DD. Requests may send any day of the
//   month (or YYYY-MM); answers always carry the last day.
// - Spec payload fields idMandant, idStudioGroup, studioGroupUuid and apiSlug are optional in
//   requests; when sent they must name the path's studio group (else 404, as for an unknown group).
// - A refusal answers `{status: 'error', message, field?}` (ZErrorResponse) in the caller's language:
//   400 bad input (field named), 404 unknown settlement / trainer / group, 409 conflict with the
//   process state (ZSettlementConflictResponse when another settlement of the month is open),
//   422 a selection or step the rules refuse. Nothing is written on a refusal.
//
// The flow (what the screens call, in order):
//   1. New settlement: the screen makes a uuid (crypto.randomUUID(), spec: 'null' → fresh uuid).
//      GET  /settlement/{uuid}/billable-trainers?month=YYYY-MM-DD      → select-trainer screen
//      POST /settlement/{uuid}/selection {settlementMonth, trainersSelected}   (optional: stores the
//           selection durably, "Next" on the select-trainer screen; creates the settlement)
//   2. Prepare data (three calls in sequence, progress 33 / 66 / 100 %):
//      POST /settlement/{apiSlug}/create/invoice-data  (trainersSelected, or the stored selection;
//           creates the settlement if it does not exist yet and starts the preparation, which then
//           runs on by itself: a closed browser or a restarted server loses nothing)
//      POST /settlement/{apiSlug}/create/class          (answers when the class phase is done)
//      POST /settlement/{apiSlug}/create/trainer        (answers when the trainer phase is done)
//      then GET /settlement/trainer/summary/..., GET /settlement/trainer/list/..., preview per row.
//   3. POST /settlement/create {trainerReview}: true → step index 2 (send preview); false → 4.
//   Any time: GET /settlement/{uuid} (record + workflow state), POST /settlement/{uuid}/step,
//   POST /settlement/{uuid}/command (finish / archive / delete), live events on the socket.io room
//   `settlement:{uuid}` (contracts/events.ts).


/** Last day of a month (answers); requests are normalised to it. */
export const ZSettlementMonth = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'validation.isoDate');
export type TSettlementMonth = z.infer<typeof ZSettlementMonth>;

// --- states and steps --------------------------------------------------------------------------

/** Wizard v2 steps, index = internal step 0–5 (shown 1–6). */
export const SETTLEMENT_STEPS = ['select_trainer', 'prepare_data', 'send_preview', 'review_feedback', 'create_credit_notes', 'summary'] as const;
export type TSettlementStepName = (typeof SETTLEMENT_STEPS)[number];
export const ZSettlementStep = z.number().int().min(0).max(5);
export type TSettlementStep = z.infer<typeof ZSettlementStep>;

/** Settlement status (spec 4); 'deleted' settlements are hidden from every list. */
export const SETTLEMENT_STATUSES = ['in_progress', 'completed', 'archived', 'deleted'] as const;
export const ZSettlementStatus = z.enum(SETTLEMENT_STATUSES);
export type TSettlementStatus = z.infer<typeof ZSettlementStatus>;

/** Trainer workflow_state within a settlement (spec 4); 'new' also for a trainer not in it yet. */
export const TRAINER_WORKFLOW_STATES = ['new', 'data_created', 'preview_send', 'credit_note_created', 'credit_note_send', 'approved'] as const;
export const ZTrainerWorkflowState = z.enum(TRAINER_WORKFLOW_STATES);
export type TTrainerWorkflowState = z.infer<typeof ZTrainerWorkflowState>;

/**
 * States whose trainer cannot be selected (re-prepared): credit_note_send (spec 4: billed), and
 * credit_note_created, because an issued credit note is never changed (DESIGN: a correction is a
 * cancelling document plus a new credit note).
 */
export const LOCKED_TRAINER_WORKFLOW_STATES = ['credit_note_created', 'credit_note_send'] as const satisfies readonly TTrainerWorkflowState[];

/** The three preparation calls, in order; each ends at 33 / 66 / 100 % (spec 9). */
export const PREPARATION_PHASES = ['invoice-data', 'class', 'trainer'] as const;
export const ZPreparationPhase = z.enum(PREPARATION_PHASES);
export type TPreparationPhase = z.infer<typeof ZPreparationPhase>;
export const PREPARATION_PHASE_PERCENT = { 'invoice-data': 33, class: 66, trainer: 100 } as const satisfies Record<TPreparationPhase, number>;

/** Where the preparation stands: 'none' never started, a phase name while it runs, then 'done' or 'failed'. */
export const ZPreparationState = z.object({
  phase: z.enum(['none', ...PREPARATION_PHASES, 'done', 'failed']),
  /** 0, 33, 66, 100 at the phase ends, in between while the class phase works through the trainers. */
  percent: z.number().int().min(0).max(100),
  /** Trainers done / to do in the running phase. */
  processed: z.number().int(),
  total: z.number().int(),
  /** The failure message (already translated) when phase is 'failed'. */
  error: z.string().nullable(),
  /** How many preparations were started (reloads count too). */
  runs: z.number().int(),
  /** The trainers the last complete preparation covered (their lines are frozen). */
  preparedTrainerUuids: z.array(ZUuid),
});
export type TPreparationState = z.infer<typeof ZPreparationState>;

/** The `state` query of the settlement workflow, as GET /settlement/{uuid} passes it on. */
export const ZSettlementWorkflowState = z.object({
  settlementUuid: ZUuid,
  studioGroupUuid: ZUuid,
  settlementMonth: ZIsoDate,
  step: ZSettlementStep,
  /** The furthest step a jump may reach now; every step up to it is allowed. */
  maxReachableStep: ZSettlementStep,
  status: ZSettlementStatus,
  /** Chosen by POST /settlement/create; null before. */
  trainerReview: z.boolean().nullable(),
  selectedTrainerUuids: z.array(ZUuid),
  /** Trainers whose credit note is issued (credit_note_created / credit_note_send): not selectable. */
  billedTrainerUuids: z.array(ZUuid),
  /** Whether any credit note is sent: delete is refused then (spec 4). */
  anyCreditNoteSent: z.boolean(),
  preparation: ZPreparationState,
  /** Trainers whose preview was sent (their review exists). */
  previewSentTrainerUuids: z.array(ZUuid),
  /** The preview sending now or last; null before the first. */
  previewSend: z
    .object({ sendUuid: ZUuid, phase: z.enum(['sending', 'done']), total: z.number().int(), processed: z.number().int() })
    .nullable(),
  /** Current approvals per trainer uuid. */
  approvals: z.record(z.string(), z.object({ company: z.boolean(), trainer: z.boolean() })),
  /** The credit-note run going on now or last; null before the first. */
  creditNoteRun: z
    .object({ runUuid: ZUuid, phase: z.enum(['running', 'done', 'failed']), total: z.number().int(), issued: z.number().int(), refused: z.number().int() })
    .nullable(),
  runUuids: z.array(ZUuid),
});
export type TSettlementWorkflowState = z.infer<typeof ZSettlementWorkflowState>;

// --- requests ----------------------------------------------------------------------------------

/** Spec payload fields that name the studio group and mandant; checked against {g} when present. */
const ZGroupFields = z.object({
  idMandant: z.coerce.number().int().positive().optional(),
  idStudioGroup: z.coerce.number().int().positive().optional(),
  studioGroupUuid: ZUuid.optional(),
});

/** Body of POST /settlement/{uuid}/selection: stores the selection (creates the settlement if new). */
export const ZSettlementSelectionRequest = ZGroupFields.extend({
  settlementMonth: ZSettlementMonth,
  /** Trainer uuids, distinct; at least one (422 otherwise). */
  trainersSelected: z.array(ZUuid),
});
export type TSettlementSelectionRequest = z.infer<typeof ZSettlementSelectionRequest>;

/**
 * Body of POST /settlement/{apiSlug}/create/invoice-data | class | trainer.
 * invoice-data: `trainersSelected` replaces the selection and (re)starts the preparation of those
 * trainers ("Prepare data" and "Reload"); without it the stored selection is prepared. A new
 * settlementUuid creates the settlement (month validated, 409 if another is open for the month).
 * class / trainer: wait for that phase of the running preparation; trainersSelected is ignored.
 */
export const ZPreparationRequest = ZGroupFields.extend({
  settlementMonth: ZSettlementMonth,
  settlementUuid: ZUuid,
  trainersSelected: z.array(ZUuid).optional(),
});
export type TPreparationRequest = z.infer<typeof ZPreparationRequest>;

/** Body of POST /settlement/create (after preparation): how the wizard goes on. */
export const ZCreateSettlementRequest = ZGroupFields.extend({
  settlementMonth: ZSettlementMonth,
  settlementUuid: ZUuid,
  apiSlug: z.string().optional(),
  /**
   * true: previews for trainers (→ step index 2); false: straight to credit notes (→ step index 4).
   * The spec's other variant sends no trainerReview: the six-step wizard is the one with the review.
   */
  trainerReview: z.boolean().optional().default(true),
});
export type TCreateSettlementRequest = z.infer<typeof ZCreateSettlementRequest>;

/** Body of POST /settlement/{uuid}/step: jump to a step (0–5) up to maxReachableStep. */
export const ZSettlementStepRequest = z.object({ step: ZSettlementStep });
export type TSettlementStepRequest = z.infer<typeof ZSettlementStepRequest>;

export const SETTLEMENT_ACTIONS = ['finish_settlement', 'delete_settlement', 'archive_settlement', 'approve_all'] as const;
export const ZSettlementAction = z.enum(SETTLEMENT_ACTIONS);
export type TSettlementAction = z.infer<typeof ZSettlementAction>;

/**
 * Body of POST /settlement/{uuid}/command: the summary's modals (spec 2.12) and the preview check's
 * 'Approve all' (spec 2.10, action approve_all). The user is the caller.
 */
export const ZSettlementCommandRequest = ZGroupFields.extend({
  action: ZSettlementAction,
  settlementMonth: ZSettlementMonth.optional(),
  userUuid: ZUuid.optional(),
});
export type TSettlementCommandRequest = z.infer<typeof ZSettlementCommandRequest>;

/** Query of GET /settlement/{uuid}/billable-trainers: the month is needed only for a settlement not created yet. */
export const ZBillableTrainersQuery = z.object({ month: ZSettlementMonth.optional() });
export type TBillableTrainersQuery = z.infer<typeof ZBillableTrainersQuery>;

/** Query of the month-addressed reads (trainer summary / list / preview): pick one settlement of the month. */
export const ZMonthSettlementQuery = z.object({ settlementUuid: ZUuid.optional() });
export type TMonthSettlementQuery = z.infer<typeof ZMonthSettlementQuery>;

export const ADMIN_POSITION_KINDS = ['bonus', 'deduction', 'travel'] as const;
export const ZAdminPositionKind = z.enum(ADMIN_POSITION_KINDS);
export type TAdminPositionKind = z.infer<typeof ZAdminPositionKind>;

/** Body of POST /settlement/{uuid}/admin-positions; adding one re-prepares that trainer's lines. */
export const ZCreateAdminPositionRequest = z.object({
  trainerUuid: ZUuid,
  kind: ZAdminPositionKind,
  description: z.string().trim().min(1, 'validation.required').max(255),
  /** Net, integer cents, non-zero; a deduction is negative. */
  netCents: z.number().int('settlement.amountCents').refine((value) => value !== 0, 'settlement.amountNotZero'),
});
export type TCreateAdminPositionRequest = z.infer<typeof ZCreateAdminPositionRequest>;

// --- answers -----------------------------------------------------------------------------------

/** The spec's `{status, message}` success answer. */
export const ZStatusResponse = z.object({ status: z.literal('success'), message: z.string() });
export type TStatusResponse = z.infer<typeof ZStatusResponse>;

/** 409 when another settlement of the month is in progress: open that one instead. */
export const ZSettlementConflictResponse = z.object({
  status: z.literal('error'),
  message: z.string(),
  existingSettlementUuid: ZUuid,
});
export type TSettlementConflictResponse = z.infer<typeof ZSettlementConflictResponse>;

/** Answer of the three preparation calls, of /selection, of /create and of /step. */
export const ZSettlementStepResponse = ZStatusResponse.extend({
  settlementUuid: ZUuid,
  /** The phase this call waited for (preparation calls only). */
  phase: ZPreparationPhase.optional(),
  /** Progress after the call: 33 / 66 / 100 for the preparation calls. */
  percent: z.number().int().min(0).max(100),
  state: ZSettlementWorkflowState,
});
export type TSettlementStepResponse = z.infer<typeof ZSettlementStepResponse>;

/** What keeps a trainer's data from being billed (spec 5), in the spec's order. */
export const TRAINER_DATA_ITEMS = ['street', 'houseNumber', 'postalCode', 'city', 'iban', 'taxNumber'] as const;
export const ZTrainerDataItem = z.enum(TRAINER_DATA_ITEMS);
export type TTrainerDataItem = z.infer<typeof ZTrainerDataItem>;

/** Why a trainer may not be paid by credit note in this studio group (domain/credit-notes/billing-eligibility); the message key is creditNote.refused.{reason}. */
export const ZBillingRefusal = z.enum(BILLING_REFUSALS);
export type TBillingRefusal = z.infer<typeof ZBillingRefusal>;

/** One row of the select-trainer screen: a trainer AND a studio where they taught in the month (spec 3). */
export const ZBillableTrainerRow = z.object({
  trainer_uuid: ZUuid,
  /** Trainer id (integer), the spec's TrainerID and /admin/trainer/{id}/edit. */
  id: z.number().int(),
  studio_uuid: ZUuid,
  studio_name: z.string(),
  /** null when the trainer has no company name (show trainer_name then). */
  trainer_company_name: z.string().nullable(),
  trainer_name: z.string(),
  trainer_street: z.string().nullable(),
  trainer_house: z.string().nullable(),
  trainer_zip: z.string().nullable(),
  trainer_city: z.string().nullable(),
  trainer_iban: z.string().nullable(),
  trainer_taxno: z.string().nullable(),
  tax_number_mandatory: z.boolean(),
  trainer_account_connected: z.boolean(),
  /** Always sent: the linked trainer account consented to self-billing for this group (§14 (2) UStG); without it no credit note is issued. */
  self_billing_consent: z.boolean().optional(),
  /** 'Ist FTE': an employee is paid through payroll and never billed by credit note. */
  is_employee: z.boolean().optional(),
  /** The trainer changed the IBAN in the portal and staff have not approved it: not billed until they do. */
  iban_change_pending: z.boolean().optional(),
  /** Always sent: the billing-eligibility rule's reasons from the trainer's own facts with this group (data, payroll, IBAN, consent); empty when they may be billed. */
  billing_refusals: z.array(ZBillingRefusal).optional(),
  workflow_state: ZTrainerWorkflowState,
  /** Classes of the trainer in this studio in the month (as imported now). */
  class_count: z.number().int(),
  /** Spec 5: complete only if street, house no., postal code, city, a valid IBAN and (if mandatory) the tax no. are there. */
  trainer_data_complete: z.boolean(),
  /** Missing or invalid items ('Trainer cannot be billed. Please check this data:'). */
  missing: z.array(ZTrainerDataItem),
  /** 'Tax number is missing but marked as not mandatory'. */
  tax_number_missing_not_mandatory: z.boolean(),
  /** Credit note sent (the 'Billed' badge, counted as billed). */
  billed: z.boolean(),
  /** false when data is incomplete or the trainer's credit note is issued (LOCKED_TRAINER_WORKFLOW_STATES). */
  selectable: z.boolean(),
  /** In the stored selection of the settlement. */
  selected: z.boolean(),
});
export type TBillableTrainerRow = z.infer<typeof ZBillableTrainerRow>;

/** GET /settlement/{uuid}/billable-trainers?month= */
export const ZBillableTrainersResponse = z.object({
  settlementUuid: ZUuid,
  settlementMonth: ZIsoDate,
  /** false: the settlement is not created yet (a new uuid); rows are then the month's trainers, all 'new'. */
  exists: z.boolean(),
  /** Grouped by studio name, then trainer name. */
  rows: z.array(ZBillableTrainerRow),
  /** The four counters, counted distinct by trainer uuid (spec 2.4). */
  counters: z.object({
    /** Trainers who can be billed now: complete data and no credit note yet. */
    billable: z.number().int(),
    dataNotComplete: z.number().int(),
    billed: z.number().int(),
    selected: z.number().int(),
  }),
  /** The stored selection (pre-checked rows). */
  selectedTrainerUuids: z.array(ZUuid),
  /** Studios (locations) of the rows, for the location filter. */
  locations: z.array(z.object({ location_uuid: ZUuid, location_name: z.string() })),
});
export type TBillableTrainersResponse = z.infer<typeof ZBillableTrainersResponse>;

/** GET /settlement/trainer/summary/{apiSlug}/{idStudioGroup}/{settlementMonth}[?settlementUuid=]: one row per prepared trainer. */
export const ZTrainerSummaryRow = z.object({
  /** Display name: company name, else the person's name. */
  Trainer: z.string(),
  /** Euros (spec 2.13), as every amount field; the same in the spec's other wording below. */
  Netto: ZEuros,
  MwSt: ZEuros,
  Brutto: ZEuros,
  sum_net: ZEuros,
  sum_vat: ZEuros,
  sum_gross: ZEuros,
  trainer_uuid: ZUuid,
  /** Trainer id (integer), the `{trainer}` of the preview call. */
  trainer_id: z.number().int(),
  trainer_name: z.string(),
  /** The same amounts in integer cents (sum with these: euros with two decimals do not add up exactly as floats). */
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  gross_cents: z.number().int(),
  workflow_state: ZTrainerWorkflowState,
});
export type TTrainerSummaryRow = z.infer<typeof ZTrainerSummaryRow>;
export const ZTrainerSummaryResponse = z.array(ZTrainerSummaryRow);

/** GET /settlement/trainer/list/{apiSlug}/{idStudioGroup}/{settlementMonth}[?settlementUuid=] */
export const ZTrainerListItem = z.object({
  /** Trainer id (integer). */
  TrainerID: z.number().int(),
  trainerUuid: ZUuid,
  trainerName: z.string(),
  workflowState: ZTrainerWorkflowState,
});
export type TTrainerListItem = z.infer<typeof ZTrainerListItem>;
export const ZTrainerListResponse = z.array(ZTrainerListItem);

/**
 * GET /trainer-invoice/preview/{apiSlug}/{idStudioGroup}/{trainer}/{settlementMonth}[?settlementUuid=]
 * ({trainer} = trainer id or uuid). With `Accept: application/json` (the web client) this JSON;
 * otherwise the bare HTML table (text/html). Every value in the HTML is escaped.
 */
export const ZTrainerPreviewResponse = z.object({
  trainer_uuid: ZUuid,
  settlementUuid: ZUuid,
  html: z.string(),
});
export type TTrainerPreviewResponse = z.infer<typeof ZTrainerPreviewResponse>;

/**
 * GET /settlement/trainer-preview/{apiSlug}/{settlementMonth}/{trainerUuid}[?settlementUuid=]: the
 * trainer's preview table once per studio ("club") they have lines in, by studio name; admin
 * positions (no studio) come last under ClubID 'admin'. The html is the same escaped table markup
 * as /trainer-invoice/preview answers, narrowed to that studio's lines.
 */
export const ZTrainerClubPreview = z.object({
  /** The studio's id in the source system ('admin' for admin positions). */
  ClubID: z.string(),
  /** The studio's uuid ('admin' for admin positions). */
  studioUuid: z.string(),
  studioName: z.string(),
  html: z.string(),
});
export type TTrainerClubPreview = z.infer<typeof ZTrainerClubPreview>;
export const ZTrainerClubPreviewResponse = z.array(ZTrainerClubPreview);

/** A settlement log row (spec 2.12): GET /settlement/logs/{idStudioGroup}/{settlementMonth}/{uuid}, oldest first. */
export const ZSettlementLogRow = z.object({
  /** ISO 8601 instant. */
  timestamp: z.string(),
  proc: z.string(),
  trainer_uuid: ZUuid.nullable(),
  status: z.enum(['info', 'success', 'warning', 'error']),
  message: z.string(),
});
export type TSettlementLogRow = z.infer<typeof ZSettlementLogRow>;
export const ZSettlementLogResponse = z.array(ZSettlementLogRow);

/** GET /settlement/calculate-sum/{settlementUuid}: sums of all lines, now stored on the settlement. */
export const ZCalculateSumResponse = ZStatusResponse.extend({
  settlementUuid: ZUuid,
  /** Euros. */
  sumNet: ZEuros,
  sumVat: ZEuros,
  sumGross: ZEuros,
});
export type TCalculateSumResponse = z.infer<typeof ZCalculateSumResponse>;

const ZUserRef = z.object({ uuid: ZUuid, name: z.string() });

/** GET /settlements: the settlement index (spec 2.11), newest month first; deleted ones left out. */
export const ZSettlementIndexItem = z.object({
  settlementUuid: ZUuid,
  /** Last day of the month. */
  month: ZIsoDate,
  status: ZSettlementStatus,
  completed: z.boolean(),
  archived: z.boolean(),
  /** Trainers in the settlement whose credit note is not sent yet (options menu shows when > 0). */
  trainers_billable: z.number().int(),
  /** ISO 8601 instant. */
  created_dt: z.string(),
  /** Creator's name. */
  user_created: z.string(),
  createdBy: ZUserRef,
  completed_dt: z.string().nullable(),
  version: z.enum(['v1', 'v2']),
  /** Euros; null until calculated. */
  sumNet: ZEuros.nullable(),
  sumVat: ZEuros.nullable(),
  sumGross: ZEuros.nullable(),
});
export type TSettlementIndexItem = z.infer<typeof ZSettlementIndexItem>;
export const ZSettlementIndexResponse = z.array(ZSettlementIndexItem);

/** A settlement run of the accounting-files tab (filled by the credit-note issue). */
export const ZSettlementRunSummary = z.object({
  uuid: ZUuid,
  timestamp: z.string(),
  /** sum_gross in euros. */
  trainers: z.array(z.object({ uuid: ZUuid, company_name: z.string(), sum_gross: ZEuros })),
});

/** A trainer of the summary's Trainer tab (spec 2.12). */
export const ZSettlementTrainerItem = z.object({
  trainer_uuid: ZUuid,
  id: z.number().int(),
  trainer_company_name: z.string().nullable(),
  trainer_name: z.string(),
  workflow_state: ZTrainerWorkflowState,
  /** Studios the trainer's lines are in (grouping of the Trainer tab). */
  studios: z.array(z.object({ studio_uuid: ZUuid, studio_name: z.string() })),
  /** Euros. */
  sum_net: ZEuros,
  sum_vat: ZEuros,
  sum_gross: ZEuros,
  /** What became of the payment of the trainer's credit note (paid on …, returned: reason); null before it or without SEPA. */
  payout: ZPayoutSummary.nullable(),
});
export type TSettlementTrainerItem = z.infer<typeof ZSettlementTrainerItem>;

/**
 * GET /settlement/{uuid}: the record from PostgreSQL plus the workflow's state (null when the
 * process has ended or cannot be reached; the record still answers).
 */
export const ZSettlementDetail = z.object({
  settlementUuid: ZUuid,
  studioGroupUuid: ZUuid,
  month: ZIsoDate,
  status: ZSettlementStatus,
  version: z.enum(['v1', 'v2']),
  trainerReview: z.boolean(),
  createdDt: z.string(),
  createdBy: ZUserRef,
  completedDt: z.string().nullable(),
  archivedDt: z.string().nullable(),
  /** Euros; null until GET /settlement/calculate-sum (sum cards show when sumNet is not null). */
  sumNet: ZEuros.nullable(),
  sumVat: ZEuros.nullable(),
  sumGross: ZEuros.nullable(),
  /** The step to open: the workflow's, else 5 (summary) for a finished settlement. */
  step: ZSettlementStep,
  trainers: z.array(ZSettlementTrainerItem),
  settlementRuns: z.array(ZSettlementRunSummary),
  workflow: ZSettlementWorkflowState.nullable(),
});
export type TSettlementDetail = z.infer<typeof ZSettlementDetail>;

/** A trainer 'Approve all' left as it was, with the reason the single Company toggle would answer. */
export const ZApproveAllLockedTrainer = z.object({
  trainerUuid: ZUuid,
  /** Company name, else the trainer's name. */
  trainer: z.string(),
  /** Message key of the reason (review.lockedPdfCreated). */
  reason: z.string(),
  /** The reason in the caller's language. */
  message: z.string(),
});
export type TApproveAllLockedTrainer = z.infer<typeof ZApproveAllLockedTrainer>;

/** POST /settlement/{uuid}/command answer; with action approve_all also what it approved and left locked. */
export const ZSettlementCommandResponse = ZStatusResponse.extend({
  settlementUuid: ZUuid,
  settlementStatus: ZSettlementStatus,
  /** approve_all: trainers this call approved (0 when repeated). */
  approvedCount: z.number().int().optional(),
  /** approve_all: trainers the company had approved already. */
  alreadyApprovedCount: z.number().int().optional(),
  /** approve_all: trainers not approved, each with the reason (their credit note is created). */
  locked: z.array(ZApproveAllLockedTrainer).optional(),
});
export type TSettlementCommandResponse = z.infer<typeof ZSettlementCommandResponse>;

/** An admin position ('Administration' row) of a trainer in a settlement. */
export const ZAdminPosition = z.object({
  uuid: ZUuid,
  trainerUuid: ZUuid,
  trainerName: z.string(),
  kind: ZAdminPositionKind,
  description: z.string(),
  netCents: z.number().int(),
  createdDt: z.string(),
  createdBy: ZUserRef,
});
export type TAdminPosition = z.infer<typeof ZAdminPosition>;
/** GET /settlement/{uuid}/admin-positions[?trainerUuid=] */
export const ZAdminPositionListResponse = z.array(ZAdminPosition);
export const ZAdminPositionListQuery = z.object({ trainerUuid: ZUuid.optional() });
/** POST answers the new position; DELETE answers ZStatusResponse. Both re-prepare the trainer's admin lines. */
export const ZAdminPositionResponse = ZAdminPosition;

/** GET /settlement/{uuid}/workflow (ops): the workflow and its history in rows. */
export const ZWorkflowHistoryRow = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  time: z.string(),
  /** e.g. WorkflowExecutionStarted, ActivityTaskScheduled, WorkflowExecutionUpdateAccepted. */
  type: z.string(),
  /** A short human-readable summary: activity name, update name, signal name, failure message. */
  details: z.string(),
});
export type TWorkflowHistoryRow = z.infer<typeof ZWorkflowHistoryRow>;
export const ZSettlementWorkflowInfo = z.object({
  workflowId: z.string(),
  runId: z.string(),
  /** Temporal's status name: RUNNING, COMPLETED, FAILED, TERMINATED, ... */
  status: z.string(),
  startTime: z.string(),
  closeTime: z.string().nullable(),
  historyLength: z.number().int(),
  /** Link to the run in the Temporal UI (env TEMPORAL_UI_URL). */
  temporalUiUrl: z.string(),
  events: z.array(ZWorkflowHistoryRow),
  state: ZSettlementWorkflowState.nullable(),
});
export type TSettlementWorkflowInfo = z.infer<typeof ZSettlementWorkflowInfo>;

// --- live events (socket.io room `settlement:{uuid}`, see contracts/events.ts) ---------------

/** 'settlement:progress': the preparation moved on. */
export const ZSettlementProgressEvent = z.object({
  settlementUuid: ZUuid,
  phase: ZPreparationPhase,
  /** Overall percent of the preparation (0–100). */
  percent: z.number().int().min(0).max(100),
  processed: z.number().int(),
  total: z.number().int(),
});
export type TSettlementProgressEvent = z.infer<typeof ZSettlementProgressEvent>;

/**
 * 'settlement:approve-all': progress of the preview check's 'Approve all': 'recording' before the
 * write (total: the trainers to approve), 'recorded' once written, 'signalled' once the workflow knows.
 */
export const ZSettlementApproveAllEvent = z.object({
  settlementUuid: ZUuid,
  phase: z.enum(['recording', 'recorded', 'signalled']),
  processed: z.number().int(),
  total: z.number().int(),
});
export type TSettlementApproveAllEvent = z.infer<typeof ZSettlementApproveAllEvent>;

/** 'settlement:log': a new settlement log row. */
export const ZSettlementLogEvent = ZSettlementLogRow.extend({ settlementUuid: ZUuid });
export type TSettlementLogEvent = z.infer<typeof ZSettlementLogEvent>;

/** 'settlement:state': status, step or lines changed; refetch the settlement's queries. */
export const ZSettlementStateEvent = z.object({
  settlementUuid: ZUuid,
  status: ZSettlementStatus,
  /** What changed: 'prepared' (lines), 'status', 'step', 'admin-positions'. */
  reason: z.string(),
});
export type TSettlementStateEvent = z.infer<typeof ZSettlementStateEvent>;

export const settlementRoom = (settlementUuid: string) => `settlement:${settlementUuid}`;

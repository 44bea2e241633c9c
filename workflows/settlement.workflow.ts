import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  ChildWorkflowFailure,
  condition,
  executeChild,
  ParentClosePolicy,
  isCancellation,
  proxyActivities,
  setHandler,
  uuid4,
  TimeoutFailure,
} from '@temporalio/workflow';
import type { MailActivities } from '../activities/mail';
import type { PrepareActivities } from '../activities/prepare';
import type { CreditNoteActivities } from '../activities/credit-notes';
import type { ReviewActivities } from '../activities/review';
import { BATCH, COMMAND_WRITE, EMAIL_DELIVERY, SHORT_WRITE, SINGLE_TRAINER_STEP } from './activity-options';
import {
  awaitPreparationPhaseUpdate,
  approveUpdate,
  createSettlementUpdate,
  FAILURE,
  goToStepUpdate,
  LAST_STEP,
  PREPARE_CHUNK_SIZE,
  PREPARATION_PHASE_PERCENT,
  PREPARATION_PHASES,
  PREVIEW_SEND_CHUNK_SIZE,
  removeAdminPositionUpdate,
  saveAdminPositionUpdate,
  selectTrainersUpdate,
  sendCreditNotesUpdate,
  sendPreviewsUpdate,
  v1FinishCreditNotesUpdate,
  v1IssueCreditNoteUpdate,
  v1SendCreditNoteUpdate,
  settlementCommandUpdate,
  SETTLEMENT_STEP,
  startPreparationUpdate,
  stateQuery,
  STATUS_OF_ACTION,
  trainerStatesChangedSignal,
  ZSettlementInput,
  type TPreparationPhase,
  type TSettlementInput,
  type TSettlementResult,
  type TSettlementState,
  type TSendCreditNotesArgs,
  type TSendPreviewsArgs,
} from './settlement.messages';
import { creditNoteRunWorkflow } from './credit-note-run.workflow';
import { creditNoteRunWorkflowId } from './ids';

// One month's settlement of a studio group (wizard v2, spec admin 2.2 and 4), one run per
// settlement uuid (`settlement-{uuid}`). It holds the process: the step, the selection, the
// preparation and the status; its activities write the records. It waits for the admin's commands
// (updates), so an admin may close the browser and come back days later to the same step, and a
// worker restart in the middle of the preparation resumes it (activities heartbeat and resume).
//
// Steps 0–5 (shown 1–6): select trainer, prepare data, send preview, review feedback, create credit
// notes, summary. This issue builds 0 and 1, the status commands and admin positions; steps 2–5 are
// modelled (the run stands there waiting) and their work is added by later issues inside this
// workflow.
//
// Changing this file: settlements run for weeks, so any change to the order of activities, timers,
// or which commands run what must keep recorded histories replaying (test/workflows/replay.test.ts).
// Put the new behaviour behind `if (patched('YYYY-MM-what')) { new } else { old }`; once no run
// started before the change is open, switch to `deprecatePatch('YYYY-MM-what')` with only the new
// code, and later remove that call. Record a new history (test/fixtures/histories/) for a new path.
//
// The review loop (step 2–3, added with the review issue): `sendPreviews` sends the chosen trainers
// their preview in batches of PREVIEW_SEND_CHUNK_SIZE (review rows, portal notification, e-mail per
// trainer; a trainer already sent one is skipped, so nothing goes out twice), then the workflow
// waits for approvals. Every approval toggle (trainer, company, location) is the `approve` update:
// its validator refuses a locked one (a trainer after the company approved; anyone once the credit
// note is issued) and its activity appends the approval row. A re-prepared trainer (recalculation)
// keeps review and comments (threads hang on class hashes) but loses the approvals: the numbers
// changed, so trainer and company approve again.
// Why these additions carry no patched(): they are new updates (sendPreviews, approve,
// sendCreditNotes, v1*) and branches of the main loop that only those updates open; a history
// recorded before them contains none of these updates, so it schedules the same commands in the same
// order (the replay test runs such histories). A change to what an existing command schedules still
// goes behind patched().
// Everything runs in one execution (no continue-as-new): a preparation of 1,000 trainers adds about
// 150 events, far below the history limits, and a month's settlement takes a handful of them.

/** Chunks of the class phase running at once; each holds one database connection. */
export const PREPARE_CONCURRENCY = 2;

const { freezeSettlementInvoiceData, markTrainersPrepared, recordTrainerReview, recordSettlementStatus, saveAdminPosition, removeAdminPosition } =
  proxyActivities<PrepareActivities>(SHORT_WRITE);
const { recordApproval } = proxyActivities<ReviewActivities>(COMMAND_WRITE);
// The preparation (PREPARE_CHUNK_SIZE trainers an activity) and the preview sending
// (PREVIEW_SEND_CHUNK_SIZE trainers an activity) are batch work with a heartbeat after each trainer.
const { prepareTrainerLines, createTrainerReviews, announcePreviewSendFinished } = proxyActivities<PrepareActivities & ReviewActivities>(BATCH);
// Previews' e-mails are handed to SMTP in batches (each e-mail once, by its outbox row).
const { deliverEmails } = proxyActivities<MailActivities>(EMAIL_DELIVERY);
// Wizard v1: the credit-note run's activities, one trainer a call.
const v1Activities = proxyActivities<CreditNoteActivities>(SINGLE_TRAINER_STEP);

const fail = (type: string, message: string, params?: Record<string, string | number>) =>
  ApplicationFailure.create({ type, message, details: params ? [params] : [], nonRetryable: true });

/** What the user reads for a failed preparation: the activity's own message, not Temporal's wrapper. */
function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) {
    if (error.cause instanceof TimeoutFailure) return 'settlement.preparationTimedOut';
    return error.cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

const APPROVAL_KINDS: readonly string[] = ['trainer', 'company', 'location'];

const distinct = (uuids: readonly string[]) => [...new Set(uuids)];

/** The furthest step a jump may reach (every step up to it is allowed). */
export function maxReachableStep(state: Omit<TSettlementState, 'maxReachableStep'>, reachedStep: number): number {
  if (state.status !== 'in_progress') return LAST_STEP;
  if (state.preparation.phase !== 'done') return state.selectedTrainerUuids.length > 0 ? SETTLEMENT_STEP.prepareData : SETTLEMENT_STEP.selectTrainer;
  if (state.trainerReview === null) return SETTLEMENT_STEP.prepareData;
  // With review, the send-preview step leads on to the review ('trainer feedback' button, spec 2.6).
  // Credit notes open once the company approved a trainer.
  const anyApproved = Object.values(state.approvals).some((approvals) => approvals.company);
  const opened = state.trainerReview && !anyApproved ? SETTLEMENT_STEP.reviewFeedback : SETTLEMENT_STEP.createCreditNotes;
  return Math.max(opened, reachedStep);
}

type PreparationRequest = { run: number; trainerUuids: string[]; userUuid: string };

export async function settlementWorkflow(rawInput: TSettlementInput): Promise<TSettlementResult> {
  const parsed = ZSettlementInput.safeParse(rawInput);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid settlement input: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, 'InvalidInput');
  }
  const input = parsed.data;
  const { settlementUuid, locale } = input;

  const state: Omit<TSettlementState, 'maxReachableStep'> = {
    settlementUuid,
    studioGroupUuid: input.studioGroupUuid,
    settlementMonth: input.month,
    step: SETTLEMENT_STEP.selectTrainer,
    status: 'in_progress',
    trainerReview: null,
    selectedTrainerUuids: [],
    billedTrainerUuids: [],
    anyCreditNoteSent: false,
    preparation: { phase: 'none', percent: 0, processed: 0, total: 0, error: null, runs: 0, preparedTrainerUuids: [] },
    previewSentTrainerUuids: [],
    previewSend: null,
    approvals: {},
    creditNoteRun: null,
    runUuids: [],
  };
  let reachedStep: number = SETTLEMENT_STEP.selectTrainer;
  let pendingPreparation: PreparationRequest | null = null;
  let pendingPreviewSend: TSendPreviewsArgs | null = null;
  let pendingRun: TSendCreditNotesArgs | null = null;
  const everPrepared = new Set<string>();
  /** A status command or admin position being recorded: no preparation may start meanwhile. */
  let busyCommands = 0;

  const snapshot = (): TSettlementState => ({
    ...state,
    selectedTrainerUuids: [...state.selectedTrainerUuids],
    billedTrainerUuids: [...state.billedTrainerUuids],
    preparation: { ...state.preparation, preparedTrainerUuids: [...state.preparation.preparedTrainerUuids] },
    previewSentTrainerUuids: [...state.previewSentTrainerUuids],
    previewSend: state.previewSend ? { ...state.previewSend } : null,
    approvals: Object.fromEntries(Object.entries(state.approvals).map(([uuid, approvals]) => [uuid, { ...approvals }])),
    creditNoteRun: state.creditNoteRun ? { ...state.creditNoteRun } : null,
    runUuids: [...state.runUuids],
    maxReachableStep: maxReachableStep(state, reachedStep),
  });
  const goTo = (step: number) => {
    state.step = step;
    reachedStep = Math.max(reachedStep, step);
  };

  // --- the rules the validators check (synchronous, on the workflow's state only) -------------
  const preparing = () => pendingPreparation !== null || PREPARATION_PHASES.includes(state.preparation.phase as TPreparationPhase);
  const assertInProgress = () => {
    if (state.status !== 'in_progress') throw fail(FAILURE.conflict, 'settlement.notInProgress', { status: `settlement.status.${state.status}` });
  };
  const sendingPreviews = () => pendingPreviewSend !== null || state.previewSend?.phase === 'sending';
  const runningCreditNotes = () => pendingRun !== null || state.creditNoteRun?.phase === 'running';
  const assertIdle = () => {
    if (preparing() || busyCommands > 0) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
    if (sendingPreviews()) throw fail(FAILURE.conflict, 'review.previewSending');
    if (runningCreditNotes()) throw fail(FAILURE.conflict, 'creditNote.runRunning');
  };
  const approvalsOf = (trainerUuid: string) => state.approvals[trainerUuid] ?? { company: false, trainer: false };
  const assertSelectable = (trainerUuids: readonly string[]) => {
    if (trainerUuids.length === 0) throw fail(FAILURE.invalid, 'settlement.emptySelection');
    const billed = trainerUuids.find((uuid) => state.billedTrainerUuids.includes(uuid));
    if (billed) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: billed });
  };
  /** Trainers selected now or prepared in an earlier run of this settlement (they have lines). */
  const inSettlement = (trainerUuid: string) => state.selectedTrainerUuids.includes(trainerUuid) || everPrepared.has(trainerUuid);
  const assertAdminPositionAllowed = (trainerUuid: string) => {
    assertInProgress();
    assertIdle();
    if (!inSettlement(trainerUuid)) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: trainerUuid });
    if (state.billedTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: trainerUuid });
  };

  /** Index of the last phase finished in the current run (-1 none, 2 all). */
  let phasesDone = -1;
  const waitForPhase = async (run: number, phase: TPreparationPhase) => {
    const index = PREPARATION_PHASES.indexOf(phase);
    await condition(() => state.preparation.runs !== run || state.preparation.phase === 'failed' || phasesDone >= index);
    if (state.preparation.runs === run && state.preparation.phase === 'failed') {
      throw fail(FAILURE.preparationFailed, 'settlement.preparationFailed', { reason: state.preparation.error ?? '' });
    }
    return snapshot();
  };

  // --- handlers ------------------------------------------------------------------------------
  setHandler(stateQuery, snapshot);

  setHandler(
    selectTrainersUpdate,
    ({ trainerUuids }) => {
      state.selectedTrainerUuids = distinct(trainerUuids);
      goTo(SETTLEMENT_STEP.prepareData);
      return snapshot();
    },
    {
      validator: ({ trainerUuids }) => {
        assertInProgress();
        assertIdle();
        assertSelectable(distinct(trainerUuids));
      },
    },
  );

  setHandler(
    startPreparationUpdate,
    async ({ trainerUuids, userUuid }) => {
      if (trainerUuids) state.selectedTrainerUuids = distinct(trainerUuids);
      const run = state.preparation.runs + 1;
      pendingPreparation = { run, trainerUuids: [...state.selectedTrainerUuids], userUuid };
      phasesDone = -1;
      state.preparation = {
        phase: 'invoice-data',
        percent: 0,
        processed: 0,
        total: state.selectedTrainerUuids.length,
        error: null,
        runs: run,
        preparedTrainerUuids: state.preparation.preparedTrainerUuids,
      };
      goTo(SETTLEMENT_STEP.prepareData);
      return waitForPhase(run, 'invoice-data');
    },
    {
      validator: ({ trainerUuids }) => {
        assertInProgress();
        assertIdle();
        assertSelectable(distinct(trainerUuids ?? state.selectedTrainerUuids));
      },
    },
  );

  setHandler(awaitPreparationPhaseUpdate, ({ phase }) => waitForPhase(state.preparation.runs, phase), {
    validator: ({ phase }) => {
      if (!PREPARATION_PHASES.includes(phase)) throw fail(FAILURE.invalid, 'validation.invalid');
      if (state.preparation.phase === 'none') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
      if (state.preparation.phase === 'failed') throw fail(FAILURE.preparationFailed, 'settlement.preparationFailed', { reason: state.preparation.error ?? '' });
    },
  });

  setHandler(
    createSettlementUpdate,
    async ({ trainerReview, userUuid }) => {
      busyCommands++;
      try {
        await recordTrainerReview({ settlementUuid, trainerReview, userUuid, locale });
      } finally {
        busyCommands--;
      }
      state.trainerReview = trainerReview;
      // 'previews for trainers' advances one step; 'credit note' jumps to step index 4 (spec 4).
      goTo(trainerReview ? SETTLEMENT_STEP.sendPreview : SETTLEMENT_STEP.createCreditNotes);
      return snapshot();
    },
    {
      validator: (_args) => {
        assertInProgress();
        assertIdle();
        if (state.preparation.phase !== 'done') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
      },
    },
  );

  setHandler(
    goToStepUpdate,
    ({ step }) => {
      goTo(step);
      return snapshot();
    },
    {
      validator: ({ step }) => {
        assertInProgress();
        if (!Number.isInteger(step) || step < 0 || step > maxReachableStep(state, reachedStep)) {
          throw fail(FAILURE.invalid, 'settlement.stepNotReachable', { step: Number.isInteger(step) ? step + 1 : String(step) });
        }
      },
    },
  );

  setHandler(
    settlementCommandUpdate,
    async ({ action, userUuid }) => {
      const status = STATUS_OF_ACTION[action];
      busyCommands++;
      try {
        await recordSettlementStatus({ settlementUuid, status, userUuid, locale });
      } finally {
        busyCommands--;
      }
      state.status = status;
      if (status === 'completed') goTo(SETTLEMENT_STEP.summary);
      return snapshot();
    },
    {
      validator: ({ action }) => {
        if (!(action in STATUS_OF_ACTION)) throw fail(FAILURE.invalid, 'validation.invalid');
        assertInProgress();
        assertIdle();
        // Spec 4: delete is hidden in v2 once any credit note is in credit_note_send.
        if (action === 'delete_settlement' && state.anyCreditNoteSent) throw fail(FAILURE.conflict, 'settlement.deleteRefused');
      },
    },
  );

  setHandler(
    saveAdminPositionUpdate,
    async (args) => {
      busyCommands++;
      try {
        await saveAdminPosition({ settlementUuid, ...args, locale });
      } finally {
        busyCommands--;
      }
      return snapshot();
    },
    { validator: ({ trainerUuid }) => assertAdminPositionAllowed(trainerUuid) },
  );

  setHandler(
    removeAdminPositionUpdate,
    async (args) => {
      busyCommands++;
      try {
        await removeAdminPosition({ settlementUuid, ...args, locale });
      } finally {
        busyCommands--;
      }
      return snapshot();
    },
    { validator: ({ trainerUuid }) => assertAdminPositionAllowed(trainerUuid) },
  );

  setHandler(
    sendPreviewsUpdate,
    (args) => {
      const trainerUuids = distinct(args.trainerUuids);
      pendingPreviewSend = { ...args, trainerUuids };
      state.previewSend = { sendUuid: args.sendUuid, phase: 'sending', total: trainerUuids.length, processed: 0 };
      goTo(SETTLEMENT_STEP.sendPreview);
      return { sendUuid: args.sendUuid, trainerUuids, state: snapshot() };
    },
    {
      validator: ({ trainerUuids }) => {
        assertInProgress();
        assertIdle();
        if (state.trainerReview !== true) throw fail(FAILURE.conflict, 'review.reviewRequired');
        if (trainerUuids.length === 0) throw fail(FAILURE.invalid, 'settlement.emptySelection');
        const outside = trainerUuids.find((uuid: string) => !everPrepared.has(uuid));
        if (outside) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: outside });
        const billed = trainerUuids.find((uuid: string) => state.billedTrainerUuids.includes(uuid));
        if (billed) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: billed });
      },
    },
  );

  setHandler(
    approveUpdate,
    async ({ trainerUuid, by, approved, userUuid, studioUuid }) => {
      busyCommands++;
      let result: Awaited<ReturnType<typeof recordApproval>>;
      try {
        result = await recordApproval({ settlementUuid, trainerUuid, by, approved, userUuid, studioUuid, locale });
      } catch (error) {
        // The records refused (a lock the workflow did not know of): answer the caller with its reason.
        if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure) throw fail(error.cause.type ?? FAILURE.conflict, error.cause.message);
        throw error;
      } finally {
        busyCommands--;
      }
      state.approvals[trainerUuid] = { company: result.company, trainer: result.trainer };
      return { entries: result.entries, state: snapshot() };
    },
    {
      validator: ({ trainerUuid, by, studioUuid }) => {
        assertInProgress();
        if (preparing() || busyCommands > 0) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
        if (!APPROVAL_KINDS.includes(by)) throw fail(FAILURE.invalid, 'validation.invalid');
        if (by === 'location' && !studioUuid) throw fail(FAILURE.invalid, 'validation.invalid');
        if (!inSettlement(trainerUuid)) throw fail(FAILURE.notFound, 'review.trainerNotInSettlement');
        if (state.billedTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.conflict, 'review.lockedPdfCreated');
        if (by === 'trainer') {
          if (!state.previewSentTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.conflict, 'review.previewNotSent', { trainer: trainerUuid });
          if (approvalsOf(trainerUuid).company) throw fail(FAILURE.conflict, 'review.lockedCompanyApproved');
        }
      },
    },
  );

  setHandler(
    sendCreditNotesUpdate,
    (args) => {
      const trainerUuids = distinct(args.trainerUuids);
      pendingRun = { ...args, trainerUuids };
      state.creditNoteRun = { runUuid: args.runUuid, phase: 'running', total: trainerUuids.length, issued: 0, refused: 0 };
      state.runUuids.push(args.runUuid);
      goTo(SETTLEMENT_STEP.createCreditNotes);
      return { runUuid: args.runUuid, trainerUuids, state: snapshot() };
    },
    {
      validator: ({ runUuid, trainerUuids }) => {
        assertInProgress();
        if (state.runUuids.includes(runUuid)) throw fail(FAILURE.conflict, 'creditNote.runAlreadySent');
        assertIdle();
        if (state.trainerReview === null) throw fail(FAILURE.conflict, 'settlement.prepareFirst');
        if (trainerUuids.length === 0) throw fail(FAILURE.invalid, 'settlement.emptySelection');
        for (const uuid of distinct(trainerUuids)) {
          if (!everPrepared.has(uuid)) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: uuid });
          if (state.billedTrainerUuids.includes(uuid)) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: uuid });
          // With trainer review only company-approved trainers are billed; without, every prepared one.
          if (state.trainerReview && !approvalsOf(uuid).company) throw fail(FAILURE.invalid, 'creditNote.trainerNotApproved', { trainer: uuid });
        }
      },
    },
  );

  // --- wizard v1: the same run, driven one trainer a call ------------------------------------
  let v1RunUuid: string | null = null;
  const v1Run = async (userUuid: string) => {
    if (v1RunUuid === null) {
      v1RunUuid = uuid4();
      state.runUuids.push(v1RunUuid);
      state.creditNoteRun = { runUuid: v1RunUuid, phase: 'running', total: 0, issued: 0, refused: 0 };
      await v1Activities.startCreditNoteRun({ runUuid: v1RunUuid, settlementUuid, trainerUuids: [], userUuid, locale });
    }
    return v1RunUuid;
  };
  const assertV1Trainer = (trainerUuid: string) => {
    assertInProgress();
    if (preparing() || sendingPreviews() || (runningCreditNotes() && state.creditNoteRun?.runUuid !== v1RunUuid)) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
    if (state.preparation.phase !== 'done') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
    if (!everPrepared.has(trainerUuid)) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: trainerUuid });
  };

  setHandler(
    v1IssueCreditNoteUpdate,
    async ({ trainerUuid, userUuid }) => {
      busyCommands++;
      try {
        const runUuid = await v1Run(userUuid);
        const { trainers } = await v1Activities.issueCreditNotes({ runUuid, settlementUuid, trainerUuids: [trainerUuid], offset: 0, total: 1, locale });
        const trainer = trainers[0]!;
        if (trainer.outcome !== 'refused') state.billedTrainerUuids = distinct([...state.billedTrainerUuids, trainerUuid]);
        if (state.creditNoteRun && trainer.outcome === 'issued') state.creditNoteRun.issued++;
        if (state.creditNoteRun && trainer.outcome === 'refused') state.creditNoteRun.refused++;
        goTo(SETTLEMENT_STEP.createCreditNotes);
        return { runUuid, outcome: trainer.outcome, ...(trainer.number ? { number: trainer.number } : {}), ...(trainer.reason ? { reason: trainer.reason } : {}), state: snapshot() };
      } finally {
        busyCommands--;
      }
    },
    { validator: ({ trainerUuid }) => assertV1Trainer(trainerUuid) },
  );

  setHandler(
    v1SendCreditNoteUpdate,
    async ({ trainerUuid, userUuid }) => {
      busyCommands++;
      try {
        const runUuid = await v1Run(userUuid);
        const queued = await v1Activities.queueCreditNoteEmails({ runUuid, settlementUuid, trainerUuids: [trainerUuid], locale });
        const emailUuids = queued.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));
        if (emailUuids.length > 0) await deliverEmails({ emailUuids });
        const sent = queued.trainers.some((trainer) => trainer.outcome === 'queued');
        if (sent) {
          await v1Activities.markCreditNotesSent({ runUuid, settlementUuid, trainerUuids: [trainerUuid], locale });
          state.anyCreditNoteSent = true;
        }
        return { runUuid, sent, state: snapshot() };
      } finally {
        busyCommands--;
      }
    },
    {
      validator: ({ trainerUuid }) => {
        assertV1Trainer(trainerUuid);
        if (!state.billedTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.conflict, 'creditNote.correction.notIssued');
      },
    },
  );

  setHandler(
    v1FinishCreditNotesUpdate,
    async ({ userUuid }) => {
      busyCommands++;
      try {
        const runUuid = await v1Run(userUuid);
        const issued = state.creditNoteRun?.issued ?? 0;
        if (issued > 0) await v1Activities.createRunFiles({ runUuid, settlementUuid, locale });
        const sums = await v1Activities.finishCreditNoteRun({ runUuid, settlementUuid, issued, refused: state.creditNoteRun?.refused ?? 0, locale });
        if (state.creditNoteRun) state.creditNoteRun.phase = 'done';
        goTo(SETTLEMENT_STEP.summary);
        return { runUuid, sums, state: snapshot() };
      } finally {
        busyCommands--;
      }
    },
    {
      validator: (_args: { userUuid: string }) => {
        assertInProgress();
        if (state.preparation.phase !== 'done') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
      },
    },
  );

  setHandler(trainerStatesChangedSignal, ({ billedTrainerUuids, anyCreditNoteSent }) => {
    state.billedTrainerUuids = distinct([...state.billedTrainerUuids, ...billedTrainerUuids]);
    state.anyCreditNoteSent ||= anyCreditNoteSent;
  });

  // --- the preparation (spec 4 "Prepare data": invoice data 33 %, classes 66 %, trainers 100 %) ---
  const endPhase = (phase: TPreparationPhase) => {
    phasesDone = PREPARATION_PHASES.indexOf(phase);
    state.preparation.percent = PREPARATION_PHASE_PERCENT[phase];
    const next = PREPARATION_PHASES[phasesDone + 1];
    state.preparation.phase = next ?? 'done';
    state.preparation.processed = 0;
  };

  const prepare = async ({ run, trainerUuids, userUuid }: PreparationRequest) => {
    const frozen = await freezeSettlementInvoiceData({ settlementUuid, trainerUuids, run, userUuid, locale });
    state.billedTrainerUuids = distinct([...state.billedTrainerUuids, ...frozen.lockedTrainerUuids]);
    state.anyCreditNoteSent ||= frozen.anyCreditNoteSent;
    const toPrepare = frozen.trainerUuids;
    state.preparation.total = toPrepare.length;
    endPhase('invoice-data');

    const chunks: string[][] = [];
    for (let start = 0; start < toPrepare.length; start += PREPARE_CHUNK_SIZE) chunks.push(toPrepare.slice(start, start + PREPARE_CHUNK_SIZE));
    const offsets = chunks.map((_, index) => index * PREPARE_CHUNK_SIZE);
    let next = 0;
    const work = async () => {
      for (let index = next++; index < chunks.length; index = next++) {
        await prepareTrainerLines({ settlementUuid, trainerUuids: chunks[index]!, run, offset: offsets[index]!, total: toPrepare.length, locale });
        state.preparation.processed += chunks[index]!.length;
        const share = PREPARATION_PHASE_PERCENT.class - PREPARATION_PHASE_PERCENT['invoice-data'];
        state.preparation.percent = PREPARATION_PHASE_PERCENT['invoice-data'] + Math.floor((share * state.preparation.processed) / toPrepare.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PREPARE_CONCURRENCY, chunks.length) }, work));
    endPhase('class');

    await markTrainersPrepared({ settlementUuid, trainerUuids: toPrepare, run, userUuid, locale });
    for (const uuid of toPrepare) delete state.approvals[uuid];
    endPhase('trainer');
    state.preparation.preparedTrainerUuids = toPrepare;
    for (const uuid of toPrepare) everPrepared.add(uuid);
    state.preparation.processed = toPrepare.length;
  };

  // --- sending previews (step 3; spec 4 "Preview send", batched instead of one call every 2 s) ---
  const sendPreviews = async ({ sendUuid, trainerUuids, message, userUuid, locale: callerLocale }: TSendPreviewsArgs) => {
    const messagesLocale = callerLocale ?? locale;
    const counts = { created: 0, skipped: 0, failed: 0 };
    for (let offset = 0; offset < trainerUuids.length; offset += PREVIEW_SEND_CHUNK_SIZE) {
      const chunk = trainerUuids.slice(offset, offset + PREVIEW_SEND_CHUNK_SIZE);
      const result = await createTrainerReviews({ settlementUuid, sendUuid, trainerUuids: chunk, offset, total: trainerUuids.length, message, userUuid, locale: messagesLocale });
      for (const trainer of result.trainers) {
        if (trainer.outcome === 'created' || trainer.outcome === 'already_sent') {
          if (!state.previewSentTrainerUuids.includes(trainer.trainerUuid)) state.previewSentTrainerUuids.push(trainer.trainerUuid);
        }
        if (trainer.outcome === 'created') counts.created++;
        else if (trainer.outcome === 'failed') counts.failed++;
        else counts.skipped++;
      }
      const emailUuids = result.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));
      if (emailUuids.length > 0) await deliverEmails({ emailUuids });
      if (state.previewSend) state.previewSend.processed += chunk.length;
    }
    await announcePreviewSendFinished({ settlementUuid, sendUuid, ...counts, locale: messagesLocale });
  };

  // --- credit notes (step 5): a child run per "send credit notes" --------------------------------
  const runCreditNotes = async ({ runUuid, trainerUuids, userUuid, locale: callerLocale }: TSendCreditNotesArgs) => {
    const result = await executeChild(creditNoteRunWorkflow, {
      workflowId: creditNoteRunWorkflowId(runUuid),
      args: [{ runUuid, settlementUuid, studioGroupUuid: input.studioGroupUuid, trainerUuids, userUuid, locale: callerLocale ?? locale }],
      // A run under way finishes even if the settlement is closed meanwhile (numbers are issued).
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
    state.billedTrainerUuids = distinct([...state.billedTrainerUuids, ...result.issuedTrainerUuids]);
    state.anyCreditNoteSent ||= result.sentTrainerUuids.length > 0;
    if (state.creditNoteRun) Object.assign(state.creditNoteRun, { phase: 'done', issued: result.issuedTrainerUuids.length, refused: result.refusedTrainerUuids.length });
    goTo(SETTLEMENT_STEP.summary);
  };

  // --- the main loop: wait for commands until the settlement is finished, archived or deleted ---
  while (state.status === 'in_progress') {
    await condition(() => pendingPreparation !== null || pendingPreviewSend !== null || pendingRun !== null || state.status !== 'in_progress');
    if (pendingRun !== null) {
      const request: TSendCreditNotesArgs = pendingRun;
      pendingRun = null;
      try {
        await runCreditNotes(request);
      } catch (error) {
        if (isCancellation(error) && !(error instanceof ChildWorkflowFailure)) throw error;
        if (state.creditNoteRun) state.creditNoteRun.phase = 'failed';
      }
      continue;
    }
    if (pendingPreviewSend !== null) {
      const request: TSendPreviewsArgs = pendingPreviewSend;
      pendingPreviewSend = null;
      try {
        await sendPreviews(request);
      } catch (error) {
        if (isCancellation(error)) throw error;
        // A batch failed for good: its trainers were reported in the stream; the admin may send again.
      }
      if (state.previewSend) state.previewSend.phase = 'done';
      continue;
    }
    if (pendingPreparation === null) break;
    const request: PreparationRequest = pendingPreparation;
    pendingPreparation = null;
    try {
      await prepare(request);
    } catch (error) {
      if (isCancellation(error)) throw error;
      state.preparation.phase = 'failed';
      state.preparation.error = failureMessage(error);
    }
  }

  // Let a command's update answer before the run completes.
  await condition(allHandlersFinished);
  return { settlementUuid, status: state.status };
}

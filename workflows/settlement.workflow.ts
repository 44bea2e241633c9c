import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  isCancellation,
  proxyActivities,
  setHandler,
  TimeoutFailure,
} from '@temporalio/workflow';
import type { PrepareActivities } from '../activities/prepare';
import {
  awaitPreparationPhaseUpdate,
  createSettlementUpdate,
  FAILURE,
  goToStepUpdate,
  LAST_STEP,
  PREPARE_CHUNK_SIZE,
  PREPARATION_PHASE_PERCENT,
  PREPARATION_PHASES,
  removeAdminPositionUpdate,
  saveAdminPositionUpdate,
  selectTrainersUpdate,
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
} from './settlement.messages';

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
// Everything runs in one execution (no continue-as-new): a preparation of 1,000 trainers adds about
// 150 events, far below the history limits, and a month's settlement takes a handful of them.

/** Chunks of the class phase running at once; each holds one database connection. */
export const PREPARE_CONCURRENCY = 2;

const NON_RETRYABLE = ['ZodError', 'NotFound', 'Invalid'];

// Bookkeeping: short, retried a while so a database hiccup does not fail a command.
const { freezeSettlementInvoiceData, markTrainersPrepared, recordTrainerReview, recordSettlementStatus, saveAdminPosition, removeAdminPosition } =
  proxyActivities<PrepareActivities>({
    startToCloseTimeout: '2 minutes',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: NON_RETRYABLE },
  });

// Batch work: 50 trainers an activity, a heartbeat after each trainer; a dead worker is noticed
// within the heartbeat timeout and the retry resumes after the last trainer done.
const { prepareTrainerLines } = proxyActivities<PrepareActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE },
});

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

const distinct = (uuids: readonly string[]) => [...new Set(uuids)];

/** The furthest step a jump may reach (every step up to it is allowed). */
export function maxReachableStep(state: Omit<TSettlementState, 'maxReachableStep'>, reachedStep: number): number {
  if (state.status !== 'in_progress') return LAST_STEP;
  if (state.preparation.phase !== 'done') return state.selectedTrainerUuids.length > 0 ? SETTLEMENT_STEP.prepareData : SETTLEMENT_STEP.selectTrainer;
  if (state.trainerReview === null) return SETTLEMENT_STEP.prepareData;
  // With review, the send-preview step leads on to the review ('trainer feedback' button, spec 2.6).
  const opened = state.trainerReview ? SETTLEMENT_STEP.reviewFeedback : SETTLEMENT_STEP.createCreditNotes;
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
  };
  let reachedStep: number = SETTLEMENT_STEP.selectTrainer;
  let pendingPreparation: PreparationRequest | null = null;
  const everPrepared = new Set<string>();
  /** A status command or admin position being recorded: no preparation may start meanwhile. */
  let busyCommands = 0;

  const snapshot = (): TSettlementState => ({
    ...state,
    selectedTrainerUuids: [...state.selectedTrainerUuids],
    billedTrainerUuids: [...state.billedTrainerUuids],
    preparation: { ...state.preparation, preparedTrainerUuids: [...state.preparation.preparedTrainerUuids] },
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
  const assertIdle = () => {
    if (preparing() || busyCommands > 0) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
  };
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

    await markTrainersPrepared({ settlementUuid, trainerUuids: toPrepare, run, locale });
    endPhase('trainer');
    state.preparation.preparedTrainerUuids = toPrepare;
    for (const uuid of toPrepare) everPrepared.add(uuid);
    state.preparation.processed = toPrepare.length;
  };

  // --- the main loop: wait for commands until the settlement is finished, archived or deleted ---
  while (state.status === 'in_progress') {
    await condition(() => pendingPreparation !== null || state.status !== 'in_progress');
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

import { ActivityFailure, ApplicationFailure, TimeoutFailure } from '@temporalio/workflow';
import type { z } from 'zod';
import {
  FAILURE,
  LAST_STEP,
  PREPARATION_PHASES,
  SETTLEMENT_STEP,
  type TPreparationPhase,
  type TSendCreditNotesArgs,
  type TSendPreviewsArgs,
  type TSettlementCarried,
  type TSettlementState,
  type TTrainerApprovals,
  type ZSettlementInput,
} from '../settlement.messages';

// The settlement workflow's state and the rules its validators check (synchronous, on the state
// only). One object, made once per run, shared by the phases' handlers and the main loop.

export const fail = (type: string, message: string, params?: Record<string, string | number>) =>
  ApplicationFailure.create({ type, message, details: params ? [params] : [], nonRetryable: true });

/** What the user reads for a failed preparation: the activity's own message, not Temporal's wrapper. */
export function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) {
    if (error.cause instanceof TimeoutFailure) return 'settlement.preparationTimedOut';
    return error.cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export const distinct = (uuids: readonly string[]) => [...new Set(uuids)];

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

export type PreparationRequest = { run: number; trainerUuids: string[]; userUuid: string };

export type SettlementContext = ReturnType<typeof createSettlementContext>;

export function createSettlementContext(input: z.output<typeof ZSettlementInput>) {
  // A run continued as new goes on where the run before stood (docs/decisions/0170).
  const carried = input.continued;
  const state: Omit<TSettlementState, 'maxReachableStep'> = carried?.state ?? {
    settlementUuid: input.settlementUuid,
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

  const ctx = {
    input,
    settlementUuid: input.settlementUuid,
    locale: input.locale,
    state,
    reachedStep: carried?.reachedStep ?? (SETTLEMENT_STEP.selectTrainer as number),
    /** The commands the main loop runs next; an update sets one, the loop takes it. */
    pendingPreparation: null as PreparationRequest | null,
    pendingPreviewSend: null as TSendPreviewsArgs | null,
    pendingRun: null as TSendCreditNotesArgs | null,
    /** Trainers prepared in any run of this settlement (they have lines). */
    everPrepared: new Set<string>(carried?.everPrepared),
    /** A status command, admin position or approval being recorded: no preparation may start meanwhile. */
    busyCommands: 0,
    /** Of busyCommands, the approvals: approvals of different trainers are recorded side by side. */
    approvalsInFlight: 0,
    /** Trainers whose approval is being recorded: a second one for the same trainer waits its turn. */
    approvingTrainers: new Set<string>(),
    /** Per trainer, the newest approval row the workflow was signalled of (approvalsChanged). */
    approvalSeqs: new Map<string, number>(Object.entries(carried?.approvalSeqs ?? {})),
    /** Index of the last phase finished in the current preparation run (-1 none, 2 all). */
    phasesDone: carried?.phasesDone ?? -1,
    /** False once a replay of a run from before continue-as-new passed the threshold without it (continuation.ts). */
    mayContinueAsNew: true,
    /** The wizard v1 run (one per settlement, made at its first call); null before. */
    v1RunUuid: carried?.v1RunUuid ?? null,

    snapshot: (): TSettlementState => ({
      ...state,
      selectedTrainerUuids: [...state.selectedTrainerUuids],
      billedTrainerUuids: [...state.billedTrainerUuids],
      preparation: { ...state.preparation, preparedTrainerUuids: [...state.preparation.preparedTrainerUuids] },
      previewSentTrainerUuids: [...state.previewSentTrainerUuids],
      previewSend: state.previewSend ? { ...state.previewSend } : null,
      approvals: Object.fromEntries(Object.entries(state.approvals).map(([uuid, approvals]) => [uuid, { ...approvals }])),
      creditNoteRun: state.creditNoteRun ? { ...state.creditNoteRun } : null,
      runUuids: [...state.runUuids],
      maxReachableStep: maxReachableStep(state, ctx.reachedStep),
    }),
    /**
     * Runs a command's records while counting it busy, so that no preparation starts meanwhile
     * (assertIdle). The work is started at once, in the caller's turn: the commands it schedules
     * and their order are those of the caller's own try/finally.
     */
    withBusy: async <T>(work: () => Promise<T>): Promise<T> => {
      ctx.busyCommands++;
      try {
        return await work();
      } finally {
        ctx.busyCommands--;
      }
    },
    goTo: (step: number): void => {
      state.step = step;
      ctx.reachedStep = Math.max(ctx.reachedStep, step);
    },

    /** Everything the next run needs to go on where this one stands (only idle: nothing pending or in flight). */
    carry: (): TSettlementCarried => ({
      state,
      reachedStep: ctx.reachedStep,
      phasesDone: ctx.phasesDone,
      everPrepared: [...ctx.everPrepared],
      approvalSeqs: Object.fromEntries(ctx.approvalSeqs),
      v1RunUuid: ctx.v1RunUuid,
    }),

    // --- the rules the validators check ------------------------------------------------------
    preparing: (): boolean => ctx.pendingPreparation !== null || PREPARATION_PHASES.includes(state.preparation.phase as TPreparationPhase),
    assertInProgress: (): void => {
      if (state.status !== 'in_progress') throw fail(FAILURE.conflict, 'settlement.notInProgress', { status: `settlement.status.${state.status}` });
    },
    sendingPreviews: (): boolean => ctx.pendingPreviewSend !== null || state.previewSend?.phase === 'sending',
    runningCreditNotes: (): boolean => ctx.pendingRun !== null || state.creditNoteRun?.phase === 'running',
    assertIdle: (): void => {
      if (ctx.preparing() || ctx.busyCommands > 0) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
      if (ctx.sendingPreviews()) throw fail(FAILURE.conflict, 'review.previewSending');
      if (ctx.runningCreditNotes()) throw fail(FAILURE.conflict, 'creditNote.runRunning');
    },
    approvalsOf: (trainerUuid: string): TTrainerApprovals => state.approvals[trainerUuid] ?? { company: false, trainer: false },
    assertSelectable: (trainerUuids: readonly string[]): void => {
      if (trainerUuids.length === 0) throw fail(FAILURE.invalid, 'settlement.emptySelection');
      const billed = trainerUuids.find((uuid) => state.billedTrainerUuids.includes(uuid));
      if (billed) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: billed });
    },
    /** Trainers selected now or prepared in an earlier run of this settlement (they have lines). */
    inSettlement: (trainerUuid: string): boolean => state.selectedTrainerUuids.includes(trainerUuid) || ctx.everPrepared.has(trainerUuid),
  };
  return ctx;
}

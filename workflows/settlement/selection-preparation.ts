import { condition, setHandler } from '@temporalio/workflow';
import {
  awaitPreparationPhaseUpdate,
  FAILURE,
  PREPARATION_PHASE_PERCENT,
  PREPARATION_PHASES,
  PREPARE_CHUNK_SIZE,
  selectTrainersUpdate,
  SETTLEMENT_STEP,
  startPreparationUpdate,
  type TPreparationPhase,
} from '../settlement.messages';
import { freezeSettlementInvoiceData, markTrainersPrepared, prepareTrainerLines } from './activities';
import { distinct, fail, type PreparationRequest, type SettlementContext } from './context';

// Steps 1–2 of the settlement: the admin selects trainers, then the preparation (spec 4 "Prepare
// data": invoice data 33 %, classes 66 %, trainers 100 %) runs in the main loop; the updates answer
// once the phase the caller waits for is done.

/** Chunks of the class phase running at once; each holds one database connection. */
export const PREPARE_CONCURRENCY = 2;

const waitForPhase = async (ctx: SettlementContext, run: number, phase: TPreparationPhase) => {
  const { state } = ctx;
  const index = PREPARATION_PHASES.indexOf(phase);
  await condition(() => state.preparation.runs !== run || state.preparation.phase === 'failed' || ctx.phasesDone >= index);
  if (state.preparation.runs === run && state.preparation.phase === 'failed') {
    throw fail(FAILURE.preparationFailed, 'settlement.preparationFailed', { reason: state.preparation.error ?? '' });
  }
  return ctx.snapshot();
};

export function registerSelectionHandlers(ctx: SettlementContext): void {
  const { state } = ctx;

  setHandler(
    selectTrainersUpdate,
    ({ trainerUuids }) => {
      state.selectedTrainerUuids = distinct(trainerUuids);
      ctx.goTo(SETTLEMENT_STEP.prepareData);
      return ctx.snapshot();
    },
    {
      validator: ({ trainerUuids }) => {
        ctx.assertInProgress();
        ctx.assertIdle();
        ctx.assertSelectable(distinct(trainerUuids));
      },
    },
  );

  setHandler(
    startPreparationUpdate,
    async ({ trainerUuids, userUuid }) => {
      if (trainerUuids) state.selectedTrainerUuids = distinct(trainerUuids);
      const run = state.preparation.runs + 1;
      ctx.pendingPreparation = { run, trainerUuids: [...state.selectedTrainerUuids], userUuid };
      ctx.phasesDone = -1;
      state.preparation = {
        phase: 'invoice-data',
        percent: 0,
        processed: 0,
        total: state.selectedTrainerUuids.length,
        error: null,
        runs: run,
        preparedTrainerUuids: state.preparation.preparedTrainerUuids,
      };
      ctx.goTo(SETTLEMENT_STEP.prepareData);
      return waitForPhase(ctx, run, 'invoice-data');
    },
    {
      validator: ({ trainerUuids }) => {
        ctx.assertInProgress();
        ctx.assertIdle();
        ctx.assertSelectable(distinct(trainerUuids ?? state.selectedTrainerUuids));
      },
    },
  );

  setHandler(awaitPreparationPhaseUpdate, ({ phase }) => waitForPhase(ctx, state.preparation.runs, phase), {
    validator: ({ phase }) => {
      if (!PREPARATION_PHASES.includes(phase)) throw fail(FAILURE.invalid, 'validation.invalid');
      if (state.preparation.phase === 'none') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
      if (state.preparation.phase === 'failed') throw fail(FAILURE.preparationFailed, 'settlement.preparationFailed', { reason: state.preparation.error ?? '' });
    },
  });
}

const endPhase = (ctx: SettlementContext, phase: TPreparationPhase) => {
  const { state } = ctx;
  ctx.phasesDone = PREPARATION_PHASES.indexOf(phase);
  state.preparation.percent = PREPARATION_PHASE_PERCENT[phase];
  const next = PREPARATION_PHASES[ctx.phasesDone + 1];
  state.preparation.phase = next ?? 'done';
  state.preparation.processed = 0;
};

/** One preparation run: freeze the invoice data, prepare the lines in chunks, mark the trainers prepared. */
export async function prepare(ctx: SettlementContext, { run, trainerUuids, userUuid }: PreparationRequest): Promise<void> {
  const { state, settlementUuid, locale } = ctx;
  const frozen = await freezeSettlementInvoiceData({ settlementUuid, trainerUuids, run, userUuid, locale });
  state.billedTrainerUuids = distinct([...state.billedTrainerUuids, ...frozen.lockedTrainerUuids]);
  state.anyCreditNoteSent ||= frozen.anyCreditNoteSent;
  const toPrepare = frozen.trainerUuids;
  state.preparation.total = toPrepare.length;
  endPhase(ctx, 'invoice-data');

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
  endPhase(ctx, 'class');

  await markTrainersPrepared({ settlementUuid, trainerUuids: toPrepare, run, userUuid, locale });
  for (const uuid of toPrepare) delete state.approvals[uuid];
  endPhase(ctx, 'trainer');
  state.preparation.preparedTrainerUuids = toPrepare;
  for (const uuid of toPrepare) ctx.everPrepared.add(uuid);
  state.preparation.processed = toPrepare.length;
}

import { patched, setHandler, uuid4 } from '@temporalio/workflow';
import { FAILURE, SETTLEMENT_STEP, v1FinishCreditNotesUpdate, v1IssueCreditNoteUpdate, v1SendCreditNoteUpdate } from '../settlement.messages';
import { deliverEmails, v1Activities } from './activities';
import { distinct, fail, type SettlementContext } from './context';

// Wizard v1's face on the same engine: no trainer review, and the credit-note run driven one
// trainer a call (issue, send, finish) instead of a child run.

/** A second v1 update waits for the v1 run's start (see v1Run). */
const V1_RUN_STARTED_ONCE = '2026-11-v1-run-started-once';

export function registerV1Face(ctx: SettlementContext): void {
  const { state, settlementUuid, locale } = ctx;

  /** The start of the v1 run while its activity records it; null once recorded. */
  let v1RunStarting: Promise<unknown> | null = null;
  const v1Run = async (userUuid: string): Promise<string> => {
    const known = ctx.v1RunUuid;
    if (known === null) {
      const runUuid = uuid4();
      ctx.v1RunUuid = runUuid;
      state.runUuids.push(runUuid);
      state.creditNoteRun = { runUuid, phase: 'running', total: 0, issued: 0, refused: 0 };
      v1RunStarting = v1Activities.startCreditNoteRun({ runUuid, settlementUuid, trainerUuids: [], userUuid, locale });
      await v1RunStarting;
      v1RunStarting = null;
      return runUuid;
    }
    if (v1RunStarting && patched(V1_RUN_STARTED_ONCE)) {
      // Two updates at once (create and send): the second must not use the run before the first's
      // activity recorded it, or its activities find no run. Before the patch it went on at once.
      await v1RunStarting;
    }
    return known;
  };
  const assertV1Trainer = (trainerUuid: string) => {
    ctx.assertInProgress();
    if (ctx.preparing() || ctx.sendingPreviews() || (ctx.runningCreditNotes() && state.creditNoteRun?.runUuid !== ctx.v1RunUuid)) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
    if (state.preparation.phase !== 'done') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
    if (!ctx.everPrepared.has(trainerUuid)) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: trainerUuid });
  };

  setHandler(
    v1IssueCreditNoteUpdate,
    ({ trainerUuid, userUuid }) =>
      ctx.withBusy(async () => {
        const runUuid = await v1Run(userUuid);
        const { trainers } = await v1Activities.issueCreditNotes({ runUuid, settlementUuid, trainerUuids: [trainerUuid], offset: 0, total: 1, locale });
        const trainer = trainers[0]!;
        if (trainer.outcome !== 'refused') state.billedTrainerUuids = distinct([...state.billedTrainerUuids, trainerUuid]);
        if (state.creditNoteRun && trainer.outcome === 'issued') state.creditNoteRun.issued++;
        if (state.creditNoteRun && trainer.outcome === 'refused') state.creditNoteRun.refused++;
        ctx.goTo(SETTLEMENT_STEP.createCreditNotes);
        return { runUuid, outcome: trainer.outcome, ...(trainer.number ? { number: trainer.number } : {}), ...(trainer.reason ? { reason: trainer.reason } : {}), state: ctx.snapshot() };
      }),
    { validator: ({ trainerUuid }) => assertV1Trainer(trainerUuid) },
  );

  setHandler(
    v1SendCreditNoteUpdate,
    ({ trainerUuid, userUuid }) =>
      ctx.withBusy(async () => {
        const runUuid = await v1Run(userUuid);
        const queued = await v1Activities.queueCreditNoteEmails({ runUuid, settlementUuid, trainerUuids: [trainerUuid], locale });
        const emailUuids = queued.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));
        if (emailUuids.length > 0) await deliverEmails({ emailUuids });
        const sent = queued.trainers.some((trainer) => trainer.outcome === 'queued');
        if (sent) {
          await v1Activities.markCreditNotesSent({ runUuid, settlementUuid, trainerUuids: [trainerUuid], locale });
          state.anyCreditNoteSent = true;
        }
        return { runUuid, sent, state: ctx.snapshot() };
      }),
    {
      validator: ({ trainerUuid }) => {
        assertV1Trainer(trainerUuid);
        if (!state.billedTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.conflict, 'creditNote.correction.notIssued');
      },
    },
  );

  setHandler(
    v1FinishCreditNotesUpdate,
    ({ userUuid }) =>
      ctx.withBusy(async () => {
        const runUuid = await v1Run(userUuid);
        const issued = state.creditNoteRun?.issued ?? 0;
        if (issued > 0) await v1Activities.createRunFiles({ runUuid, settlementUuid, locale });
        const sums = await v1Activities.finishCreditNoteRun({ runUuid, settlementUuid, issued, refused: state.creditNoteRun?.refused ?? 0, locale });
        if (state.creditNoteRun) state.creditNoteRun.phase = 'done';
        ctx.goTo(SETTLEMENT_STEP.summary);
        return { runUuid, sums, state: ctx.snapshot() };
      }),
    {
      validator: (_args: { userUuid: string }) => {
        ctx.assertInProgress();
        if (state.preparation.phase !== 'done') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
      },
    },
  );
}

import { setHandler } from '@temporalio/workflow';
import {
  createSettlementUpdate,
  FAILURE,
  goToStepUpdate,
  removeAdminPositionUpdate,
  saveAdminPositionUpdate,
  settlementCommandUpdate,
  SETTLEMENT_STEP,
  STATUS_OF_ACTION,
} from '../settlement.messages';
import { recordSettlementStatus, recordTrainerReview, removeAdminPosition, saveAdminPosition } from './activities';
import { fail, maxReachableStep, type SettlementContext } from './context';

// The wizard's own commands, answered at once: the trainer-review choice ("create settlement"),
// jumps between steps, finish/archive/delete, and the admin's extra positions on a trainer.

export function registerWizardCommands(ctx: SettlementContext): void {
  const { state, settlementUuid, locale } = ctx;

  const assertAdminPositionAllowed = (trainerUuid: string) => {
    ctx.assertInProgress();
    ctx.assertIdle();
    if (!ctx.inSettlement(trainerUuid)) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: trainerUuid });
    if (state.billedTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: trainerUuid });
  };

  setHandler(
    createSettlementUpdate,
    async ({ trainerReview, userUuid }) => {
      await ctx.withBusy(() => recordTrainerReview({ settlementUuid, trainerReview, userUuid, locale }));
      state.trainerReview = trainerReview;
      // 'previews for trainers' advances one step; 'credit note' jumps to step index 4 (spec 4).
      ctx.goTo(trainerReview ? SETTLEMENT_STEP.sendPreview : SETTLEMENT_STEP.createCreditNotes);
      return ctx.snapshot();
    },
    {
      validator: (_args) => {
        ctx.assertInProgress();
        ctx.assertIdle();
        if (state.preparation.phase !== 'done') throw fail(FAILURE.conflict, 'settlement.prepareFirst');
      },
    },
  );

  setHandler(
    goToStepUpdate,
    ({ step }) => {
      ctx.goTo(step);
      return ctx.snapshot();
    },
    {
      validator: ({ step }) => {
        ctx.assertInProgress();
        if (!Number.isInteger(step) || step < 0 || step > maxReachableStep(state, ctx.reachedStep)) {
          throw fail(FAILURE.invalid, 'settlement.stepNotReachable', { step: Number.isInteger(step) ? step + 1 : String(step) });
        }
      },
    },
  );

  setHandler(
    settlementCommandUpdate,
    async ({ action, userUuid }) => {
      const status = STATUS_OF_ACTION[action];
      await ctx.withBusy(() => recordSettlementStatus({ settlementUuid, status, userUuid, locale }));
      state.status = status;
      if (status === 'completed') ctx.goTo(SETTLEMENT_STEP.summary);
      return ctx.snapshot();
    },
    {
      validator: ({ action }) => {
        if (!(action in STATUS_OF_ACTION)) throw fail(FAILURE.invalid, 'validation.invalid');
        ctx.assertInProgress();
        ctx.assertIdle();
        // Spec 4: delete is hidden in v2 once any credit note is in credit_note_send.
        if (action === 'delete_settlement' && state.anyCreditNoteSent) throw fail(FAILURE.conflict, 'settlement.deleteRefused');
      },
    },
  );

  setHandler(
    saveAdminPositionUpdate,
    async (args) => {
      await ctx.withBusy(() => saveAdminPosition({ settlementUuid, ...args, locale }));
      return ctx.snapshot();
    },
    { validator: ({ trainerUuid }) => assertAdminPositionAllowed(trainerUuid) },
  );

  setHandler(
    removeAdminPositionUpdate,
    async (args) => {
      await ctx.withBusy(() => removeAdminPosition({ settlementUuid, ...args, locale }));
      return ctx.snapshot();
    },
    { validator: ({ trainerUuid }) => assertAdminPositionAllowed(trainerUuid) },
  );
}

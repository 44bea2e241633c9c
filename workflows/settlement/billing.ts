import { executeChild, ParentClosePolicy, setHandler } from '@temporalio/workflow';
import { creditNoteRunWorkflow } from '../credit-note-run.workflow';
import { creditNoteRunWorkflowId } from '../ids';
import { FAILURE, sendCreditNotesUpdate, SETTLEMENT_STEP, trainerStatesChangedSignal, type TSendCreditNotesArgs } from '../settlement.messages';
import { distinct, fail, type SettlementContext } from './context';

// Step 5, billing: each "send credit notes" is a child credit-note run (run by the main loop).
// The trainerStatesChanged signal tells the workflow of trainers whose credit notes were issued or
// sent by a credit-note run.

export function registerBillingHandlers(ctx: SettlementContext): void {
  const { state } = ctx;

  setHandler(
    sendCreditNotesUpdate,
    (args) => {
      const trainerUuids = distinct(args.trainerUuids);
      ctx.pendingRun = { ...args, trainerUuids };
      state.creditNoteRun = { runUuid: args.runUuid, phase: 'running', total: trainerUuids.length, issued: 0, refused: 0 };
      state.runUuids.push(args.runUuid);
      ctx.goTo(SETTLEMENT_STEP.createCreditNotes);
      return { runUuid: args.runUuid, trainerUuids, state: ctx.snapshot() };
    },
    {
      validator: ({ runUuid, trainerUuids }) => {
        ctx.assertInProgress();
        if (state.runUuids.includes(runUuid)) throw fail(FAILURE.conflict, 'creditNote.runAlreadySent');
        ctx.assertIdle();
        if (state.trainerReview === null) throw fail(FAILURE.conflict, 'settlement.prepareFirst');
        if (trainerUuids.length === 0) throw fail(FAILURE.invalid, 'settlement.emptySelection');
        for (const uuid of distinct(trainerUuids)) {
          if (!ctx.everPrepared.has(uuid)) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: uuid });
          if (state.billedTrainerUuids.includes(uuid)) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: uuid });
          // With trainer review only company-approved trainers are billed; without, every prepared one.
          if (state.trainerReview && !ctx.approvalsOf(uuid).company) throw fail(FAILURE.invalid, 'creditNote.trainerNotApproved', { trainer: uuid });
        }
      },
    },
  );
}

/** Registered after the v1 face's handlers, where it always stood. */
export function registerTrainerStatesSignal(ctx: SettlementContext): void {
  const { state } = ctx;
  setHandler(trainerStatesChangedSignal, ({ billedTrainerUuids, anyCreditNoteSent }) => {
    state.billedTrainerUuids = distinct([...state.billedTrainerUuids, ...billedTrainerUuids]);
    state.anyCreditNoteSent ||= anyCreditNoteSent;
  });
}

/** Credit notes (step 5): a child run per "send credit notes". */
export async function runCreditNotes(ctx: SettlementContext, { runUuid, trainerUuids, userUuid, locale: callerLocale }: TSendCreditNotesArgs): Promise<void> {
  const { state, settlementUuid, locale, input } = ctx;
  const result = await executeChild(creditNoteRunWorkflow, {
    workflowId: creditNoteRunWorkflowId(runUuid),
    args: [{ runUuid, settlementUuid, studioGroupUuid: input.studioGroupUuid, trainerUuids, userUuid, locale: callerLocale ?? locale }],
    // A run under way finishes even if the settlement is closed meanwhile (numbers are issued).
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  state.billedTrainerUuids = distinct([...state.billedTrainerUuids, ...result.issuedTrainerUuids]);
  state.anyCreditNoteSent ||= result.sentTrainerUuids.length > 0;
  if (state.creditNoteRun) Object.assign(state.creditNoteRun, { phase: 'done', issued: result.issuedTrainerUuids.length, refused: result.refusedTrainerUuids.length });
  ctx.goTo(SETTLEMENT_STEP.summary);
}

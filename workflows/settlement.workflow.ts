import { allHandlersFinished, ApplicationFailure, ChildWorkflowFailure, condition, isCancellation, setHandler } from '@temporalio/workflow';
import { stateQuery, ZSettlementInput, type TSendCreditNotesArgs, type TSendPreviewsArgs, type TSettlementInput, type TSettlementResult } from './settlement.messages';
import { registerBillingHandlers, registerTrainerStatesSignal, runCreditNotes } from './settlement/billing';
import { createSettlementContext, failureMessage, type PreparationRequest } from './settlement/context';
import { continueAsNewWhenIdle, continueDue } from './settlement/continuation';
import { sendPreviews, registerReviewHandlers } from './settlement/review-loop';
import { prepare, registerSelectionHandlers } from './settlement/selection-preparation';
import { registerV1Face } from './settlement/v1-face';
import { registerWizardCommands } from './settlement/wizard-commands';

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
// The review loop (step 2–3): `sendPreviews` sends the chosen trainers
// their preview in batches (50 trainers; PREVIEW_SEND_CHUNK_SIZE on the paths older histories
// recorded: review rows, portal notification, e-mail per trainer; a trainer already sent one is
// skipped, so nothing goes out twice), then the workflow waits for approvals. The api records every
// approval toggle (trainer, company, location) in PostgreSQL and signals a company toggle's current
// values (`approvalsChanged`; why: docs/decisions/0100 and 0165); the
// `approve` update (its validator refuses a locked toggle, its activity appends the approval row)
// stays so that recorded histories and older clients that use it keep working. A re-prepared trainer (recalculation)
// keeps review and comments (threads hang on class hashes) but loses the approvals: the numbers
// changed, so trainer and company approve again.
// Why these additions carry no patched(): they are new updates (sendPreviews, approve,
// sendCreditNotes, v1*) and branches of the main loop that only those updates open; a history
// recorded before them contains none of these updates, so it schedules the same commands in the same
// order (the replay test runs such histories). A change to what an existing command schedules still
// goes behind patched().
// Continue-as-new (settlement/continuation.ts, docs/decisions/0170): the preparation, the preview
// batches (~20 events a batch of 50) and the approvals' signals grow the history with the trainers;
// a month of 10,000 trainers made ~13,000 events in one run. Under patched('2026-11-settlement-continued') a
// run whose history reached SETTLEMENT_EVENTS_PER_RUN events (or the server's suggestion) continues
// as new once it is idle in the main loop: nothing pending, every handler finished. The next run
// gets the whole state in its input (`continued`: ctx.carry()) and goes on waiting for commands; the
// workflow id stays, so the api's handles (by id, no run id), queries and signals reach it. The
// main loop's condition wakes on the history length too, so a run waiting for commands continues
// while signals alone grow it. What a run can still add past the threshold: one command's work, at
// most one preview send (~4,000 events for 10,000 trainers) or one preparation; a group of more
// than ~15,000 trainers could pass the warning within one preview send (the decision says more).
//
// The phases live in workflows/settlement/: selection-preparation.ts (steps 1–2), wizard-commands.ts
// (trainer-review choice, step jumps, status, admin positions), review-loop.ts (previews and
// approvals), billing.ts (credit-note runs), v1-face.ts (wizard v1); context.ts holds the state and
// the validators' rules. The handlers are registered in the order they always were.

export { PREPARE_CONCURRENCY } from './settlement/selection-preparation';
export { maxReachableStep } from './settlement/context';

export async function settlementWorkflow(rawInput: TSettlementInput): Promise<TSettlementResult> {
  const parsed = ZSettlementInput.safeParse(rawInput);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid settlement input: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, 'InvalidInput');
  }
  const ctx = createSettlementContext(parsed.data);
  const { state } = ctx;

  setHandler(stateQuery, ctx.snapshot);
  registerSelectionHandlers(ctx);
  registerWizardCommands(ctx);
  registerReviewHandlers(ctx);
  registerBillingHandlers(ctx);
  registerV1Face(ctx);
  registerTrainerStatesSignal(ctx);

  // --- the main loop: wait for commands until the settlement is finished, archived or deleted ---
  while (state.status === 'in_progress') {
    await condition(() => ctx.pendingPreparation !== null || ctx.pendingPreviewSend !== null || ctx.pendingRun !== null || state.status !== 'in_progress' || continueDue(ctx));
    if (ctx.pendingRun !== null) {
      const request: TSendCreditNotesArgs = ctx.pendingRun;
      ctx.pendingRun = null;
      try {
        await runCreditNotes(ctx, request);
      } catch (error) {
        if (isCancellation(error) && !(error instanceof ChildWorkflowFailure)) throw error;
        if (state.creditNoteRun) state.creditNoteRun.phase = 'failed';
      }
      continue;
    }
    if (ctx.pendingPreviewSend !== null) {
      const request: TSendPreviewsArgs = ctx.pendingPreviewSend;
      ctx.pendingPreviewSend = null;
      try {
        await sendPreviews(ctx, request);
      } catch (error) {
        if (isCancellation(error)) throw error;
        // A batch failed for good: its trainers were reported in the stream; the admin may send again.
      }
      if (state.previewSend) state.previewSend.phase = 'done';
      continue;
    }
    if (ctx.pendingPreparation === null) {
      if (state.status !== 'in_progress') break;
      // Idle with a large history: continue as new (returns if a command came in meanwhile).
      await continueAsNewWhenIdle(ctx);
      continue;
    }
    const request: PreparationRequest = ctx.pendingPreparation;
    ctx.pendingPreparation = null;
    try {
      await prepare(ctx, request);
    } catch (error) {
      if (isCancellation(error)) throw error;
      state.preparation.phase = 'failed';
      state.preparation.error = failureMessage(error);
    }
  }

  // Let a command's update answer before the run completes.
  await condition(allHandlersFinished);
  return { settlementUuid: ctx.settlementUuid, status: state.status };
}

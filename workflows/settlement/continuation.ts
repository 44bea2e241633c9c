import { allHandlersFinished, condition, makeContinueAsNewFunc, patched, workflowInfo } from '@temporalio/workflow';
import { SETTLEMENT_EVENTS_PER_RUN, type TSettlementInput, type TSettlementResult } from '../settlement.messages';
import type { SettlementContext } from './context';

// Continue-as-new of the settlement's workflow (docs/decisions/0170): a month's close of 10,000
// trainers made one run of ~13,000 history events (preview batches, approval signals), past
// Temporal's warning at 10,240. A run that has grown large continues as new while it is idle in its
// main loop, carrying its whole state (ctx.carry()) in the next run's input; the workflow id stays,
// so the api's handles (by id, no run id) and the queries reach the new run.

/** Recorded histories: test/fixtures/histories/settlement-v2-continued-{first,billing,last}-v1.json. */
const CONTINUED = '2026-11-settlement-continued';

/** Anything the main loop would run next, or a settlement no longer in progress. */
const busy = (ctx: SettlementContext) => ctx.pendingPreparation !== null || ctx.pendingPreviewSend !== null || ctx.pendingRun !== null || ctx.state.status !== 'in_progress';

/**
 * Whether this run's history is large enough to continue as new: at the input's threshold (default
 * SETTLEMENT_EVENTS_PER_RUN), or when the server suggests it (its history size or count limits for
 * the suggestion) once a quarter of the threshold is reached, so that a run whose own input is
 * large does not continue again at once. Read in the main loop's condition too, so that an idle
 * run waiting for commands wakes when signals alone (approvals) grow its history. historyLength and
 * continueAsNewSuggested are those of the workflow task, the same on replay.
 */
export function continueDue(ctx: SettlementContext): boolean {
  if (!ctx.mayContinueAsNew) return false;
  const { historyLength, continueAsNewSuggested } = workflowInfo();
  const threshold = ctx.input.continueAsNewAfterEvents ?? SETTLEMENT_EVENTS_PER_RUN;
  return historyLength >= threshold || (continueAsNewSuggested && historyLength >= threshold / 4);
}

/**
 * Called by the idle main loop when continueDue(): waits for every update and signal handler under
 * way to finish (none is cut off), then continues as new with the whole state. Returns without
 * continuing when a command came in meanwhile (the main loop runs it and asks again later), when the
 * settlement is closed, or when replaying a history recorded before CONTINUED (that run went on
 * waiting, so this one does too).
 */
export async function continueAsNewWhenIdle(ctx: SettlementContext): Promise<void> {
  if (!patched(CONTINUED)) {
    ctx.mayContinueAsNew = false;
    return;
  }
  await condition(() => allHandlersFinished() || busy(ctx));
  if (busy(ctx)) return;
  const next: TSettlementInput = { ...ctx.input, continued: ctx.carry() };
  // The memo (studio group, month) stays the same for ops in the Temporal UI.
  await makeContinueAsNewFunc<(input: TSettlementInput) => Promise<TSettlementResult>>({ memo: workflowInfo().memo })(next);
}

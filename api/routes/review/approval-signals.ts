import type { Client } from '@temporalio/client';
import { approvalsChangedSignal, type TApprovalsChangedEntry } from '../../../workflows/settlement.messages';
import { runUpdate, settlementHandle } from '../../temporal';

// The settlement workflow learns approval toggles by signal, after the api recorded them. When a
// month's trainers approve at once, one signal per toggle would make as many round trips to Temporal
// and history events as there are toggles, each a write of the one workflow. So the toggles of a
// settlement are signalled together: a signal collects the toggles of SIGNAL_WINDOW_MS and of the time
// the signal before it is under way, then goes. Every caller answers only once the signal
// with its toggle was accepted (a failed signal fails each of its callers, whose toggle is recorded:
// the same toggle again writes nothing and signals again), so nothing recorded is left unsignalled by
// an answer. The newest row id per trainer orders the values (`seq`).

type Batch = { entries: Map<string, TApprovalsChangedEntry>; sent: Promise<void> };
type Settlement = { inFlight: Promise<void> | null; next: Batch | null };

/**
 * How long a signal waits for more toggles. The signal before is under way only a few ms, so without
 * a window a signal carries hardly more than two toggles when many trainers approve at once; 15 ms
 * roughly halves the history events and Temporal's CPU of a month's approvals (measurements:
 * docs/decisions/0100). A toggle alone waits 15 ms more.
 */
const SIGNAL_WINDOW_MS = 15;

const pending = new WeakMap<Client, Map<string, Settlement>>();

/**
 * Signals trainers' current approvals to the settlement workflow, together with concurrent toggles:
 * one trainer's toggle, or every trainer of an approve-all in the same signal.
 */
export function signalApprovals(temporal: Client, settlementUuid: string, entry: TApprovalsChangedEntry | readonly TApprovalsChangedEntry[]): Promise<void> {
  let settlements = pending.get(temporal);
  if (!settlements) pending.set(temporal, (settlements = new Map()));
  let settlement = settlements.get(settlementUuid);
  if (!settlement) settlements.set(settlementUuid, (settlement = { inFlight: null, next: null }));

  if (!settlement.next) {
    const entries = new Map<string, TApprovalsChangedEntry>();
    const previous = settlement.inFlight ?? Promise.resolve();
    const current = settlement;
    const sent = previous
      .catch(() => undefined)
      .then(async () => {
        await new Promise((resolve) => setTimeout(resolve, SIGNAL_WINDOW_MS));
        // From here on, later toggles go in the batch after this one.
        if (current.next?.entries === entries) current.next = null;
        await runUpdate(temporal, () => settlementHandle(temporal, settlementUuid).signal(approvalsChangedSignal, { approvals: [...entries.values()] }));
      });
    current.next = { entries, sent };
    current.inFlight = sent;
    void sent
      .catch(() => undefined)
      .then(() => {
        if (current.inFlight === sent && current.next === null) settlements.delete(settlementUuid);
      });
  }
  const batch = settlement.next!;
  for (const item of Array.isArray(entry) ? entry : [entry]) {
    const known = batch.entries.get(item.trainerUuid);
    if (!known || known.seq <= item.seq) batch.entries.set(item.trainerUuid, item);
  }
  return batch.sent;
}

import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  isCancellation,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { ImportQueueActivities } from '../activities/import-queue';
import { COMMAND_WRITE, QUEUE_ITEM } from './activity-options';
import {
  cancelUpdate,
  DEFAULT_ITEM_DURATION_MS,
  enqueueUpdate,
  IDLE_TIMEOUT,
  ITEMS_PER_RUN,
  itemStatusQuery,
  QUEUE_FAILURE,
  RECENT_RUNS,
  ZImportQueueInput,
  ZImportQueueItem,
  type TImportQueueInput,
  type TImportQueueItem,
  type TQueueItemStatus,
  type TQueuePosition,
} from './import-queue.messages';

// A studio group's data import queue (spec admin 2.17; `import-queue-{studioGroupUuid}`): the
// "Recalculate billing" and "Update data for this location and recalculate billing" requests of
// the preview check run here one at a time, first in, first out, because each re-prepares the
// settlement's lines and two at once would only fight over the same rows. The items' rows
// (ImportQueueItem) are written by the activities; the queue order and the positions live here.
// After ITEMS_PER_RUN items the run continues as new with the waiting items, so the history stays
// small; with nothing to do for IDLE_TIMEOUT it ends, and the next enqueue starts it again.

// Bookkeeping: short, retried a while so a database hiccup does not lose a status.
const { recordQueueItem, markQueueItem } = proxyActivities<ImportQueueActivities>(COMMAND_WRITE);

// The work: a studio's class import and the settlement's preparation; the preparation of a large
// studio group takes minutes. It heartbeats while it waits, so a dead worker is noticed in a minute.
const { runQueueItem } = proxyActivities<ImportQueueActivities>(QUEUE_ITEM);

const fail = (type: string, message: string) => ApplicationFailure.create({ type, message, nonRetryable: true });

const FINISHED: readonly TQueueItemStatus[] = ['completed', 'error', 'cancelled'];

export async function importQueueWorkflow(rawInput: TImportQueueInput): Promise<void> {
  const parsed = ZImportQueueInput.safeParse(rawInput);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid import queue input: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, 'InvalidInput');
  }
  const { studioGroupUuid } = parsed.data;

  /** Every item this run knows, with its status. */
  const statuses = new Map<string, TQueueItemStatus>();
  /** Items not started yet, in queue order ('waiting' until their row is written, then 'pending'). */
  const queue: TImportQueueItem[] = [...parsed.data.queued];
  for (const item of queue) statuses.set(item.itemUuid, 'pending');
  let processing: { item: TImportQueueItem; startedAt: number } | null = null;
  const durations = [...parsed.data.recentDurationsMs].slice(-RECENT_RUNS);

  const averageDurationMs = () => (durations.length === 0 ? DEFAULT_ITEM_DURATION_MS : Math.round(durations.reduce((sum, ms) => sum + ms, 0) / durations.length));

  /**
   * Position 1 is the item being processed, 2 the next, ...; total counts the items not finished.
   * The estimated wait is the time until the item's turn: what remains of the running item plus
   * an average run for each item before it.
   */
  const positionOf = (itemUuid: string): TQueuePosition | null => {
    const active = [...(processing ? [processing.item] : []), ...queue];
    const index = active.findIndex((item) => item.itemUuid === itemUuid);
    if (index < 0) return null;
    const average = averageDurationMs();
    const remainingOfRunning = processing ? Math.max(0, average - (Date.now() - processing.startedAt)) : 0;
    const waitingBefore = processing ? index - 1 : index;
    const estimatedWaitMs = index === 0 && processing ? 0 : remainingOfRunning + waitingBefore * average;
    return { position: index + 1, total: active.length, estimatedWaitMs };
  };

  setHandler(itemStatusQuery, (itemUuid) => {
    const status = statuses.get(itemUuid);
    if (!status) return null;
    return { status, ...(positionOf(itemUuid) ?? { position: 0, total: 1, estimatedWaitMs: 0 }) };
  });

  setHandler(
    enqueueUpdate,
    async (args) => {
      const item = ZImportQueueItem.parse(args);
      statuses.set(item.itemUuid, 'waiting');
      queue.push(item);
      await recordQueueItem({ studioGroupUuid, item });
      if (statuses.get(item.itemUuid) === 'waiting') statuses.set(item.itemUuid, 'pending');
      return positionOf(item.itemUuid) ?? { position: 0, total: 1, estimatedWaitMs: 0 };
    },
    {
      validator: (args) => {
        const checked = ZImportQueueItem.safeParse(args);
        if (!checked.success) throw fail(QUEUE_FAILURE.invalid, 'validation.invalid');
        if (statuses.has(checked.data.itemUuid)) throw fail(QUEUE_FAILURE.conflict, 'importQueue.alreadyQueued');
        if (checked.data.importType === 'update_location_data_and_recalculate_billing' && !checked.data.studioUuid) {
          throw fail(QUEUE_FAILURE.invalid, 'importQueue.studioRequired');
        }
      },
    },
  );

  setHandler(
    cancelUpdate,
    async ({ itemUuid }) => {
      statuses.set(itemUuid, 'cancelled');
      const index = queue.findIndex((item) => item.itemUuid === itemUuid);
      if (index >= 0) queue.splice(index, 1);
      await markQueueItem({ itemUuid, status: 'cancelled' });
    },
    {
      validator: ({ itemUuid }) => {
        const status = statuses.get(itemUuid);
        if (!status) throw fail(QUEUE_FAILURE.notFound, 'importQueue.notFound');
        if (status === 'processing') throw fail(QUEUE_FAILURE.conflict, 'importQueue.cancelProcessing');
        if (FINISHED.includes(status)) throw fail(QUEUE_FAILURE.conflict, 'importQueue.cancelFinished');
        // Its row is being written; a moment later it can be cancelled.
        if (status === 'waiting') throw fail(QUEUE_FAILURE.conflict, 'importQueue.cancelNotYetQueued');
      },
    },
  );

  let processed = 0;
  for (;;) {
    const ready = await condition(() => queue[0] !== undefined && statuses.get(queue[0].itemUuid) === 'pending', IDLE_TIMEOUT);
    if (!ready) {
      if (queue.length === 0 && allHandlersFinished()) return;
      continue;
    }
    const item = queue.shift()!;
    processing = { item, startedAt: Date.now() };
    statuses.set(item.itemUuid, 'processing');
    await markQueueItem({ itemUuid: item.itemUuid, status: 'processing' });
    let outcome: TQueueItemStatus = 'completed';
    let error: string | undefined;
    try {
      await runQueueItem({ studioGroupUuid, item });
    } catch (failure) {
      if (isCancellation(failure)) throw failure;
      outcome = 'error';
      error = failure instanceof Error ? (failure.cause instanceof Error ? failure.cause.message : failure.message) : String(failure);
    }
    await markQueueItem({ itemUuid: item.itemUuid, status: outcome, error });
    statuses.set(item.itemUuid, outcome);
    durations.push(Date.now() - processing.startedAt);
    durations.splice(0, Math.max(0, durations.length - RECENT_RUNS));
    processing = null;
    processed++;

    if (processed >= ITEMS_PER_RUN) {
      // Let running enqueues record their items first: they are carried over as pending.
      await condition(allHandlersFinished);
      await continueAsNew<typeof importQueueWorkflow>({ studioGroupUuid, queued: queue.filter((queued) => statuses.get(queued.itemUuid) === 'pending'), recentDurationsMs: durations });
    }
  }
}

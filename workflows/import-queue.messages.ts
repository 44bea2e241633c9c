import { defineQuery, defineUpdate } from '@temporalio/workflow';
import { z } from 'zod';

// The import queue's input, items, queries and updates (spec admin 2.17, 4 "Import queue status",
// 7 "Preview check"). The API and the activities import this file, never the workflow body.

export const IMPORT_QUEUE_TYPES = ['recalculate_billing', 'update_location_data_and_recalculate_billing'] as const;
export type TImportQueueType = (typeof IMPORT_QUEUE_TYPES)[number];

/** Items processed per run before continue-as-new, so the history stays small. */
export const ITEMS_PER_RUN = 25;
/** Runs whose durations make the estimated wait. */
export const RECENT_RUNS = 10;
/** Estimated duration of one item while no run has finished yet (spec 9: 5 minutes). */
export const DEFAULT_ITEM_DURATION_MS = 5 * 60_000;
/** A queue with nothing to do for this long ends; the next enqueue starts it again. */
export const IDLE_TIMEOUT = '1 hour';

export const ZImportQueueItem = z.object({
  itemUuid: z.string().uuid(),
  importType: z.enum(IMPORT_QUEUE_TYPES),
  settlementUuid: z.string().uuid(),
  /** The studio whose classes are imported again (update_location_data_and_recalculate_billing). */
  studioUuid: z.string().uuid().nullable().default(null),
  userUuid: z.string().min(1),
  locale: z.enum(['de', 'en']).default('en'),
});
export type TImportQueueItem = z.infer<typeof ZImportQueueItem>;
export type TEnqueueArgs = z.input<typeof ZImportQueueItem>;

export type TQueueItemStatus = 'waiting' | 'pending' | 'processing' | 'completed' | 'error' | 'cancelled';

export const ZImportQueueInput = z.object({
  studioGroupUuid: z.string().uuid(),
  /** Items carried over from the previous run (continue-as-new), in queue order. */
  queued: z.array(ZImportQueueItem).default([]),
  /** Durations in ms of the latest runs, newest last. */
  recentDurationsMs: z.array(z.number().nonnegative()).default([]),
});
export type TImportQueueInput = z.input<typeof ZImportQueueInput>;

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const IMPORT_QUEUE_WORKFLOW = 'importQueueWorkflow' as const;
/** The workflow's signature, for typed starts by name. */
export type TImportQueueWorkflow = (input: TImportQueueInput) => Promise<void>;

/** The answer of enqueue: where the item stands. */
export type TQueuePosition = { position: number; total: number; estimatedWaitMs: number };
/** The answer of the `itemStatus` query; null when this run does not know the item. */
export type TQueueItemState = TQueuePosition & { status: TQueueItemStatus };
export type TCancelArgs = { itemUuid: string };

/** Failure types of the update validators (api/errors.ts maps them to 404 / 409 / 422). */
export const QUEUE_FAILURE = { notFound: 'NotFound', conflict: 'Conflict', invalid: 'Invalid' } as const;

export const itemStatusQuery = defineQuery<TQueueItemState | null, [string]>('itemStatus');
/** Adds an item at the end of the queue; answers its position once the item is recorded. */
export const enqueueUpdate = defineUpdate<TQueuePosition, [TEnqueueArgs]>('enqueue');
/** Cancels a waiting item; refused for the item being processed and for finished items. */
export const cancelUpdate = defineUpdate<void, [TCancelArgs]>('cancel');

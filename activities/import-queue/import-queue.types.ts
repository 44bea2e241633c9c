import { z } from 'zod';
import { ZImportQueueItem } from '../../workflows/import-queue.messages';

// Arguments of the import queue activities, as zod schemas: the activities parse their argument
// with them and the workflow imports only the types.

export const ZRecordQueueItemInput = z.object({ studioGroupUuid: z.string().uuid(), item: ZImportQueueItem });
export type TRecordQueueItemInput = z.input<typeof ZRecordQueueItemInput>;
export type TRecordQueueItemResult = { queueId: number };

export const ZMarkQueueItemInput = z.object({
  itemUuid: z.string().uuid(),
  status: z.enum(['processing', 'completed', 'error', 'cancelled']),
  /** Why an item ended in error (kept in the worker log; the user reads 'An error happened during importing.'). */
  error: z.string().optional(),
});
export type TMarkQueueItemInput = z.input<typeof ZMarkQueueItemInput>;

export const ZRunQueueItemInput = ZRecordQueueItemInput;
export type TRunQueueItemInput = z.input<typeof ZRunQueueItemInput>;
export type TRunQueueItemResult = { classesImported: number | null; trainersPrepared: number };

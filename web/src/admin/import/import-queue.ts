import type { TImportQueueStatus } from '../../../../contracts/import-queue.contract';

// The data import queue modal as pure rules (spec 2.17, 4 "Import queue status", 9).

/** Spec 9: the status is polled every 15 s, the page reloads 5 s after completion. */
export const QUEUE_POLL_MS = 15_000;
export const RELOAD_COUNTDOWN_SECONDS = 5;
/** Spec 9: defaults before the first status answer. */
export const DEFAULT_POSITION = 1;
export const DEFAULT_TOTAL = 1;
export const DEFAULT_WAIT_MINUTES = 5;

/** 100 minus position over total, clamped to 0–100. */
export function queueProgress(position: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round(100 - (position / total) * 100)));
}

/** Which wait text to show: 'Less than 1 minute', '1 minute', 'N minutes'. */
export function waitTextKey(minutes: number): { key: 'lessThanMinute' | 'minute' | 'minutes'; count: number } {
  if (minutes < 1) return { key: 'lessThanMinute', count: 0 };
  if (minutes === 1) return { key: 'minute', count: 1 };
  return { key: 'minutes', count: Math.round(minutes) };
}

export const isFinalStatus = (status: TImportQueueStatus) => status === 'completed' || status === 'error' || status === 'cancelled';

/** Spec 4: a 404 on a status check while processing means the item finished (and was cleaned up); otherwise it is an error. */
export const statusAfterNotFound = (current: TImportQueueStatus): TImportQueueStatus => (current === 'processing' ? 'completed' : 'error');

import { describe, expect, it } from 'vitest';
import { isFinalStatus, queueProgress, statusAfterNotFound, waitTextKey } from './import-queue';

describe('import queue modal rules (spec 2.17, 4)', () => {
  it('shows 100 minus position over total, clamped', () => {
    expect(queueProgress(1, 1)).toBe(0);
    expect(queueProgress(1, 4)).toBe(75);
    expect(queueProgress(0, 3)).toBe(100);
    expect(queueProgress(5, 2)).toBe(0);
    expect(queueProgress(1, 0)).toBe(0);
  });

  it('says less than a minute, one minute or N minutes', () => {
    expect(waitTextKey(0)).toEqual({ key: 'lessThanMinute', count: 0 });
    expect(waitTextKey(1)).toEqual({ key: 'minute', count: 1 });
    expect(waitTextKey(7)).toEqual({ key: 'minutes', count: 7 });
  });

  it('treats a 404 while processing as completed, else as an error', () => {
    expect(statusAfterNotFound('processing')).toBe('completed');
    expect(statusAfterNotFound('pending')).toBe('error');
    expect(isFinalStatus('cancelled')).toBe(true);
    expect(isFinalStatus('pending')).toBe(false);
  });
});

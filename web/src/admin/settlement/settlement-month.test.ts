import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { firstOpenMonth, isSettleableMonth, latestSettleableMonth, settlementMonthOf } from './settlement-month';

describe('settlement month (spec 5)', () => {
  const now = DateTime.local(2026, 3, 1, 0, 0, 1);

  it('stores a month as its last day, leap years included', () => {
    expect(settlementMonthOf('2024-02-01')).toBe('2024-02-29');
    expect(settlementMonthOf('2026-02-14')).toBe('2026-02-28');
    expect(settlementMonthOf('2025-12-01')).toBe('2025-12-31');
    expect(settlementMonthOf('not a date')).toBe('');
  });

  it('accepts only months strictly before the current one', () => {
    expect(isSettleableMonth('2026-02-01', now)).toBe(true);
    expect(isSettleableMonth('2026-02-28', now)).toBe(true);
    expect(isSettleableMonth('2025-12-01', now)).toBe(true);
    expect(isSettleableMonth('2026-03-01', now)).toBe(false);
    expect(isSettleableMonth('2026-04-01', now)).toBe(false);
    expect(isSettleableMonth(null, now)).toBe(false);
    expect(isSettleableMonth('', now)).toBe(false);
  });

  it('names the current month as the first that may not be settled, and the one before as the latest that may', () => {
    expect(firstOpenMonth(now)).toBe('2026-03-01');
    expect(latestSettleableMonth(now)).toBe('2026-02-01');
    expect(latestSettleableMonth(DateTime.local(2026, 1, 31))).toBe('2025-12-01');
  });
});

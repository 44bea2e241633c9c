import { describe, expect, it } from 'vitest';
import { currentMonthTitle, isBeforeCurrentMonth, lastDayOfMonth, monthInstants, monthTitle } from './month';

describe('settlement month (spec 5, 9)', () => {
  it('is stored as the last day of the month, from any day of it or YYYY-MM', () => {
    expect(lastDayOfMonth('2026-02-01')).toBe('2026-02-28');
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastDayOfMonth('2026-09-30')).toBe('2026-09-30');
    expect(lastDayOfMonth('2026-13-01')).toBeNull();
    expect(lastDayOfMonth('30.09.2026')).toBeNull();
  });

  it('accepts only a month strictly before the current one, in Germany’s time', () => {
    const now = new Date('2026-11-01T00:30:00+01:00'); // already November in Berlin, still October in UTC
    expect(isBeforeCurrentMonth('2026-10-31', now)).toBe(true);
    expect(isBeforeCurrentMonth('2026-11-30', now)).toBe(false);
    expect(isBeforeCurrentMonth('2027-01-31', now)).toBe(false);
    expect(currentMonthTitle('de', now)).toBe('November 2026');
  });

  it('titles a month in the reader’s language', () => {
    expect(monthTitle('2026-03-31', 'de')).toBe('März 2026');
    expect(monthTitle('2026-03-31', 'en')).toBe('March 2026');
  });

  it('covers the month from midnight to midnight in Germany (summer time ends in October)', () => {
    const { start, end, firstDay } = monthInstants('2026-10-31');
    expect(firstDay).toBe('2026-10-01');
    expect(start.toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });
});

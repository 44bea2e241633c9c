import { describe, expect, it } from 'vitest';
import { limitLevel, percentOfLimit, SMALL_BUSINESS_LIMITS, smallBusinessCheck, thresholdsReached } from './small-business';

describe('small-business limits (§19 UStG from 2025)', () => {
  it('are 25,000 € for the previous year and 100,000 € for the current one, warning from 80 %', () => {
    expect(SMALL_BUSINESS_LIMITS).toMatchObject({ since: 2025, previousYearCents: 2_500_000, currentYearCents: 10_000_000, nearPercent: 80 });
  });

  it('is near from 80 % on and passed only above the limit ("at most" the limit is still within)', () => {
    expect(limitLevel(7_999_999, 10_000_000, 80)).toBe('ok');
    expect(limitLevel(8_000_000, 10_000_000, 80)).toBe('near');
    expect(limitLevel(10_000_000, 10_000_000, 80)).toBe('near');
    expect(limitLevel(10_000_001, 10_000_000, 80)).toBe('passed');
  });

  it('adds what is about to be billed, and blocks when that passes the current year’s limit', () => {
    const check = smallBusinessCheck({ previousYearCents: 2_400_000, currentYearCents: 9_950_000, pendingCents: 60_000 });
    expect(check).toEqual({ previousYearCents: 2_400_000, currentYearCents: 10_010_000, previousYear: 'near', currentYear: 'passed', blocking: true });
    expect(smallBusinessCheck({ previousYearCents: 0, currentYearCents: 9_950_000, pendingCents: 50_000 }).blocking).toBe(false);
    // The previous year's limit warns, it never blocks a billing of this year.
    expect(smallBusinessCheck({ previousYearCents: 3_000_000, currentYearCents: 0 })).toMatchObject({ previousYear: 'passed', blocking: false });
  });

  it('names each threshold once: a passed limit takes its near notice along, unsent', () => {
    expect(thresholdsReached({ previousYear: 'ok', currentYear: 'near' })).toEqual([{ threshold: 'current_year_near', notify: true }]);
    expect(thresholdsReached({ previousYear: 'passed', currentYear: 'passed' })).toEqual([
      { threshold: 'previous_year_near', notify: false },
      { threshold: 'previous_year_passed', notify: true },
      { threshold: 'current_year_near', notify: false },
      { threshold: 'current_year_passed', notify: true },
    ]);
    expect(percentOfLimit(8_123_456, 10_000_000)).toBe(81);
  });
});

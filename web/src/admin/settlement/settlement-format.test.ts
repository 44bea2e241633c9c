import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatSettlementTime } from './settlement-format';

describe('formatSettlementTime', () => {
  // 14:30 in Berlin, whatever zone the test runs in.
  const at = (day: number) => DateTime.fromObject({ year: 2026, month: 3, day, hour: 14, minute: 30 }, { zone: 'Europe/Berlin' }).toISO() ?? '';

  it("writes 'dddd, MMMM Do YYYY, HH:mm' in English with the ordinal suffix", () => {
    expect(formatSettlementTime(at(5), 'en')).toBe('Thursday, March 5th 2026, 14:30');
    expect(formatSettlementTime(at(1), 'en')).toBe('Sunday, March 1st 2026, 14:30');
    expect(formatSettlementTime(at(22), 'en')).toBe('Sunday, March 22nd 2026, 14:30');
    expect(formatSettlementTime(at(13), 'en')).toBe('Friday, March 13th 2026, 14:30');
  });

  it('writes German dates in German order', () => {
    expect(formatSettlementTime(at(5), 'de')).toBe('Donnerstag, 5. März 2026, 14:30');
  });

  it('shows nothing for a missing or broken time', () => {
    expect(formatSettlementTime(null, 'en')).toBe('');
    expect(formatSettlementTime('yesterday', 'de')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatBerlinDateTime, formatDate, formatMonth, formatNumericDate, formatSettlementTime, parseIso } from './dates';

// The same words luxon wrote before (DATE_SHORT, 'LLLL yyyy', 'dd.MM.yyyy', Berlin 'dd.MM.yyyy HH:mm').
describe('dates', () => {
  it('reads a bare date or a time without an offset as a clock time, one with an offset as that instant', () => {
    expect(parseIso('2026-01-31')?.getDate()).toBe(31);
    expect(parseIso('2026-02')?.getMonth()).toBe(1);
    expect(parseIso('2026-03-05T14:30:00', 'Europe/Berlin')?.toISOString()).toBe('2026-03-05T13:30:00.000Z');
    expect(parseIso('2026-07-05T14:30:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-05T12:30:00.000Z');
    expect(parseIso('2026-03-05T14:30:00.250Z')?.toISOString()).toBe('2026-03-05T14:30:00.250Z');
    expect(parseIso('2026-03-05T14:30:00+05:30')?.toISOString()).toBe('2026-03-05T09:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const value of ['yesterday', '', '2026-02-30', '2026-13-01', '2026-01-01 10:00', '2026-01-01T25:00']) expect(parseIso(value)).toBeNull();
    expect(formatDate('yesterday', 'de')).toBe('');
    expect(formatSettlementTime(null, 'en')).toBe('');
  });

  it('writes dates and months in the language', () => {
    expect(formatDate('2026-01-31', 'de')).toBe('31.1.2026');
    expect(formatDate('2026-01-31', 'en')).toBe('31/01/2026');
    expect(formatMonth('2026-03-01', 'de')).toBe('März 2026');
    expect(formatMonth('2026-03', 'en')).toBe('March 2026');
  });

  it('writes numeric dates and Berlin class times the same in every language', () => {
    expect(formatNumericDate('2026-03-07')).toBe('07.03.2026');
    expect(formatBerlinDateTime('2026-10-25T00:30:00Z')).toBe('25.10.2026 02:30');
    expect(formatBerlinDateTime('2026-10-25T01:30:00Z')).toBe('25.10.2026 02:30');
    expect(formatBerlinDateTime(null)).toBe('');
  });

  it('writes settlement times in Berlin time', () => {
    expect(formatSettlementTime('2026-03-05T13:30:00Z', 'de')).toBe('Donnerstag, 5. März 2026, 14:30');
    expect(formatSettlementTime(new Date(Date.UTC(2026, 2, 2, 13, 5)), 'en')).toBe('Monday, March 2nd 2026, 14:05');
  });
});

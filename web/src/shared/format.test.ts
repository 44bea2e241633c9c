import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { daysInRange, formatEuros, formatImportLogTime, formatMoney, formatSettlementTime, lastCompleteMonth } from './format';

describe('format', () => {
  it('shows cents as euros in German style', () => {
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatMoney(-5).replace(/\s/g, ' ')).toBe('-0,05 €');
  });

  it('shows the euros of an answer exactly as the same cents', () => {
    expect(formatEuros(2103.34).replace(/\s/g, ' ')).toBe('2.103,34 €');
    expect(formatEuros(0.1).replace(/\s/g, ' ')).toBe('0,10 €');
    expect(formatEuros(-10.5)).toBe(formatMoney(-1050));
    for (const cents of [0, 1, 29, 99, 100, 4375, 123456, -598]) expect(formatEuros(cents / 100)).toBe(formatMoney(cents));
  });

  it('shows import log times as DD.MM.YYYY HH:mm:ss', () => {
    const iso = DateTime.local(2026, 3, 7, 9, 5, 3).toISO() ?? '';
    expect(formatImportLogTime(iso)).toBe('07.03.2026 09:05:03');
  });

  it('defaults an import to the last complete month, across a year end', () => {
    expect(lastCompleteMonth(DateTime.local(2026, 1, 15))).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(lastCompleteMonth(DateTime.local(2024, 3, 31))).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('counts the days of an inclusive range', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  });
});

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

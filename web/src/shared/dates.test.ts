import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, type AppLocale } from './i18n/locales';
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

  // The trainer portal writes dates without luxon; the admin still has it. This keeps the
  // two the same words for any instant (2000-2040, DST changes included) in every language.
  it('writes what luxon wrote, for any instant and language', () => {
    const ordinal = (day: number) => (day % 100 >= 11 && day % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 11, 31) }), fc.constantFrom<AppLocale>('de', 'en', 'es'), (ms, locale) => {
        const iso = new Date(ms).toISOString();
        const berlin = DateTime.fromISO(iso, { zone: 'Europe/Berlin' }).setLocale(INTL_LOCALE[locale]);
        expect(formatBerlinDateTime(iso)).toBe(berlin.toFormat('dd.MM.yyyy HH:mm'));
        const settlementTime = locale === 'de' ? berlin.toFormat("cccc, d'.' LLLL yyyy, HH:mm") : `${berlin.toFormat('cccc, LLLL d')}${ordinal(berlin.day)} ${berlin.toFormat('yyyy, HH:mm')}`;
        expect(formatSettlementTime(iso, locale)).toBe(settlementTime);
        const day = berlin.toISODate()!;
        expect(formatDate(day, locale)).toBe(DateTime.fromISO(day).setLocale(INTL_LOCALE[locale]).toLocaleString(DateTime.DATE_SHORT));
        expect(formatMonth(day, locale)).toBe(DateTime.fromISO(day).setLocale(INTL_LOCALE[locale]).toFormat('LLLL yyyy'));
        // A Berlin clock time without an offset is read as luxon reads it, also in the hour the clocks skip or repeat.
        const clockTime = berlin.toFormat("yyyy-MM-dd'T'HH:mm:ss");
        expect(parseIso(clockTime, 'Europe/Berlin')?.getTime()).toBe(DateTime.fromISO(clockTime, { zone: 'Europe/Berlin' }).toMillis());
      }),
      { numRuns: 3000 },
    );
    // Clock times that do not exist (the spring gap) or exist twice (autumn): read as luxon reads them.
    for (const clockTime of ['2026-03-29T02:30:00', '2025-03-30T02:59:59', '2026-10-25T02:30:00']) {
      expect(parseIso(clockTime, 'Europe/Berlin')?.getTime()).toBe(DateTime.fromISO(clockTime, { zone: 'Europe/Berlin' }).toMillis());
    }
  });
});

import { DateTime } from 'luxon';

// The settlement month (spec 5 and 9): stored as its last day (YYYY-MM-DD); only a month before the
// current one may be settled. Classes belong to the month by their start in Germany.

export const SETTLEMENT_TIME_ZONE = 'Europe/Berlin';

/** The last day of the month of `value` (YYYY-MM-DD or YYYY-MM); null when it is not a calendar date. */
export function lastDayOfMonth(value: string): string | null {
  const text = /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = DateTime.fromISO(text, { zone: SETTLEMENT_TIME_ZONE });
  if (!date.isValid) return null;
  return date.endOf('month').toISODate();
}

/** Whether the month lies strictly before the current month (in Germany) — spec 5. */
export function isBeforeCurrentMonth(lastDay: string, now: Date = new Date()): boolean {
  const firstOfCurrent = DateTime.fromJSDate(now, { zone: SETTLEMENT_TIME_ZONE }).startOf('month').toISODate()!;
  return lastDay < firstOfCurrent;
}

/** 'November 2026' / 'November 2026' (de): the headline format 'MMMM YYYY' of the spec. */
export function monthTitle(lastDay: string, locale: string): string {
  return DateTime.fromISO(lastDay, { zone: SETTLEMENT_TIME_ZONE }).setLocale(locale).toFormat('LLLL yyyy');
}

/** The current month's title in `locale`, for 'You have to select a date before {month}'. */
export function currentMonthTitle(locale: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: SETTLEMENT_TIME_ZONE }).setLocale(locale).toFormat('LLLL yyyy');
}

/** The instants a month covers: from the first day's midnight in Germany to the next month's. */
export function monthInstants(lastDay: string): { start: Date; end: Date; firstDay: string; lastDay: string } {
  const first = DateTime.fromISO(lastDay, { zone: SETTLEMENT_TIME_ZONE }).startOf('month');
  return { start: first.toJSDate(), end: first.plus({ months: 1 }).toJSDate(), firstDay: first.toISODate()!, lastDay: first.endOf('month').toISODate()! };
}

/** A `date` column as MikroORM hands it out (string or Date) as YYYY-MM-DD. */
export function isoDateOf(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  return DateTime.fromJSDate(value, { zone: 'UTC' }).toISODate()!;
}

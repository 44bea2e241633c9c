import { DateTime } from 'luxon';

// Spec 5 and 9: a settlement covers one month strictly before the current one and is stored as
// that month's last day (YYYY-MM-DD). The month picker hands out the first day of a month.

/** The last day of the month of `value` (any day of it, YYYY-MM-DD), as the API stores it. */
export function settlementMonthOf(value: string): string {
  const date = DateTime.fromISO(value);
  return date.isValid ? (date.endOf('month').toISODate() ?? '') : '';
}

/** The first day of the current month: the earliest month that may not be settled yet. */
export function firstOpenMonth(now: DateTime = DateTime.local()): string {
  return now.startOf('month').toISODate() ?? '';
}

/** The latest month that may be settled (the last complete one), as its first day, for the picker's maxDate. */
export function latestSettleableMonth(now: DateTime = DateTime.local()): string {
  return now.minus({ months: 1 }).startOf('month').toISODate() ?? '';
}

/** Whether a month (any day of it) lies strictly before the current month. */
export function isSettleableMonth(value: string | null | undefined, now: DateTime = DateTime.local()): boolean {
  if (!value) return false;
  const date = DateTime.fromISO(value);
  return date.isValid && date.endOf('month') < now.startOf('month');
}

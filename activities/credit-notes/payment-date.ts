import { DateTime } from 'luxon';

// The payout dates of a credit-note run. The credit note tells the trainer when the money is
// transferred, and the SEPA file asks the bank to execute on that day, so both come from here.
//
// Choice (not shown by the spec): the transfer date is the issue date plus 3 calendar days — time for
// the admin to hand the SEPA file to the bank and for the trainer to object — moved forward to the
// next SEPA (TARGET2) business day: not Saturday, Sunday, New Year's Day, Good Friday, Easter Monday,
// 1 May, 25 or 26 December. Dates are calendar days in Germany (YYYY-MM-DD).

export const TRANSFER_DAYS_AFTER_ISSUE = 3;

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easterSunday(year: number): DateTime {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return DateTime.utc(year, month, day);
}

/** Whether SEPA credit transfers are executed on this day (TARGET2 calendar). */
export function isSepaBusinessDay(isoDate: string): boolean {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' });
  if (date.weekday >= 6) return false;
  const monthDay = date.toFormat('MM-dd');
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(date.year);
  const day = date.toISODate();
  return day !== easter.minus({ days: 2 }).toISODate() && day !== easter.plus({ days: 1 }).toISODate();
}

/** The first SEPA business day on or after the date. */
export function sepaBusinessDayOnOrAfter(isoDate: string): string {
  let date = DateTime.fromISO(isoDate, { zone: 'utc' });
  while (!isSepaBusinessDay(date.toISODate()!)) date = date.plus({ days: 1 });
  return date.toISODate()!;
}

/** The first SEPA business day after the date. */
export function nextSepaBusinessDay(isoDate: string): string {
  return sepaBusinessDayOnOrAfter(DateTime.fromISO(isoDate, { zone: 'utc' }).plus({ days: 1 }).toISODate()!);
}

/** The transfer date printed on a credit note issued on `issueDate` (see above). */
export function transferDateFor(issueDate: string): string {
  return sepaBusinessDayOnOrAfter(DateTime.fromISO(issueDate, { zone: 'utc' }).plus({ days: TRANSFER_DAYS_AFTER_ISSUE }).toISODate()!);
}

/** Today in Germany (YYYY-MM-DD): the issue date of a credit note. */
export function todayInGermany(now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: 'Europe/Berlin' }).toISODate()!;
}

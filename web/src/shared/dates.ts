import { INTL_LOCALE, type AppLocale } from './i18n/locales';

// How the screens show dates, with the browser's Intl alone: the trainer portal's first screen
// shows dates without loading luxon (21 KB gzip); format.ts (with luxon for the admin's
// date arithmetic) passes these on, so every screen writes a date the same way.

/** Settlements, approvals and comments are a Berlin business's: their times are Berlin time whatever the browser's zone. */
const BERLIN = 'Europe/Berlin';

/**
 * An ISO date or date-time as the API sends it: a calendar date (YYYY-MM, YYYY-MM-DD) or a time
 * without an offset is a clock time in `zone` (the browser's if undefined), a time with one (Z,
 * +01:00) is that instant; null if it is not one of these (or names a day that does not exist).
 */
export function parseIso(value: string | Date, zone?: string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const match = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day = '1', hour = '0', minute = '0', second = '0', fraction = '0', offset] = match;
  const fields = [Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0'))] as const;
  // JavaScript rolls a day that does not exist (2026-02-30) over into the next month: refuse it.
  const asUtc = new Date(Date.UTC(...fields));
  if (asUtc.getUTCMonth() !== fields[1] || asUtc.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return null;
  if (offset) return new Date(value);
  if (!zone) return new Date(...fields);
  // The instant whose clock in `zone` shows these fields: UTC shifted by the zone's offset then.
  let instant = asUtc.getTime();
  for (let step = 0; step < 2; step++) instant = asUtc.getTime() - (clockAsUtc(new Date(instant), zone) - instant);
  return new Date(instant);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function intl(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** Year, month, day, hour, minute and second of `date` as a clock in `timeZone` (the browser's if undefined) shows them. */
function clock(date: Date, timeZone?: string) {
  const parts = intl('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((found) => found.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The clock `date` shows in `zone`, read as if it were UTC (its difference to `date` is the zone's offset). */
function clockAsUtc(date: Date, zone: string): number {
  const { year, month, day, hour, minute, second } = clock(date, zone);
  return Date.UTC(year, month - 1, day, hour, minute, second, date.getUTCMilliseconds());
}

const two = (value: number) => String(value).padStart(2, '0');

/** A calendar date in the user's language, e.g. 31.1.2026 / 31/01/2026. */
export function formatDate(value: string | Date, locale: AppLocale): string {
  const date = parseIso(value);
  return date ? intl(INTL_LOCALE[locale], { year: 'numeric', month: 'numeric', day: 'numeric' }).format(date) : '';
}

/** Month headline, 'MMMM yyyy' in the user's language (spec 9). */
export function formatMonth(value: string | Date, locale: AppLocale): string {
  const date = parseIso(value);
  return date ? `${intl(INTL_LOCALE[locale], { month: 'long' }).format(date)} ${String(date.getFullYear()).padStart(4, '0')}` : '';
}

/** DD.MM.YYYY whatever the language (the notifications' dates, spec 9), in the browser's zone. */
export function formatNumericDate(value: string | Date): string {
  const date = parseIso(value);
  if (!date) return '';
  const { year, month, day } = clock(date);
  return `${two(day)}.${two(month)}.${year}`;
}

/** DD.MM.YYYY HH:mm in Berlin time (a class's start); '' for none. */
export function formatBerlinDateTime(value: string | null): string {
  const date = value ? parseIso(value, BERLIN) : null;
  if (!date) return '';
  const { year, month, day, hour, minute } = clock(date, BERLIN);
  return `${two(day)}.${two(month)}.${year} ${two(hour)}:${two(minute)}`;
}

const ordinalSuffix = (day: number) => {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
};

/**
 * Created-on and completed-on times of a settlement, the spec's 'dddd, MMMM Do YYYY, HH:mm'
 * (spec 2.11, 9) in Berlin time: "Thursday, March 5th 2026, 14:30". German writes the ordinal as
 * "5." in its usual order ("Donnerstag, 5. März 2026, 14:30").
 */
export function formatSettlementTime(value: string | Date | null | undefined, locale: AppLocale): string {
  const date = value ? parseIso(value, BERLIN) : null;
  if (!date) return '';
  const { year, day, hour, minute } = clock(date, BERLIN);
  const weekday = intl(INTL_LOCALE[locale], { timeZone: BERLIN, weekday: 'long' }).format(date);
  const month = intl(INTL_LOCALE[locale], { timeZone: BERLIN, month: 'long' }).format(date);
  const time = `${two(hour)}:${two(minute)}`;
  if (locale === 'de') return `${weekday}, ${day}. ${month} ${year}, ${time}`;
  return `${weekday}, ${month} ${day}${ordinalSuffix(day)} ${year}, ${time}`;
}

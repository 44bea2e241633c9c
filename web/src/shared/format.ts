import { DateTime } from 'luxon';
import { eurosToCents, formatEuro } from '../../../domain/money';
import { INTL_LOCALE, type AppLocale } from './i18n/locales';

// One place for how dates and money look, so every screen, PDF preview and export agrees.

/**
 * Euros as the API answers them (value_gross, sum_net, sumGross, Brutto …: JSON numbers with at
 * most two decimals, DESIGN "Money in answers"), shown German style whatever the UI language. The
 * one money formatter of the screens: it is the PDFs' and CSVs' formatEuro on the exact cents.
 */
export function formatEuros(euros: number): string {
  return formatEuro(eurosToCents(euros));
}

/** Integer cents, for the fields named `…Cents` / `…_cents` the client sums or edits itself. */
export function formatMoney(cents: number): string {
  return formatEuro(cents);
}

const parse = (value: string | Date) =>
  typeof value === 'string' ? DateTime.fromISO(value) : DateTime.fromJSDate(value);

/** A calendar date in the user's language, e.g. 31.01.2026 / 31/01/2026. */
export function formatDate(value: string | Date, locale: AppLocale): string {
  const date = parse(value);
  return date.isValid ? date.setLocale(INTL_LOCALE[locale]).toLocaleString(DateTime.DATE_SHORT) : '';
}

/** Month headline, 'MMMM yyyy' in the user's language (spec 9). */
export function formatMonth(value: string | Date, locale: AppLocale): string {
  const date = parse(value);
  return date.isValid ? date.setLocale(INTL_LOCALE[locale]).toFormat('LLLL yyyy') : '';
}

/** Import log time: DD.MM.YYYY HH:mm:ss in German formatting regardless of the UI language (spec 2.15, 9). */
export function formatImportLogTime(iso: string): string {
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.setLocale('de-DE').toFormat('dd.MM.yyyy HH:mm:ss') : iso;
}

/** The API's date format, YYYY-MM-DD. */
export function toIsoDate(value: DateTime): string {
  return value.toISODate() ?? '';
}

/** The last complete month before `now`: the default range of an import. */
export function lastCompleteMonth(now: DateTime = DateTime.local()): { start: string; end: string } {
  const month = now.minus({ months: 1 });
  return { start: toIsoDate(month.startOf('month')), end: toIsoDate(month.endOf('month')) };
}

/** Days covered by an inclusive YYYY-MM-DD range (1 for a single day). */
export function daysInRange(start: string, end: string): number {
  return Math.round(DateTime.fromISO(end).diff(DateTime.fromISO(start), 'days').days) + 1;
}

const ordinalSuffix = (day: number) => {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
};

/**
 * Created-on and completed-on times of a settlement, the spec's 'dddd, MMMM Do YYYY, HH:mm'
 * (spec 2.11, 9): "Thursday, March 5th 2026, 14:30". luxon has no ordinal token, so English adds
 * the suffix itself; German writes the ordinal as "5." in its usual order ("Donnerstag, 5. März 2026, 14:30").
 */
export function formatSettlementTime(value: string | null | undefined, locale: AppLocale): string {
  if (!value) return '';
  // Berlin time whatever the browser's zone: settlements, approvals and comments are a Berlin business's.
  const date = DateTime.fromISO(value, { zone: 'Europe/Berlin' });
  if (!date.isValid) return '';
  const local = date.setLocale(INTL_LOCALE[locale]);
  if (locale === 'de') return local.toFormat("cccc, d'.' LLLL yyyy, HH:mm");
  return `${local.toFormat('cccc, LLLL d')}${ordinalSuffix(local.day)} ${local.toFormat('yyyy, HH:mm')}`;
}

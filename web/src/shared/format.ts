import { DateTime } from 'luxon';
import { eurosToCents, formatEuro } from '../../../domain/money';

// One place for how dates and money look, so every screen, PDF preview and export agrees. The
// calendar dates, months and settlement times are dates.ts's (Intl alone, no luxon).

export { formatDate, formatMonth, formatSettlementTime } from './dates';

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

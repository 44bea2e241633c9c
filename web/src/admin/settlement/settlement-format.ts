import { DateTime } from 'luxon';
import { INTL_LOCALE, type AppLocale } from '../../shared/i18n/locales';

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

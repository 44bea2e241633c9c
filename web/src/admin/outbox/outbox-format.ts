import { DateTime } from 'luxon';
import { INTL_LOCALE, type AppLocale } from '../../shared/i18n/locales';

/** When an e-mail was recorded or sent: date and time in the user's language (20.11.2026, 09:30). */
export function formatEmailTime(iso: string | null, locale: AppLocale): string {
  if (!iso) return '';
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.setLocale(INTL_LOCALE[locale]).toLocaleString(DateTime.DATETIME_SHORT) : '';
}

/**
 * The e-mail's HTML for a sandboxed frame: links open in a new tab (the frame may not navigate
 * itself, and the pages they point to would refuse to be framed anyway).
 */
export function framedEmailHtml(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

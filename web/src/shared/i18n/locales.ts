import { createStoredValue } from '../stored-value';

/** Languages of the URL (`/:locale/...`). Spanish covers navigation only; the rest falls back to English. */
export const APP_LOCALES = ['de', 'en', 'es'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'de';

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value);

/** BCP 47 tags for Intl/luxon, so dates read as the user's language expects. */
export const INTL_LOCALE: Record<AppLocale, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES' };

export const storedLocale = createStoredValue<AppLocale>('trainerpay.locale', (raw) => (isAppLocale(raw) ? raw : null));

export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): AppLocale | null {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isAppLocale(base)) return base;
  }
  return null;
}

/** The locale for a URL without one: what the user chose last, else the browser's, else German. */
export function preferredLocale(): AppLocale {
  return storedLocale.get() ?? browserLocale() ?? DEFAULT_LOCALE;
}

/** The locale segment of a path, if it has one: `/en/admin/import` → `en`. */
export function localeOfPath(pathname: string): AppLocale | null {
  const first = pathname.split('/')[1];
  return isAppLocale(first) ? first : null;
}

/** The same path in another language, keeping everything after the locale segment. */
export function switchLocaleInPath(pathname: string, locale: AppLocale): string {
  const segments = pathname.split('/');
  if (isAppLocale(segments[1])) segments[1] = locale;
  else segments.splice(1, 0, locale);
  return segments.join('/').replace(/\/$/, '') || `/${locale}`;
}

import { isAppLocale, type AppLocale } from '../../shared/i18n/locales';

/**
 * Where a notification's link goes inside the app, in the page's current language. The server
 * builds review links without a locale ('/trainer/accounting/review/{g}/{s}'); older ones, and
 * e-mailed ones, may carry one ('/de/…') or the full site address. null: a link to another site.
 */
export function localizedAppLink(link: string, locale: AppLocale, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const segments = url.pathname.split('/');
  if (isAppLocale(segments[1])) segments[1] = locale;
  else segments.splice(1, 0, locale);
  return `${segments.join('/')}${url.search}${url.hash}`;
}

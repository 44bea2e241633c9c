import { useParams } from 'react-router';
import { isAppLocale, preferredLocale, type AppLocale } from '../i18n/locales';

/** The locale of the current URL (`/:locale/...`). */
export function useLocale(): AppLocale {
  const { locale } = useParams();
  return isAppLocale(locale) ? locale : preferredLocale();
}

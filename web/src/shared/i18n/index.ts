import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { APP_LOCALES, type AppLocale } from './locales';

export function initI18n(locale: AppLocale) {
  // Resources are bundled, so initialisation is synchronous and the first render is already translated.
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de }, es: { translation: es } },
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...APP_LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  return i18n;
}

export { i18n };

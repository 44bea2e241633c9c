import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Translation } from './en';
import { APP_LOCALES, DEFAULT_LOCALE, isAppLocale, type AppLocale } from './locales';

// The texts load with the screens that show them (issue 14): the log-in page and the entry's other
// screens need only their own texts of one language (first-load.ts, a few KB); the whole dictionary
// of the page's language comes with the admin, the trainer portal and the e-mailed links' pages,
// and from then on a change of language loads the other language's whole dictionary. German and
// English are complete (the type check says so); Spanish covers the navigation and falls back to
// English, so it needs both.
type Texts = { [key: string]: unknown };
type Level = 'first' | 'whole';

const LOADERS: Record<Level, Record<AppLocale, () => Promise<Texts>>> = {
  first: {
    de: () => import('virtual:trainerpay-first-load-texts/de').then((module) => module.default),
    en: () => import('virtual:trainerpay-first-load-texts/en').then((module) => module.default),
    es: () => import('virtual:trainerpay-first-load-texts/es').then((module) => module.default),
  },
  whole: {
    de: () => import('./de').then((module): Translation => module.de),
    en: () => import('./en').then((module): Translation => module.en),
    es: () => import('./es').then((module) => module.es),
  },
};
const NEEDS: Record<AppLocale, readonly AppLocale[]> = { de: ['de'], en: ['en'], es: ['es', 'en'] };

/** Set once a screen beyond the entry's is loaded: every language is then loaded whole. */
let wholeWanted = false;
// The router starts loading the first page's route modules when it is created, before initI18n ran.
let markInitialised: () => void = () => undefined;
const initialised = new Promise<void>((resolve) => (markInitialised = resolve));
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

function load(locale: AppLocale, level: Level): Promise<void> {
  const key = `${level}:${locale}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(
      NEEDS[locale].map(async (needed) => {
        // Deep, so the whole dictionary completes the first-load texts already there.
        i18n.addResourceBundle(needed, 'translation', await LOADERS[level][needed](), true, true);
      }),
    ).then(() => void loaded.add(key));
    promise.catch(() => loading.delete(key)); // a failed chunk load may be retried by the next visit
    loading.set(key, promise);
  }
  return promise;
}

/** Whether `locale` can be shown at once (its texts, and those it falls back to, are there). */
export function isLocaleLoaded(locale: AppLocale): boolean {
  return loaded.has(`whole:${locale}`) || (!wholeWanted && loaded.has(`first:${locale}`));
}

/** Loads the texts `locale` needs now: the first-load texts, or the whole dictionary once wanted. */
export function loadLocale(locale: AppLocale): Promise<void> {
  return load(locale, wholeWanted ? 'whole' : 'first');
}

/** The whole dictionary of the page's language: loaded with a route module beyond the entry's. */
export async function loadWholeTexts(): Promise<void> {
  wholeWanted = true;
  await initialised;
  return load(isAppLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE, 'whole');
}

export async function initI18n(locale: AppLocale) {
  // The texts are loaded before the first render, so it is already translated; a later change of
  // language (LocaleLayout) waits for the new language's texts the same way.
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...APP_LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  markInitialised();
  await loadLocale(locale);
  return i18n;
}

export { i18n };

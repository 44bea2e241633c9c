import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Translation } from './en';
import { APP_LOCALES, DEFAULT_LOCALE, isAppLocale, type AppLocale } from './locales';

// The texts load with the screens that show them: the log-in page and the entry's other
// screens need only their own texts of one language (first-load.ts, a few KB); the trainer portal
// comes with its own texts of the page's language (first-load.ts, TRAINER_TEXTS), the admin and the
// e-mailed links' pages with the whole dictionary, and from then on a change of language loads the
// other language's texts of the same level. German and English are complete (the type check says
// so); Spanish covers the navigation and falls back to English, so it needs both.
type Texts = { [key: string]: unknown };
/** What a level loads holds what the levels before it load. */
const LEVELS = ['first', 'trainer', 'whole'] as const;
type Level = (typeof LEVELS)[number];

const LOADERS: Record<Level, Record<AppLocale, () => Promise<Texts>>> = {
  first: {
    de: () => import('virtual:trainerpay-texts/first/de').then((module) => module.default),
    en: () => import('virtual:trainerpay-texts/first/en').then((module) => module.default),
    es: () => import('virtual:trainerpay-texts/first/es').then((module) => module.default),
  },
  trainer: {
    de: () => import('virtual:trainerpay-texts/trainer/de').then((module) => module.default),
    en: () => import('virtual:trainerpay-texts/trainer/en').then((module) => module.default),
    es: () => import('virtual:trainerpay-texts/trainer/es').then((module) => module.default),
  },
  whole: {
    de: () => import('./de').then((module): Translation => module.de),
    en: () => import('./en').then((module): Translation => module.en),
    es: () => import('./es').then((module) => module.es),
  },
};
const NEEDS: Record<AppLocale, readonly AppLocale[]> = { de: ['de'], en: ['en'], es: ['es', 'en'] };

/** The level the screens shown so far need: every language is then loaded at least at this level. */
let wanted: Level = 'first';
// A frame's texts may be asked for before initI18n ran: they load once it has.
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
        // Deep, so a higher level completes the texts of a lower one already there.
        i18n.addResourceBundle(needed, 'translation', await LOADERS[level][needed](), true, true);
      }),
    ).then(() => void loaded.add(key));
    promise.catch(() => loading.delete(key)); // a failed chunk load may be retried by the next visit
    loading.set(key, promise);
  }
  return promise;
}

/** Whether `locale` can be shown at once (its texts of the wanted level, and those it falls back to, are there). */
export function isLocaleLoaded(locale: AppLocale): boolean {
  return LEVELS.slice(LEVELS.indexOf(wanted)).some((level) => loaded.has(`${level}:${locale}`));
}

/** Loads the texts `locale` needs now: those of the level the screens shown so far want. */
export function loadLocale(locale: AppLocale): Promise<void> {
  return isLocaleLoaded(locale) ? Promise.resolve() : load(locale, wanted);
}

async function loadLevel(level: Level): Promise<void> {
  if (LEVELS.indexOf(level) > LEVELS.indexOf(wanted)) wanted = level;
  await initialised;
  return loadLocale(isAppLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
}

/** The trainer portal's texts of the page's language: loaded with its frame's route module. */
export const loadTrainerTexts = (): Promise<void> => loadLevel('trainer');

/** The whole dictionary of the page's language: loaded with the admin's and the e-mailed links' route modules. */
export const loadWholeTexts = (): Promise<void> => loadLevel('whole');

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

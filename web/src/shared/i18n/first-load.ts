// The texts of the screens in the web app's entry (the log-in page, the logout, not-found and error
// screens, the language switcher, the API client's messages): sections or single keys of the
// dictionaries. The build derives each language's first-load texts from de.ts / en.ts / es.ts with
// this list (web/vite.config.ts, `virtual:trainerpay-texts/first/<locale>`), so the log-in page
// loads these instead of the whole dictionary. first-load.test.ts checks the entry's keys are here.
export const FIRST_LOAD_TEXTS = ['app', 'language', 'common', 'errors', 'login', 'notFound', 'errorPage', 'accountLinks.password.forgot'] as const;

// The trainer portal's texts: the entry's and the sections its frame and pages translate
// (`virtual:trainerpay-texts/trainer/<locale>`), about a third of the dictionary; the admin's and the
// e-mailed links' pages load the whole one. first-load.test.ts checks every key of web/src/trainer is here.
export const TRAINER_TEXTS = [
  ...FIRST_LOAD_TEXTS,
  'nav',
  'topbar',
  'trainer',
  'trainerPortal',
  'trainerAccount',
  'trainerDocuments',
  'eInvoiceProfile',
  'accountLinks',
  'monthClose',
  'creditNoteList',
  'accountingHandoff',
  'videoHelp',
  'payoutStatus',
] as const;

/** The parts of the dictionaries the build makes into text modules of their own, by name. */
export const TEXT_PARTS = { first: FIRST_LOAD_TEXTS, trainer: TRAINER_TEXTS } as const;
export type TextPart = keyof typeof TEXT_PARTS;

type Texts = { [key: string]: unknown };

/** The part of `texts` that `paths` name (dotted paths; a section with everything in it). */
export function pickTexts(texts: Texts, paths: readonly string[]): Texts {
  const picked: Texts = {};
  for (const path of paths) {
    const segments = path.split('.');
    let from: unknown = texts;
    for (const segment of segments) from = from !== null && typeof from === 'object' ? (from as Texts)[segment] : undefined;
    if (from === undefined) continue; // Spanish has only some sections; English fills in
    let into = picked;
    for (const segment of segments.slice(0, -1)) into = (into[segment] ??= {}) as Texts;
    into[segments.at(-1)!] = from;
  }
  return picked;
}

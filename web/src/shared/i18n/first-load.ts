// The texts of the screens in the web app's entry (the log-in page, the logout, not-found and error
// screens, the language switcher, the API client's messages): sections or single keys of the
// dictionaries. The build derives each language's first-load texts from de.ts / en.ts / es.ts with
// this list (web/vite.config.ts, `virtual:trainerpay-first-load-texts/<locale>`), so the log-in page
// loads these instead of the whole dictionary (issue 14); the whole one comes with the admin, the
// trainer portal and the e-mailed links' pages. first-load.test.ts checks the entry's keys are here.
export const FIRST_LOAD_TEXTS = ['app', 'language', 'common', 'errors', 'login', 'notFound', 'errorPage', 'accountLinks.password.forgot'] as const;

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

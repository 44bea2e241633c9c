import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_FILE_PATHS, CONTENT_FILES, FULL_CONTENT_LOCALES, SPANISH_CONTENT_FILES, type TContentFile } from './site-content.contract';

// Every content file of the public site, in every language that has it, against its schema: a
// content editor's malformed file fails here, not on the page (the pages keep the last good text).

const contentDir = path.resolve(import.meta.dirname, '..', 'content');
const read = (file: TContentFile, locale: string) => JSON.parse(fs.readFileSync(path.join(contentDir, file.replace('{lang}', locale)), 'utf8')) as unknown;

const cases = [
  ...CONTENT_FILE_PATHS.flatMap((file) => FULL_CONTENT_LOCALES.map((locale) => ({ file, locale }))),
  ...SPANISH_CONTENT_FILES.map((file) => ({ file, locale: 'es' })),
];

describe('content files', () => {
  it.each(cases)('$file ($locale) matches its schema', ({ file, locale }) => {
    const result = CONTENT_FILES[file].safeParse(read(file, locale));
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
  });

  it('links of a language stay in that language', () => {
    for (const { file, locale } of cases) {
      const links = JSON.stringify(read(file, locale)).match(/"(?:href|cta_href|secondary_cta_href)":"(\/[a-z]{2}\/[^"]*)"/g) ?? [];
      for (const found of links) expect(found, `${file} (${locale})`).toContain(`"/${locale}/`);
    }
  });

  it('Spanish has only its own files; the rest falls back to English', () => {
    for (const file of CONTENT_FILE_PATHS) {
      const exists = fs.existsSync(path.join(contentDir, file.replace('{lang}', 'es')));
      expect(exists, file).toBe(SPANISH_CONTENT_FILES.includes(file));
    }
  });

  it('a malformed file is refused with the field named', () => {
    const hero = read('web/{lang}/home/hero.json', 'de') as Record<string, unknown>;
    const result = CONTENT_FILES['web/{lang}/home/hero.json'].safeParse({ ...hero, headline: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['headline']);
  });
});

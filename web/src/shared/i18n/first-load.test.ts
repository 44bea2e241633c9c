import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { FIRST_LOAD_TEXTS, pickTexts, TRAINER_TEXTS } from './first-load';

const WEB_SRC = path.resolve(import.meta.dirname, '../..');

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm;
const ANY_IMPORT = /(?:^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?|\bimport\(\s*)'(\.[^']+)'/gm;

/** The web app's own files `starts` import (not `import type`; `import()` only if `lazyToo`), without the dictionaries. */
function importedFiles(starts: string[], lazyToo = false): string[] {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(lazyToo ? ANY_IMPORT : STATIC_IMPORT)) {
      const base = path.resolve(path.dirname(file), specifier!);
      const resolved = [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      if (resolved?.startsWith(WEB_SRC) && !resolved.includes(`${path.sep}i18n${path.sep}`)) pending.push(resolved);
    }
  }
  return [...seen];
}

/** The web app's own files the entry imports statically, from main.tsx. */
const entryFiles = () => importedFiles([path.join(WEB_SRC, 'main.tsx')]);

/** The trainer portal's files: web/src/trainer and what they import, lazily or not. */
const trainerFiles = () =>
  importedFiles(
    fs
      .readdirSync(path.join(WEB_SRC, 'trainer'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .map((file) => path.join(WEB_SRC, 'trainer', file)),
    true,
  );

/** The keys a file translates: `t('a.b')`, `i18n.t('a.b')`; of `t(\`a.${x}\`)` the fixed part `a.`. */
function keysOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/\bt\(\s*(['`])([a-zA-Z0-9_.]+)(\$\{)?/g)].map(([, , key, template]) => (template ? key! : key!.replace(/\.$/, '')));
}

const lookup = (texts: unknown, key: string) => key.replace(/\.$/, '').split('.').reduce<unknown>((node, segment) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), texts);

/** The keys of `keys` that the part of `dictionary` that `paths` name does not have. */
function missingKeys(keys: string[], dictionary: unknown, paths: readonly string[]) {
  const part = pickTexts(dictionary as Record<string, unknown>, paths);
  return keys.filter((key) => {
    const text = lookup(part, key);
    // A key ending in '.' is the fixed part of a template; a whole list (`returnObjects`) is an object too.
    return key.endsWith('.') ? text === undefined || typeof text !== 'object' : text === undefined && lookup(part, `${key}_other`) === undefined;
  });
}

describe('first-load texts', () => {
  const files = entryFiles();
  const keys = [...new Set(files.flatMap(keysOf))];

  it('finds the log-in page and its keys among the entry files', () => {
    expect(files.some((file) => file.endsWith('site/pages/LoginPage.tsx'))).toBe(true);
    expect(keys).toContain('login.submit');
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('has every key the entry translates, in %s', (_locale, dictionary) => {
    expect(missingKeys(keys, dictionary, FIRST_LOAD_TEXTS)).toEqual([]);
  });

  it('keeps the first-load texts small (a part of the dictionary)', () => {
    const size = (texts: unknown) => JSON.stringify(texts).length;
    expect(size(pickTexts(de, FIRST_LOAD_TEXTS))).toBeLessThan(size(de) / 5);
  });
});

describe('trainer portal texts', () => {
  const files = trainerFiles();
  const keys = [...new Set(files.flatMap(keysOf))];

  it("finds the portal's frame, its pages and the shared files they use", () => {
    expect(files.some((file) => file.endsWith('trainer/TrainerLayout.tsx'))).toBe(true);
    expect(files.some((file) => file.endsWith('shared/components/UserMenu.tsx'))).toBe(true);
    expect(keys).toContain('trainerAccount.save');
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('has every key the trainer portal translates, in %s', (_locale, dictionary) => {
    expect(missingKeys(keys, dictionary, TRAINER_TEXTS)).toEqual([]);
  });

  it('leaves out what only the admin shows', () => {
    const size = (texts: unknown) => JSON.stringify(texts).length;
    expect(size(pickTexts(de, TRAINER_TEXTS))).toBeLessThan(size(de) / 2);
  });
});

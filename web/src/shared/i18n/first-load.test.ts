import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { FIRST_LOAD_TEXTS, pickTexts } from './first-load';

const WEB_SRC = path.resolve(import.meta.dirname, '../..');

/** The web app's own files the entry imports statically (not `import type`, not `import()`), from main.tsx. */
function entryFiles(): string[] {
  const seen = new Set<string>();
  const pending = [path.join(WEB_SRC, 'main.tsx')];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm)) {
      const base = path.resolve(path.dirname(file), specifier!);
      const resolved = [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      if (resolved?.startsWith(WEB_SRC)) pending.push(resolved);
    }
  }
  return [...seen];
}

/** The keys a file translates: `t('a.b')`, `i18n.t('a.b')`; of `t(\`a.${x}\`)` the fixed part `a.`. */
function keysOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/\bt\(\s*(['`])([a-zA-Z0-9_.]+)(\$\{)?/g)].map(([, , key, template]) => (template ? key! : key!.replace(/\.$/, '')));
}

const lookup = (texts: unknown, key: string) => key.replace(/\.$/, '').split('.').reduce<unknown>((node, segment) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), texts);

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
    const firstLoad = pickTexts(dictionary, FIRST_LOAD_TEXTS);
    const missing = keys.filter((key) => {
      const text = lookup(firstLoad, key);
      return key.endsWith('.') ? text === undefined || typeof text !== 'object' : typeof text !== 'string' && lookup(firstLoad, `${key}_other`) === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('keeps the first-load texts small (a part of the dictionary)', () => {
    const size = (texts: unknown) => JSON.stringify(texts).length;
    expect(size(pickTexts(de, FIRST_LOAD_TEXTS))).toBeLessThan(size(de) / 5);
  });
});

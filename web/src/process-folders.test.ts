import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The admin and the trainer portal are arranged by process (admin/settlement/, trainer/review/, …),
// each folder with its pages, components and one api.ts. A process may build on another, but never
// on one that builds on it: a loop would make the two one process in two folders.

const WEB_SRC = import.meta.dirname;
const IMPORT = /(?:^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?|\bimport\(\s*)'(\.[^']+)'/gm;

const sourcesOf = (app: string) =>
  fs
    .readdirSync(path.join(WEB_SRC, app), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => path.join(WEB_SRC, app, file));

/** `admin/settlement` for web/src/admin/settlement/steps/DateStep.tsx; null for a file at the app's top. */
function processOf(file: string): string | null {
  const [app, folder, ...rest] = path.relative(WEB_SRC, file).split(path.sep);
  return (app === 'admin' || app === 'trainer') && folder && rest.length > 0 ? `${app}/${folder}` : null;
}

/** Which process folders each process folder imports. */
function processImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of [...sourcesOf('admin'), ...sourcesOf('trainer')]) {
    const from = processOf(file);
    if (!from) continue;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = processOf(path.resolve(path.dirname(file), specifier!));
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

function loops(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    if (trail.includes(node)) return void found.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
    if (done.has(node)) return;
    for (const next of edges.get(node) ?? []) walk(next, [...trail, node]);
    done.add(node);
  };
  for (const node of edges.keys()) walk(node, []);
  return found;
}

describe('the web app by process', () => {
  it('has no folders by kind in the admin or the trainer portal', () => {
    const byKind = ['admin', 'trainer'].flatMap((app) => ['pages', 'components', 'hooks'].map((kind) => `${app}/${kind}`));
    expect(byKind.filter((folder) => fs.existsSync(path.join(WEB_SRC, folder)))).toEqual([]);
  });

  it('finds the imports between process folders', () => {
    expect(processImports().get('admin/review')).toContain('admin/settlement');
  });

  it('has no import loop between process folders', () => {
    expect(loops(processImports())).toEqual([]);
  });
});

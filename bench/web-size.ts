// `npm run bench:web`: what a browser downloads for the web app's first screens, from a
// production build: the build of WEB_DIST if given (built by web/vite.config.ts, so it has
// .vite/manifest.json), else a fresh build into a scratch folder. Sizes are gzip, as the server sends
// the assets (the build's .gz twins, written by zopfli; level-9 gzip where a file has none, the
// files under 1 KB).
//
// A screen's load is the page's entry with its modulepreloads and CSS (index.html), the language's
// texts (loaded before the first render), and the route modules of the screen (layout and page) with
// everything they import statically and their CSS; the lazy chunks are what a screen adds on top of
// the admin's first screen. It also checks that every Mantine class the JavaScript of a screen uses
// is styled by the CSS loaded with it (the CSS is imported per component, web/src/shared/mantine-css).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = { file: string; src?: string; name?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The budget (KB gzip) for the log-in page (docs/decisions/0102). */
const FIRST_LOAD_GOAL_KB = 200;
/**
 * The trainer portal's first screen: the same 200 KB (0102), met without zod (0145), with the
 * router's declarative routes and the gzip twins written by zopfli (0195); a budget of its own so
 * it can be set apart again should the goals part.
 */
const TRAINER_FIRST_BUDGET_KB = 200;

function buildDir(): { dir: string; scratch: boolean } {
  if (process.env.WEB_DIST) return { dir: path.resolve(process.env.WEB_DIST), scratch: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-web-size-'));
  console.log(`building the web app into ${dir} …`);
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  return { dir, scratch: true };
}

function main() {
  const { dir, scratch } = buildDir();
  try {
    report(dir);
  } finally {
    if (scratch) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function report(dir: string) {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build ${dir} with web/vite.config.ts (it writes the manifest)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  const gzipSizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      const full = path.join(dir, file);
      size = fs.existsSync(`${full}.gz`) ? fs.statSync(`${full}.gz`).size : zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  const chunkOf = (src: string) => {
    const chunk = manifest[src];
    if (!chunk) throw new Error(`${src} is not a chunk of the build (renamed? update bench/web-size.ts)`);
    return chunk;
  };

  /** The files a chunk brings with it: itself, its static imports (recursively) and their CSS. */
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = chunkOf(key);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };

  // The page as index.html loads it: what the built file links (entry, modulepreloads, stylesheets).
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const entry = closure('index.html');
  const missingFromHtml = [...entry].filter((file) => !linked.includes(file));
  if (missingFromHtml.length > 0) throw new Error(`index.html does not link ${missingFromHtml.join(', ')}`);

  const screen = (keys: string[], base: ReadonlySet<string> = new Set()) => {
    const files = new Set<string>();
    for (const key of keys) closure(key, files);
    return [...files].filter((file) => !base.has(file));
  };
  const union = (...lists: Array<Iterable<string>>) => new Set(lists.flatMap((list) => [...list]));

  // The entry's screens load their language's first-load texts before the first render; the trainer
  // portal's frame comes with the portal's texts, the admin's with the whole dictionary (web/src/shared/i18n).
  const textPart = (part: 'first' | 'trainer', locale: string) => {
    const key = Object.keys(manifest).find((name) => name.endsWith(`virtual:trainerpay-texts/${part}/${locale}`));
    if (!key) throw new Error(`the build has no ${part} texts of ${locale}`);
    return key;
  };
  const firstLoadTexts = (locale: string) => screen([textPart('first', locale)], entry);
  const wholeTexts = (locale: string) => `src/shared/i18n/${locale}.ts`;
  const login = union(linked, firstLoadTexts('de'));
  const trainerFirst = union(login, screen(['src/trainer/TrainerLayout.tsx', 'src/trainer/profile/ProfilePage.tsx', textPart('trainer', 'de')], login));
  const adminFirst = union(login, screen(['src/admin/AdminLayout.tsx', 'src/admin/import/ImportDashboardPage.tsx', wholeTexts('de')], login));
  const gridScreen = union(adminFirst, screen(['src/admin/master-data/TrainersPage.tsx'], adminFirst));
  const reportsScreen = union(adminFirst, screen(['src/admin/reports/ReportsPage.tsx', 'src/admin/reports/ReportCharts.tsx'], adminFirst));
  const site = screen(['site.html']);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const split = (files: Iterable<string>) => {
    const list = [...files];
    const css = list.filter((file) => file.endsWith('.css'));
    return `${list.length - css.length} scripts ${kb(total(list) - total(css))}, CSS ${kb(total(css))}`;
  };
  const added = (files: ReadonlySet<string>, base: ReadonlySet<string>) => [...files].filter((file) => !base.has(file));

  const rows: Array<[string, string, string, string]> = [
    ['log-in page /de/login (entry, modulepreloads, CSS, its texts)', kb(total(login)), split(login), `≤ ${FIRST_LOAD_GOAL_KB} KB`],
    ['… of it the entry script alone', kb(gzipSize(chunkOf('index.html').file)), '', ''],
    ['… of it the first-load texts (de; en)', kb(total(firstLoadTexts('de'))), `en ${kb(total(firstLoadTexts('en')))}`, ''],
    ['the trainer portal\'s texts (de; en), with its frame', kb(total(screen([textPart('trainer', 'de')], entry))), `en ${kb(total(screen([textPart('trainer', 'en')], entry)))}`, ''],
    ['the whole dictionary (de; en), with the admin\'s frame', kb(total(screen([wholeTexts('de')], entry))), `en ${kb(total(screen([wholeTexts('en')], entry)))}`, ''],
    ['trainer portal /de/trainer/profile (log-in page + layout + page)', kb(total(trainerFirst)), `+ ${split(added(trainerFirst, login))}`, `≤ ${TRAINER_FIRST_BUDGET_KB} KB (goal ${FIRST_LOAD_GOAL_KB})`],
    ['admin /de/admin/import (log-in page + layout + page)', kb(total(adminFirst)), `+ ${split(added(adminFirst, login))}`, ''],
    ['an AG Grid screen /de/admin/trainers (adds to the admin screen)', `+ ${kb(total(added(gridScreen, adminFirst)))}`, split(added(gridScreen, adminFirst)), 'grid only there'],
    ['reports with charts /de/admin/reports (adds to the admin screen)', `+ ${kb(total(added(reportsScreen, adminFirst)))}`, split(added(reportsScreen, adminFirst)), 'charts only there'],
    ['public site /de/ (site.html entry)', kb(total(site)), split(site), ''],
  ];
  const biggest = Object.values(manifest)
    .filter((chunk) => !chunk.isEntry && chunk.file.endsWith('.js') && !login.has(chunk.file) && !site.includes(chunk.file))
    .map((chunk) => ({ file: chunk.file, size: gzipSize(chunk.file) }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 5);

  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length), ['what', 'gzip', 'files', 'goal'][column]!.length));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\nweb app build ${dir}\n`);
  console.log(line(['what', 'gzip', 'files', 'goal']));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  const brotli = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + (fs.existsSync(path.join(dir, `${file}.br`)) ? fs.statSync(path.join(dir, `${file}.br`)).size : gzipSize(file)), 0);
  console.log(`\nas brotli (the server sends the .br twins to browsers that take them): log-in page ${kb(brotli(login))}, trainer portal ${kb(brotli(trainerFirst))}`);
  console.log(`biggest lazy chunks: ${biggest.map((chunk) => `${chunk.file.replace(/^assets\//, '')} ${kb(chunk.size)}`).join(', ')}`);

  // Every Mantine class (m_xxxxxxxx) the screen's scripts use is styled by the CSS the screen loads.
  const classesIn = (files: Iterable<string>, extension: string) =>
    new Set([...files].filter((file) => file.endsWith(extension)).flatMap((file) => [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\bm_[0-9a-f]{8}\b/g)].map((match) => match[0])));
  let unstyled = 0;
  for (const [name, files] of [['log-in page', login], ['trainer portal', trainerFirst], ['admin', adminFirst], ['grid screen', gridScreen], ['reports', reportsScreen]] as const) {
    const styled = classesIn(files, '.css');
    const missing = [...classesIn(files, '.js')].filter((name) => !styled.has(name));
    if (missing.length > 0) {
      unstyled += missing.length;
      console.log(`${name}: Mantine classes without their CSS: ${missing.join(' ')}`);
    }
  }
  if (unstyled > 0) process.exitCode = 1;

  for (const [name, files, budget] of [['the log-in page', login, FIRST_LOAD_GOAL_KB], ['the trainer portal\'s first screen', trainerFirst, TRAINER_FIRST_BUDGET_KB]] as const) {
    if (total(files) <= budget * 1024) continue;
    console.log(`\n${name} is over its budget of ${budget} KB`);
    process.exitCode = 1;
  }
  if (total(trainerFirst) > FIRST_LOAD_GOAL_KB * 1024) console.log(`the trainer portal's first screen is over the goal of ${FIRST_LOAD_GOAL_KB} KB (docs/decisions/0145)`);
}

main();

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { pickTexts, TEXT_PARTS, type TextPart } from './src/shared/i18n/first-load.ts';

// The API (Express + socket.io) listens on :3000; in development and preview the web app is served
// by Vite and forwards both, so the browser only ever talks to one origin (as it does in production,
// where the API serves dist/web itself).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
};

/**
 * The public site: after the bundle is written, scripts/prerender-site.tsx renders every
 * public page and language to HTML into the same folder, so /de/ arrives with its text.
 */
function prerenderPublicSite(): Plugin {
  let outDir = '';
  return {
    name: 'trainerpay-prerender-public-site',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: () => void execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender-site.tsx', outDir], { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) }),
  };
}

/**
 * `virtual:trainerpay-texts/<part>/<locale>`: a part of a language's texts (first-load.ts: the
 * entry's screens, the trainer portal), taken from the language's dictionary when the module is
 * built, so the log-in page and the trainer portal do not load the whole dictionary and the
 * dictionaries stay the one place of every text.
 */
function textParts(): Plugin {
  const prefix = 'virtual:trainerpay-texts/';
  const dictionaries = fileURLToPath(new URL('src/shared/i18n/', import.meta.url));
  return {
    name: 'trainerpay-text-parts',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [part, locale] = id.slice(prefix.length + 1).split('/');
      if (!part || !Object.hasOwn(TEXT_PARTS, part) || !locale || !/^[a-z]{2}$/.test(locale)) throw new Error(`no such texts: ${id}`);
      const { module, dependencies } = await runnerImport<Record<string, Record<string, unknown>>>(path.join(dictionaries, `${locale}.ts`));
      for (const dependency of dependencies) this.addWatchFile(dependency);
      const texts = module[locale];
      if (!texts) throw new Error(`${locale}.ts does not export ${locale}`);
      return `export default ${JSON.stringify(pickTexts(texts, TEXT_PARTS[part as TextPart]))};`;
    },
  };
}

/**
 * The UI kit's scroll area takes one hook from floating-ui (useMergeRefs), and with it the whole of
 * floating-ui, which only tooltips, popovers and menus need: here it gets the same hook from
 * src/shared/merge-refs.ts instead, so the screens with a scroll area (the trainer portal's frame)
 * load floating-ui only when a floating element is first used.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const mergeRefs = fileURLToPath(new URL('src/shared/merge-refs.ts', import.meta.url));
  return {
    name: 'trainerpay-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '@floating-ui/react' && importer && /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer) ? mergeRefs : undefined,
  };
}

/**
 * The web app's entry as few scripts (docs/decisions/0145). Left to itself the bundler gives every
 * module the entry shares with a lazy route a chunk of its own: the log-in page came as 38 scripts,
 * and gzip compresses each alone. Here what the entry loads statically (the `$initial` modules) is
 * two chunks: React, which the public site's entry shares, and the rest of the web app's entry;
 * the public site keeps to its own modules (a module of its static closure is left to the default).
 */
function entryChunks() {
  const siteEntry = fileURLToPath(new URL('site.html', import.meta.url));
  const site = new Set<string>();
  const plugin: Plugin = {
    name: 'trainerpay-entry-chunks',
    apply: 'build',
    buildEnd() {
      site.clear();
      const stack = [siteEntry];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (site.has(id)) continue;
        site.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const isEntryModule = (id: string) => /\.html$|[\\/]src[\\/]main\.tsx$/.test(id);
  const groups = [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
    { name: 'app', tags: ['$initial' as const], test: (id: string) => !site.has(id) && !isEntryModule(id), priority: 1 },
  ];
  return { plugin, groups };
}
const entry = entryChunks();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), textParts(), scrollAreaWithoutFloatingUi(), entry.plugin, prerenderPublicSite()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks and CSS each page and lazy route loads (bench/web-size.ts).
    manifest: true,
    // The grid library (ag-grid, ~1.1 MB) is one chunk that only the pages with grids load lazily.
    chunkSizeWarningLimit: 1300,
    // Two entries: the web app (index.html) and the public site (site.html: React and the site only).
    rolldownOptions: {
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), site: fileURLToPath(new URL('site.html', import.meta.url)) },
      output: { codeSplitting: { groups: entry.groups } },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});

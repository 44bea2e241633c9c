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

/** The UI-kit modules `importer` matches get `replacement` (a module of ours) for their import of `source`. */
function replaceImport(name: string, source: string, importer: RegExp, replacement: string): Plugin {
  const file = fileURLToPath(new URL(replacement, import.meta.url));
  return { name, enforce: 'pre', resolveId: (id, from) => (id === source && from && importer.test(from) ? file : undefined) };
}
const uiKitModule = (component: string) => new RegExp(`@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${component}\\.mjs$`);

/**
 * The UI kit's scroll area takes one hook from floating-ui (useMergeRefs), and with it the whole of
 * floating-ui, which only tooltips, popovers and menus need: here it gets the same hook from
 * src/shared/merge-refs.ts instead, so the screens with a scroll area (the trainer portal's frame)
 * load floating-ui only when a floating element is first used.
 */
const scrollAreaWithoutFloatingUi = () =>
  replaceImport('trainerpay-scroll-area-without-floating-ui', '@floating-ui/react', uiKitModule('ScrollArea[\\\\/]ScrollArea'), 'src/shared/merge-refs.ts');

/**
 * The UI kit's app-shell header, footer and aside take two class names from react-remove-scroll, and
 * with them the whole scroll lock, which only modals and drawers need: here they get the names from
 * src/shared/remove-scroll-class-names.ts, so the trainer portal's frame loads the lock with its
 * first modal.
 */
const appShellWithoutScrollLock = () =>
  replaceImport('trainerpay-app-shell-without-scroll-lock', 'react-remove-scroll', uiKitModule('AppShell[\\\\/]AppShell(Header|Footer|Aside)[\\\\/]AppShell\\1'), 'src/shared/remove-scroll-class-names.ts');

/**
 * The UI kit's app-shell bars import the drag handle of a resizable shell, which they render only
 * when the shell has the `resize` prop; the app's shells have none: here the bars get
 * src/shared/app-shell-resize-handle.ts instead, so the trainer portal's frame does not load it.
 */
const appShellWithoutResizeHandle = () =>
  replaceImport(
    'trainerpay-app-shell-without-resize-handle',
    '../AppShellResizeHandle/AppShellResizeHandle.mjs',
    uiKitModule('AppShell[\\\\/]AppShell(Header|Navbar|Aside|Footer)[\\\\/]AppShell\\1'),
    'src/shared/app-shell-resize-handle.ts',
  );

/**
 * The first screens' scripts as few chunks (docs/decisions/0145). Left to itself the bundler gives
 * every module a page shares with a lazy route a chunk of its own (the log-in page came as 38
 * scripts, the trainer portal's first screen as 76 more), and gzip compresses each alone. Here:
 * - `react`: React, which the public site's entry shares;
 * - `app`: the rest of what the web app's entry loads statically (the `$initial` modules that are
 *   not the public site's);
 * - `trainer-first`: what the trainer portal's frame and first page (the profile) import beyond
 *   the entry; the route modules stay chunks of their own. Other screens that use a piece of it
 *   (the admin's pages share UI-kit components) load the whole chunk.
 * The static import closures are followed through the UI kit's index modules by the names a
 * module imports, so a closure holds the components a screen uses, not all the kit has.
 */
function firstScreenChunks() {
  const web = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  const roots = { site: [web('site.html')], trainer: [web('src/trainer/TrainerLayout.tsx'), web('src/trainer/profile/ProfilePage.tsx')] };
  const closures = { site: new Set<string>(), trainer: new Set<string>() };
  const indexModule = /[\\/]node_modules[\\/](@mantine[\\/](?:core|hooks))[\\/]esm[\\/]index\.mjs$/;
  const indexExports = new Map<string, Map<string, string>>();
  // `import { a, b as c } from "./x.mjs"` lines and the closing `export { … }` of an index module.
  const exportsOf = (id: string, code: string) => {
    let exports = indexExports.get(id);
    if (exports) return exports;
    const local = new Map<string, string>();
    for (const [, names, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      for (const name of names!.split(',')) {
        const [imported, as] = name.trim().split(/\s+as\s+/);
        if (imported) local.set((as ?? imported).trim(), path.resolve(path.dirname(id), from!));
      }
    }
    exports = new Map();
    for (const [, names] of code.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const name of names!.split(',')) {
        const [inner, as] = name.trim().split(/\s+as\s+/);
        const file = inner ? local.get(inner.trim()) : undefined;
        if (file) exports.set((as ?? inner)!.trim(), file);
      }
    }
    indexExports.set(id, exports);
    return exports;
  };
  const plugin: Plugin = {
    name: 'trainerpay-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const imports = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        return info.importedIds.flatMap((imported) => {
          const kit = indexModule.exec(imported);
          const index = kit ? this.getModuleInfo(imported) : null;
          if (!kit || !index?.code) return [imported];
          const exports = exportsOf(imported, index.code);
          const specifier = kit[1]!.replace(/\\/g, '/');
          const names = [...(info.code ?? '').matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, 'g'))].flatMap(([, list]) =>
            list!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!.trim()),
          );
          // A name it cannot place (another form of import): the whole index, as the bundler sees it.
          const files = names.map((name) => exports.get(name));
          return files.every((file) => file !== undefined) ? (files as string[]) : [imported];
        });
      };
      for (const part of ['site', 'trainer'] as const) {
        const into = closures[part];
        into.clear();
        const stack = [...roots[part]];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...imports(id));
        }
      }
    },
  };
  const isEntryModule = (id: string) => /\.html$|[\\/]src[\\/]main\.tsx$/.test(id) || roots.trainer.includes(id);
  const groups = [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
    { name: 'app', tags: ['$initial' as const], test: (id: string) => !closures.site.has(id) && !isEntryModule(id), priority: 2 },
    { name: 'trainer-first', test: (id: string) => closures.trainer.has(id) && !closures.site.has(id) && !isEntryModule(id), priority: 1, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
const entry = firstScreenChunks();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), textParts(), scrollAreaWithoutFloatingUi(), appShellWithoutScrollLock(), appShellWithoutResizeHandle(), entry.plugin, prerenderPublicSite()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser of the build's target (Vite's Baseline "widely available") has modulepreload, so
    // the first screens do not load the polyfill for it.
    modulePreload: { polyfill: false },
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

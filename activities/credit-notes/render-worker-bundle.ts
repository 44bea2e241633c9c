import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// The render threads' code as one JavaScript module. Started from the TypeScript sources,
// each thread registered tsx's loader, which runs in a thread of its own and transpiles and resolves
// every module of the renderer through it: about a second of CPU per thread on a quiet machine,
// several on a busy one, at the start of a worker's first credit-note run. Bundled once per process
// with esbuild (which tsx itself uses), a thread loads one file; the packages stay outside the bundle
// and load from node_modules (pdfkit reads its data files beside its own code, the fonts are
// resolved as packages), which is why the bundle is written inside node_modules (its cache folder).
// The file's name is its content's hash: processes starting at once write the same bytes, a changed
// renderer gets a new file. Without esbuild or a writable folder the threads use the TypeScript entry.

const SOURCE = fileURLToPath(new URL('./pdf-render.worker.ts', import.meta.url));
const TYPESCRIPT_ENTRY = new URL('./pdf-render.worker.mjs', import.meta.url);
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/trainerpay', import.meta.url));

let entry: Promise<URL> | undefined;

/** The module a render thread starts from: the bundle, or the TypeScript entry if bundling failed. */
export function renderWorkerEntry(): Promise<URL> {
  return (entry ??= bundle().catch(() => TYPESCRIPT_ENTRY));
}

async function bundle(): Promise<URL> {
  const result = await build({
    entryPoints: [SOURCE],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const file = path.join(CACHE_DIR, `pdf-render.worker.${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  await fs.mkdir(CACHE_DIR, { recursive: true });
  // Written beside and renamed: a thread never loads a half-written file.
  const partial = `${file}.${process.pid}.tmp`;
  await fs.writeFile(partial, code);
  await fs.rename(partial, file);
  return pathToFileURL(file);
}

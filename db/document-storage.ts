import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Document } from './entities';
import { sql } from './queries/sql';

// Uploaded documents live under DATA_DIR as documents/{first two characters}/{sha256}.pdf:
// the same bytes are stored once (two uploads of one PDF share the file), and a file is never
// overwritten (written aside, then linked in with 'wx' semantics). In a distributed deployment
// DATA_DIR is the volume every api replica shares (DESIGN "Documents and uploads").
//
// A process killed during an upload (decision 0068) leaves at most a temporary file in
// documents/.partial (named by host and process) and, killed after the link but before its row
// committed, a stored file no row names. Neither is ever served (a download starts from a row);
// `sweepDocumentStore` at the api's start removes both.

/** Where bytes are written before they are linked in: one folder, so the sweep finds every leftover. */
const PARTIAL_DIR = path.join('documents', '.partial');
/** A temporary file of another host (whose processes this one cannot ask after) is left this long. */
const FOREIGN_PARTIAL_AGE_MS = 60 * 60_000;
const partialName = () => `${os.hostname()}.${process.pid}.${crypto.randomUUID()}`;

/** Flushes a folder's entries (a new name) to disk, where the file system allows opening a folder. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r').catch(() => undefined);
  try {
    await handle?.sync().catch(() => {});
  } finally {
    await handle?.close();
  }
}

export const sha256Of = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The path relative to DATA_DIR: two levels by the hash's first characters keep folders small. */
export const documentRelativePath = (sha256: string) => path.join('documents', sha256.slice(0, 2), `${sha256}.pdf`);

/** Stores the bytes under their hash once; a file already there (same hash, same bytes) is kept as it is. */
export async function storeDocumentBytes(dataDir: string, bytes: Uint8Array): Promise<{ sha256: string; relativePath: string }> {
  const sha256 = sha256Of(bytes);
  const relativePath = documentRelativePath(sha256);
  const target = path.join(dataDir, relativePath);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const exists = await fs.stat(target).then((stat) => stat.isFile(), () => false);
  if (exists) return { sha256, relativePath };
  await fs.mkdir(path.join(dataDir, PARTIAL_DIR), { recursive: true });
  const partial = path.join(dataDir, PARTIAL_DIR, partialName());
  const handle = await fs.open(partial, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // link() fails if the target appeared meanwhile (another replica stored the same bytes): never overwritten.
    await fs.link(partial, target);
    await syncFolder(path.dirname(target));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(partial, { force: true });
  }
  return { sha256, relativePath };
}

/** The absolute path of a stored document, or null when it is missing or would leave DATA_DIR. */
export async function storedDocumentPath(dataDir: string, relativePath: string): Promise<string | null> {
  const root = path.resolve(dataDir);
  const absolutePath = path.resolve(root, relativePath);
  if (!absolutePath.startsWith(root + path.sep)) return null;
  const stat = await fs.stat(absolutePath).catch(() => null);
  return stat?.isFile() ? absolutePath : null;
}

/**
 * Serialises the writes that store or unlink one hash's file until the transaction ends: an upload
 * takes it after writing the bytes and stores them again if a removal got there first.
 */
export const lockDocumentFile = (em: EntityManager, sha256: string) => em.execute('select pg_advisory_xact_lock(hashtext(?))', [`document-file:${sha256}`]);

/**
 * Removes the stored files of these hashes that no document row references any more. Called after
 * the rows' delete committed (a rolled-back delete keeps its files); each hash is checked under its
 * lock, so an upload of the same bytes in between keeps the file. Answers how many files went.
 */
export async function removeUnreferencedDocumentFiles(em: EntityManager, dataDir: string, sha256s: Iterable<string | null | undefined>): Promise<number> {
  let removed = 0;
  for (const sha256 of new Set(sha256s)) {
    if (!sha256) continue;
    await em.transactional(async (tx) => {
      await lockDocumentFile(tx, sha256);
      if ((await tx.count(Document, { sha256 })) > 0) return;
      const absolutePath = await storedDocumentPath(dataDir, documentRelativePath(sha256));
      if (!absolutePath) return;
      await fs.rm(absolutePath, { force: true });
      removed += 1;
    });
  }
  return removed;
}

/** Whether a process of this host with this id still runs (signal 0 only asks). */
const processRuns = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Temporary files no running writer owns: this host's of processes that are gone, any host's older than an hour. */
async function removeLeftoverPartials(dataDir: string): Promise<number> {
  const folder = path.join(dataDir, PARTIAL_DIR);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const host = os.hostname();
  let removed = 0;
  for (const name of names) {
    const match = /^(.+)\.(\d+)\.[0-9a-f-]{36}$/.exec(name);
    const ownHostGone = match?.[1] === host && Number(match[2]) !== process.pid && !processRuns(Number(match[2]));
    const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
    if (!stat) continue;
    if (!ownHostGone && Date.now() - stat.mtimeMs < FOREIGN_PARTIAL_AGE_MS) continue;
    await fs.rm(path.join(folder, name), { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * The hashes of the files under documents/ (two levels, as documentRelativePath names them). Earlier
 * versions wrote their temporary files beside the target (`{sha256}.pdf.{pid}.{uuid}.partial`):
 * one of those older than an hour is a leftover and goes.
 */
async function storedHashes(dataDir: string): Promise<{ hashes: string[]; oldPartials: number }> {
  const root = path.join(dataDir, 'documents');
  const hashes: string[] = [];
  let oldPartials = 0;
  for (const prefix of await fs.readdir(root).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    for (const name of await fs.readdir(path.join(root, prefix)).catch(() => [] as string[])) {
      const match = /^([0-9a-f]{64})\.pdf$/.exec(name);
      if (match) hashes.push(match[1]!);
      if (!name.endsWith('.partial')) continue;
      const stat = await fs.stat(path.join(root, prefix, name)).catch(() => undefined);
      if (!stat || Date.now() - stat.mtimeMs < FOREIGN_PARTIAL_AGE_MS) continue;
      await fs.rm(path.join(root, prefix, name), { force: true });
      oldPartials += 1;
    }
  }
  return { hashes, oldPartials };
}

/**
 * After a crash: removes the temporary files of writers that are gone and the stored files no
 * document row names. Safe beside running uploads on other replicas: each file is removed under its
 * hash's lock after a fresh count, and an upload that finds its file gone after taking that lock
 * writes it again (recordUpload). Answers what went.
 */
export async function sweepDocumentStore(em: EntityManager, dataDir: string): Promise<{ partials: number; orphans: number }> {
  // Hex digits only (storedHashes matches them), so the array literal needs no quoting.
  const { hashes: onDisk, oldPartials } = await storedHashes(dataDir);
  const partials = (await removeLeftoverPartials(dataDir)) + oldPartials;
  if (onDisk.length === 0) return { partials, orphans: 0 };
  const named = new Set((await sql<{ sha256: string }>(em, 'select distinct sha256 from document where sha256 = any(?::text[])', [`{${onDisk.join(',')}}`])).map((row) => row.sha256));
  const orphans = await removeUnreferencedDocumentFiles(em, dataDir, onDisk.filter((sha256) => !named.has(sha256)));
  return { partials, orphans };
}

/** The sweep at a process's start (api, `npm start`), saying what it removed, if anything. */
export async function sweepDocumentStoreAtStart(em: EntityManager, dataDir: string, who: string): Promise<void> {
  const swept = await sweepDocumentStore(em, dataDir);
  if (swept.partials + swept.orphans > 0) console.log(`${who}: removed ${swept.partials} unfinished upload(s) and ${swept.orphans} document file(s) no row names`);
}

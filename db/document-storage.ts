import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Document } from './entities';

// Uploaded documents live under DATA_DIR as documents/{first two characters}/{sha256}.pdf:
// the same bytes are stored once (two uploads of one PDF share the file), and a file is never
// overwritten (written aside, then linked in with 'wx' semantics). In a distributed deployment
// DATA_DIR is the volume every api replica shares (DESIGN "Documents and uploads").

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
  const partial = `${target}.${process.pid}.${crypto.randomUUID()}.partial`;
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

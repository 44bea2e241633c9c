import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TAccountingFileType } from './credit-note.types';

// Where a run's documents live under the data directory, and how they are written: deterministic
// paths, so a retried activity rewrites the same file instead of adding one.

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The sha256 of a file, read as a stream (a run's ZIP carries every PDF: tens of MB at 1,000 trainers, hundreds at 10,000). */
export async function sha256OfFile(absolutePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(absolutePath), hash);
  return hash.digest('hex');
}

/** Where a credit note PDF lives, relative to the data directory: `credit-notes/{group}/{YYYY-MM}/{number}.pdf`. */
export const creditNoteFilePath = (studioGroupUuid: string, settlementMonth: string, number: string) =>
  path.posix.join('credit-notes', studioGroupUuid, settlementMonth.slice(0, 7), `${number}.pdf`);

/** The run's files, relative to the data directory (deterministic: a retry rewrites the same files). */
export function runFilePaths(runUuid: string, settlementMonth: string): Record<TAccountingFileType, string> {
  const month = settlementMonth.slice(0, 7);
  const dir = path.posix.join('runs', runUuid);
  return {
    SEPA_XML: path.posix.join(dir, `sepa-${month}-${runUuid.slice(0, 8)}.xml`),
    CREDIT_NOTES_ZIP: path.posix.join(dir, `credit-notes-${month}.zip`),
    STUDIO_COSTS_BY_MONTH: path.posix.join(dir, `studio-costs-${month}.csv`),
    DATEV_EXTF: datevFilePaths(runUuid, settlementMonth).DATEV_EXTF,
    PAYOUT_RETURNS: path.posix.join(dir, `payout-returns-${month}.csv`),
  };
}

/** The run's DATEV files: the booking batch and the creditor master data, named as DATEV's import expects (EXTF_…csv). */
export function datevFilePaths(runUuid: string, settlementMonth: string): { DATEV_EXTF: string; DATEV_CREDITORS: string } {
  const month = settlementMonth.slice(0, 7).replace('-', '');
  const dir = path.posix.join('runs', runUuid);
  return {
    DATEV_EXTF: path.posix.join(dir, `EXTF_Buchungsstapel_${month}_${runUuid.slice(0, 8)}.csv`),
    DATEV_CREDITORS: path.posix.join(dir, `EXTF_Kreditoren_${month}_${runUuid.slice(0, 8)}.csv`),
  };
}

/** SEPA message id of a run: 'TP' and the run uuid's 32 hex digits (35 characters at most, unique per run). */
export const sepaMessageId = (runUuid: string) => `TP${runUuid.replace(/-/g, '')}`;

/** Opens a new file for writing, creating its folder only when it is missing (a run writes ~2,000 files into one folder). */
async function openCreatingFolder(absolutePath: string): Promise<fsp.FileHandle> {
  try {
    return await fsp.open(absolutePath, 'w');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fsp.mkdir(path.dirname(absolutePath), { recursive: true });
    return fsp.open(absolutePath, 'w');
  }
}

/** Writes a file so that readers see the old or the new bytes, never a part (temp file, fsync, rename). */
export async function writeFileAtomic(absolutePath: string, data: Buffer | string): Promise<void> {
  const temp = `${absolutePath}.${randomUUID()}.tmp`;
  try {
    const handle = await openCreatingFolder(temp);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, absolutePath);
  } catch (error) {
    // A full disk leaves the part written so far: removed, so it does not hold on to the space
    // the operator frees, nor lie beside the data for ever.
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

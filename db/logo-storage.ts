import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { logoFileName } from '../domain/studio-group-logo';

// A studio group's uploaded logo lives under DATA_DIR as logos/{sha256 of the group's uuid}.png (the
// name the trainer spec gives its URL), whatever the image's type: the server sniffs the type again
// when it serves it. Written aside and renamed in, so a reader never sees half a file.

const logoDirectory = (dataDir: string) => path.join(dataDir, 'logos');

export async function writeLogoFile(dataDir: string, studioGroupUuid: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(logoDirectory(dataDir), { recursive: true });
  const target = path.join(logoDirectory(dataDir), logoFileName(studioGroupUuid));
  const temporary = `${target}.${crypto.randomUUID()}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, target);
}

export async function removeLogoFile(dataDir: string, studioGroupUuid: string): Promise<void> {
  await fs.rm(path.join(logoDirectory(dataDir), logoFileName(studioGroupUuid)), { force: true });
}

/** The uploaded logo's bytes by its file name, or null when the group has uploaded none. */
export async function readLogoFile(dataDir: string, fileName: string): Promise<Buffer | null> {
  return fs.readFile(path.join(logoDirectory(dataDir), path.basename(fileName))).catch(() => null);
}

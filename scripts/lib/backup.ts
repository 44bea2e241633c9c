import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { TarArchive } from 'archiver';
import pg from 'pg';
import { findPostgresTools } from './postgres-tools';

// `npm run backup` and `npm run restore` (docs/operations.md "Backup and restore"). A backup is a
// folder of three files: `database.dump` (pg_dump's custom format), `files.tar` (the file store
// under DATA_DIR: credit-note PDFs and XRechnung files, run files, trainers' documents, logos,
// uploaded CSVs) and `manifest.json` (the SHA-256 of each of them and of every file in the tar).
//
// Consistency: the database is dumped first, from a snapshot exported by a transaction that also
// reads every file path and hash the database names. Files are written before the row that names
// them commits, and never changed afterwards (credit notes, run files, documents by hash), so every
// file the snapshot names is on disk when the files are copied after it; the backup checks that each
// one is in the tar with the hash the database holds, and fails otherwise. A file written after the
// snapshot is copied too and simply not referenced by the dump.

const execFileAsync = promisify(execFile);

export const BACKUP_FORMAT = 'trainerpay-backup/1';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { file: 'database.dump'; sha256: string; serverVersion: string; migrations: string[] };
  files: { file: 'files.tar'; sha256: string; entries: Array<{ path: string; size: number; sha256: string }> };
};

/** Refused before anything was changed (a non-empty target without --force, a damaged backup). */
export class BackupRefusal extends Error {}

/** What under DATA_DIR is not the file store: the embedded servers' own files, and half-written files. */
const NOT_FILE_STORE = (relativePath: string) =>
  relativePath === 'postgres' || relativePath.startsWith(`postgres${path.sep}`) || /^temporal\.(db|log)/.test(relativePath) || relativePath.endsWith('.partial') || relativePath.endsWith('.tmp');

const sha256Of = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file of the file store, relative to DATA_DIR, sorted. */
export async function listFileStore(dataDir: string): Promise<string[]> {
  if (!fs.existsSync(dataDir)) return [];
  const entries = await fsp.readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .filter((relativePath) => !NOT_FILE_STORE(relativePath))
    .sort();
}

/** Files the database names, with the hash it holds where it holds one. */
type ReferencedFile = { path: string; sha256: string | null; what: string };

const REFERENCED_FILES_SQL = `
  select file_path as path, sha256, 'credit note ' || number as what from credit_note
  union all select file_path, sha256, 'document ' || uuid from document
  union all select file_path, sha256, 'run file ' || type from accounting_file where file_path is not null and status = 'success'`;

export type CreateBackupOptions = { databaseUrl: string; dataDir: string; outDir: string; log?: (line: string) => void };

export async function createBackup({ databaseUrl, dataDir, outDir, log = console.log }: CreateBackupOptions): Promise<BackupManifest> {
  if (fs.existsSync(outDir) && (await fsp.readdir(outDir)).length > 0) throw new BackupRefusal(`${outDir} is not empty: name a new folder for the backup.`);
  await fsp.mkdir(outDir, { recursive: true });
  const dumpFile = path.join(outDir, 'database.dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let referenced: ReferencedFile[];
  let migrations: string[];
  let serverVersion: string;
  try {
    serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    const serverMajor = Math.floor(Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num) / 10_000);
    const tools = findPostgresTools({ serverMajor, log });
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows[0]!.snapshot;
    referenced = (await client.query<ReferencedFile>(REFERENCED_FILES_SQL)).rows;
    migrations = (await client.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map((row) => row.name);
    log(`Dumping the database (PostgreSQL ${serverVersion}, ${migrations.length} migrations) ...`);
    // The dump sees exactly what the queries above saw: the snapshot stays valid while this transaction is open.
    await execFileAsync(tools.pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${databaseUrl}`], { maxBuffer: 16 * 1024 * 1024 });
    await client.query('commit');
  } finally {
    await client.end();
  }

  log(`Copying the file store of ${dataDir} ...`);
  const entries: BackupManifest['files']['entries'] = [];
  const tarFile = path.join(outDir, 'files.tar');
  const tar = new TarArchive();
  const written = pipeline(tar, fs.createWriteStream(tarFile));
  for (const relativePath of await listFileStore(dataDir)) {
    // Read once: the bytes hashed are the bytes archived.
    const bytes = await fsp.readFile(path.join(dataDir, relativePath));
    entries.push({ path: relativePath, size: bytes.length, sha256: sha256Of(bytes) });
    tar.append(bytes, { name: relativePath });
  }
  await tar.finalize();
  await written;

  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const missing = referenced.filter((file) => file.sha256 !== null && byPath.get(path.normalize(file.path))?.sha256 !== file.sha256);
  if (missing.length > 0) {
    throw new Error(
      `The file store lacks ${missing.length} file(s) the database names, or holds other bytes (is DATA_DIR this database's?): ${missing
        .slice(0, 5)
        .map((file) => `${file.what} (${file.path})`)
        .join(', ')}`,
    );
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: { file: 'database.dump', sha256: await sha256OfFile(dumpFile), serverVersion, migrations },
    files: { file: 'files.tar', sha256: await sha256OfFile(tarFile), entries },
  };
  await fsp.writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`Backup written to ${outDir}: the database and ${entries.length} files (${referenced.length} named by the database).`);
  return manifest;
}

/** Reads a backup's manifest and checks the dump and the tar against it. */
export async function readBackup(backupDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new BackupRefusal(`${backupDir} holds no manifest.json: not a TrainerPay backup.`);
  const manifest = JSON.parse(await fsp.readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupRefusal(`${manifestFile}: unknown format '${String(manifest.format)}'.`);
  for (const { file, sha256 } of [manifest.database, manifest.files]) {
    const actual = fs.existsSync(path.join(backupDir, file)) ? await sha256OfFile(path.join(backupDir, file)) : 'missing';
    if (actual !== sha256) throw new BackupRefusal(`${path.join(backupDir, file)} does not match the manifest (${actual === 'missing' ? 'missing' : 'other bytes'}): the backup is damaged.`);
  }
  return manifest;
}

const databaseNameOf = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

/** Connects to the database, creating it (from the server's maintenance database) when it does not exist. */
async function connectCreatingDatabase(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    // 3D000: invalid_catalog_name, the database does not exist.
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const maintenanceUrl = new URL(databaseUrl);
  maintenanceUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenanceUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(databaseNameOf(databaseUrl))}`);
  } finally {
    await admin.end();
  }
  const created = new pg.Client({ connectionString: databaseUrl });
  await created.connect();
  return created;
}

export type RestoreBackupOptions = { backupDir: string; databaseUrl: string; dataDir: string; force?: boolean; log?: (line: string) => void };

/**
 * Restores a backup into an empty database (created when missing) and an empty file store. Both
 * targets are checked before anything is written: a non-empty one is refused unless `force`, which
 * empties it first (the database's schema `public`, the file store's files; never DATA_DIR/postgres
 * or the Temporal dev server's database).
 */
export async function restoreBackup({ backupDir, databaseUrl, dataDir, force = false, log = console.log }: RestoreBackupOptions): Promise<BackupManifest> {
  const manifest = await readBackup(backupDir);
  const client = await connectCreatingDatabase(databaseUrl);
  try {
    const tables = Number((await client.query<{ count: string }>(`select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`)).rows[0]!.count);
    const existingFiles = await listFileStore(dataDir);
    const refusals = [
      tables > 0 ? `the database '${databaseNameOf(databaseUrl)}' holds ${tables} tables` : undefined,
      existingFiles.length > 0 ? `${dataDir} holds ${existingFiles.length} files (e.g. ${existingFiles[0]})` : undefined,
    ].filter(Boolean);
    if (refusals.length > 0 && !force) {
      throw new BackupRefusal(`Not restored: ${refusals.join(', and ')}. Restore into an empty database and data folder, or pass --force to replace what is there. Nothing was changed.`);
    }
    const serverMajor = Math.floor(Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num) / 10_000);
    const tools = findPostgresTools({ serverMajor, log });
    if (tables > 0) {
      log(`--force: emptying the database '${databaseNameOf(databaseUrl)}' ...`);
      await client.query('drop schema public cascade; create schema public');
    }
    for (const relativePath of existingFiles) await fsp.rm(path.join(dataDir, relativePath), { force: true });

    log(`Restoring the database (${manifest.database.migrations.length} migrations, dumped from PostgreSQL ${manifest.database.serverVersion}) ...`);
    // One transaction: a failure leaves the database as empty as it was.
    await execFileAsync(tools.pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, path.join(backupDir, manifest.database.file)], { maxBuffer: 16 * 1024 * 1024 });
  } finally {
    await client.end();
  }

  log(`Restoring ${manifest.files.entries.length} files into ${dataDir} ...`);
  await fsp.mkdir(dataDir, { recursive: true });
  await execFileAsync('tar', ['-xf', path.join(backupDir, manifest.files.file), '-C', dataDir]);
  const damaged: string[] = [];
  for (const entry of manifest.files.entries) {
    const file = path.join(dataDir, entry.path);
    if (!fs.existsSync(file) || (await sha256OfFile(file)) !== entry.sha256) damaged.push(entry.path);
  }
  if (damaged.length > 0) throw new Error(`${damaged.length} restored file(s) do not match the manifest: ${damaged.slice(0, 5).join(', ')}`);
  log(`Restored: the database and ${manifest.files.entries.length} files, each checked against its SHA-256.`);
  return manifest;
}

/**
 * The database a backup or restore works on: DATABASE_URL; else `npm start`'s embedded PostgreSQL —
 * the running one (a backup may be taken while the app runs), or, when it is not running, started
 * here on DATA_DIR for the command's length. A restore refuses a running embedded server: the app
 * on it would be writing while the restore does.
 */
export async function openTargetDatabase({ databaseUrl, dataDir, embeddedPort, purpose }: { databaseUrl: string | undefined; dataDir: string; embeddedPort: number; purpose: 'backup' | 'restore' }) {
  if (databaseUrl) return { databaseUrl, close: async () => {} };
  const { startEmbeddedPostgres, embeddedDatabaseUrl } = await import('../../db/embedded');
  const runningUrl = embeddedDatabaseUrl(embeddedPort);
  const probe = new pg.Client({ connectionString: runningUrl, connectionTimeoutMillis: 2_000 });
  const running = await probe.connect().then(() => true, () => false);
  await probe.end().catch(() => {});
  if (running) {
    if (purpose === 'restore') throw new BackupRefusal(`The embedded PostgreSQL answers on port ${embeddedPort}: stop TrainerPay (npm start) before restoring. Nothing was changed.`);
    return { databaseUrl: runningUrl, close: async () => {} };
  }
  if (purpose === 'backup' && !fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) throw new BackupRefusal(`No DATABASE_URL and no embedded database in ${path.join(dataDir, 'postgres')}: nothing to back up.`);
  const server = await startEmbeddedPostgres({ dataDir, port: embeddedPort });
  return { databaseUrl: server.databaseUrl, close: () => server.stop() };
}

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { AccountingFile, CreditNote, StudioGroupTrainer, Trainer } from '../../db/entities';
import type { BackupManifest } from '../../scripts/lib/backup';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { startSmtpServer } from '../support/smtp';
import { logIn, startStack, type Stack } from '../support/stack';

// `npm run backup` and `npm run restore` as an operator runs them (the scripts as child processes,
// DATABASE_URL and DATA_DIR in their environment): a month closed with credit notes on a real stack
// is backed up; a restore over it is refused; the database is dropped and the data folder deleted;
// the restore brings back the same sums, credit notes, files (by SHA-256) and the settlement as the
// API shows it, workflow state included (Temporal's namespace is not part of the backup and stays).

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stack: Stack | undefined;
let restored: Stack | undefined;
let workDir: string;
let fitnessUuid: string;
const settlementUuid = crypto.randomUUID();
const runUuid = crypto.randomUUID();

/** Runs `scripts/<name>.ts` with this environment; its exit code and output, never throwing. */
async function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', `${name}.ts`), ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 300_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** A loopback port nobody listens on now, for the embedded server. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sha256OfFile = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** What a user checks of the closed month through the API: the settlement (sums, trainers, runs, workflow state) and the credit notes. */
async function monthAsTheApiShowsIt(on: Stack) {
  const admin = await logIn(on.baseUrl, 'admin@demo.test');
  const get = async (urlPath: string) => {
    const response = await fetch(`${on.baseUrl}/api/v1/${fitnessUuid}${urlPath}`, { headers: admin.headers });
    expect(response.status, urlPath).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return { settlement: await get(`/settlement/${settlementUuid}`), sums: await get(`/settlement/calculate-sum/${settlementUuid}`), creditNotes: await get('/credit-notes') };
}

/** Each credit note's number, gross, and the SHA-256 of its PDF as it is on disk now. */
async function creditNoteFiles(on: Stack) {
  const notes = await on.orm.em.fork().find(CreditNote, {}, { orderBy: { number: 'asc' } });
  return notes.map((note) => ({ number: note.number, grossCents: note.grossCents, sha256: note.sha256, onDisk: sha256OfFile(path.join(on.dataDir, note.filePath)) }));
}

let before: Awaited<ReturnType<typeof monthAsTheApiShowsIt>>;
let filesBefore: Awaited<ReturnType<typeof creditNoteFiles>>;
let backupDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }) });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-backup-test-'));
  backupDir = path.join(workDir, 'backup');
  const admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitnessUuid = keys.uuid;
  const linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] })).trainer.uuid;
  const contracted = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T002' })).uuid;
  await importDemoClasses(stack.baseUrl, admin, keys.uuid, DateTime.fromISO(MONTH).startOf('month').toISODate()!, MONTH);
  await prepareSettlement(stack.baseUrl, admin, keys, settlementUuid, MONTH, [linked, contracted], false);
  const send = await fetch(`${stack.baseUrl}/api/v1/${keys.uuid}/settlement/trainer-credit-note/send`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: [linked, contracted] }),
  });
  expect(send.status, await send.clone().text()).toBe(200);
  for await (const _line of readNdjson(send)) void _line;
  filesBefore = await creditNoteFiles(stack);
  expect(filesBefore).toHaveLength(2);
  before = await monthAsTheApiShowsIt(stack);
}, 300_000);

afterAll(async () => {
  await restored?.stop();
  await stack?.stop();
  await smtp?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes the database dump and every file of the store with its SHA-256, the credit notes’ PDFs among them', { timeout: 300_000 }, async () => {
    const result = await runScript('backup', ['--out', backupDir], { DATABASE_URL: stack!.databaseUrl, DATA_DIR: stack!.dataDir });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Backup written to/);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.database.migrations.length).toBeGreaterThan(0);
    expect(sha256OfFile(path.join(backupDir, 'database.dump'))).toBe(manifest.database.sha256);
    const notes = await stack!.orm.em.fork().find(CreditNote, {});
    for (const note of notes) expect(manifest.files.entries.find((entry) => entry.path === note.filePath)?.sha256).toBe(note.sha256);
    // The run's files too (SEPA, ZIP, CSV), as the database names them.
    const runFiles = await stack!.orm.em.fork().find(AccountingFile, { settlementRun: { uuid: runUuid }, status: 'success' });
    expect(runFiles.length).toBeGreaterThan(0);
    for (const file of runFiles) expect(manifest.files.entries.map((entry) => entry.path)).toContain(file.filePath);
  });
});

describe('npm run restore', () => {
  it('refuses a database and data folder that are not empty, says why and how, and changes nothing', { timeout: 120_000 }, async () => {
    const result = await runScript('restore', [backupDir], { DATABASE_URL: stack!.databaseUrl, DATA_DIR: stack!.dataDir });
    expect(result.code).toBe(3);
    expect(result.output).toMatch(/Not restored: the database '.+' holds \d+ tables, and .+ holds \d+ files .*--force.*Nothing was changed/);
    expect(await creditNoteFiles(stack!)).toEqual(filesBefore);
  });

  it('brings the month back into a wiped database and data folder: same sums, credit notes, files and settlement state', { timeout: 300_000 }, async () => {
    const target = { databaseUrl: stack!.databaseUrl, dataDir: stack!.dataDir, temporalNamespace: stack!.temporalNamespace };
    // The wipe: the stack's stop drops its database and deletes its data folder.
    await stack!.stop();
    stack = undefined;
    expect(fs.existsSync(target.dataDir)).toBe(false);

    const result = await runScript('restore', [backupDir], { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Restored: the database and \d+ files, each checked against its SHA-256/);

    restored = await startStack({ takeOver: target, mailer: createMailer({ smtpUrl: smtp.url }) });
    expect(await creditNoteFiles(restored)).toEqual(filesBefore);
    for (const file of filesBefore) expect(file.onDisk).toBe(file.sha256);
    const after = await monthAsTheApiShowsIt(restored);
    expect(after).toEqual(before);
    expect((before.settlement as { workflow: unknown }).workflow).not.toBeNull();
  });

  it('works the same without DATABASE_URL, on the embedded PostgreSQL of npm start under DATA_DIR', { timeout: 300_000 }, async () => {
    const embedded = { DATABASE_URL: '', DATA_DIR: path.join(workDir, 'embedded-data'), EMBEDDED_PG_PORT: String(await freePort()) };
    const restoredHere = await runScript('restore', [backupDir], embedded);
    expect(restoredHere.code, restoredHere.output).toBe(0);
    // Backed up again from there (the server is not running: the script starts and stops it), the same files and migrations.
    const again = path.join(workDir, 'embedded-backup');
    const backedUp = await runScript('backup', ['--out', again], embedded);
    expect(backedUp.code, backedUp.output).toBe(0);
    const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(read(again).files.entries).toEqual(read(backupDir).files.entries);
    expect(read(again).database.migrations).toEqual(read(backupDir).database.migrations);
  });

  it('refuses a damaged backup before touching anything', { timeout: 120_000 }, async () => {
    const damaged = path.join(workDir, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    fs.appendFileSync(path.join(damaged, 'files.tar'), 'x');
    const result = await runScript('restore', [damaged, '--force'], { DATABASE_URL: restored!.databaseUrl, DATA_DIR: restored!.dataDir });
    expect(result.code).toBe(3);
    expect(result.output).toMatch(/files\.tar does not match the manifest \(other bytes\): the backup is damaged/);
    expect(await creditNoteFiles(restored!)).toEqual(filesBefore);
  });
});

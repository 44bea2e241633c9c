import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { Document, DocumentCategory } from '../../db/entities';
import { sha256Of } from '../../db/document-storage';
import { initOrm } from '../../db/orm';
import { demoPdf } from '../../db/seed-documents';
import { DEMO_FITNESS_GROUP_NAME } from '../../db/seed';
import { cloneTestDatabase } from '../support/databases';
import { killAll, registerNamespace, startAppProcess, waitForApi, waitUntil, type AppProcess } from '../support/processes';
import { logIn } from '../support/stack';

// An api process (the real entry point, as a deployment runs it) SIGKILLed during document uploads:
// once while a slow client is still sending the file, once after the file was written but before its
// row committed (the test holds the file's lock, so the process is killed exactly there). After a
// restart, and its start-up sweep, every document row has its file, every file has a row, and no
// temporary file is left.

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let orm: MikroORM;
let workDir: string;
let dataDir: string;
let logDir: string;
let env: Record<string, string>;
let api: AppProcess | undefined;
let keepLogs = false;

beforeAll(async () => {
  database = await cloneTestDatabase();
  orm = await initOrm(database.databaseUrl);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-upload-crash-'));
  dataDir = path.join(workDir, 'data');
  logDir = path.join(workDir, 'logs');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(logDir);
  const temporalAddress = inject('temporalAddress');
  const namespace = `upload-crash-${crypto.randomBytes(4).toString('hex')}`;
  await registerNamespace(temporalAddress, namespace);
  env = { DATABASE_URL: database.databaseUrl, TEMPORAL_ADDRESS: temporalAddress, TEMPORAL_NAMESPACE: namespace, DATA_DIR: dataDir, PORT: '0', WEB_DIST: path.join(workDir, 'no-web-app') };
}, 120_000);

afterAll(async () => {
  await killAll([api]);
  await orm?.close();
  await database?.drop();
  if (workDir && !keepLogs) fs.rmSync(workDir, { recursive: true, force: true });
});

const startApi = async (name: string) => {
  api = startAppProcess({ name, entry: 'api/main.ts', env, logDir });
  return waitForApi(api);
};

/** A multipart body with one PDF in `file`. */
const multipart = (bytes: Uint8Array, fileName: string) => {
  const boundary = `----upload-crash-${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, Buffer.from(bytes), tail]) };
};

/** Starts an upload that sends only the first `sentBytes` of its body (or all) and answers its outcome, whatever it is. */
function startUpload({ baseUrl, path: urlPath, headers, bytes, fileName, sentBytes }: { baseUrl: string; path: string; headers: Record<string, string>; bytes: Uint8Array; fileName: string; sentBytes?: number }) {
  const { contentType, body } = multipart(bytes, fileName);
  const request = http.request(`${baseUrl}${urlPath}`, { method: 'POST', headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) } });
  const outcome = new Promise<string>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(`answered ${response.statusCode}`);
    });
    request.on('error', (error) => resolve(`failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
  });
  request.write(body.subarray(0, sentBytes ?? body.length));
  if (sentBytes === undefined) request.end();
  return { outcome, abort: () => request.destroy() };
}

const filesOnDisk = () => {
  const root = path.join(dataDir, 'documents');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((entry) => /^[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/.test(entry.split(path.sep).join('/')))
    .map((entry) => path.basename(entry, '.pdf'));
};
const partials = () => {
  const folder = path.join(dataDir, 'documents', '.partial');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

it('leaves no row without its file, no file without its row and no temporary file after a restart', { timeout: 300_000 }, async () => {
  onTestFailed(() => {
    keepLogs = true;
    console.error(`upload-crash logs: ${logDir}`);
  });
  let baseUrl = await startApi('api-1');
  const trainer = await logIn(baseUrl, 'trainer@demo.test');
  const category = await orm.em.fork().findOneOrFail(DocumentCategory, { name: 'Trainerlizenz', studioGroup: { name: DEMO_FITNESS_GROUP_NAME } }, { populate: ['studioGroup'] });
  const urlPath = `/de/trainer/document/upload/${category.studioGroup.uuid}/${category.uuid}`;
  const headers = { 'x-user': trainer.userUuid, 'x-api-key': trainer.apiKey };
  // Rows of the seed name files of the seed's data folder, not this one's: only this test's rows count.
  const seeded = new Set((await orm.em.fork().find(Document, {})).map((row) => row.id));
  const rowsOfThisTest = async () => (await orm.em.fork().find(Document, {})).filter((row) => !seeded.has(row.id));

  // One upload that completes: its row and file must survive everything below.
  const kept = await demoPdf('Trainerlizenz', 'bleibt');
  expect(await startUpload({ baseUrl, path: urlPath, headers, bytes: kept, fileName: 'bleibt.pdf' }).outcome).toBe('answered 200');

  // 1. Killed while a slow client has sent half of the file.
  const halfSent = await demoPdf('Trainerlizenz', 'halb gesendet');
  const slow = startUpload({ baseUrl, path: urlPath, headers, bytes: halfSent, fileName: 'halb.pdf', sentBytes: Math.floor(halfSent.length / 2) });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await api!.kill();
  expect(await slow.outcome).toMatch(/^failed/);
  slow.abort();

  // 2. Killed after the file was written and linked in, before its row committed: the test holds
  // the file's lock (db/document-storage.ts lockDocumentFile), which the upload takes after writing.
  baseUrl = await startApi('api-2');
  const written = await demoPdf('Trainerlizenz', 'geschrieben, nicht verbucht');
  const sha256 = sha256Of(written);
  const holder = orm.em.fork();
  await holder.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`document-file:${sha256}`]);
    const pending = startUpload({ baseUrl, path: urlPath, headers, bytes: written, fileName: 'geschrieben.pdf' });
    await waitUntil('the upload to write its file', () => filesOnDisk().includes(sha256), { timeoutMs: 60_000 });
    const killedPid = api!.pid;
    await api!.kill();
    expect(await pending.outcome).toMatch(/^failed/);
    // What a kill during the write itself leaves: a temporary file of that process (written here,
    // as the window of a write is too short to hit from outside).
    fs.mkdirSync(path.join(dataDir, 'documents', '.partial'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'documents', '.partial', `${os.hostname()}.${killedPid}.${crypto.randomUUID()}`), Buffer.from(written).subarray(0, 100));
  });
  expect(filesOnDisk()).toContain(sha256);
  expect(partials()).toHaveLength(1);
  // And one an earlier version left beside its target, two hours ago.
  const oldPartial = path.join(dataDir, 'documents', sha256.slice(0, 2), `${sha256}.pdf.4242.${crypto.randomUUID()}.partial`);
  fs.writeFileSync(oldPartial, 'half');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  fs.utimesSync(oldPartial, twoHoursAgo, twoHoursAgo);

  // The restart sweeps.
  baseUrl = await startApi('api-3');
  expect(api!.output()).toContain('api: removed 2 unfinished upload(s) and 1 document file(s) no row names');
  expect(fs.existsSync(oldPartial)).toBe(false);
  const rows = await rowsOfThisTest();
  expect(rows.map((row) => row.fileName)).toEqual(['bleibt.pdf']);
  const onDisk = new Set(filesOnDisk());
  for (const row of rows) expect(onDisk.has(row.sha256!), `file of ${row.fileName}`).toBe(true);
  expect([...onDisk].filter((hash) => !rows.some((row) => row.sha256 === hash))).toEqual([]);
  expect(partials()).toEqual([]);

  // The same upload again now goes through, file and row together.
  const trainerAgain = await logIn(baseUrl, 'trainer@demo.test');
  expect(await startUpload({ baseUrl, path: urlPath, headers: { 'x-user': trainerAgain.userUuid, 'x-api-key': trainerAgain.apiKey }, bytes: written, fileName: 'geschrieben.pdf' }).outcome).toBe('answered 200');
  expect(filesOnDisk()).toContain(sha256);
  expect(await orm.em.fork().count(Document, { sha256 })).toBe(1);
});

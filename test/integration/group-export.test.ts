import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroupExport, TGroupExportList } from '../../contracts/group-export.contract';
import type { TSignDownloadResponse } from '../../contracts/credit-note-list.contract';
import { AppSecret, Trainer, User } from '../../db/entities';
import { sql } from '../../db/queries/sql';
import { issueCreditNote, type IssuedCreditNote } from '../support/credit-notes';
import { findDemoFitness, importDemoClasses } from '../support/month-close';
import { apiCaller, logIn, startStack, type Stack } from '../support/stack';

// A studio group leaves with all its data: after a closed month (classes imported, credit notes
// issued with their PDFs, XRechnung and run files), staff export the whole group through the API
// and the real workflow, download the ZIP by a signed link and check what a leaving customer (or
// their accountant) would check: every file the manifest lists is there with its sha256, the
// credit notes reconcile with the database, the PDFs are in it, and nothing secret is.

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let otherAdmin: Awaited<ReturnType<typeof logIn>>;
let trainer: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;
let groupId: number;
const issued: IssuedCreditNote[] = [];
const call = apiCaller(() => stack.baseUrl, () => admin);

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  otherAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  const em = stack.orm.em.fork();
  const { keys } = await findDemoFitness(em);
  groupUuid = keys.uuid;
  groupId = keys.id;
  await importDemoClasses(stack.baseUrl, admin, groupUuid, '2026-10-01', '2026-10-31');
  const trainers = await em.find(Trainer, { studioGroup: groupId }, { orderBy: { id: 'asc' }, limit: 3 });
  // A name a spreadsheet would run as a formula: the CSV must show it as text.
  trainers[2]!.lastname = '=HYPERLINK("http://evil.test","x")';
  await em.flush();
  issued.push(await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: trainers[0]!.uuid, month: '2026-10-31', number: 'GS-2026-00101', grossCents: 11900 }));
  issued.push(await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: trainers[1]!.uuid, month: '2026-10-31', number: 'GS-2026-00102', grossCents: 23456 }));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

async function waitUntilFinished(exportUuid: string): Promise<TGroupExport> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status, body } = await call<TGroupExport>('GET', `/api/v1/${groupUuid}/export/${exportUuid}`);
    expect(status).toBe(200);
    if (body.status !== 'running') return body;
    if (Date.now() > deadline) throw new Error(`export still running: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every entry of a ZIP by name (Python's zipfile reads it, as the credit-note run's test does). */
function zipEntries(zipPath: string): Map<string, Buffer> {
  const script = 'import base64,json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({n: base64.b64encode(z.read(n)).decode() for n in z.namelist()}))';
  const entries = JSON.parse(execFileSync('python3', ['-c', script, zipPath], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as Record<string, string>;
  return new Map(Object.entries(entries).map(([name, base64]) => [name, Buffer.from(base64, 'base64')]));
}

type Manifest = {
  formatVersion: number;
  studioGroup: { uuid: string };
  createdBy: { email: string };
  files: Array<{ path: string; size: number; sha256: string }>;
  counts: Record<string, number>;
  totals: { creditNotes: { count: number; grossCents: number } };
};

describe('studio group export', () => {
  let finished: TGroupExport;
  let entries: Map<string, Buffer>;

  it('starts one export for two clicks at once and finishes it with live progress in the row', async () => {
    const [first, second] = await Promise.all([call<TGroupExport>('POST', `/api/v1/${groupUuid}/export`, { body: {} }), call<TGroupExport>('POST', `/api/v1/${groupUuid}/export`, { body: {} })]);
    expect([first.status, second.status].sort()).toEqual([200, 202]);
    expect(first.body.exportUuid).toBe(second.body.exportUuid);
    finished = await waitUntilFinished(first.body.exportUuid);
    expect(finished).toMatchObject({ status: 'done', sectionsDone: 8, sectionsTotal: 8, currentSection: null, requestedBy: { email: 'admin@demo.test' }, error: null });
    expect(finished.sizeBytes).toBeGreaterThan(0);
    expect(finished.downloadPath).toBe(`/api/v1/${groupUuid}/export/${finished.exportUuid}/download`);
    expect(Date.parse(finished.expiresAt!) - Date.parse(finished.finishedAt!)).toBe(7 * 24 * 60 * 60 * 1000);

    const list = await call<TGroupExportList>('GET', `/api/v1/${groupUuid}/exports`);
    expect(list.status).toBe(200);
    expect(list.body.retentionDays).toBe(7);
    expect(list.body.exports[0]).toEqual(finished);
  }, 180_000);

  it('downloads the ZIP by a signed link, and the manifest lists every file with its sha256', async () => {
    const signed = await call<TSignDownloadResponse>('POST', `/api/v1/${groupUuid}/downloads/sign`, { body: { path: finished.downloadPath } });
    expect(signed.status).toBe(200);
    // The browser opens the link by navigation: no headers.
    const response = await fetch(`${stack.baseUrl}${signed.body.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="?trainerpay-export-demo-fitness-\d{4}-\d{2}-\d{2}\.zip"?$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(finished.sizeBytes);
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(finished.sha256);
    const zipPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'group-export-')), 'export.zip');
    fs.writeFileSync(zipPath, bytes);
    entries = zipEntries(zipPath);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Manifest;
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.studioGroup.uuid).toBe(groupUuid);
    expect(manifest.createdBy.email).toBe('admin@demo.test');
    expect(manifest.files.map((file) => file.path).sort()).toEqual([...entries.keys()].filter((name) => name !== 'manifest.json').sort());
    for (const file of manifest.files) {
      const content = entries.get(file.path)!;
      expect(content.length, file.path).toBe(file.size);
      expect(crypto.createHash('sha256').update(content).digest('hex'), file.path).toBe(file.sha256);
    }
    for (const name of ['master-data/studio-group.json', 'master-data/studios.csv', 'master-data/trainers.csv', 'master-data/trainers.json', 'master-data/payment-type-rules.csv', 'master-data/admin-positions.csv', 'classes/2026-10.csv', 'settlements/settlements.csv', 'credit-notes/credit-notes.csv', 'logs/import-log.csv', 'logs/emails.csv']) {
      expect(entries.has(name), name).toBe(true);
    }
  }, 120_000);

  it('reconciles the credit notes with the database and holds their PDFs, XRechnung and the run files', async () => {
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Manifest;
    const [db] = await sql<{ count: string; gross: string }>(stack.orm.em.fork(), `select count(*) as count, coalesce(sum(gross_cents), 0) as gross from credit_note where studio_group_id = ? and document_type = 'credit_note'`, [groupId]);
    expect(manifest.totals.creditNotes).toMatchObject({ count: Number(db!.count), grossCents: Number(db!.gross) });
    expect(manifest.totals.creditNotes.grossCents).toBe(11900 + 23456);
    const [classes] = await sql<{ count: string }>(stack.orm.em.fork(), 'select count(*) as count from studio_class where studio_group_id = ?', [groupId]);
    expect(manifest.counts.classes).toBe(Number(classes!.count));
    expect(manifest.counts.classes).toBeGreaterThan(0);
    for (const note of issued) {
      expect(entries.get(`credit-notes/2026-10/${note.fileName}`)?.equals(note.pdf), note.fileName).toBe(true);
      expect(entries.get(`credit-notes/2026-10/${note.number}.xrechnung.xml`)?.toString('utf8')).toContain(note.number);
      expect(entries.has(`run-files/2026-10_${note.runUuid}/sepa.xml`)).toBe(true);
      expect(entries.has(`run-files/2026-10_${note.runUuid}/credit-notes.zip`)).toBe(true);
    }
    const creditNotesCsv = entries.get('credit-notes/credit-notes.csv')!.toString('utf8');
    expect(creditNotesCsv).toContain('GS-2026-00101');
  });

  it('holds no secret and shows a formula as text', async () => {
    const em = stack.orm.em.fork();
    const secrets = [admin.apiKey, otherAdmin.apiKey, trainer.apiKey];
    for (const user of await em.find(User, {})) secrets.push(user.passwordHash);
    for (const secret of await em.find(AppSecret, {})) secrets.push(secret.value);
    expect(secrets.length).toBeGreaterThan(3);
    for (const [name, content] of entries) {
      const text = content.toString('latin1');
      for (const secret of secrets) expect(text.includes(secret), `${name} holds a secret`).toBe(false);
      expect(text, name).not.toMatch(/\$argon2id\$|password_hash|key_hash/);
    }
    const trainersCsv = entries.get('master-data/trainers.csv')!.toString('utf8');
    expect(trainersCsv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(trainersCsv).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('refuses a trainer and another group\'s staff, and says so in the caller\'s language', async () => {
    const asTrainer = await call<{ status: number; message: string }>('POST', `/api/v1/${groupUuid}/export`, { as: trainer, body: {} });
    expect(asTrainer.status).toBe(403);
    const otherStart = await call<{ message: string }>('POST', `/api/v1/${groupUuid}/export`, { as: otherAdmin, body: {}, locale: 'de' });
    expect(otherStart.status).toBe(404);
    expect(otherStart.body.message).toMatch(/Studiogruppe/);
    expect((await call('GET', `/api/v1/${groupUuid}/exports`, { as: otherAdmin })).status).toBe(404);
    expect((await call('GET', `/api/v1/${groupUuid}/export/${finished.exportUuid}`, { as: otherAdmin })).status).toBe(404);
    // Their own group does not know this export either.
    const ownGroupUuid = otherAdmin.studioGroups[0]!.uuid;
    expect((await call('GET', `/api/v1/${ownGroupUuid}/export/${finished.exportUuid}`, { as: otherAdmin })).status).toBe(404);
    // No link is signed for them, and the download without one is refused.
    expect((await call('POST', `/api/v1/${ownGroupUuid}/downloads/sign`, { as: otherAdmin, body: { path: finished.downloadPath } })).status).toBe(400);
    expect((await call('POST', '/api/v2/downloads/sign', { as: trainer, body: { path: finished.downloadPath } })).status).toBe(403);
    expect((await fetch(`${stack.baseUrl}${finished.downloadPath}`)).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}${finished.downloadPath}`, { headers: otherAdmin.headers })).status).toBe(404);
    // A malformed export id is a 400 with the field, not a 500.
    const malformed = await call<{ message: string }>('GET', `/api/v1/${groupUuid}/export/not-a-uuid`);
    expect(malformed.status).toBe(400);
  });
});

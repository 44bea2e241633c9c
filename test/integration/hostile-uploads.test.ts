import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../api/app';
import { DEFAULT_DOCUMENT_UPLOAD_LIMITS, type DocumentUploadLimits } from '../../config/env';
import { Document, DocumentCategory, TrainerAccount } from '../../db/entities';
import { storeDocumentBytes } from '../../db/document-storage';
import { EventFeed } from '../../db/events';
import { demoPdf } from '../../db/seed-documents';
import { DEMO_FITNESS_GROUP_NAME } from '../../db/seed';
import { pdfBomb, pdfWithEmbeddedFile, pdfWithLaunchAction, pdfWithOpenActionJavaScript } from '../support/hostile-pdfs';
import { logIn, startStack, type Stack } from '../support/stack';

// What an attacker's uploads do to the API, on the real API, PostgreSQL and data directory: a PDF
// bomb is refused while the API keeps answering other tenants; PDFs with active content are refused,
// and one stored before that rule downloads as an attachment, never inline; the quota, the rate
// limit and the free-space floor refuse in de and en with nothing stored.

type Login = Awaited<ReturnType<typeof logIn>>;
let stack: Stack;
let trainer: Login;
let groupUuid: string;
let categoryUuid: string;
let accountId: number;

const uploadTo = async (baseUrl: string, bytes: Uint8Array, name: string, locale = 'de') => {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseUrl}/${locale}/trainer/document/upload/${groupUuid}/${categoryUuid}`, { method: 'POST', headers: { 'x-user': trainer.userUuid, 'x-api-key': trainer.apiKey, 'x-locale': locale }, body: form });
  return { status: response.status, json: (await response.json()) as { status: string; message: string; documentUuid?: string } };
};
const upload = (bytes: Uint8Array, name: string, locale = 'de') => uploadTo(stack.baseUrl, bytes, name, locale);

const storedFiles = () => {
  const root = path.join(stack.dataDir, 'documents');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((entry) => String(entry).endsWith('.pdf')).length : 0;
};
const snapshot = async () => ({ rows: await stack.orm.em.fork().count(Document, {}), files: storedFiles() });

/** An api server of its own on the stack's database and data directory, with other upload limits. */
async function serverWith(limits: Partial<DocumentUploadLimits>) {
  const feed = new EventFeed(stack.databaseUrl);
  await feed.start();
  const server = createServer({ orm: stack.orm, temporal: stack.temporal, feed, env: { apiKeyTtlHours: 1, webDist: 'dist/web', dataDir: stack.dataDir, documentUploads: { ...DEFAULT_DOCUMENT_UPLOAD_LIMITS, ...limits } } });
  const port = await server.listen(0, '127.0.0.1');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await feed.stop();
    },
  };
}

beforeAll(async () => {
  stack = await startStack({ worker: false });
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  const em = stack.orm.em.fork();
  const category = await em.findOneOrFail(DocumentCategory, { name: 'Trainerlizenz', studioGroup: { name: DEMO_FITNESS_GROUP_NAME } }, { populate: ['studioGroup'] });
  groupUuid = category.studioGroup.uuid;
  categoryUuid = category.uuid;
  accountId = (await em.findOneOrFail(TrainerAccount, { user: { uuid: trainer.userUuid } })).id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('a PDF bomb', () => {
  it('is refused, and the API answers other requests at once while it is checked', { timeout: 120_000 }, async () => {
    // 1 GB of zeros in an object stream, about 1 MB on the wire: every reader unpacks object streams.
    const bomb = await pdfBomb(1024 ** 3);
    expect(bomb.byteLength).toBeLessThan(3 * 1024 * 1024);
    const before = await snapshot();

    // The API runs in this process: its event loop is this one, so its delay is measured here.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let answered = false;
    const refused = upload(bomb, 'bombe.pdf').finally(() => (answered = true));
    const healthLatencies: number[] = [];
    do {
      const started = performance.now();
      const health = await fetch(`${stack.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      healthLatencies.push(performance.now() - started);
    } while (!answered);
    const answer = await refused;
    loop.disable();

    expect(answer.status).toBe(400);
    expect(answer.json.status).toBe('error');
    expect(answer.json.message).toContain('entpackt sich zu weit mehr Daten');
    expect(await snapshot()).toEqual(before);
    // Generous bounds: a check on the event loop held it for seconds; a thread leaves it free.
    expect(loop.max / 1e6).toBeLessThan(1_000);
    expect(Math.max(...healthLatencies)).toBeLessThan(2_000);
  });
});

describe('active content', () => {
  it('refuses JavaScript, a launch action and an embedded file, in de and en, and stores nothing', async () => {
    const before = await snapshot();
    const javaScript = await upload(await pdfWithOpenActionJavaScript(), 'skript.pdf');
    expect(javaScript.status).toBe(400);
    expect(javaScript.json.message).toContain('enthält aktive Inhalte');
    const launch = await upload(await pdfWithLaunchAction(), 'launch.pdf', 'en');
    expect(launch.status).toBe(400);
    expect(launch.json.message).toContain('contains active content');
    expect((await upload(await pdfWithEmbeddedFile(), 'anhang.pdf')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('serves a document stored before the rule as an attachment in a sandbox, a clean one inline in a sandbox', async () => {
    // As an upload before this check would have stored it: the bytes by hash and a pending row.
    const em = stack.orm.em.fork();
    const account = await em.findOneOrFail(TrainerAccount, accountId);
    const category = await em.findOneOrFail(DocumentCategory, { uuid: categoryUuid }, { populate: ['studioGroup'] });
    const bytes = await pdfWithOpenActionJavaScript();
    const { sha256, relativePath } = await storeDocumentBytes(stack.dataDir, bytes);
    const old = em.create(Document, { trainerAccount: account, studioGroup: category.studioGroup, category, fileName: 'alt.pdf', filePath: relativePath, sha256, sizeBytes: bytes.byteLength, approvalStatus: 'pending' });
    await em.flush();
    const clean = await upload(await demoPdf('Lizenz', 'sauber'), 'sauber.pdf');
    expect(clean.status).toBe(200);

    const download = (documentUuid: string) => fetch(`${stack.baseUrl}/de/trainer/document/download/${documentUuid}`, { headers: { 'x-user': trainer.userUuid, 'x-api-key': trainer.apiKey } });
    const stored = await download(old.uuid);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(stored.headers.get('content-security-policy')).toMatch(/(^|;)\s*sandbox$/);
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const fresh = await download(clean.json.documentUuid!);
    expect(fresh.headers.get('content-disposition')).toMatch(/^inline/);
    expect(fresh.headers.get('content-security-policy')).toMatch(/(^|;)\s*sandbox$/);

    await em.nativeDelete(Document, { uuid: { $in: [old.uuid, clean.json.documentUuid!] } });
  });
});

describe('limits per trainer and of the disk', () => {
  it('refuses an upload past the quota of files or of megabytes, and stores nothing', async () => {
    const em = stack.orm.em.fork();
    const account = await em.findOneOrFail(TrainerAccount, accountId);
    const category = await em.findOneOrFail(DocumentCategory, { uuid: categoryUuid }, { populate: ['studioGroup'] });
    const fill = (count: number, sizeBytes: number) =>
      Array.from({ length: count }, (_, index) => em.create(Document, { trainerAccount: account, studioGroup: category.studioGroup, category, fileName: `fill-${index}.pdf`, filePath: 'documents/00/missing.pdf', sha256: null, sizeBytes, approvalStatus: 'pending' }));
    const pdf = await demoPdf('Lizenz', 'Quote');

    const [held] = await em.getConnection().execute<Array<{ files: number; bytes: string }>>(`select count(*)::int as files, coalesce(sum(size_bytes), 0)::bigint as bytes from document where trainer_account_id = ?`, [accountId]);

    // Megabytes: a document that leaves one byte less room than this file takes.
    const { quotaFiles, quotaMb } = DEFAULT_DOCUMENT_UPLOAD_LIMITS;
    const heavy = fill(1, quotaMb * 1024 * 1024 - Number(held!.bytes) - pdf.byteLength + 1);
    await em.flush();
    let before = await snapshot();
    const overBytes = await upload(pdf, 'zu-viel.pdf');
    expect(overBytes.status).toBe(409);
    expect(overBytes.json.message).toBe(`Deine Dokumente würden mehr als ${quotaMb} MB belegen, mehr darf ein Konto nicht behalten. Bitte lösche nicht mehr benötigte Dokumente, bevor du ein weiteres hochlädst; es wurde nichts gespeichert.`);
    expect(await snapshot()).toEqual(before);
    await em.nativeDelete(Document, { id: { $in: heavy.map((document) => document.id) } });

    // Files: as many as an account may keep.
    const many = fill(quotaFiles - held!.files, 1000);
    await em.flush();
    before = await snapshot();
    const overFiles = await upload(pdf, 'eins-zu-viel.pdf', 'en');
    expect(overFiles.status).toBe(409);
    expect(overFiles.json.message).toContain(`You have stored ${quotaFiles} documents, the most an account may keep.`);
    expect(await snapshot()).toEqual(before);
    await em.nativeDelete(Document, { id: { $in: many.map((document) => document.id) } });
  });

  it('refuses more uploads an hour than the limit, refused ones counted, and stores nothing', async () => {
    await stack.orm.em.fork().getConnection().execute(`delete from rate_limit_counter where starts_with(key, 'document-upload:')`);
    const limited = await serverWith({ uploadsPerHour: 3 });
    try {
      const uploaded: string[] = [];
      for (let index = 0; index < 2; index++) {
        const answer = await uploadTo(limited.baseUrl, await demoPdf('Lizenz', `Versuch ${index}`), `versuch-${index}.pdf`);
        expect(answer.status).toBe(200);
        uploaded.push(answer.json.documentUuid!);
      }
      expect((await uploadTo(limited.baseUrl, new TextEncoder().encode('kein PDF'), 'kein.pdf')).status).toBe(400);
      const before = await snapshot();
      const refused = await uploadTo(limited.baseUrl, await demoPdf('Lizenz', 'Versuch 4'), 'versuch-4.pdf');
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({ status: 'error', message: 'Zu viele Uploads in kurzer Zeit. Bitte warte ein paar Minuten und versuche es dann erneut; es wurde nichts gespeichert.' });
      const english = await uploadTo(limited.baseUrl, await demoPdf('Lizenz', 'Versuch 5'), 'versuch-5.pdf', 'en');
      expect(english.json.message).toBe('Too many uploads in a short time. Please wait a few minutes and try again; nothing was stored.');
      expect(await snapshot()).toEqual(before);
      await stack.orm.em.fork().nativeDelete(Document, { uuid: { $in: uploaded } });
    } finally {
      await limited.stop();
    }
  });

  it('refuses uploads while the data folder has less free space than the floor, and stores nothing', async () => {
    // A floor above any disk's size: the disk is "full" for uploads.
    const full = await serverWith({ minFreeMb: 1024 ** 4 });
    try {
      const before = await snapshot();
      const refused = await uploadTo(full.baseUrl, await demoPdf('Lizenz', 'voll'), 'voll.pdf');
      expect(refused.status).toBe(507);
      expect(refused.json).toEqual({ status: 'error', message: 'Auf dem Server ist gerade zu wenig Speicher frei, um Uploads anzunehmen. Bitte versuche es später erneut; es wurde nichts gespeichert.' });
      const english = await uploadTo(full.baseUrl, await demoPdf('Lizenz', 'voll'), 'voll.pdf', 'en');
      expect(english.json.message).toBe('The server has too little free storage to accept uploads right now. Please try again later; nothing was stored.');
      expect(await snapshot()).toEqual(before);
    } finally {
      await full.stop();
    }
  });
});

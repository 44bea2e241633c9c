import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/passwords';
import type {
  TDocumentCategory,
  TDocumentDecisionResponse,
  TDocumentManagerTrainer,
  TDocumentUploadResponse,
  TTrainerDocumentsResponse,
} from '../../contracts/documents.contract';
import { Document, Notification, OutgoingEmail, StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../db/entities';
import { demoPdf } from '../../db/seed-documents';
import { DEMO_FITNESS_GROUP_NAME } from '../../db/seed';
import { createActivities } from '../../activities';
import { logIn, startStack, type Stack } from '../support/stack';

// Documents end to end against the real API, PostgreSQL and the data directory: the trainer's page,
// upload (checked by content, 3 MB, names), download, delete; the admin's categories and document
// manager (approve with expiry, reject, downloads, ZIP); every refusal changes nothing. Then the
// expiry reminder's activities: a notification and an outbox e-mail once per document and date.

type Login = Awaited<ReturnType<typeof logIn>>;
let stack: Stack;
let admin: Login;
let yogaAdmin: Login;
let trainer: Login;
let other: Login;
let groupUuid: string;
let yogaUuid: string;
let ownTrainerUuid: string;
let otherTrainerUuid: string;
let licence: TDocumentCategory;
let firstAid: TDocumentCategory;
let pdf: Uint8Array;

const call = async (method: string, url: string, { as, body, headers = {} }: { as?: Login; body?: unknown; headers?: Record<string, string> } = {}) => {
  const response = await fetch(`${stack.baseUrl}${url}`, {
    method,
    headers: { ...(as ? { 'x-user': as.userUuid, 'x-api-key': as.apiKey } : {}), ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : body instanceof FormData || typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json: json as Record<string, unknown> & Array<Record<string, unknown>>, headers: response.headers };
};

const uploadForm = (bytes: Uint8Array, name: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
  return form;
};
const upload = (as: Login, bytes: Uint8Array, name: string, { group = groupUuid, category = licence.categoryUuid, fields = {}, locale = 'de' }: { group?: string; category?: string; fields?: Record<string, string>; locale?: string } = {}) =>
  call('POST', `/${locale}/trainer/document/upload/${group}/${category}`, { as, body: uploadForm(bytes, name, fields) });

const documentCount = () => stack.orm.em.fork().count(Document, {});
const storedFiles = () => {
  const root = path.join(stack.dataDir, 'documents');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((entry) => String(entry).endsWith('.pdf')).length : 0;
};
const midnight = (isoDate: string) => DateTime.fromISO(isoDate, { zone: 'Europe/Berlin' }).toSeconds();
const berlinToday = () => DateTime.now().setZone('Europe/Berlin');

beforeAll(async () => {
  stack = await startStack({ worker: false });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  groupUuid = admin.studioGroups.find((group) => group.name === DEMO_FITNESS_GROUP_NAME)!.uuid;
  yogaUuid = yogaAdmin.studioGroups[0]!.uuid;
  const em = stack.orm.em.fork();
  const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: { uuid: groupUuid }, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer'] });
  ownTrainerUuid = link.trainer.uuid;
  // A second trainer of the group with a log-in, whose documents the demo trainer must never reach.
  const linked = new Set((await em.find(StudioGroupTrainer, { studioGroup: { uuid: groupUuid } }, { populate: ['trainer'] })).map((row) => row.trainer.uuid));
  const record = (await em.find(Trainer, { studioGroup: { uuid: groupUuid } }, { orderBy: { id: 'asc' } })).find((candidate) => !linked.has(candidate.uuid))!;
  otherTrainerUuid = record.uuid;
  const user = em.create(User, { email: `documents-${randomUUID()}@test.local`, passwordHash: await hashPassword('demo1234'), role: 'trainer', locale: 'en', firstname: 'Berta', lastname: 'Zweite', isVerified: true });
  const account = em.create(TrainerAccount, { user, firstname: 'Berta', lastname: 'Zweite', email: user.email, language: 'en' });
  em.create(StudioGroupTrainer, { studioGroup: record.studioGroup, trainer: record, trainerAccount: account });
  await em.flush();
  other = await logIn(stack.baseUrl, user.email);
  pdf = await demoPdf('Trainerlizenz', 'Integration test');
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('document categories (staff, settings)', () => {
  it('lists the seeded three, adds, renames and deletes an empty one; refuses a duplicate name and another group', async () => {
    const list = await call('GET', `/api/v1/${groupUuid}/document-categories`, { as: admin });
    expect(list.status, list.text).toBe(200);
    const categories = list.json as unknown as TDocumentCategory[];
    expect(categories.map((category) => category.categoryName).sort()).toEqual(['Erste-Hilfe-Nachweis', 'Gewerbeanmeldung', 'Trainerlizenz']);
    licence = categories.find((category) => category.categoryName === 'Trainerlizenz')!;
    firstAid = categories.find((category) => category.categoryName === 'Erste-Hilfe-Nachweis')!;
    expect(licence.isMandatory).toBe(true);

    const created = await call('POST', `/api/v1/${groupUuid}/document-categories`, { as: admin, body: { categoryName: 'Führungszeugnis', categoryDescription: 'Erweitert', isMandatory: false } });
    expect(created.status, created.text).toBe(201);
    const uuid = (created.json.category as TDocumentCategory).categoryUuid;
    const duplicate = await call('POST', `/api/v1/${groupUuid}/document-categories`, { as: admin, body: { categoryName: 'trainerlizenz' }, headers: { 'x-locale': 'de' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.message).toContain('gibt es bereits');
    const renamed = await call('PUT', `/api/v1/${groupUuid}/document-categories/${uuid}`, { as: admin, body: { categoryName: 'Führungszeugnis (erweitert)', isMandatory: true } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((renamed.json.category as TDocumentCategory).isMandatory).toBe(true);
    const foreign = await call('PUT', `/api/v1/${yogaUuid}/document-categories/${uuid}`, { as: yogaAdmin, body: { categoryName: 'Gekapert' } });
    expect(foreign.status).toBe(404);
    const deleted = await call('DELETE', `/api/v1/${groupUuid}/document-categories/${uuid}`, { as: admin });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await call('GET', `/api/v1/${groupUuid}/document-categories`, { as: trainer }).then((answer) => answer.status)).toBe(403);
  });
});

describe('the trainer uploads, reads and deletes their own documents', () => {
  let documentUuid: string;

  it('answers the documents page with the categories, Mandatory first', async () => {
    const page = await call('GET', `/api/v2/${groupUuid}/trainer_account/documents/${trainer.userUuid}`, { as: trainer });
    expect(page.status, page.text).toBe(200);
    const data = page.json as unknown as TTrainerDocumentsResponse;
    expect(data.studioGroupName).toBe(DEMO_FITNESS_GROUP_NAME);
    expect(data.categories[0]).toMatchObject({ name: 'Trainerlizenz', isMandatory: true, documents: [] });
    expect(data.categories).toHaveLength(3);
  });

  it('stores a PDF once by its hash under the data directory and answers {status, message, documentUuid}', async () => {
    const answer = await upload(trainer, pdf, 'Lizenz B.pdf', { fields: { filename: 'Lizenz B.pdf', category: licence.categoryUuid, studioGroupUuid: groupUuid, userUuid: trainer.userUuid } });
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json as unknown as TDocumentUploadResponse;
    expect(body.status).toBe('success');
    expect(body.message).toBe('Das Dokument "Lizenz B.pdf" wurde hochgeladen.');
    documentUuid = body.documentUuid;
    const stored = await stack.orm.em.fork().findOneOrFail(Document, { uuid: documentUuid });
    expect(stored.approvalStatus).toBe('pending');
    expect(stored.filePath).toBe(path.join('documents', stored.sha256!.slice(0, 2), `${stored.sha256}.pdf`));
    expect(fs.readFileSync(path.join(stack.dataDir, stored.filePath)).equals(Buffer.from(pdf))).toBe(true);
    // The same bytes again: a second document, one file.
    const again = await upload(trainer, pdf, 'Kopie.pdf', { category: firstAid.categoryUuid });
    expect(again.status, again.text).toBe(200);
    expect(storedFiles()).toBe(1);
    const page = (await call('GET', `/api/v2/${groupUuid}/trainer_account/documents/${trainer.userUuid}`, { as: trainer })).json as unknown as TTrainerDocumentsResponse;
    expect(page.categories.find((category) => category.uuid === licence.categoryUuid)!.documents).toMatchObject([{ uuid: documentUuid, fileName: 'Lizenz B.pdf', approvalStatus: 'Pending', expired: null }]);
  });

  it('refuses what is not a readable PDF, too large, or named with a path: 4xx in the language asked for, nothing stored', async () => {
    const before = { rows: await documentCount(), files: storedFiles() };
    const text = await upload(trainer, new TextEncoder().encode('Hallo, ich bin kein PDF'), 'lizenz.pdf');
    expect(text.status).toBe(400);
    expect(text.json.message).toContain('kein PDF');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
    expect((await upload(trainer, png, 'bild.pdf', { locale: 'en' }).then((answer) => answer)).status).toBe(400);
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\ngarbage without xref or pages\n%%EOF');
    const unreadable = await call('POST', `/en/trainer/document/upload/${groupUuid}/${licence.categoryUuid}`, { as: trainer, body: uploadForm(broken, 'kaputt.pdf'), headers: { 'x-locale': 'en' } });
    expect(unreadable.status).toBe(400);
    expect(unreadable.json.message).toMatch(/cannot be read|not a PDF/);
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    big.set(pdf);
    const tooLarge = await upload(trainer, big, 'gross.pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toContain('größer als 3 MB');
    for (const name of ['../../etc/passwd.pdf', 'ordner/lizenz.pdf', 'C:\\lizenz.pdf']) {
      const pathName = await upload(trainer, pdf, 'lizenz.pdf', { fields: { filename: name } });
      expect(pathName.status, name).toBe(400);
      expect(pathName.json.field).toBe('filename');
    }
    const noFile = await call('POST', `/de/trainer/document/upload/${groupUuid}/${licence.categoryUuid}`, { as: trainer, body: { filename: 'x.pdf' } });
    expect(noFile.status).toBe(400);
    expect({ rows: await documentCount(), files: storedFiles() }).toEqual(before);
  });

  it('refuses an upload into another group, another group\'s category, for another user, or by staff', async () => {
    const before = await documentCount();
    expect((await upload(trainer, pdf, 'a.pdf', { group: yogaUuid })).status).toBe(404);
    const yogaCategory = ((await call('GET', `/api/v1/${yogaUuid}/document-categories`, { as: yogaAdmin })).json as unknown as TDocumentCategory[])[0]!;
    expect((await upload(trainer, pdf, 'a.pdf', { category: yogaCategory.categoryUuid })).status).toBe(404);
    expect((await upload(trainer, pdf, 'a.pdf', { fields: { userUuid: other.userUuid } })).status).toBe(403);
    expect((await upload(admin, pdf, 'a.pdf')).status).toBe(403);
    expect((await call('GET', `/api/v2/${groupUuid}/trainer_account/documents/${other.userUuid}`, { as: trainer })).status).toBe(403);
    expect(await documentCount()).toBe(before);
  });

  it('downloads the own document by headers or a signed link, never another trainer\'s', async () => {
    const own = await call('GET', `/de/trainer/document/download/${documentUuid}`, { as: trainer });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toContain('inline');
    const signed = await call('POST', '/api/v2/downloads/sign', { as: trainer, body: { path: `/de/trainer/document/download/${documentUuid}` } });
    expect(signed.status, signed.text).toBe(200);
    expect((await fetch(`${stack.baseUrl}${signed.json.url as string}`)).status).toBe(200);
    expect((await call('GET', `/de/trainer/document/download/${documentUuid}`)).status).toBe(401);
    expect((await call('GET', `/de/trainer/document/download/${documentUuid}`, { as: other })).status).toBe(404);
    expect((await call('POST', '/api/v2/downloads/sign', { as: other, body: { path: `/de/trainer/document/download/${documentUuid}` } })).status).toBe(404);
  });

  it('deletes only the own, unapproved document', async () => {
    const byOther = await call('POST', `/en/trainer/document/delete/${documentUuid}`, { as: other, body: { studioGroupUuid: groupUuid, userUuid: other.userUuid } });
    expect(byOther.status).toBe(404);
    const wrongGroup = await call('POST', `/de/trainer/document/delete/${documentUuid}`, { as: trainer, body: { studioGroupUuid: yogaUuid, userUuid: trainer.userUuid } });
    expect(wrongGroup.status).toBe(400);
    const copy = (await upload(trainer, await demoPdf('Zum Löschen', 'x'), 'weg.pdf')).json.documentUuid as string;
    const files = storedFiles();
    const form = new URLSearchParams({ studioGroupUuid: groupUuid, userUuid: trainer.userUuid });
    const deleted = await call('POST', `/de/trainer/document/delete/${copy}`, { as: trainer, body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json.message).toBe('Das Dokument "weg.pdf" wurde gelöscht.');
    expect(storedFiles()).toBe(files - 1);
    expect(await stack.orm.em.fork().count(Document, { uuid: copy })).toBe(0);
  });

  it('keeps an umlaut of the uploaded file name and drops the bidi override that would disguise it', async () => {
    // A browser sends the name as UTF-8 bytes; U+202E would show `fdp.exe` reversed, as `exe.pdf`.
    const uploaded = await upload(trainer, await demoPdf('Übungsleiter', 'x'), 'Übungsleiter\u202Efdp.exe');
    expect(uploaded.status, uploaded.text).toBe(200);
    const uuid = uploaded.json.documentUuid as string;
    expect((await stack.orm.em.fork().findOneOrFail(Document, { uuid })).fileName).toBe('Übungsleiterfdp.exe.pdf');
    const page = (await call('GET', `/api/v2/${groupUuid}/trainer_account/documents/${trainer.userUuid}`, { as: trainer })).json as unknown as TTrainerDocumentsResponse;
    const listed = page.categories.flatMap((category) => category.documents).find((document) => document.uuid === uuid);
    expect(listed?.fileName).toBe('Übungsleiterfdp.exe.pdf');
    const form = new URLSearchParams({ studioGroupUuid: groupUuid, userUuid: trainer.userUuid });
    const deleted = await call('POST', `/de/trainer/document/delete/${uuid}`, { as: trainer, body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(deleted.status, deleted.text).toBe(200);
  });

  describe('the document manager (staff)', () => {
    it('lists every trainer with files, missing mandatory categories and counts', async () => {
      const answer = await call('GET', `/api/v1/${groupUuid}/document-manager/trainers`, { as: admin });
      expect(answer.status, answer.text).toBe(200);
      const trainers = answer.json as unknown as TDocumentManagerTrainer[];
      const own = trainers.find((row) => row.uuid === ownTrainerUuid)!;
      expect(own).toMatchObject({ fileCount: 2, pendingCount: 2, accountConnected: true, missingMandatory: [] });
      expect(own.files.find((file) => file.uuid === documentUuid)).toMatchObject({ categoryName: 'Trainerlizenz', isMandatory: true, approvalStatus: 'Pending', status: 'pending', icon: 'pdf', expirationStatus: 'None' });
      const otherRow = trainers.find((row) => row.uuid === otherTrainerUuid)!;
      expect(otherRow.missingMandatory.map((category) => category.categoryName)).toEqual(['Trainerlizenz']);
      expect((await call('GET', `/api/v1/${groupUuid}/document-manager/trainers`, { as: yogaAdmin })).status).toBe(404);
      expect((await call('GET', `/api/v1/${groupUuid}/document-manager/trainers`, { as: trainer })).status).toBe(403);
    });

    it('refuses an expiry before today, another group\'s document and a mismatched trainer; nothing changes', async () => {
      const yesterday = midnight(berlinToday().minus({ days: 1 }).toISODate()!);
      const past = await call('POST', `/api/v1/${groupUuid}/document-manager/approve`, { as: admin, body: { trainerUuid: ownTrainerUuid, documentUuid, userUuid: admin.userUuid, expirationDate: yesterday }, headers: { 'x-locale': 'de' } });
      expect(past.status).toBe(400);
      expect(past.json.message).toBe('Das Ablaufdatum darf nicht vor heute liegen.');
      const nonsense = await call('POST', `/api/v1/${groupUuid}/document-manager/approve`, { as: admin, body: { trainerUuid: ownTrainerUuid, documentUuid, expirationDate: 'morgen' } });
      expect(nonsense.status).toBe(400);
      const mismatch = await call('POST', `/api/v1/${groupUuid}/document-manager/approve`, { as: admin, body: { trainerUuid: otherTrainerUuid, documentUuid, expirationDate: 'no_expiration_date' } });
      expect(mismatch.status).toBe(400);
      const otherGroup = await call('POST', `/api/v1/${yogaUuid}/document-manager/approve`, { as: yogaAdmin, body: { trainerUuid: ownTrainerUuid, documentUuid, expirationDate: 'no_expiration_date' } });
      expect(otherGroup.status).toBe(404);
      expect((await stack.orm.em.fork().findOneOrFail(Document, { uuid: documentUuid })).approvalStatus).toBe('pending');
    });

    it('approves with an expiry date (a Unix timestamp), tells the trainer, and refuses a second decision', async () => {
      const expiry = berlinToday().plus({ days: 200 }).toISODate()!;
      const approved = await call('POST', `/api/v1/${groupUuid}/document-manager/approve`, { as: admin, body: { trainerUuid: ownTrainerUuid, documentUuid, userUuid: admin.userUuid, expirationDate: midnight(expiry) } });
      expect(approved.status, approved.text).toBe(200);
      const [first] = approved.json as unknown as TDocumentDecisionResponse;
      expect(first!.user.uuid).toBe(ownTrainerUuid);
      expect(first!.files.find((file) => file.uuid === documentUuid)).toMatchObject({ approvalStatus: 'Approved', expiresAt: expiry, expirationStatus: 'Valid', approvedBy: 'Anna Admin' });
      const again = await call('POST', `/api/v1/${groupUuid}/document-manager/reject`, { as: admin, body: { trainerUuid: ownTrainerUuid, documentUuid, rejectReason: 'zu spät' } });
      expect(again.status).toBe(409);
      const page = (await call('GET', `/api/v2/${groupUuid}/trainer_account/documents/${trainer.userUuid}`, { as: trainer })).json as unknown as TTrainerDocumentsResponse;
      expect(page.categories.find((category) => category.uuid === licence.categoryUuid)!.documents[0]).toMatchObject({ approvalStatus: 'Approved', expired: { date: expiry } });
      const notification = await stack.orm.em.fork().findOne(Notification, { trainerAccount: { user: { uuid: trainer.userUuid } }, message: { $like: '%Lizenz B.pdf%freigegeben%' } });
      expect(notification).not.toBeNull();
      // Approved: the trainer cannot delete it, and is told why.
      const refused = await call('POST', `/de/trainer/document/delete/${documentUuid}`, { as: trainer, body: { studioGroupUuid: groupUuid, userUuid: trainer.userUuid } });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toContain('freigegeben und kann nicht gelöscht werden');
    });

    it('rejects with a reason', async () => {
      const trainers = (await call('GET', `/api/v1/${groupUuid}/document-manager/trainers`, { as: admin })).json as unknown as TDocumentManagerTrainer[];
      const pending = trainers.find((row) => row.uuid === ownTrainerUuid)!.files.find((file) => file.status === 'pending')!;
      const rejected = await call('POST', `/api/v1/${groupUuid}/document-manager/reject`, { as: admin, body: { trainerUuid: ownTrainerUuid, documentUuid: pending.uuid, userUuid: admin.userUuid, rejectReason: 'Falsche Kategorie' } });
      expect(rejected.status, rejected.text).toBe(200);
      const [first] = rejected.json as unknown as TDocumentDecisionResponse;
      expect(first!.files.find((file) => file.uuid === pending.uuid)).toMatchObject({ approvalStatus: 'Rejected', rejectionReason: 'Falsche Kategorie' });
    });

    it('downloads a document inline and all of a trainer\'s documents as a ZIP; other groups get 404', async () => {
      const one = await call('GET', `/admin/document-manager/download/${documentUuid}`, { as: admin });
      expect(one.status).toBe(200);
      expect(one.headers.get('content-type')).toBe('application/pdf');
      expect((await call('GET', `/admin/document-manager/download/${documentUuid}`, { as: yogaAdmin })).status).toBe(404);
      expect((await call('GET', `/admin/document-manager/download/${documentUuid}`, { as: trainer })).status).toBe(403);
      const zip = await fetch(`${stack.baseUrl}/admin/document-manager/trainer/${ownTrainerUuid}/download-all`, { headers: { 'x-user': admin.userUuid, 'x-api-key': admin.apiKey } });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const bytes = Buffer.from(await zip.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.includes(Buffer.from('Trainerlizenz/Lizenz B.pdf'))).toBe(true);
      expect((await call('GET', `/admin/document-manager/trainer/${ownTrainerUuid}/download-all`, { as: yogaAdmin })).status).toBe(404);
      const signed = await call('POST', `/api/v1/${groupUuid}/downloads/sign`, { as: admin, body: { path: `/admin/document-manager/trainer/${ownTrainerUuid}/download-all` } });
      expect(signed.status, signed.text).toBe(200);
      expect((await fetch(`${stack.baseUrl}${signed.json.url as string}`)).status).toBe(200);
    });
  });
});

describe('the expiry reminder (activities of documentExpiryRemindersWorkflow)', () => {
  it('reminds once per document and expiry date, 30 days before, by portal notification and outbox e-mail', async () => {
    const activities = createActivities({ orm: stack.orm, dataDir: stack.dataDir, publicUrl: 'http://trainerpay.test' });
    const em = stack.orm.em.fork();
    const document = await em.findOneOrFail(Document, { approvalStatus: 'approved', trainerAccount: { user: { uuid: trainer.userUuid } } });
    const today = berlinToday().toISODate()!;
    document.expiresAt = berlinToday().plus({ days: 10 }).toISODate()!;
    await em.flush();

    const due = await activities.listDocumentsDueForExpiryReminder({ today });
    expect(due.documents.map((entry) => entry.documentUuid)).toContain(document.uuid);
    for (let attempt = 0; attempt < 2; attempt++) {
      for (const entry of due.documents) await activities.remindDocumentExpiry(entry);
    }
    const fork = stack.orm.em.fork();
    const notifications = await fork.find(Notification, { trainerAccount: document.trainerAccount.id, message: { $like: '%läuft am%' } });
    expect(notifications).toHaveLength(1);
    const mails = await fork.find(OutgoingEmail, { idempotencyKey: { $like: `%:document-expiry:${document.uuid}:%` } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('trainer@demo.test');
    expect(mails[0]!.subject).toContain('Trainerlizenz');
    expect((await activities.listDocumentsDueForExpiryReminder({ today })).documents.map((entry) => entry.documentUuid)).not.toContain(document.uuid);

    // A new expiry date (a new approval) is reminded again; a far one is not due yet.
    const later = await fork.findOneOrFail(Document, { uuid: document.uuid });
    later.expiresAt = berlinToday().plus({ days: 29 }).toISODate()!;
    await fork.flush();
    expect((await activities.listDocumentsDueForExpiryReminder({ today })).documents.map((entry) => entry.documentUuid)).toContain(document.uuid);
    later.expiresAt = berlinToday().plus({ days: 45 }).toISODate()!;
    await fork.flush();
    expect((await activities.listDocumentsDueForExpiryReminder({ today })).documents.map((entry) => entry.documentUuid)).not.toContain(document.uuid);
  });
});

describe('a trainer who disconnects from the group', () => {
  it('takes their documents out of the group’s reach: the download by id answers 404, as the list and the ZIP already do', async () => {
    const uploaded = await upload(other, pdf, 'Versicherung.pdf');
    expect(uploaded.status, uploaded.text).toBe(200);
    const uuid = uploaded.json.documentUuid as string;
    expect((await call('GET', `/admin/document-manager/download/${uuid}`, { as: admin })).status).toBe(200);

    const removed = await call('DELETE', '/api/v2/trainer_account/studio_group_connection', { as: other, body: { trainerUuid: other.userUuid, studioGroupUuid: groupUuid } });
    expect(removed.status, removed.text).toBe(200);
    expect((await call('GET', `/admin/document-manager/download/${uuid}`, { as: admin })).status).toBe(404);
    expect((await call('POST', `/api/v1/${groupUuid}/downloads/sign`, { as: admin, body: { path: `/admin/document-manager/download/${uuid}` } })).status).toBe(404);
  });
});

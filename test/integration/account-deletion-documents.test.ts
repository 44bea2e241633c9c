import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentCategory, TDocumentManagerTrainer } from '../../contracts/documents.contract';
import type { TDeleteAccountToken } from '../../contracts/trainer-account.contract';
import { CreditNote, Document, StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../db/entities';
import { documentRelativePath, sha256Of } from '../../db/document-storage';
import { demoPdf } from '../../db/seed-documents';
import { DEMO_FITNESS_GROUP_NAME } from '../../db/seed';
import { hashPassword } from '../../domain/passwords';
import { issueCreditNote } from '../support/credit-notes';
import { logIn, startStack, type Stack } from '../support/stack';

// Deleting a portal account takes the trainer's documents with it (GDPR Art. 17), approved ones too,
// against the real API, PostgreSQL and data directory: the rows go with the account, the files after
// it, except a file whose bytes another account's document still holds; staff no longer see them.
// The credit notes issued to the account's trainer record stay, with their files (docs/operations.md
// "Keeping documents").

type Login = Awaited<ReturnType<typeof logIn>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ worker: false });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const call = async (as: Login, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${stack.baseUrl}${url}`, {
    method,
    headers: { 'x-user': as.userUuid, 'x-api-key': as.apiKey, ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
};

const upload = async (as: Login, groupUuid: string, categoryUuid: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
  const answer = await call(as, 'POST', `/de/trainer/document/upload/${groupUuid}/${categoryUuid}`, form);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.documentUuid as string;
};

const storedFile = (bytes: Uint8Array) => path.join(stack.dataDir, documentRelativePath(sha256Of(bytes)));

describe('deleting a trainer account', () => {
  it('deletes its documents (approved too) and their files, keeps a file another account still holds, and staff no longer list them', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const groupUuid = admin.studioGroups.find((group) => group.name === DEMO_FITNESS_GROUP_NAME)!.uuid;
    const categories = (await call(admin, 'GET', `/api/v1/${groupUuid}/document-categories`)).json as unknown as TDocumentCategory[];
    const licence = categories.find((category) => category.categoryName === 'Trainerlizenz')!;
    const firstAid = categories.find((category) => category.categoryName === 'Erste-Hilfe-Nachweis')!;

    // A second account in the group (another trainer record) that uploads the same bytes as the demo trainer.
    const em = stack.orm.em.fork();
    const ownLink = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: { uuid: groupUuid }, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer', 'trainerAccount'] });
    const accountId = ownLink.trainerAccount.id;
    const linked = new Set((await em.find(StudioGroupTrainer, { studioGroup: { uuid: groupUuid } }, { populate: ['trainer'] })).map((row) => row.trainer.id));
    const record = (await em.find(Trainer, { studioGroup: { uuid: groupUuid } }, { orderBy: { id: 'asc' } })).find((candidate) => !linked.has(candidate.id))!;
    const user = em.create(User, { email: `deletion-${randomUUID()}@test.local`, passwordHash: await hashPassword('demo1234'), role: 'trainer', locale: 'en', firstname: 'Berta', lastname: 'Bleibt', isVerified: true });
    const otherAccount = em.create(TrainerAccount, { user, firstname: 'Berta', lastname: 'Bleibt', email: user.email, language: 'en' });
    em.create(StudioGroupTrainer, { studioGroup: record.studioGroup, trainer: record, trainerAccount: otherAccount });
    await em.flush();
    const other = await logIn(stack.baseUrl, user.email);

    const ownPdf = await demoPdf('Trainerlizenz', `Nur die Demo-Trainerin ${randomUUID()}`);
    const sharedPdf = await demoPdf('Erste Hilfe', `Dieselbe Datei ${randomUUID()}`);
    const licenceUuid = await upload(trainer, groupUuid, licence.categoryUuid, ownPdf, 'Lizenz.pdf');
    const sharedUuid = await upload(trainer, groupUuid, firstAid.categoryUuid, sharedPdf, 'Erste Hilfe.pdf');
    const othersUuid = await upload(other, groupUuid, firstAid.categoryUuid, sharedPdf, 'Kurs.pdf');
    // The group approved the licence and relies on it: it is the trainer's personal data all the same.
    const approved = await call(admin, 'POST', `/api/v1/${groupUuid}/document-manager/approve`, { trainerUuid: ownLink.trainer.uuid, documentUuid: licenceUuid, userUuid: admin.userUuid, expirationDate: 'no_expiration_date' });
    expect(approved.status, approved.text).toBe(200);
    expect(fs.existsSync(storedFile(ownPdf))).toBe(true);
    expect(fs.existsSync(storedFile(sharedPdf))).toBe(true);
    expect(await stack.orm.em.fork().count(Document, { trainerAccount: accountId })).toBeGreaterThanOrEqual(2);

    const { body: token } = await fetch(`${stack.baseUrl}/api/v2/trainer_account/delete/get-token`, { headers: trainer.headers }).then(async (response) => ({ body: (await response.json()) as TDeleteAccountToken }));
    const deleted = await call(trainer, 'POST', '/api/v2/trainer_account/delete-account', { token: token.csrf_token });
    expect(deleted.status, deleted.text).toBe(200);

    const check = stack.orm.em.fork();
    expect(await check.count(Document, { trainerAccount: accountId })).toBe(0);
    expect(await check.count(Document, { uuid: { $in: [licenceUuid, sharedUuid] } })).toBe(0);
    expect(fs.existsSync(storedFile(ownPdf))).toBe(false);
    // The same bytes are the other account's document too: its file stays and still downloads.
    expect(fs.existsSync(storedFile(sharedPdf))).toBe(true);
    expect(await check.count(Document, { uuid: othersUuid })).toBe(1);
    const othersDownload = await fetch(`${stack.baseUrl}/admin/document-manager/download/${othersUuid}`, { headers: admin.headers });
    expect(othersDownload.status).toBe(200);
    expect(Buffer.from(await othersDownload.arrayBuffer()).equals(Buffer.from(sharedPdf))).toBe(true);

    // The document manager lists the deleted account's documents nowhere, and they do not download.
    const manager = await call(admin, 'GET', `/api/v1/${groupUuid}/document-manager/trainers`);
    expect(manager.status, manager.text).toBe(200);
    const listed = (manager.json as unknown as TDocumentManagerTrainer[]).flatMap((row) => row.files.map((file) => file.uuid));
    expect(listed).toContain(othersUuid);
    expect(listed).not.toContain(licenceUuid);
    expect(listed).not.toContain(sharedUuid);
    expect((await call(admin, 'GET', `/admin/document-manager/download/${licenceUuid}`)).status).toBe(404);

    // When the last document holding the shared bytes goes, so does the file.
    const removed = await call(other, 'POST', `/en/trainer/document/delete/${othersUuid}`, {});
    expect(removed.status, removed.text).toBe(200);
    expect(fs.existsSync(storedFile(sharedPdf))).toBe(false);
  });
});

describe('deleting a trainer account keeps what the law asks to keep', () => {
  it('keeps the credit notes issued to its trainer record, their PDFs (same bytes) and their listing (10 years, §147 AO, §14b UStG)', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const groupUuid = admin.studioGroups.find((group) => group.name === DEMO_FITNESS_GROUP_NAME)!.uuid;
    const em = stack.orm.em.fork();
    const linked = new Set((await em.find(StudioGroupTrainer, { studioGroup: { uuid: groupUuid } }, { populate: ['trainer'] })).map((row) => row.trainer.id));
    const record = (await em.find(Trainer, { studioGroup: { uuid: groupUuid } }, { orderBy: { id: 'desc' } })).find((candidate) => !linked.has(candidate.id))!;
    const user = em.create(User, { email: `leaving-${randomUUID()}@test.local`, passwordHash: await hashPassword('demo1234'), role: 'trainer', locale: 'en', firstname: 'Lea', lastname: 'Geht', isVerified: true });
    const account = em.create(TrainerAccount, { user, firstname: 'Lea', lastname: 'Geht', email: user.email, language: 'en' });
    em.create(StudioGroupTrainer, { studioGroup: record.studioGroup, trainer: record, trainerAccount: account });
    await em.flush();
    const issued = await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: record.uuid, month: '2026-09-30', number: 'GS-2026-09001' });
    const leaving = await logIn(stack.baseUrl, user.email);

    const { body: token } = await fetch(`${stack.baseUrl}/api/v2/trainer_account/delete/get-token`, { headers: leaving.headers }).then(async (response) => ({ body: (await response.json()) as TDeleteAccountToken }));
    const deleted = await call(leaving, 'POST', '/api/v2/trainer_account/delete-account', { token: token.csrf_token });
    expect(deleted.status, deleted.text).toBe(200);

    const note = await stack.orm.em.fork().findOneOrFail(CreditNote, { uuid: issued.creditNoteUuid }, { populate: ['trainer'] });
    expect(note).toMatchObject({ number: 'GS-2026-09001', grossCents: 11900 });
    expect(note.trainer.uuid).toBe(record.uuid);
    expect(fs.readFileSync(path.join(stack.dataDir, note.filePath)).equals(issued.pdf)).toBe(true);
    const list = await call(admin, 'GET', `/api/v1/${groupUuid}/credit-notes`);
    expect(list.status, list.text).toBe(200);
    expect((list.json.creditNotes as Array<{ number: string }>).map((row) => row.number)).toContain('GS-2026-09001');
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminCreditNotesResponse,
  TCreditNoteObjectionAnswer,
  TSelfBillingConsent,
  TSelfBillingConsentAnswer,
  TSettlementRunFiles,
  TSignDownloadResponse,
  TTrainerIssuedCreditNotesResponse,
} from '../../contracts/credit-note-list.contract';
import type { TBillableTrainersResponse } from '../../contracts/settlement.contract';
import {
  CreditNote,
  SettlementLog,
  Studio,
  StudioClass,
  StudioGroupTrainer,
  Trainer,
} from '../../db/entities';
import { DEMO_FITNESS_GROUP_NAME } from '../../db/seed';
import { issueCreditNote, type IssuedCreditNote } from '../support/credit-notes';
import { bankSaid, openPayoutFor } from '../support/payouts';
import { logIn, startStack, type Stack } from '../support/stack';

// Downloads by header or signed link, the credit-note lists, self-billing consent and objections
// against the real API and PostgreSQL. The credit notes are inserted directly (the credit-note run
// that writes them is tested elsewhere): rows plus files under the stack's data directory.

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let otherAdmin: Awaited<ReturnType<typeof logIn>>;
let trainer: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;
let ownTrainerUuid: string;
let otherTrainerUuid: string;

type Issued = IssuedCreditNote;
let own: Issued;
let other: Issued;

const issue = ({ trainerUuid, month, number }: { trainerUuid: string; month: string; number: string }) =>
  issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid, month, number });

beforeAll(async () => {
  stack = await startStack({ worker: false });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  otherAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  groupUuid = admin.studioGroups.find((group) => group.name === DEMO_FITNESS_GROUP_NAME)!.uuid;
  const em = stack.orm.em.fork();
  const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: { uuid: groupUuid }, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer'] });
  ownTrainerUuid = link.trainer.uuid;
  const another = await em.findOneOrFail(Trainer, { studioGroup: { uuid: groupUuid }, uuid: { $ne: ownTrainerUuid } });
  otherTrainerUuid = another.uuid;
  own = await issue({ trainerUuid: ownTrainerUuid, month: '2025-12-31', number: 'GS-2026-00001' });
  other = await issue({ trainerUuid: otherTrainerUuid, month: '2025-12-31', number: 'GS-2026-00002' });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

type Who = { headers: Record<string, string> } | null;
async function call<T = Record<string, unknown>>(method: string, url: string, { as = trainer as Who, body, locale = 'en' }: { as?: Who; body?: unknown; locale?: string } = {}) {
  const response = await fetch(`${stack.baseUrl}${url}`, {
    method,
    headers: { ...(as?.headers ?? {}), 'content-type': 'application/json', 'x-locale': locale },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body: payload as T };
}

const trainerPath = (issued: Issued, trainerUuid = ownTrainerUuid, fileName = issued.fileName) =>
  `/de/trainer/credit-note/download/${groupUuid},2025-12,${trainerUuid},${encodeURIComponent(fileName)}`;
const adminPath = (issued: Issued, trainerUuid = ownTrainerUuid) => `/admin/credit-note/download/${groupUuid},2025-12,${trainerUuid},${encodeURIComponent(issued.fileName)}`;
const runPath = (issued: Issued, file: string) => `/api/v1/${groupUuid}/settlement/${issued.settlementUuid}/run/${issued.runUuid}/${file}`;

async function sign(path: string, as: Who = trainer, signCall = '/api/v2/downloads/sign') {
  return call<TSignDownloadResponse & { message?: string }>('POST', signCall, { as, body: { path } });
}

describe('downloads', () => {
  it('streams the trainer own credit note with the usual headers', async () => {
    const answer = await call('GET', trainerPath(own));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain('Gutschrift GS-2026-00001.pdf');
    expect(Buffer.compare(answer.body as unknown as Buffer, own.pdf)).toBe(0);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('opens a signed link without any header, but never for another user or after five minutes', async () => {
    const signed = await sign(trainerPath(own));
    expect(signed.status).toBe(200);
    expect(signed.body.url).toMatch(/\?token=/);
    expect(signed.body.url).not.toContain(trainer.apiKey);
    const opened = await call('GET', signed.body.url, { as: null });
    expect(opened.status).toBe(200);
    expect(Buffer.compare(opened.body as unknown as Buffer, own.pdf)).toBe(0);

    // Tampered: another file name, a changed signature, a changed expiry.
    const url = new URL(signed.body.url, 'http://x');
    const token = url.searchParams.get('token')!;
    const [userUuid, sessionId, expires, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const bad of [`${userUuid}.${sessionId}.${expires}.${flipped}`, `${userUuid}.${sessionId}.${Number(expires) + 3600}.${signature}`]) {
      const refused = await call<{ message: string }>('GET', `${url.pathname}?token=${encodeURIComponent(bad)}`, { as: null });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('The download link is not valid.');
    }
    const otherFile = await call('GET', `${trainerPath(other, otherTrainerUuid)}?token=${encodeURIComponent(token)}`, { as: null });
    expect(otherFile.status).toBe(403);

    // Expired: a link signed with the same key, five minutes ago.
    const { loadDownloadSecret, signDownloadToken, canonicalDownloadRequest } = await import('../../api/downloads/tokens');
    const secret = await loadDownloadSecret(stack.orm, undefined);
    const old = signDownloadToken({ secret, request: canonicalDownloadRequest(url.pathname), userUuid: trainer.userUuid, sessionId: Number(sessionId), now: Date.now() - 5 * 60_000 - 1000 });
    const expired = await call<{ message: string }>('GET', `${url.pathname}?token=${encodeURIComponent(old)}`, { as: null, locale: 'de' });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toMatch(/abgelaufen/);

    const none = await call('GET', trainerPath(own), { as: null });
    expect(none.status).toBe(401);
  });

  it('ends a signed link with the session that signed it at log-out', async () => {
    const session = await logIn(stack.baseUrl, 'trainer@demo.test');
    const signed = await sign(trainerPath(own), session);
    expect(signed.status).toBe(200);
    // The credit-note list's ready-made links are bound to the session too.
    const list = await call<TTrainerIssuedCreditNotesResponse>('GET', `/api/v2/${groupUuid}/trainer-account/${session.userUuid}/credit-notes`, { as: session });
    const listed = JSON.stringify(list.body).match(/"(\/[a-z]{2}\/trainer\/credit-note\/download\/[^"]+token=[^"]+)"/)?.[1];
    expect(listed).toBeTruthy();
    expect((await call('GET', signed.body.url, { as: null })).status).toBe(200);
    expect((await call('GET', listed!, { as: null })).status).toBe(200);

    expect((await call('POST', '/api/logout', { as: session })).status).toBe(200);
    for (const link of [signed.body.url, listed!]) {
      const refused = await call<{ status: string; message: string }>('GET', link, { as: null, locale: 'de' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ status: 'error', message: 'Der Download-Link ist mit der Anmeldung abgelaufen, die ihn erstellt hat. Bitte melde dich an und starte den Download erneut.' });
    }
    // A link of another session of the same trainer still works: only the ended session's links die.
    const stillSigned = await sign(trainerPath(own));
    expect((await call('GET', stillSigned.body.url, { as: null })).status).toBe(200);
  });

  it("answers 404 for another trainer's credit note, by header and by signing", async () => {
    expect((await call('GET', trainerPath(other, otherTrainerUuid))).status).toBe(404);
    expect((await sign(trainerPath(other, otherTrainerUuid))).status).toBe(404);
    // Staff use their own route; the trainer's is for trainers.
    expect((await call('GET', trainerPath(own), { as: admin })).status).toBe(403);
  });

  it('refuses file names that are paths with a 400 before reading anything', async () => {
    for (const name of ['../../etc/passwd', '..', 'a/b.pdf', 'a\\b.pdf']) {
      const answer = await call<{ message: string; field: string }>('GET', trainerPath(own, ownTrainerUuid, name));
      expect(answer.status, name).toBe(400);
      expect(answer.body.message).toContain('not allowed');
    }
    const mismatch = await call<{ message: string }>('GET', trainerPath(own, ownTrainerUuid, 'Gutschrift other.pdf'));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The file name does not match the stored credit note.');
    expect((await sign(trainerPath(own, ownTrainerUuid, '../x.pdf'))).status).toBe(400);
  });

  it('serves the admin credit-note routes and the run files to the group staff only', async () => {
    const byPath = await call('GET', adminPath(other, otherTrainerUuid), { as: admin });
    expect(byPath.status).toBe(200);
    expect(Buffer.compare(byPath.body as unknown as Buffer, other.pdf)).toBe(0);
    const fields = new URLSearchParams({ studioGroupUuid: groupUuid, settlementMonth: '2025-12-31', trainerUuid: ownTrainerUuid, filename: own.fileName });
    const byFields = await call('GET', `/admin/settlement/v2/download-credit-note-pdf?${fields}`, { as: admin });
    expect(byFields.status).toBe(200);
    const posted = await fetch(`${stack.baseUrl}/admin/settlement/v2/download-credit-note-pdf`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toBe('application/pdf');

    const sepa = await call('GET', runPath(own, 'sepa-xml'), { as: admin });
    expect(sepa.status).toBe(200);
    expect(sepa.headers.get('content-type')).toContain('application/xml');
    expect(sepa.headers.get('content-disposition')).toContain('sepa.xml');
    expect((await call('GET', runPath(own, 'credit-notes-zip'), { as: admin })).headers.get('content-type')).toBe('application/zip');
    expect((await call('GET', runPath(own, 'studio-costs-csv'), { as: admin })).status).toBe(404);

    // Signed for the admin, opened without headers.
    const signed = await sign(runPath(own, 'sepa-xml'), admin, `/api/v1/${groupUuid}/downloads/sign`);
    expect(signed.status).toBe(200);
    expect((await call('GET', signed.body.url, { as: null })).status).toBe(200);
    const signedFields = await sign(`/admin/settlement/v2/download-credit-note-pdf?${fields}`, admin, `/api/v1/${groupUuid}/downloads/sign`);
    expect((await call('GET', signedFields.body.url, { as: null })).status).toBe(200);
    // The signed fields cannot be swapped for another trainer's.
    const swapped = signedFields.body.url.replace(ownTrainerUuid, otherTrainerUuid);
    expect((await call('GET', swapped, { as: null })).status).toBe(403);

    // Another group's admin, and a trainer, get nothing.
    expect((await call('GET', adminPath(own), { as: otherAdmin })).status).toBe(404);
    expect((await call('GET', runPath(own, 'sepa-xml'), { as: otherAdmin })).status).toBe(404);
    expect((await call('GET', runPath(own, 'sepa-xml'), { as: trainer })).status).toBe(403);
    expect((await sign(runPath(own, 'sepa-xml'), otherAdmin, `/api/v1/${groupUuid}/downloads/sign`)).status).toBe(404);
    expect((await sign('/api/v1/x/settlement', admin, `/api/v1/${groupUuid}/downloads/sign`)).status).toBe(400);
  });
});

describe('credit-note lists', () => {
  it('lists the trainer own credit notes as month groups with signed links', async () => {
    const answer = await call<TTrainerIssuedCreditNotesResponse>('GET', `/api/v2/${groupUuid}/trainer-account/${trainer.userUuid}/credit-notes`);
    expect(answer.status).toBe(200);
    expect(answer.body.years).toEqual([2025]);
    expect(answer.body.trainerUuid).toBe(ownTrainerUuid);
    expect(answer.body.creditNotes).toHaveLength(1);
    const [group] = answer.body.creditNotes;
    expect(group!.month).toBe('2025-12');
    expect(group!.files.map((file) => file.invoiceNumber)).toEqual(['GS-2026-00001']);
    expect((await call('GET', group!.files[0]!.downloadUrl, { as: null })).status).toBe(200);
    // Someone else's list: 403 (the path's user is not the caller).
    expect((await call('GET', `/api/v2/${groupUuid}/trainer-account/${admin.userUuid}/credit-notes`)).status).toBe(403);
  });

  it('lists the group credit notes for the admin, filtered by month and trainer', async () => {
    const all = await call<TAdminCreditNotesResponse>('GET', `/api/v1/${groupUuid}/credit-notes`, { as: admin });
    expect(all.status).toBe(200);
    expect(all.body.creditNotes.map((note) => note.number).sort()).toEqual(['GS-2026-00001', 'GS-2026-00002']);
    expect(all.body.creditNotes[0]).toMatchObject({ month: '2025-12', grossCents: 11900, issueDate: '2025-12-28', documentType: 'credit_note' });
    const filtered = await call<TAdminCreditNotesResponse>('GET', `/api/v1/${groupUuid}/credit-notes?month=2025-12&trainerUuid=${otherTrainerUuid}`, { as: admin });
    expect(filtered.body.creditNotes.map((note) => note.number)).toEqual(['GS-2026-00002']);
    expect((await call('GET', `/api/v1/${groupUuid}/credit-notes?month=2025-13`, { as: admin })).status).toBe(400);
    expect((await call('GET', `/api/v1/${groupUuid}/credit-notes`, { as: otherAdmin })).status).toBe(404);
  });

  it('lists the runs with their trainers, each credit note\'s payout status, and files for the accounting-files tab', async () => {
    // The run's payment of the credit note, returned by the bank (account closed).
    const payout = await openPayoutFor(stack, own);
    await bankSaid(stack, payout.uuid, { status: 'returned', bookingDate: '2026-01-09', reasonCode: 'AC04' });
    const answer = await call<TSettlementRunFiles[]>('GET', `/api/v1/${groupUuid}/settlement/${own.settlementUuid}/runs`, { as: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]!.trainers).toEqual([expect.objectContaining({ uuid: ownTrainerUuid, sum_gross: 119, credit_note_number: 'GS-2026-00001' })]);
    // The same summary the settlement summary answers, with the bank's code for the staff's badge.
    expect(answer.body[0]!.trainers[0]!.payout).toEqual({
      payoutUuid: payout.uuid,
      status: 'returned',
      paidOn: null,
      reason: expect.stringMatching(/closed/),
      reasonCode: 'AC04',
      endToEndId: 'GS-2026-00001',
      repaidBy: null,
    });
    const german = await call<TSettlementRunFiles[]>('GET', `/api/v1/${groupUuid}/settlement/${own.settlementUuid}/runs`, { as: admin, locale: 'de' });
    expect(german.body[0]!.trainers[0]!.payout?.reason).toMatch(/aufgelöst/);
    // A run of a credit note without a payout (not paid by SEPA) answers null.
    expect((await call<TSettlementRunFiles[]>('GET', `/api/v1/${groupUuid}/settlement/${other.settlementUuid}/runs`, { as: admin })).body[0]!.trainers[0]!.payout).toBeNull();
    expect(answer.body[0]!.files.map((file) => [file.type, file.status, file.downloadPath !== null])).toEqual([
      ['SEPA_XML', 'success', true],
      ['CREDIT_NOTES_ZIP', 'success', true],
      ['STUDIO_COSTS_BY_MONTH', 'not_set', false],
      // The DATEV files: this run (written by the test, not by a run) has none.
      ['DATEV_EXTF', 'missing', false],
      ['DATEV_CREDITORS', 'missing', false],
      ['PAYOUT_RETURNS', 'missing', false],
    ]);
  });
});

describe('self-billing consent', () => {
  const consentPath = () => `/api/v2/${groupUuid}/trainer-account/${trainer.userUuid}/self-billing-consent`;

  it('records who consented and when, once', async () => {
    // A class of the demo trainer in a settleable month, so the billable-trainers answer lists them.
    const em = stack.orm.em.fork();
    const studio = await em.findOneOrFail(Studio, { studioGroup: { uuid: groupUuid } }, { orderBy: { id: 'asc' } });
    em.create(StudioClass, {
      studioGroup: studio.studioGroup,
      studio,
      sourceId: 'downloads-test-1',
      startsAt: new Date('2025-11-12T17:00:00Z'),
      name: 'Spinning',
      durationMinutes: 60,
      trainer: em.getReference(Trainer, (await em.findOneOrFail(Trainer, { uuid: ownTrainerUuid })).id),
      importedAt: new Date(),
    });
    await em.flush();
    const taught = { month: '2025-11' };
    const billablePath = `/api/v1/${groupUuid}/settlement/${crypto.randomUUID()}/billable-trainers?month=${taught!.month}-01`;
    await stack.orm.em.fork().nativeUpdate(StudioGroupTrainer, { trainer: { uuid: ownTrainerUuid } }, { selfBillingConsentAt: null, selfBillingConsentBy: null });
    const before = await call<TSelfBillingConsent>('GET', consentPath());
    expect(before.body).toMatchObject({ consented: false, consentAt: null, consentBy: null });

    const billableWithout = await call<TBillableTrainersResponse>('GET', billablePath, { as: admin });
    expect(billableWithout.status, JSON.stringify(billableWithout.body)).toBe(200);
    expect(billableWithout.body.rows.find((row) => row.trainer_uuid === ownTrainerUuid)?.self_billing_consent).toBe(false);

    const given = await call<TSelfBillingConsentAnswer>('POST', consentPath(), { locale: 'de' });
    expect(given.status).toBe(200);
    expect(given.body.message).toBe('Deine Zustimmung zum Gutschriftsverfahren wurde gespeichert.');
    expect(given.body.consent).toMatchObject({ consented: true, consentBy: { uuid: trainer.userUuid } });
    const again = await call<TSelfBillingConsentAnswer>('POST', consentPath());
    expect(again.body.consent.consentAt).toBe(given.body.consent.consentAt);

    const billableWith = await call<TBillableTrainersResponse>('GET', billablePath, { as: admin });
    expect(billableWith.body.rows.find((row) => row.trainer_uuid === ownTrainerUuid)?.self_billing_consent).toBe(true);
  });

  it('refuses a studio group the trainer is not linked to and staff callers', async () => {
    const yoga = otherAdmin.studioGroups[0]!.uuid;
    expect((await call('POST', `/api/v2/${yoga}/trainer-account/${trainer.userUuid}/self-billing-consent`)).status).toBe(404);
    expect((await call('POST', consentPath(), { as: admin })).status).toBe(403);
  });
});

describe('objection', () => {
  const objectionPath = (issued: Issued) => `/api/v2/${groupUuid}/trainer-account/${trainer.userUuid}/credit-notes/${issued.creditNoteUuid}/objection`;

  it('records the objection once, logs it and lists it for the admin', async () => {
    expect((await call<{ field: string }>('POST', objectionPath(own), { body: { reason: '  <> ' } })).status).toBe(400);
    const answer = await call<TCreditNoteObjectionAnswer>('POST', objectionPath(own), { body: { reason: 'Two classes <b>are</b> missing.' } });
    expect(answer.status).toBe(200);
    expect(answer.body.creditNote).toMatchObject({ invoiceNumber: 'GS-2026-00001', objectionReason: 'Two classes bare/b missing.' });
    expect(answer.body.creditNote.objectedAt).not.toBeNull();
    expect((await call('POST', objectionPath(own), { body: { reason: 'again' } })).status).toBe(409);
    // Another trainer's credit note is not found.
    expect((await call('POST', objectionPath(other), { body: { reason: 'x' } })).status).toBe(404);

    const stored = await stack.orm.em.fork().findOneOrFail(CreditNote, { uuid: own.creditNoteUuid }, { populate: ['objectedBy'] });
    expect(stored.objectedBy?.uuid).toBe(trainer.userUuid);
    const log = await stack.orm.em.fork().find(SettlementLog, { settlement: { uuid: own.settlementUuid }, proc: 'credit_note_objection' });
    expect(log).toHaveLength(1);

    const list = await call<TAdminCreditNotesResponse>('GET', `/api/v1/${groupUuid}/credit-notes?year=2025`, { as: admin });
    expect(list.body.objections.map((note) => [note.number, note.objection?.reason])).toEqual([['GS-2026-00001', 'Two classes bare/b missing.']]);
  });
});

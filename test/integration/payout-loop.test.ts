import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import type { TBankStatement, TBankStatementDetail, TPayout, TPayoutList } from '../../contracts/payouts.contract';
import type { TCreditNoteMonthGroup } from '../../contracts/credit-note-list.contract';
import type { TBillableTrainerRow } from '../../contracts/settlement.contract';
import type { TTrainerNotification } from '../../contracts/trainer-account.contract';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../db/entities';
import { formatEuro } from '../../domain/money';
import { hashPassword } from '../../domain/passwords';
import { buildCamt053, buildPain002, parseAmountCents, payoutFileEntry, type BuiltEntry } from '../../domain/payouts';
import { plusBankDays, returnedPayoutEntry } from '../../domain/payouts/demo-statement';
import { subjectOf } from '../support/mail-links';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { startSmtpServer } from '../support/smtp';
import { callApi, logIn, type Stack, startStack } from '../support/stack';

// The money loop through the API, on PostgreSQL, Temporal, the worker and a real SMTP server, as
// staff and trainers go through it: a month's credit-note run writes open payouts (end-to-end id =
// credit note number); the bank's statement books them and returns two (AC04 with a fee, AC01);
// those two trainers are told in their language (portal and e-mail), change their IBAN, staff
// approve it; the next month's run pays exactly those two again as `{number}-R1` to the new IBAN;
// the statement of that file books them. Then every kind of bad upload, in German and English:
// refused with its reason and nothing changed.

const TIME_ZONE = 'Europe/Berlin';
const thisMonth = DateTime.now().setZone(TIME_ZONE).startOf('month');
const FIRST_MONTH = thisMonth.minus({ months: 2 }).endOf('month').toISODate()!;
const NEXT_MONTH = thisMonth.minus({ months: 1 }).endOf('month').toISODate()!;
const yearMonth = (lastDay: string) => lastDay.slice(0, 7);

// The trainers' new accounts, entered in the portal after the returns (valid German IBANs).
const NEW_IBAN = { closed: 'DE12500105170648489890', wrong: 'DE02500105170137075030' } as const;
const OTHER_ACCOUNT = 'DE02120300000000202051';
const PASSWORD = 'demo1234';

type Login = Awaited<ReturnType<typeof logIn>>;
/** One trainer of the loop: the record staff settle, and the portal log-in if they have one. */
type Cast = { record: Trainer; login: Login | null; email: string | null; language: 'de' | 'en' | null };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stack: Stack;
let admin: Login;
let group: { uuid: string; id: number; mandantId: number; apiSlug: string; name: string; iban: string };
/** Returned as a closed account (AC04, 3,50 € fee), German portal account: the demo trainer. */
let closed: Cast;
/** Returned as a wrong IBAN (AC01, no fee), English portal account. */
let wrong: Cast;
/** Paid, with a portal account. */
let paidWithAccount: Cast;
/** Paid, no portal account. */
let paidWithout: Cast;
const cast = () => [closed, wrong, paidWithAccount, paidWithout];

const firstSettlement = randomUUID();
const firstRun = randomUUID();
const nextSettlement = randomUUID();
const nextRun = randomUUID();
let firstFile: SepaFile;
let nextFile: SepaFile;
let firstStatement: { xml: string; uuid: string };
/** The first month's payouts by trainer record uuid, as read after the run. */
const firstPayout = new Map<string, TPayout>();

// --- reading what the user reads ----------------------------------------------------------------

type SepaTransaction = { endToEndId: string; amountCents: number; creditorIban: string; creditorName: string };
type SepaFile = { messageId: string; numberOfTransactions: number; controlSumCents: number; paymentInformationId: string; blockControlSumCents: number; executionDate: string; transactions: SepaTransaction[] };

/** The pain.001 as the bank reads it: header, the payment block and its transactions. */
function readSepaFile(xml: string): SepaFile {
  const parser = new SaxesParser({ xmlns: true });
  const at: string[] = [];
  let text = '';
  const file: Partial<SepaFile> & { transactions: SepaTransaction[] } = { transactions: [] };
  let transaction: Partial<SepaTransaction> = {};
  const cents = (value: string) => {
    const amount = parseAmountCents(value);
    if (amount === null) throw new Error(`not an amount: ${value}`);
    return amount;
  };
  parser.on('opentag', (tag) => {
    at.push(tag.local);
    text = '';
    if (tag.local === 'CdtTrfTxInf') transaction = {};
  });
  parser.on('text', (value) => (text += value));
  parser.on('closetag', () => {
    const where = at.join('/').replace(/^Document\/CstmrCdtTrfInitn\//, '');
    const value = text.trim();
    if (where === 'GrpHdr/MsgId') file.messageId = value;
    else if (where === 'GrpHdr/NbOfTxs') file.numberOfTransactions = Number(value);
    else if (where === 'GrpHdr/CtrlSum') file.controlSumCents = cents(value);
    else if (where === 'PmtInf/PmtInfId') file.paymentInformationId = value;
    else if (where === 'PmtInf/CtrlSum') file.blockControlSumCents = cents(value);
    else if (where === 'PmtInf/ReqdExctnDt/Dt') file.executionDate = value;
    else if (where === 'PmtInf/CdtTrfTxInf/PmtId/EndToEndId') transaction.endToEndId = value;
    else if (where === 'PmtInf/CdtTrfTxInf/Amt/InstdAmt') transaction.amountCents = cents(value);
    else if (where === 'PmtInf/CdtTrfTxInf/Cdtr/Nm') transaction.creditorName = value;
    else if (where === 'PmtInf/CdtTrfTxInf/CdtrAcct/Id/IBAN') transaction.creditorIban = value;
    else if (where === 'PmtInf/CdtTrfTxInf') file.transactions.push(transaction as SepaTransaction);
    at.pop();
    text = '';
  });
  parser.write(xml).close();
  return file as SepaFile;
}

const qpBytes = (text: string) => Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');

/** The plain-text part of a received e-mail, decoded (quoted-printable or base64). */
function mailText(raw: string): string {
  const leaves = (part: string): Array<{ head: string; body: string }> => {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const body = part.slice(split + 4);
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!boundary) return [{ head, body }];
    return body.split(`--${boundary}`).slice(1, -1).flatMap((child) => leaves(child.replace(/^\r\n/, '')));
  };
  const plain = leaves(raw).find((part) => /content-type:\s*text\/plain/i.test(part.head));
  if (!plain) return '';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(plain.head)?.[1]?.toLowerCase();
  const bytes = encoding === 'quoted-printable' ? qpBytes(plain.body) : encoding === 'base64' ? Buffer.from(plain.body, 'base64') : Buffer.from(plain.body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

const PAYOUT_FAILED_SUBJECT = /: (Deine Auszahlung .+ konnte nicht gutgeschrieben werden|your payout .+ could not be credited)$/;
const payoutFailedMails = () => smtp.received.filter((mail) => PAYOUT_FAILED_SUBJECT.test(subjectOf(mail)));

// --- the API as staff and trainers call it --------------------------------------------------------

const staff = <T = Record<string, unknown>>(method: string, urlPath: string, options: { body?: unknown; locale?: 'de' | 'en' } = {}) =>
  callApi<T>(stack.baseUrl, method, `/api/v1/${group.uuid}${urlPath}`, { as: admin, ...options });

async function payouts(locale: 'de' | 'en' = 'en'): Promise<TPayoutList> {
  const answer = await staff<TPayoutList>('GET', '/payouts?itemsPerPage=500', { locale });
  expect(answer.status).toBe(200);
  return answer.body;
}
const payoutOf = (list: TPayoutList, endToEndId: string) => {
  const payout = list.items.find((item) => item.endToEndId === endToEndId);
  if (!payout) throw new Error(`no payout ${endToEndId} among ${list.items.map((item) => item.endToEndId).join(', ')}`);
  return payout;
};
const toCents = (euros: number) => Math.round(euros * 100);

const ACCEPT_LANGUAGE = { de: 'de-DE,de;q=0.9,en;q=0.5', en: 'en-GB,en;q=0.9' } as const;

/** POST /bank-statement as the upload form sends it: multipart, the file in `file` (or what `parts` says), the language by Accept-Language. */
async function upload(parts: Array<{ field: string; bytes: string | Uint8Array; name?: string }> | 'json', locale: 'de' | 'en') {
  const { 'content-type': _json, ...headers } = admin.headers;
  let body: FormData | string;
  if (parts === 'json') {
    body = JSON.stringify({ file: 'camt.053' });
    Object.assign(headers, { 'content-type': 'application/json' });
  } else {
    body = new FormData();
    for (const part of parts) {
      if (part.name === undefined) body.append(part.field, typeof part.bytes === 'string' ? part.bytes : Buffer.from(part.bytes).toString('utf8'));
      else body.append(part.field, new Blob([typeof part.bytes === 'string' ? part.bytes : new Uint8Array(part.bytes)], { type: 'application/xml' }), part.name);
    }
  }
  const response = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/bank-statement`, { method: 'POST', headers: { ...headers, 'accept-language': ACCEPT_LANGUAGE[locale] }, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const uploadFile = (xml: string | Uint8Array, locale: 'de' | 'en' = 'en', name = 'kontoauszug.xml') => upload([{ field: 'file', bytes: xml, name }], locale);

/** Waits until the bank file's workflow has read it (done or failed) and answers it as the admin's screen reads it. */
async function readBankFile(uuid: string, locale: 'de' | 'en' = 'en'): Promise<TBankStatementDetail> {
  const until = Date.now() + 90_000;
  for (;;) {
    const answer = await staff<TBankStatementDetail>('GET', `/bank-statement/${uuid}`, { locale });
    expect(answer.status).toBe(200);
    // finishedAt is set when the workflow's last step ran (after the trainers were told).
    if (answer.body.state === 'done' || (answer.body.state === 'failed' && answer.body.finishedAt)) return answer.body;
    if (Date.now() > until) throw new Error(`bank file ${uuid} still ${answer.body.state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs a settled month's credit notes through the API, as the wizard's last step does. */
async function creditNoteRun(settlementUuid: string, runUuid: string, trainerUuids: string[]) {
  const response = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/settlement/trainer-credit-note/send`, {
    method: 'POST',
    headers: { ...admin.headers, 'x-locale': 'en' },
    body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: trainerUuids }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const messages: TSendStreamMessage[] = [];
  for await (const line of readNdjson<TSendStreamMessage>(response)) messages.push(line);
  expect(messages.filter((message) => message.status === 'error')).toEqual([]);
  expect(messages.at(-1)).toMatchObject({ status: 'finished_studiogroup' });
}

/** The run's SEPA file, downloaded as staff download it, read as the bank reads it. */
async function downloadSepaFile(settlementUuid: string, runUuid: string): Promise<{ xml: string; file: SepaFile }> {
  const response = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/settlement/${settlementUuid}/run/${runUuid}/sepa-xml`, { headers: admin.headers });
  expect(response.status).toBe(200);
  const xml = await response.text();
  return { xml, file: readSepaFile(xml) };
}

/** Billable trainers of a month (classes imported), by trainer uuid. */
async function billable(month: string): Promise<Map<string, TBillableTrainerRow[]>> {
  const answer = await staff<{ rows: TBillableTrainerRow[] }>('GET', `/settlement/${randomUUID()}/billable-trainers?month=${month}`);
  expect(answer.status).toBe(200);
  const rows = new Map<string, TBillableTrainerRow[]>();
  for (const row of answer.body.rows) rows.set(row.trainer_uuid, [...(rows.get(row.trainer_uuid) ?? []), row]);
  return rows;
}

/** A trainer log-in of their own linked to the trainer record (the demo has one trainer log-in). */
async function portalAccountFor(record: Trainer, language: 'de' | 'en'): Promise<{ login: Login; email: string }> {
  const em = stack.orm.em.fork();
  const email = `payout-loop-${language}-${randomUUID().slice(0, 8)}@test.local`;
  const user = em.create(User, { email, passwordHash: await hashPassword(PASSWORD), role: 'trainer', locale: language, firstname: record.firstname ?? 'T', lastname: record.lastname ?? 'T', isVerified: true });
  const account = em.create(TrainerAccount, { user, firstname: user.firstname, lastname: user.lastname, email, language });
  em.create(StudioGroupTrainer, { studioGroup: group.id, trainer: record.id, trainerAccount: account });
  await em.flush();
  return { login: await logIn(stack.baseUrl, email), email };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }) });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const em = stack.orm.em.fork();
  const { group: fitness, keys } = await findDemoFitness(em);
  group = { ...keys, name: fitness.name, iban: fitness.iban! };

  await importDemoClasses(stack.baseUrl, admin, group.uuid, DateTime.fromISO(FIRST_MONTH).startOf('month').toISODate()!, FIRST_MONTH);
  const rows = await billable(FIRST_MONTH);
  const records = await em.find(Trainer, { uuid: { $in: [...rows.keys()] } }, { orderBy: { sourceId: 'asc' } });
  // Billable now, with a tax number or VAT ID (the e-invoice needs one), classes this month.
  const candidates = records.filter((record) => {
    const own = rows.get(record.uuid)!;
    return own.every((row) => row.selectable && row.self_billing_consent && (row.billing_refusals ?? []).length === 0) && own.some((row) => row.class_count > 0) && (record.taxNumber?.trim() || record.vatId?.trim());
  });
  const demoTrainer = candidates.find((record) => record.email === 'trainer@demo.test');
  expect(demoTrainer, 'the demo trainer is billable').toBeDefined();
  const linked = new Set((await em.find(StudioGroupTrainer, {}, { populate: ['trainer'] })).map((link) => link.trainer.uuid));
  const others = candidates.filter((record) => !linked.has(record.uuid));
  expect(others.length).toBeGreaterThanOrEqual(3);

  closed = { record: demoTrainer!, login: await logIn(stack.baseUrl, 'trainer@demo.test'), email: 'trainer@demo.test', language: 'de' };
  const english = await portalAccountFor(others[0]!, 'en');
  wrong = { record: others[0]!, ...english, language: 'en' };
  const german = await portalAccountFor(others[1]!, 'de');
  paidWithAccount = { record: others[1]!, ...german, language: 'de' };
  paidWithout = { record: others[2]!, login: null, email: others[2]!.email ?? null, language: null };
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

describe('the payout loop', () => {
  it('a settled month\'s credit-note run writes one open payout per credit note, named by its number in the SEPA file', { timeout: 180_000 }, async () => {
    await prepareSettlement(stack.baseUrl, admin, group, firstSettlement, FIRST_MONTH, cast().map((trainer) => trainer.record.uuid), false);
    await creditNoteRun(firstSettlement, firstRun, cast().map((trainer) => trainer.record.uuid));

    const list = await payouts();
    const ofMonth = list.items.filter((payout) => payout.month === yearMonth(FIRST_MONTH));
    expect(ofMonth.map((payout) => payout.trainerUuid).sort()).toEqual(cast().map((trainer) => trainer.record.uuid).sort());
    for (const payout of ofMonth) {
      expect(payout).toMatchObject({ status: 'open', endToEndId: payout.creditNoteNumber, settlementRunUuid: firstRun, bookingDate: null, reasonCode: null, repaysPayoutUuid: null, repaidByPayoutUuid: null });
      expect(payout.creditNoteNumber).toMatch(/^GS-\d{4}-\d{5}$/);
      firstPayout.set(payout.trainerUuid, payout);
    }
    expect(list.totals.open.count).toBe(4);
    expect(toCents(list.totals.open.amount)).toBe(ofMonth.reduce((sum, payout) => sum + toCents(payout.amount), 0));

    const { file } = await downloadSepaFile(firstSettlement, firstRun);
    firstFile = file;
    // The bank's file: one payment per credit note, its number as end-to-end id, the sums right to the cent.
    expect(file.transactions.map((transaction) => transaction.endToEndId).sort()).toEqual(ofMonth.map((payout) => payout.creditNoteNumber).sort());
    expect(file.numberOfTransactions).toBe(4);
    const total = ofMonth.reduce((sum, payout) => sum + toCents(payout.amount), 0);
    expect(file.controlSumCents).toBe(total);
    expect(file.blockControlSumCents).toBe(total);
    for (const transaction of file.transactions) {
      const payout = payoutOf(list, transaction.endToEndId);
      expect(transaction.amountCents).toBe(toCents(payout.amount));
      expect(transaction.creditorIban).toBe(payout.creditorIban);
      expect(payout.sepaMessageId).toBe(file.messageId);
      expect(payout.sepaPaymentInfoId).toBe(file.paymentInformationId);
    }
    expect(firstPayout.get(closed.record.uuid)!.creditorIban).toBe(closed.record.iban!.replace(/\s/g, ''));
  });

  it('the bank\'s statement books the file and returns two payouts: exactly those are returned with the reason and fee, the rest paid', { timeout: 120_000 }, async () => {
    const bookedOn = firstFile.executionDate;
    const returnedOn = plusBankDays(bookedOn, 3);
    const closedPayout = firstPayout.get(closed.record.uuid)!;
    const wrongPayout = firstPayout.get(wrong.record.uuid)!;
    const transactionOf = (payout: TPayout) => firstFile.transactions.find((transaction) => transaction.endToEndId === payout.endToEndId)!;
    const xml = buildCamt053({
      version: '08',
      account: { iban: group.iban, currency: 'EUR', ownerName: group.name },
      messageId: 'LOOP-STMT-1',
      sequence: 101,
      fromDate: bookedOn,
      toDate: returnedOn,
      entries: [
        // The file booked as banks book it: one debit of the sum, a line per payment.
        payoutFileEntry({ messageId: firstFile.messageId, paymentInformationId: firstFile.paymentInformationId, bookingDate: bookedOn, bankReference: 'LOOP-1', payouts: firstFile.transactions }),
        returnedPayoutEntry({ ...transactionOf(closedPayout), reasonCode: 'AC04', feeCents: 350, bookingDate: returnedOn, bankReference: 'LOOP-RTRN-1' }),
        returnedPayoutEntry({ ...transactionOf(wrongPayout), reasonCode: 'AC01', feeCents: 0, bookingDate: returnedOn, bankReference: 'LOOP-RTRN-2' }),
      ],
    });
    const accepted = await uploadFile(xml, 'en', 'camt053-loop-1.xml');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'accepted', message: 'The bank file is being read.', kind: 'camt.053', version: 'camt.053.001.08' });
    const read = await readBankFile(accepted.body.bankFileUuid as string);
    firstStatement = { xml, uuid: read.uuid };
    expect(read).toMatchObject({ state: 'done', kind: 'camt.053', messageId: 'LOOP-STMT-1', sequence: '101', account: group.iban, message: null, unmatched: [] });
    // Booked first, then two of them returned: four bookings, two returns, nothing left over.
    expect(read.counts).toMatchObject({ paid: 4, returned: 2, rejected: 0, unmatched: 0 });
    expect(read.uploadedBy?.name).toBe('Anna Admin');

    const list = await payouts();
    const returned = list.items.filter((payout) => payout.status === 'returned');
    expect(returned.map((payout) => payout.endToEndId).sort()).toEqual([closedPayout.endToEndId, wrongPayout.endToEndId].sort());
    expect(payoutOf(list, closedPayout.endToEndId)).toMatchObject({
      status: 'returned',
      reasonCode: 'AC04',
      reason: 'The account has been closed — please check your IBAN.',
      fee: 3.5,
      bookingDate: returnedOn,
      bankReference: 'LOOP-RTRN-1-1',
      bankFileUuid: read.uuid,
      repaidByPayoutUuid: null,
    });
    expect(payoutOf(list, wrongPayout.endToEndId)).toMatchObject({
      status: 'returned',
      reasonCode: 'AC01',
      reason: 'The IBAN is not correct — please check your IBAN.',
      fee: null,
      bookingDate: returnedOn,
      bankReference: 'LOOP-RTRN-2-1',
    });
    for (const trainer of [paidWithAccount, paidWithout]) {
      const payout = payoutOf(list, firstPayout.get(trainer.record.uuid)!.endToEndId);
      const line = firstFile.transactions.findIndex((transaction) => transaction.endToEndId === payout.endToEndId) + 1;
      expect(payout).toMatchObject({ status: 'paid', bookingDate: bookedOn, bankReference: `LOOP-1-${line}`, reasonCode: null, reason: null, fee: null, bankFileUuid: read.uuid });
    }
    // To the cent: what was paid and what came back add up to the file's control sum.
    expect(list.totals.paid.count).toBe(2);
    expect(list.totals.returned.count).toBe(2);
    expect(toCents(list.totals.paid.amount) + toCents(list.totals.returned.amount)).toBe(firstFile.controlSumCents);
    expect(toCents(list.totals.returned.amount)).toBe(toCents(closedPayout.amount) + toCents(wrongPayout.amount));

    // The same list in German: the bank's reason in plain German words.
    const german = await payouts('de');
    expect(payoutOf(german, closedPayout.endToEndId).reason).toBe('Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN.');
    expect(payoutOf(german, wrongPayout.endToEndId).reason).toBe('Die IBAN ist nicht korrekt – bitte prüfen Sie Ihre IBAN.');
  });

  it('each of the two trainers is told in their language, in the portal and by e-mail, with the bank\'s reason; the paid ones are not', { timeout: 60_000 }, async () => {
    const notifications = async (trainer: Cast) => {
      const answer = await callApi<TTrainerNotification[]>(stack.baseUrl, 'GET', `/api/v2/trainer_account_notification_dto/${trainer.login!.userUuid}`, { as: trainer.login });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const closedPayout = firstPayout.get(closed.record.uuid)!;
    const wrongPayout = firstPayout.get(wrong.record.uuid)!;

    const german = (await notifications(closed)).filter((notification) => notification.message.includes(closedPayout.endToEndId));
    expect(german).toHaveLength(1);
    expect(german[0]!.message).toBe(
      `Deine Auszahlung ${closedPayout.endToEndId} über ${formatEuro(toCents(closedPayout.amount), 'de-DE')} konnte nicht gutgeschrieben werden: Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN. Bitte prüfe deine IBAN im Profil; sobald sie freigegeben ist, wird der Betrag erneut ausgezahlt.`,
    );
    expect(german[0]!.link).toBe('/trainer/profile');
    const english = (await notifications(wrong)).filter((notification) => notification.message.includes(wrongPayout.endToEndId));
    expect(english).toHaveLength(1);
    expect(english[0]!.message).toBe(
      `Your payout ${wrongPayout.endToEndId} over ${formatEuro(toCents(wrongPayout.amount), 'en-GB')} could not be credited: The IBAN is not correct — please check your IBAN. Please check your IBAN in your profile; once staff have approved it, the amount is paid again.`,
    );
    // The paid trainer's portal says nothing about a payout.
    expect((await notifications(paidWithAccount)).filter((notification) => /Auszahlung|payout/i.test(notification.message))).toEqual([]);

    // One e-mail each over SMTP, in their language, naming the bank's reason; none to anyone else.
    const mails = payoutFailedMails();
    expect(mails.map((mail) => mail.envelopeTo).sort()).toEqual([[closed.email], [wrong.email]].sort());
    const toClosed = mails.find((mail) => mail.envelopeTo.includes(closed.email!))!;
    expect(subjectOf(toClosed)).toBe(`${group.name}: Deine Auszahlung ${closedPayout.endToEndId} konnte nicht gutgeschrieben werden`);
    expect(mailText(toClosed.raw)).toContain('Die Bank nennt als Grund: Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN.');
    expect(mailText(toClosed.raw)).toContain(`zu deiner Gutschrift ${closedPayout.creditNoteNumber} kam von der Bank zurück`);
    const toWrong = mails.find((mail) => mail.envelopeTo.includes(wrong.email!))!;
    expect(subjectOf(toWrong)).toBe(`${group.name}: your payout ${wrongPayout.endToEndId} could not be credited`);
    expect(mailText(toWrong.raw)).toContain('The bank says: The IBAN is not correct — please check your IBAN.');
    expect(mailText(toWrong.raw)).toContain(`/en/trainer/profile`);
  });

  it('the two trainers change their IBAN in the portal: nothing is paid again until staff approve it', { timeout: 60_000 }, async () => {
    for (const [trainer, iban] of [
      [closed, NEW_IBAN.closed],
      [wrong, NEW_IBAN.wrong],
    ] as const) {
      const answer = await callApi(stack.baseUrl, 'PATCH', `/api/v2/trainer_accounts/${trainer.login!.userUuid}`, {
        as: trainer.login,
        body: { trainerIban: iban, currentPassword: PASSWORD },
        contentType: 'application/merge-patch+json',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const closedPayout = firstPayout.get(closed.record.uuid)!;
    const wrongPayout = firstPayout.get(wrong.record.uuid)!;

    const waiting = await payouts();
    expect(waiting.payableAgainCount).toBe(0);
    for (const payout of [closedPayout, wrongPayout]) {
      expect(payoutOf(waiting, payout.endToEndId)).toMatchObject({ status: 'returned', mayBePaidAgain: false, notPayableReason: "the trainer's new IBAN awaits approval by staff" });
    }
    // "Pay again" refuses, naming each payout and why, and writes nothing.
    const all = await staff('POST', '/payouts/pay-again', { body: {} });
    expect(all).toEqual({ status: 422, body: { status: 'error', message: 'There is no rejected or returned payout that may be paid again now.' } });
    const named = await staff('POST', '/payouts/pay-again', { body: { payoutUuids: [closedPayout.uuid, wrongPayout.uuid] }, locale: 'de' });
    expect(named.status).toBe(422);
    expect(named.body).toMatchObject({
      status: 'error',
      message: `Kann nicht erneut ausgezahlt werden: ${closedPayout.endToEndId}: die neue IBAN des Trainers wartet auf Freigabe; ${wrongPayout.endToEndId}: die neue IBAN des Trainers wartet auf Freigabe`,
    });
    expect((await payouts()).items).toEqual(waiting.items);
    // The next month's run would leave them out too: the billing rule says so.
    await importDemoClasses(stack.baseUrl, admin, group.uuid, DateTime.fromISO(NEXT_MONTH).startOf('month').toISODate()!, NEXT_MONTH);
    const nextRows = await billable(NEXT_MONTH);
    for (const trainer of [closed, wrong]) {
      expect(nextRows.get(trainer.record.uuid)?.length).toBeGreaterThan(0);
      for (const row of nextRows.get(trainer.record.uuid)!) expect(row).toMatchObject({ iban_change_pending: true, billing_refusals: expect.arrayContaining(['ibanNotApproved']) });
    }

    // Staff review the changed data and approve it.
    for (const trainer of [closed, wrong]) {
      const answer = await staff('POST', `/trainer-overview/${trainer.record.uuid}/review`, { body: { decision: 'approved' } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const approved = await payouts();
    expect(approved.payableAgainCount).toBe(2);
    for (const payout of [closedPayout, wrongPayout]) expect(payoutOf(approved, payout.endToEndId)).toMatchObject({ mayBePaidAgain: true, notPayableReason: null });
  });

  it('the next month\'s run pays exactly those two again as {number}-R1 to the new IBAN, once', { timeout: 180_000 }, async () => {
    const rows = await billable(NEXT_MONTH);
    const trainers = cast().filter((trainer) => (rows.get(trainer.record.uuid) ?? []).some((row) => row.selectable && row.class_count > 0 && (row.billing_refusals ?? []).length === 0));
    // Approved, the two are billable again and teach this month too: their own credit notes go with the repayments.
    expect(trainers.map((trainer) => trainer.record.uuid)).toEqual(expect.arrayContaining([closed.record.uuid, wrong.record.uuid]));
    await prepareSettlement(stack.baseUrl, admin, group, nextSettlement, NEXT_MONTH, trainers.map((trainer) => trainer.record.uuid), false);
    await creditNoteRun(nextSettlement, nextRun, trainers.map((trainer) => trainer.record.uuid));

    const list = await payouts();
    const repayments = list.items.filter((payout) => payout.repaysPayoutUuid !== null);
    const closedPayout = firstPayout.get(closed.record.uuid)!;
    const wrongPayout = firstPayout.get(wrong.record.uuid)!;
    expect(repayments.map((payout) => payout.endToEndId).sort()).toEqual([`${closedPayout.endToEndId}-R1`, `${wrongPayout.endToEndId}-R1`].sort());
    for (const [first, iban] of [
      [closedPayout, NEW_IBAN.closed],
      [wrongPayout, NEW_IBAN.wrong],
    ] as const) {
      const repayment = payoutOf(list, `${first.endToEndId}-R1`);
      expect(repayment).toMatchObject({
        status: 'open',
        repaysPayoutUuid: first.uuid,
        creditNoteNumber: first.creditNoteNumber,
        amount: first.amount,
        creditorIban: iban,
        trainerUuid: first.trainerUuid,
        sepaMessageId: `TP${nextRun.replace(/-/g, '')}`,
        bookingDate: null,
      });
      // The first stays as the bank left it, now pointing at its repayment.
      expect(payoutOf(list, first.endToEndId)).toMatchObject({ status: 'returned', reasonCode: first === closedPayout ? 'AC04' : 'AC01', repaidByPayoutUuid: repayment.uuid, mayBePaidAgain: false, notPayableReason: null });
    }
    // The month's own credit notes of those two go to the new IBAN as well.
    const nextMonthPayouts = list.items.filter((payout) => payout.month === yearMonth(NEXT_MONTH) && payout.repaysPayoutUuid === null);
    expect(nextMonthPayouts.map((payout) => payout.trainerUuid).sort()).toEqual(trainers.map((trainer) => trainer.record.uuid).sort());
    for (const payout of nextMonthPayouts) {
      if (payout.trainerUuid === closed.record.uuid) expect(payout.creditorIban).toBe(NEW_IBAN.closed);
      if (payout.trainerUuid === wrong.record.uuid) expect(payout.creditorIban).toBe(NEW_IBAN.wrong);
    }

    // The run's SEPA file carries the month's credit notes and exactly the two repayments, the sums right.
    const { file } = await downloadSepaFile(nextSettlement, nextRun);
    nextFile = file;
    const expected = [...nextMonthPayouts, ...repayments];
    expect(file.transactions.map((transaction) => transaction.endToEndId).sort()).toEqual(expected.map((payout) => payout.endToEndId).sort());
    expect(file.numberOfTransactions).toBe(expected.length);
    expect(file.controlSumCents).toBe(expected.reduce((sum, payout) => sum + toCents(payout.amount), 0));
    for (const repayment of repayments) {
      const transaction = file.transactions.find((item) => item.endToEndId === repayment.endToEndId)!;
      expect(transaction).toMatchObject({ amountCents: toCents(repayment.amount), creditorIban: repayment.creditorIban });
    }
    expect(file.transactions.filter((transaction) => transaction.endToEndId.endsWith('-R1'))).toHaveLength(2);

    // Nothing is paid twice: "pay again" finds nothing left, and refuses the first payouts by name.
    expect(list.payableAgainCount).toBe(0);
    const again = await staff('POST', '/payouts/pay-again', { body: {} });
    expect(again).toEqual({ status: 422, body: { status: 'error', message: 'There is no rejected or returned payout that may be paid again now.' } });
    const named = await staff('POST', '/payouts/pay-again', { body: { payoutUuids: [closedPayout.uuid] } });
    expect(named.status).toBe(422);
    expect(named.body.message).toBe(`Cannot be paid again: ${closedPayout.endToEndId}: not rejected or returned, or already paid again`);
    const paid = firstPayout.get(paidWithAccount.record.uuid)!;
    const paidAgain = await staff('POST', '/payouts/pay-again', { body: { payoutUuids: [paid.uuid] }, locale: 'de' });
    expect(paidAgain).toMatchObject({ status: 422, body: { message: `Kann nicht erneut ausgezahlt werden: ${paid.endToEndId}: nicht abgelehnt oder zurückgebucht, oder schon erneut ausgezahlt` } });
    expect((await payouts()).items).toEqual(list.items);
  });

  it('the statement of that file books both repayments: the first payouts stay returned and show they were paid again', { timeout: 120_000 }, async () => {
    const bookedOn = nextFile.executionDate;
    const xml = buildCamt053({
      version: '08',
      account: { iban: group.iban, currency: 'EUR', ownerName: group.name },
      messageId: 'LOOP-STMT-2',
      sequence: 102,
      fromDate: bookedOn,
      toDate: bookedOn,
      entries: [payoutFileEntry({ messageId: nextFile.messageId, paymentInformationId: nextFile.paymentInformationId, bookingDate: bookedOn, bankReference: 'LOOP-2', payouts: nextFile.transactions })],
    });
    const accepted = await uploadFile(xml, 'de', 'camt053-loop-2.xml');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.message).toBe('Die Bankdatei wird eingelesen.');
    const read = await readBankFile(accepted.body.bankFileUuid as string);
    expect(read).toMatchObject({ state: 'done', unmatched: [] });
    expect(read.counts).toMatchObject({ paid: nextFile.transactions.length, returned: 0, rejected: 0, unmatched: 0 });

    const list = await payouts();
    const closedPayout = firstPayout.get(closed.record.uuid)!;
    const wrongPayout = firstPayout.get(wrong.record.uuid)!;
    for (const first of [closedPayout, wrongPayout]) {
      const repayment = payoutOf(list, `${first.endToEndId}-R1`);
      const line = nextFile.transactions.findIndex((transaction) => transaction.endToEndId === repayment.endToEndId) + 1;
      expect(repayment).toMatchObject({ status: 'paid', bookingDate: bookedOn, bankReference: `LOOP-2-${line}`, bankFileUuid: read.uuid });
      expect(payoutOf(list, first.endToEndId)).toMatchObject({ status: 'returned', repaidByPayoutUuid: repayment.uuid, bankFileUuid: firstStatement.uuid });
    }
    expect(list.items.filter((payout) => payout.status === 'open')).toEqual([]);
    expect(list.totals.returned.count).toBe(2);
    // Every euro of both credit-note runs reached a trainer: the paid payouts add up to both files less the two returns.
    expect(toCents(list.totals.paid.amount)).toBe(firstFile.controlSumCents + nextFile.controlSumCents - toCents(closedPayout.amount) - toCents(wrongPayout.amount));

    // The trainer reads it beside the credit note: returned, paid again on the booking day.
    const notes = await callApi<{ creditNotes: TCreditNoteMonthGroup[] }>(stack.baseUrl, 'GET', `/api/v2/${group.uuid}/trainer-account/${closed.login!.userUuid}/credit-notes`, { as: closed.login, locale: 'de' });
    expect(notes.status).toBe(200);
    const note = notes.body.creditNotes.flatMap((month) => month.files).find((file) => file.invoiceNumber === closedPayout.creditNoteNumber);
    expect(note?.payout).toMatchObject({
      status: 'returned',
      endToEndId: closedPayout.endToEndId,
      reason: 'Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN.',
      paidOn: bookedOn,
      repaidBy: { status: 'paid', endToEndId: `${closedPayout.endToEndId}-R1` },
    });
    // Bookings tell nobody anything: still the two e-mails of the returns.
    expect(payoutFailedMails()).toHaveLength(2);
  });
});

// --- bad input --------------------------------------------------------------------------------------

/** What a refused upload must leave as it was: every payout, the bank-file list and the stored files. */
async function everything() {
  const statements = await staff<{ items: TBankStatement[] }>('GET', '/bank-statements');
  const storedFiles = (dir: string): number => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).reduce((count, entry) => count + (entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : 1), 0) : 0);
  return { payouts: (await payouts()).items, statements: statements.body.items, stored: storedFiles(path.join(stack.dataDir, 'bank-files')), mails: payoutFailedMails().length };
}

type Refusal = { status?: number; de: string | RegExp; en: string | RegExp };

async function expectRefused(send: (locale: 'de' | 'en') => Promise<{ status: number; body: Record<string, unknown> }>, refusal: Refusal) {
  for (const locale of ['de', 'en'] as const) {
    const before = await everything();
    const answer = await send(locale);
    expect(answer.status, JSON.stringify(answer.body)).toBe(refusal.status ?? 400);
    expect(answer.body.status).toBe('error');
    const expected = refusal[locale];
    if (typeof expected === 'string') expect(answer.body.message).toBe(expected);
    else expect(answer.body.message).toMatch(expected);
    expect(await everything()).toEqual(before);
  }
}

/** A statement of the payout account as the bank would send it, with the entries given. */
const statement = (input: { messageId: string; sequence: number; entries: BuiltEntry[]; iban?: string; currency?: string }) =>
  buildCamt053({ version: '08', account: { iban: input.iban ?? group.iban, currency: input.currency ?? 'EUR', ownerName: group.name }, messageId: input.messageId, sequence: input.sequence, entries: input.entries });
const fee = (reference: string, cents: number): BuiltEntry => ({ amountCents: cents, creditDebit: 'DBIT', bookingDate: thisMonth.toISODate()!, bankReference: reference, bankTransactionCode: 'ACMT/MDOP/CHRG' });

describe('bad uploads are refused in the caller\'s language and change nothing', () => {
  it('a payout file (pain.001) instead of the bank\'s answer', { timeout: 30_000 }, async () => {
    const { xml } = await downloadSepaFile(nextSettlement, nextRun);
    await expectRefused((locale) => uploadFile(xml, locale, 'sepa.xml'), {
      de: 'Diese XML-Datei ist ein Zahlungsauftrag – die Auszahlungsdatei, die TrainerPay für die Bank erstellt hat (pain.001.001.09), die TrainerPay hier nicht lesen kann. Bitte laden Sie einen Kontoauszug (camt.053), eine Buchungsbenachrichtigung (camt.054) oder einen Statusbericht (pain.002) hoch.',
      en: 'This XML file is a payment order — the payout file TrainerPay made for the bank (pain.001.001.09), which TrainerPay cannot read here. Please upload a statement (camt.053), a notification (camt.054) or a payment status report (pain.002).',
    });
  });

  it('another XML file (an e-invoice)', { timeout: 30_000 }, async () => {
    const invoice = '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>\n';
    await expectRefused((locale) => uploadFile(invoice, locale, 'rechnung.xml'), {
      de: 'Diese XML-Datei ist keine Bankdatei (Wurzelelement CrossIndustryInvoice). Bitte laden Sie einen Kontoauszug (camt.053), eine Buchungsbenachrichtigung (camt.054) oder einen Statusbericht (pain.002) hoch.',
      en: 'This XML file is not a bank file (its root element is CrossIndustryInvoice). Please upload a statement (camt.053), a notification (camt.054) or a payment status report (pain.002).',
    });
  });

  it('XML that is not well-formed, naming the line', { timeout: 30_000 }, async () => {
    const broken = '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">\n  <BkToCstmrStmt>\n    <GrpHdr><MsgId>LOOP-BROKEN</MsgID></GrpHdr>\n';
    await expectRefused((locale) => uploadFile(broken, locale), {
      de: 'Die Datei ist beschädigt: Das XML bricht in Zeile 4 ab oder ist dort ungültig. Bitte laden Sie sie erneut im Online-Banking herunter.',
      en: 'The file is damaged: the XML breaks off or is invalid in line 4. Please download it again from online banking.',
    });
  });

  it('a file that is not XML (a PDF, a CSV), and an empty one', { timeout: 30_000 }, async () => {
    const notXml = {
      de: 'Das ist keine Bankdatei im XML-Format. Bitte laden Sie den Kontoauszug im Online-Banking als camt.053, camt.054 oder pain.002 (XML) herunter, nicht als PDF, CSV oder MT940.',
      en: 'This is not a bank file in XML format. Please download the statement from online banking as camt.053, camt.054 or pain.002 (XML), not as PDF, CSV or MT940.',
    };
    await expectRefused((locale) => uploadFile(new Uint8Array(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1')), locale, 'kontoauszug.pdf'), notXml);
    await expectRefused((locale) => uploadFile('Buchungstag;Valuta;Betrag\n02.11.2026;02.11.2026;-1.234,56\n', locale, 'umsaetze.csv'), notXml);
    await expectRefused((locale) => uploadFile('', locale), { de: 'Die Datei ist leer.', en: 'The file is empty.' });
  });

  it('no file in the field `file`', { timeout: 30_000 }, async () => {
    const noFile = { de: 'Bitte wählen Sie eine Bankdatei (Feld „file“).', en: 'Please choose a bank file (field "file").' };
    await expectRefused((locale) => upload([{ field: 'statement', bytes: firstStatement.xml, name: 'kontoauszug.xml' }], locale), noFile);
    await expectRefused((locale) => upload([{ field: 'comment', bytes: 'Auszug November' }], locale), noFile);
    await expectRefused((locale) => upload('json', locale), noFile);
  });

  it('a statement of another account, or in another currency', { timeout: 30_000 }, async () => {
    const entries = [fee('LOOP-FEE-X', 990)];
    await expectRefused((locale) => uploadFile(statement({ messageId: 'LOOP-OTHER-ACCOUNT', sequence: 1, entries, iban: OTHER_ACCOUNT }), locale), {
      de: `Diese Datei betrifft das Konto ${OTHER_ACCOUNT}, die Auszahlungen laufen aber über ${group.iban}. Bitte laden Sie den Auszug des Auszahlungskontos hoch.`,
      en: `This file is about account ${OTHER_ACCOUNT}, but the payouts go out from ${group.iban}. Please upload the statement of the payout account.`,
    });
    await expectRefused((locale) => uploadFile(statement({ messageId: 'LOOP-OTHER-CURRENCY', sequence: 1, entries, currency: 'USD' }), locale), {
      de: 'Diese Datei betrifft ein Konto in USD; Auszahlungen erfolgen in EUR.',
      en: 'This file is about an account in USD; payouts are made in EUR.',
    });
  });

  it('a status report about a payout file the group never sent', { timeout: 30_000 }, async () => {
    const report = buildPain002({ version: '03', messageId: 'LOOP-PAIN002-X', createdAt: `${thisMonth.toISODate()}T10:00:00`, originalMessageId: 'TPnotours', groupStatus: 'RJCT', groupReasonCode: 'AM04' });
    await expectRefused((locale) => uploadFile(report, locale, 'pain002.xml'), {
      de: 'Dieser Statusbericht beantwortet die Auszahlungsdatei TPnotours, die diese Studiogruppe nicht versandt hat.',
      en: 'This status report answers the payout file TPnotours, which this studio group did not send.',
    });
  });

  it('the same statement again: already read, when and by whom', { timeout: 30_000 }, async () => {
    const [first] = (await staff<{ items: TBankStatement[] }>('GET', '/bank-statements')).body.items.filter((item) => item.uuid === firstStatement.uuid);
    const when = (format: string) => DateTime.fromISO(first!.uploadedAt).setZone(TIME_ZONE).toFormat(format);
    await expectRefused((locale) => uploadFile(firstStatement.xml, locale, 'noch-einmal.xml'), {
      de: `Diese Bankdatei wurde bereits am ${when('dd.MM.yyyy HH:mm')} von Anna Admin hochgeladen; es wurde nichts geändert.`,
      en: `This bank file was already uploaded on ${when('dd/MM/yyyy HH:mm')} by Anna Admin; nothing was changed.`,
    });
    const again = await uploadFile(firstStatement.xml, 'en');
    expect(again.body).toMatchObject({ bankFileUuid: firstStatement.uuid, uploadedAt: first!.uploadedAt, uploadedBy: { name: 'Anna Admin' } });
  });

  it('a different file with the same identity as one read (same message, account and sequence): a contradiction', { timeout: 30_000 }, async () => {
    const [first] = (await staff<{ items: TBankStatement[] }>('GET', '/bank-statements')).body.items.filter((item) => item.uuid === firstStatement.uuid);
    const when = (format: string) => DateTime.fromISO(first!.uploadedAt).setZone(TIME_ZONE).toFormat(format);
    const other = statement({ messageId: 'LOOP-STMT-1', sequence: 101, entries: [fee('LOOP-FEE-1', 1_000)] });
    await expectRefused((locale) => uploadFile(other, locale), {
      de: `Eine andere Datei mit derselben Kennung (camt.053, Nachricht LOOP-STMT-1, Folge 101) wurde bereits am ${when('dd.MM.yyyy HH:mm')} hochgeladen. Die Bank sendet keinen Auszug in zwei Fassungen: Bitte prüfen Sie, welche Datei stimmt; es wurde nichts geändert.`,
      en: `A different file with the same identity (camt.053, message LOOP-STMT-1, sequence 101) was already uploaded on ${when('dd/MM/yyyy HH:mm')}. The bank does not send two versions of one statement: please check which file is right; nothing was changed.`,
    });
  });

  it('a statement that contradicts an earlier one is read, its entry listed with why, and no payout changes', { timeout: 60_000 }, async () => {
    const closedPayout = firstPayout.get(closed.record.uuid)!;
    const transaction = firstFile.transactions.find((item) => item.endToEndId === closedPayout.endToEndId)!;
    // The returned payout booked as paid once more, under a reference the bank never used before.
    const contradicting = statement({
      messageId: 'LOOP-STMT-3',
      sequence: 103,
      entries: [payoutFileEntry({ messageId: firstFile.messageId, paymentInformationId: firstFile.paymentInformationId, bookingDate: thisMonth.toISODate()!, bankReference: 'LOOP-3', payouts: [transaction] })],
    });
    const before = await everything();
    const accepted = await uploadFile(contradicting, 'en');
    expect(accepted.status).toBe(202);
    const read = await readBankFile(accepted.body.bankFileUuid as string, 'en');
    expect(read.counts).toMatchObject({ paid: 0, returned: 0, rejected: 0, unmatched: 1 });
    expect(read.unmatched).toEqual([
      expect.objectContaining({
        endToEndId: closedPayout.endToEndId,
        amount: closedPayout.amount,
        why: `Payout ${closedPayout.endToEndId} is already returned; this file says paid. Nothing was changed — please check with the bank.`,
      }),
    ]);
    const german = await staff<TBankStatementDetail>('GET', `/bank-statement/${read.uuid}`, { locale: 'de' });
    expect(german.body.unmatched[0]!.why).toBe(`Auszahlung ${closedPayout.endToEndId} ist bereits zurückgebucht; diese Datei meldet bezahlt. Es wurde nichts geändert – bitte klären Sie das mit der Bank.`);
    const after = await everything();
    expect(after.payouts).toEqual(before.payouts);
    expect(after.mails).toBe(before.mails);
  });

  it('a statement that breaks off is read as failed with the reason, applies nothing, and its intact download is then read', { timeout: 90_000 }, async () => {
    const intact = statement({ messageId: 'LOOP-STMT-4', sequence: 104, entries: [fee('LOOP-FEE-4A', 250), fee('LOOP-FEE-4B', 120)] });
    // The download broke off within the second entry: its head is whole, so only reading it to its end tells.
    const cut = intact.slice(0, intact.lastIndexOf('<Ntry>') + 60);
    const before = await everything();
    const accepted = await uploadFile(cut, 'de');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const failed = await readBankFile(accepted.body.bankFileUuid as string, 'de');
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/^Die Datei konnte nicht bis zum Ende gelesen werden: Die Datei ist beschädigt: Das XML bricht in Zeile \d+ ab oder ist dort ungültig\. Bitte laden Sie sie erneut im Online-Banking herunter\.$/);
    const english = await staff<TBankStatementDetail>('GET', `/bank-statement/${failed.uuid}`, { locale: 'en' });
    expect(english.body.message).toMatch(/^The file could not be read to its end: The file is damaged: the XML breaks off or is invalid in line \d+\. Please download it again from online banking\.$/);
    expect(failed.counts).toMatchObject({ paid: 0, returned: 0, rejected: 0, unmatched: 0 });
    expect((await everything()).payouts).toEqual(before.payouts);

    // As the message says: downloaded again, the whole statement is read.
    const again = await uploadFile(intact, 'de');
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const read = await readBankFile(again.body.bankFileUuid as string);
    expect(read).toMatchObject({ state: 'done', messageId: 'LOOP-STMT-4', unmatched: [] });
    expect((await everything()).payouts).toEqual(before.payouts);
  });
});

import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccountingEmail } from '../../contracts/credit-note-run.contract';
import type { TApprovalEntry, TApprovedTrainersResponse, TCommentsResponse, TCreditNotePreview, TSendStreamMessage, TTrainerCreditNotesResponse } from '../../contracts/review.contract';
import type { TCalculateSumResponse, TTrainerListItem, TTrainerSummaryRow } from '../../contracts/settlement.contract';
import type { TTrainerAccount } from '../../contracts/trainer-account.contract';
import { importDemoClasses } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn, startStack, type Stack } from '../support/stack';

// A client written from the spec's tables alone (admin 7 "Settlement wizard v2" and "Preview check",
// trainer portal 7) closes a month: it prepares, has the trainer review, bills and pays, with the
// spec's paths and payload fields only (no screen-only calls, no `_cents` fields), and checks what
// an accountant would: the preview's total, the settlement's sum and the SEPA control sum are the
// same euros, and every amount the answers carry is euros with at most two decimals.

type Login = Awaited<ReturnType<typeof logIn>>;
type Group = { uuid: string; id: number; mandantId: number; apiSlug: string };
type Status = { status: string; message: string };

// Two months back: settleable whatever day the test runs (admin spec 5).
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 });
const settlementMonth = month.endOf('month').toISODate()!;
const settlementUuid = randomUUID();
const settlementRunUuid = randomUUID();

/** The fields of a credit note row (admin spec 3 "Credit note rows"), which both previews answer. */
const SPEC_ROW_FIELDS = ['class_hash', 'class_name', 'class_datetime', 'class_duration', 'class_booked_slot', 'studio_uuid', 'studio_name', 'trainer_uuid', 'trainer_company_name', 'value_net', 'value_vat', 'value_gross', 'comment'];
/** The amount fields the specs name: euros as JSON numbers. */
const EURO_FIELDS = new Set(['value_net', 'value_vat', 'value_gross', 'sum_net', 'sum_vat', 'sum_gross', 'sumNet', 'sumVat', 'sumGross', 'Netto_Sum', 'Sum']);

let stack: Stack;
let admin: Login;
let trainer: Login;
let group: Group;
/** Every JSON answer the client read, for the euro check at the end. */
const answers: Array<{ call: string; body: unknown }> = [];

const cents = (euros: number) => Math.round(euros * 100);

async function call<T>(method: string, path: string, { as = admin, body }: { as?: Login; body?: unknown } = {}) {
  const response = await fetch(`${stack.baseUrl}/api${path}`, { method, headers: as.headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const parsed = (text ? JSON.parse(text) : undefined) as T;
  answers.push({ call: `${method} ${path}`, body: parsed });
  return { status: response.status, body: parsed, text };
}

/** A streamed call (NDJSON): every message, in order. */
async function stream(path: string, body: unknown) {
  const response = await fetch(`${stack.baseUrl}/api${path}`, { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  const messages: TSendStreamMessage[] = [];
  for await (const message of readNdjson<TSendStreamMessage>(response)) messages.push(message);
  return messages;
}

const v1 = (path: string) => `/v1/${group.uuid}${path}`;

/** Every spec amount field under `value`, with where it sits. */
function euroFields(value: unknown, at = ''): Array<{ at: string; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => euroFields(item, `${at}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (EURO_FIELDS.has(key) ? [{ at: `${at}.${key}`, value: item }] : euroFields(item, `${at}.${key}`)));
}

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  group = (admin.studioGroups as unknown as Group[])[0]!;
  // Classes arrive only through the class import.
  await importDemoClasses(stack.baseUrl, admin, group.uuid, month.toISODate()!, settlementMonth);
});
afterAll(async () => {
  await stack?.stop();
});

describe('a client written from the spec’s tables alone prepares, reviews, bills and pays a month with the spec’s payloads', () => {
  /** The demo trainer's record in the group (admin calls' {trainerUuid}). */
  let trainerUuid: string;
  let account: TTrainerAccount;
  let summaryRow: TTrainerSummaryRow;
  let preview: TCreditNotePreview;
  let sumGross: number;

  it('prepares the month: the three preparation calls and /settlement/create answer success', async () => {
    const base = { idMandant: group.mandantId, idStudioGroup: group.id, studioGroupUuid: group.uuid, settlementMonth, settlementUuid };
    for (const phase of ['invoice-data', 'class', 'trainer']) {
      const answer = await call<Status>('POST', v1(`/settlement/${group.apiSlug}/create/${phase}`), { body: base });
      expect([phase, answer.status, answer.body.status], answer.text).toEqual([phase, 200, 'success']);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const created = await call<Status>('POST', v1('/settlement/create'), { body: { ...base, apiSlug: group.apiSlug, trainerReview: true } });
    expect([created.status, created.body.status], created.text).toEqual([200, 'success']);
  });

  it('lists the month’s trainers (TrainerID, trainerUuid) and their sums (Trainer, Netto, MwSt, Brutto)', async () => {
    // Who the demo trainer is, by the trainer's own account (trainer portal 7) and the list's name.
    const read = await call<TTrainerAccount>('GET', `/v2/trainer_accounts/${trainer.userUuid}`, { as: trainer });
    expect(read.status).toBe(200);
    account = read.body;
    const name = `${account.firstname} ${account.lastname}`;

    const list = await call<TTrainerListItem[]>('GET', v1(`/settlement/trainer/list/${group.apiSlug}/${group.id}/${settlementMonth}`));
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(1);
    for (const item of list.body) expect(item).toEqual(expect.objectContaining({ TrainerID: expect.any(Number), trainerUuid: expect.any(String) }));
    const own = list.body.filter((item) => item.trainerName === name);
    expect(own, `${name} in ${list.text}`).toHaveLength(1);
    trainerUuid = own[0]!.trainerUuid;

    const summary = await call<TTrainerSummaryRow[]>('GET', v1(`/settlement/trainer/summary/${group.apiSlug}/${group.id}/${settlementMonth}`));
    expect(summary.status).toBe(200);
    expect(summary.body).toHaveLength(list.body.length);
    for (const row of summary.body) {
      expect(row).toEqual(expect.objectContaining({ Trainer: expect.any(String), Netto: expect.any(Number), MwSt: expect.any(Number), Brutto: expect.any(Number) }));
      // Euros with at most two decimals, the same in the spec's other wording; gross = net + VAT to the cent.
      expect([row.sum_net, row.sum_vat, row.sum_gross]).toEqual([row.Netto, row.MwSt, row.Brutto]);
      expect(cents(row.Brutto)).toBe(cents(row.Netto) + cents(row.MwSt));
    }
    summaryRow = summary.body.find((row) => row.Trainer === name)!;
    expect(summaryRow, `${name} in ${summary.text}`).toBeDefined();
    expect(cents(summaryRow.Brutto)).toBeGreaterThan(0);
  });

  it('sends the trainer a preview: the stream ends finished_studiogroup with a success for them', async () => {
    const messages = await stream(v1('/settlement/trainer-preview/send'), { settlementUuid, settlementMonth, trainersSelected: [trainerUuid] });
    expect(messages.filter((message) => message.status === 'error')).toEqual([]);
    expect(messages.filter((message) => message.status === 'success')).toHaveLength(1);
    expect(messages.at(-1)?.status).toBe('finished_studiogroup');
  });

  it('the trainer finds the preview, reads rows and footer (euros, to the cent), comments a row and approves', async () => {
    const query = new URLSearchParams({ workflowState: 'preview_send', 'order[createdDt]': 'desc', itemsPerPage: '10', trainerUuid: trainer.userUuid, studioGroupUuid: group.uuid });
    const list = await call<TTrainerCreditNotesResponse>('GET', `/v2/trainer_credit_notes?${query}`, { as: trainer });
    expect(list.status, list.text).toBe(200);
    expect(list.body['hydra:member'].map((item) => item.settlementUuid)).toContain(settlementUuid);

    const path = `/v2/${group.uuid}/trainer-account/${trainer.userUuid}/credit-note-preview/${settlementUuid}`;
    const read = await call<TCreditNotePreview>('GET', path, { as: trainer });
    expect(read.status, read.text).toBe(200);
    preview = read.body;
    expect(preview.status).toBe('success');
    expect(preview.credit_note_info).toBeDefined();
    expect(preview.overall_feedback).toBeDefined();
    expect(preview.credit_note_rows.length).toBeGreaterThan(0);
    for (const row of preview.credit_note_rows) expect(Object.keys(row)).toEqual(expect.arrayContaining(SPEC_ROW_FIELDS));
    expect(new Set(preview.credit_note_rows.map((item) => item.trainer_uuid))).toEqual(new Set([trainerUuid]));
    const footer = preview.credit_note_footer;
    expect(typeof footer.sum_gross).toBe('number');
    expect(cents(footer.sum_gross)).toBe(preview.credit_note_rows.reduce((sum, row) => sum + cents(row.value_gross), 0));
    expect(cents(footer.sum_net)).toBe(preview.credit_note_rows.reduce((sum, row) => sum + cents(row.value_net), 0));
    expect(cents(footer.sum_gross)).toBe(cents(footer.sum_net) + cents(footer.sum_vat));
    // The admin's summary of the month shows the trainer the same total.
    expect(cents(summaryRow.Brutto)).toBe(cents(footer.sum_gross));

    const row = preview.credit_note_rows.find((item) => item.class_datetime !== null) ?? preview.credit_note_rows[0]!;
    const comment = { comment: 'Die Stunde am Abend war voll.', classHash: row.class_hash, className: row.class_name, classDateTime: row.class_datetime ?? '', mood: 'happy' };
    const commented = await call<TCommentsResponse>('POST', `${path}/add-comment`, { as: trainer, body: comment });
    expect(commented.status, commented.text).toBe(200);
    expect(commented.body.comments[0]).toMatchObject({ comment: comment.comment, mood: 'happy', role: 'ROLE_TRAINER' });

    const approved = await call<TApprovalEntry[]>('POST', `${path}/approve`, { as: trainer, body: { settlementUuid, userUuid: trainer.userUuid, approved: true } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body[0]?.approved).toBe(true);
  });

  it('the company approves the trainer, who is then listed as approved', async () => {
    const answer = await call<TApprovalEntry[]>('POST', v1(`/settlement/trainer-preview/approve_by_company/${trainerUuid}`), { body: { settlementUuid, userUuid: admin.userUuid, approved: true } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body[0]?.approved).toBe(true);

    const approved = await call<TApprovedTrainersResponse>('GET', v1(`/settlement/trainer-preview/${settlementUuid}/approved`));
    expect(approved.status).toBe(200);
    const entry = approved.body.trainers.find((item) => item.trainer_uuid === trainerUuid);
    expect(entry, approved.text).toBeDefined();
    expect(cents(entry!.sum_gross)).toBe(cents(preview.credit_note_footer.sum_gross));
  });

  it('bills and pays: the credit-note run, the SEPA file, the settlement’s sums, the accounting e-mail', { timeout: 120_000 }, async () => {
    const runBody = { settlementUuid, settlementRunUuid, settlementMonth, trainersSelected: [trainerUuid], apiSlug: group.apiSlug };
    const messages = await stream(v1('/settlement/trainer-credit-note/send'), { ...runBody, userUuid: admin.userUuid });
    expect(messages.filter((message) => message.status === 'error')).toEqual([]);
    expect(messages.filter((message) => message.status === 'success').length).toBeGreaterThan(0);
    expect(messages.at(-1)?.status).toBe('finished_studiogroup');

    const sepa = await call<Status>('POST', v1('/settlement/sepa-xml/create'), { body: runBody });
    expect([sepa.status, sepa.body.status], sepa.text).toEqual([200, 'success']);

    const sums = await call<TCalculateSumResponse>('GET', v1(`/settlement/calculate-sum/${settlementUuid}`));
    expect(sums.status).toBe(200);
    expect(typeof sums.body.sumGross).toBe('number');
    sumGross = sums.body.sumGross;
    // Once credit notes exist the sums are what is paid: the one billed trainer.
    expect(cents(sumGross)).toBe(cents(preview.credit_note_footer.sum_gross));
    expect(cents(sums.body.sumGross)).toBe(cents(sums.body.sumNet) + cents(sums.body.sumVat));

    const mail = await call<TAccountingEmail>('POST', v1('/settlement/accounting-email/prepare'), { body: runBody });
    expect(mail.status, mail.text).toBe(200);
    expect(mail.body.sepaXmlFile.status).toBe('success');
    for (const attachment of [mail.body.sepaXmlFile, mail.body.creditNotesZipFile, mail.body.studioCostsByMonthCsvFile]) expect(['success', 'error', 'not_set']).toContain(attachment.status);
  });

  it('reconciles: the run’s SEPA control sum = calculate-sum’s sumGross = the preview’s sum_gross', async () => {
    const response = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/settlement/${settlementUuid}/run/${settlementRunUuid}/sepa-xml`, { headers: admin.headers });
    expect(response.status).toBe(200);
    const xml = await response.text();
    const controlSums = [...xml.matchAll(/<CtrlSum>([^<]*)<\/CtrlSum>/g)].map((match) => match[1]!);
    expect(controlSums.length).toBeGreaterThan(0);
    for (const text of controlSums) {
      expect(text).toMatch(/^\d+\.\d{2}$/);
      expect(Math.round(Number(text) * 100)).toBe(cents(sumGross));
    }
    expect(Math.round(Number(controlSums[0]) * 100)).toBe(cents(preview.credit_note_footer.sum_gross));
    // One payment, to the trainer's account, of the preview's total.
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g)].map((match) => match[1]!);
    expect(amounts).toEqual([controlSums[0]]);
    expect(xml).toContain(`<IBAN>${account.trainerIban}</IBAN>`);
  });

  it('answers every amount field in euros, as JSON numbers with at most two decimals', () => {
    const fields = answers.flatMap(({ call: where, body }) => euroFields(body).map((field) => ({ ...field, at: `${where} ${field.at}` })));
    expect(fields.length).toBeGreaterThan(0);
    const bad = fields.filter(({ value }) => typeof value !== 'number' || Math.round(value * 100) / 100 !== value);
    expect(bad).toEqual([]);
  });
});

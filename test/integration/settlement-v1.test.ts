import { centsToEuros, eurosToCents } from '../../domain/money';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillableTrainersResponse, TTrainerListItem, TTrainerPreviewResponse, TTrainerSummaryRow } from '../../contracts/settlement.contract';
import {
  ZV1InvoiceCreateResponse,
  ZV1InvoiceSendResponse,
  ZV1PreparationResponse,
  ZV1UpdateEmailsResponse,
  ZV1UpdateInvoiceResponse,
} from '../../contracts/settlement-v1.contract';
import { AccountingFile, CreditNote, Settlement, SettlementTrainer, StudioGroup, Trainer, User } from '../../db/entities';
import { importDemoClasses } from '../support/month-close';
import { logIn, startStack, type Stack } from '../support/stack';

// Wizard v1 (admin spec 2.1, 4 "Wizard v1 flow", 7 "Settlement wizard v1") against the real API,
// PostgreSQL, Temporal and worker: the unversioned calls drive the same settlement workflow as v2
// with the trainer review skipped — create settlement (three phases), one invoice call and one
// e-mail call per trainer, then update/emails makes the run's files.
//
// Consent: a credit note needs the trainer's self-billing consent (§14 (2) UStG): the demo portal
// trainer gave it in the portal, the other demo-fitness trainers (but DF-T017) in their contract
// (trainer.self_billing_agreement_at). The test bills the portal trainer and two contracted ones and
// takes the agreement away from a fourth prepared trainer, who must be refused.

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>> & { headers: Record<string, string> };
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let yoga: { uuid: string; id: number; mandantId: number; apiSlug: string };

const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 });
const MONTH = month.endOf('month').toISODate()!;
const settlementUuid = randomUUID();

type Answer<T = Record<string, unknown>> = { status: number; body: T };
async function get<T = Record<string, unknown>>(urlPath: string, headers: Record<string, string> = admin.headers): Promise<Answer<T>> {
  const response = await fetch(`${stack.baseUrl}/api${urlPath}`, { headers });
  return { status: response.status, body: (await response.json()) as T };
}
async function post<T = Record<string, unknown>>(urlPath: string, body: unknown, headers: Record<string, string> = admin.headers): Promise<Answer<T>> {
  const response = await fetch(`${stack.baseUrl}/api${urlPath}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

const createInvoice = (trainerId: number | string, idUser = admin.userUuid, uuid = settlementUuid) =>
  get(`/trainer-invoice/create/${fitness.apiSlug}/${fitness.mandantId}/${fitness.id}/${MONTH}/${trainerId}/${idUser}/${uuid}`);
const sendInvoice = (trainerId: number | string, idUser = admin.userUuid) =>
  get(`/trainer-invoice/send/${fitness.mandantId}/${fitness.id}/${MONTH}/${trainerId}/${idUser}/${settlementUuid}`);

/** Trainers of the run: consented ones (demo portal trainer + two linked here) and one without consent. */
let consented: Array<{ id: number; uuid: string; name: string }> = [];
let withoutConsent: { id: number; uuid: string; name: string };

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  // The demo admin prefers German; the checks below read the spec's English wording.
  admin.headers = { ...admin.headers, 'x-locale': 'en' };
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = (admin.studioGroups as unknown as Array<typeof fitness>)[0]!;
  yoga = (yogaAdmin.studioGroups as unknown as Array<typeof yoga>)[0]!;
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, month.toISODate()!, MONTH);

  // Three consented trainers of the month with complete data, and a fourth whose consent is taken away.
  const billable = await get<TBillableTrainersResponse>(`/v1/${fitness.uuid}/settlement/${randomUUID()}/billable-trainers?month=${MONTH}`);
  expect(billable.status).toBe(200);
  const rows = [...new Map(billable.body.rows.filter((row) => row.selectable && row.self_billing_consent).map((row) => [row.trainer_uuid, row])).values()];
  expect(rows.length).toBeGreaterThanOrEqual(4);
  const name = (row: (typeof rows)[number]) => row.trainer_company_name ?? row.trainer_name;
  // The demo portal trainer (consent recorded in the portal) first, then two with consent in their contract.
  rows.sort((a, b) => Number(b.trainer_account_connected) - Number(a.trainer_account_connected));
  consented = rows.slice(0, 3).map((row) => ({ id: row.id, uuid: row.trainer_uuid, name: name(row) }));
  const fourth = rows.at(-1)!;
  expect(fourth.trainer_account_connected).toBe(false);
  const em = stack.orm.em.fork();
  await em.nativeUpdate(Trainer, { uuid: fourth.trainer_uuid }, { selfBillingAgreementAt: null, selfBillingAgreementBy: null });
  withoutConsent = { id: fourth.id, uuid: fourth.trainer_uuid, name: name(fourth) };
});
afterAll(async () => {
  await stack?.stop();
});

describe('settlement wizard v1', () => {
  it('Create Settlement: invoice-data, class, trainer (33 / 66 / 100 %) make a v1 settlement of every billable trainer, review skipped', async () => {
    const body = { idMandant: fitness.mandantId, idStudioGroup: fitness.id, importMonth: MONTH, settlementUuid };
    const percents = [];
    for (const phase of ['invoice-data', 'class', 'trainer']) {
      const answer = await post(`/settlement/${fitness.apiSlug}/create/${phase}`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const parsed = ZV1PreparationResponse.parse(answer.body);
      percents.push(parsed.percent);
    }
    expect(percents).toEqual([33, 66, 100]);

    const settlement = await stack.orm.em.fork().findOneOrFail(Settlement, { uuid: settlementUuid });
    expect(settlement.version).toBe('v1');
    expect(settlement.trainerReview).toBe(false);

    // Every billable trainer with complete data is prepared (no selection screen in v1).
    const billable = await get<TBillableTrainersResponse>(`/v1/${fitness.uuid}/settlement/${settlementUuid}/billable-trainers`);
    const expected = new Set(billable.body.rows.filter((row) => row.trainer_data_complete).map((row) => row.trainer_uuid));
    const list = await get<TTrainerListItem[]>(`/settlement/trainer/list/${fitness.apiSlug}/${fitness.id}/${MONTH}`);
    expect(list.status).toBe(200);
    expect(new Set(list.body.map((item) => item.trainerUuid))).toEqual(expected);
    expect(list.body.every((item) => item.workflowState === 'data_created')).toBe(true);

    const summary = await get<TTrainerSummaryRow[]>(`/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`);
    expect(summary.status).toBe(200);
    expect(summary.body.length).toBe(expected.size);

    // Spec 7: "table HTML" by default; JSON {html} for a client that asks for JSON.
    const previewPath = `${stack.baseUrl}/api/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/${consented[0]!.id}/${MONTH}`;
    const table = await fetch(previewPath, { headers: admin.headers });
    expect(table.status).toBe(200);
    expect(table.headers.get('content-type')).toContain('text/html');
    const html = await table.text();
    expect(html).toMatch(/^<table class="settlement-preview">/);
    const preview = await get<TTrainerPreviewResponse>(`/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/${consented[0]!.id}/${MONTH}`, { ...admin.headers, accept: 'application/json' });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toBe(html);
  });

  it('Create invoice PDFs: one call per trainer issues a numbered credit note; refusals say why', async () => {
    for (const trainer of consented) {
      const answer = await createInvoice(trainer.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const parsed = ZV1InvoiceCreateResponse.parse(answer.body);
      expect(parsed.message).toBe(`Invoice for ${trainer.name} created`);
      expect(parsed.outcome).toBe('issued');
      expect(parsed.number).toMatch(/-\d{4}-\d{5}$/);
    }
    // Called again: the same credit note (already issued in this run), no second number.
    const again = await createInvoice(consented[0]!.uuid);
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('already_issued');

    const notes = await stack.orm.em.fork().find(CreditNote, { settlementRun: { settlement: { uuid: settlementUuid } } }, { populate: ['trainer'], orderBy: { number: 'asc' } });
    expect(notes.map((note) => note.trainer.uuid).sort()).toEqual(consented.map((trainer) => trainer.uuid).sort());
    const numbers = notes.map((note) => Number(note.number.slice(-5)));
    expect(numbers).toEqual([numbers[0]!, numbers[0]! + 1, numbers[0]! + 2]);

    // A prepared trainer without self-billing consent: refused, no number used.
    const refused = await createInvoice(withoutConsent.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ status: 'error', message: `Invoice for ${withoutConsent.name} has not been created: the trainer has not consented to self-billing for this studio group` });

    // DF-T023 has no IBAN: not prepared in the settlement, so no invoice.
    const incomplete = await stack.orm.em.fork().findOneOrFail(Trainer, { sourceId: 'DF-T023', studioGroup: { uuid: fitness.uuid } });
    const noIban = await createInvoice(incomplete.id);
    expect(noIban.status).toBeGreaterThanOrEqual(400);
    expect(noIban.status).toBeLessThan(500);
    expect(String(noIban.body.message)).toMatch(/^Invoice for .+ has not been created/);

    expect(await stack.orm.em.fork().count(CreditNote, { settlementRun: { settlement: { uuid: settlementUuid } } })).toBe(3);

    const updated = await get(`/settlement/update/invoice/${fitness.id}/${MONTH}/${settlementUuid}`);
    expect(updated.status).toBe(200);
    expect(ZV1UpdateInvoiceResponse.parse(updated.body)).toMatchObject({ status: 'success', issued: 3, refused: 1 });

    // Spec 7 "Settlement wizard v2" lists the same calls under /api/v1/{g}: the same answer; {g} must be the path's group.
    const underGroup = await get(`/v1/${fitness.uuid}/settlement/update/invoice/${fitness.id}/${MONTH}/${settlementUuid}`);
    expect(underGroup).toEqual(updated);
    const yoga = await stack.orm.em.fork().findOneOrFail(StudioGroup, { apiSlug: { $ne: fitness.apiSlug } });
    expect((await get(`/v1/${fitness.uuid}/settlement/update/invoice/${yoga.id}/${MONTH}/${settlementUuid}`)).status).toBe(404);
    const reissued = await get(`/v1/${fitness.uuid}/trainer-invoice/create/${fitness.apiSlug}/${fitness.mandantId}/${fitness.id}/${MONTH}/${consented[0]!.id}/${admin.userUuid}/${settlementUuid}`);
    expect(reissued.status).toBe(200);
    expect(ZV1InvoiceCreateResponse.parse(reissued.body).outcome).toBe('already_issued');
  });

  it('answers in German for a German caller', async () => {
    const response = await fetch(
      `${stack.baseUrl}/api/trainer-invoice/create/${fitness.apiSlug}/${fitness.mandantId}/${fitness.id}/${MONTH}/${withoutConsent.id}/${admin.userUuid}/${settlementUuid}`,
      { headers: { ...admin.headers, 'x-locale': 'de' } },
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Rechnung für .+ wurde nicht erstellt: /);
  });

  it('Send Emails: one call per trainer sends the credit note (credit_note_send); a trainer without one is refused', async () => {
    for (const trainer of consented) {
      const answer = await sendInvoice(trainer.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(ZV1InvoiceSendResponse.parse(answer.body).message).toBe(`Invoice for ${trainer.name} send`);
    }
    const states = await stack.orm.em.fork().find(SettlementTrainer, { settlement: { uuid: settlementUuid }, trainer: { uuid: { $in: consented.map((trainer) => trainer.uuid) } } });
    expect(states.map((row) => row.workflowState)).toEqual(['credit_note_send', 'credit_note_send', 'credit_note_send']);

    const refused = await sendInvoice(withoutConsent.id);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(String(refused.body.message)).toMatch(new RegExp(`^Invoice for ${withoutConsent.name} has not been send`));
  });

  it('update/emails makes the run’s SEPA XML, ZIP and CSV and answers the sums', async () => {
    const answer = await get(`/settlement/update/emails/${fitness.apiSlug}/${fitness.id}/${MONTH}/${settlementUuid}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const parsed = ZV1UpdateEmailsResponse.parse(answer.body);
    const em = stack.orm.em.fork();
    const notes = await em.find(CreditNote, { settlementRun: { uuid: parsed.settlementRunUuid } });
    expect(parsed.sumGross).toBe(centsToEuros(notes.reduce((sum, note) => sum + note.grossCents, 0)));
    expect(eurosToCents(parsed.sumNet) + eurosToCents(parsed.sumVat)).toBe(eurosToCents(parsed.sumGross));

    const files = await em.find(AccountingFile, { settlementRun: { uuid: parsed.settlementRunUuid } });
    // With the DATEV files beside them: written, or 'not_set' when the group has no DATEV settings.
    expect(files.map((file) => file.type).sort()).toEqual(['CREDIT_NOTES_ZIP', 'DATEV_CREDITORS', 'DATEV_EXTF', 'PAYOUT_RETURNS', 'SEPA_XML', 'STUDIO_COSTS_BY_MONTH']);
    const sepa = files.find((file) => file.type === 'SEPA_XML')!;
    expect(sepa.status).toBe('success');
    const xml = fs.readFileSync(path.join(stack.dataDir, sepa.filePath!), 'utf8');
    expect(xml).toContain('pain.001.001.09');
    for (const note of notes) expect(xml).toContain(`<EndToEndId>${note.number}</EndToEndId>`);

    // The summary's Accounting files tab lists the v1 run.
    const detail = await get<{ version: string; settlementRuns: Array<{ uuid: string }> }>(`/v1/${fitness.uuid}/settlement/${settlementUuid}`);
    expect(detail.body.version).toBe('v1');
    expect(detail.body.settlementRuns.map((run) => run.uuid)).toEqual([parsed.settlementRunUuid]);
  });

  it('refuses an idUser other than the caller (403) and another group’s apiSlug or id (404)', async () => {
    const otherUser = await stack.orm.em.fork().findOneOrFail(User, { email: 'admin2@demo.test' });
    expect((await createInvoice(consented[1]!.id, otherUser.uuid)).status).toBe(403);
    expect((await sendInvoice(consented[1]!.id, otherUser.uuid)).status).toBe(403);

    const wrongSlug = await get(`/settlement/trainer/list/${yoga.apiSlug}/${fitness.id}/${MONTH}`);
    expect(wrongSlug.status).toBe(404);
    const yogaPath = await get(`/trainer-invoice/create/${yoga.apiSlug}/${yoga.mandantId}/${yoga.id}/${MONTH}/${consented[1]!.id}/${admin.userUuid}/${settlementUuid}`);
    expect(yogaPath.status).toBe(404);
    expect(yogaPath.body.status).toBe('error');
    // The yoga admin cannot reach demo-fitness through the v1 paths either.
    const foreign = await get(`/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`, yogaAdmin.headers);
    expect(foreign.status).toBe(404);
    const foreignCreate = await post(`/settlement/${fitness.apiSlug}/create/invoice-data`, { idMandant: fitness.mandantId, idStudioGroup: fitness.id, importMonth: MONTH, settlementUuid: randomUUID() }, yogaAdmin.headers);
    expect(foreignCreate.status).toBe(404);
    // A trainer is not staff.
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    expect((await get(`/settlement/trainer/list/${fitness.apiSlug}/${fitness.id}/${MONTH}`, trainer.headers)).status).toBe(403);
  });
});

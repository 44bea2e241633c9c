import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { TSmallBusinessLimitsResponse } from '../../contracts/accounting-handoff.contract';
import type { TAccountingEmail } from '../../contracts/credit-note-run.contract';
import type { TBankStatementAccepted, TBankStatementDetail, TPayoutList } from '../../contracts/payouts.contract';
import { buildCamt053, payoutFileEntry } from '../../domain/payouts/bank-file-builders';
import { returnedPayoutEntry } from '../../domain/payouts/demo-statement';
import type { TStudioGroupSettings } from '../../contracts/studio-group-settings.contract';
import { settingsFormOf } from '../support/studio-group-settings';
import { AccountingFile, CreditNote, Notification, Payout, SettlementLog, StudioGroup, StudioGroupTrainer, Trainer, User } from '../../db/entities';
import { trainerTurnovers } from '../../db/queries/small-business-turnover';
import { eurosToCents, formatEuro } from '../../domain/money';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { pdfText } from '../support/pdf-text';
import { logIn, startStack, type Stack } from '../support/stack';

// The accountant's hand-off against the real API, PostgreSQL, Temporal and worker: the small-business limits (§19
// UStG) summed over every studio group of a trainer account, the billing step's figures, the
// blocking confirmation before a run, the trainer's portal notice (once), and the yearly statement
// for the trainer and for staff, whose totals are the credit notes' totals to the cent; the
// returns CSV: a payout the bank sent back reaches the accountant with the next run's hand-off,
// with its repayment, reconciling with the payouts list, and never again (decision 0150); the
// bank's entry that matches no payout is listed with its booking date and reason.

const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;
const YEAR = DateTime.now().setZone('Europe/Berlin').year;
let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let trainer: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let linked: { uuid: string; id: number; accountId: number };
/** Two more trainers of the settlement, billed in runs of their own after the return is read. */
let others: string[] = [];
const settlementUuid = randomUUID();
/** Billed to the same trainer account by the other studio group this year (net cents): close to 100,000 €. */
const ELSEWHERE_CENTS = 9_990_000;

const api = (urlPath: string) => `${stack.baseUrl}/api/v1/${fitness.uuid}${urlPath}`;
/** Euros as the English CSV writes them: 1234.5 → '1234.50'. */
const eurosText = (euros: number) => (eurosToCents(euros) / 100).toFixed(2);
const post = (urlPath: string, body: unknown) => fetch(api(urlPath), { method: 'POST', headers: { ...admin.headers, 'x-locale': 'en' }, body: JSON.stringify(body) });

/** A credit note of the account's record in the yoga group, as a finished run of a settlement there left it. */
async function billElsewhere(netCents: number) {
  const em = stack.orm.em.fork();
  const yoga = await em.findOneOrFail(StudioGroup, { apiSlug: 'demo-yoga' });
  const record = await em.findOneOrFail(Trainer, { studioGroup: yoga }, { orderBy: { id: 'asc' } });
  const account = linked.accountId;
  const conn = em.getConnection();
  await conn.execute(
    `insert into studio_group_trainer (uuid, studio_group_id, trainer_id, trainer_account_id, created_at, updated_at) values (?, ?, ?, ?, now(), now())
     on conflict (trainer_id) do update set trainer_account_id = excluded.trainer_account_id`,
    [randomUUID(), yoga.id, record.id, account],
  );
  const staff = await em.findOneOrFail(User, { email: 'admin2@demo.test' });
  const [settlement] = await conn.execute<Array<{ id: number }>>(
    `insert into settlement (uuid, studio_group_id, month, created_by_id, created_at, updated_at) values (?, ?, ?, ?, now(), now()) returning id`,
    [randomUUID(), yoga.id, DateTime.fromISO(MONTH).minus({ months: 1 }).endOf('month').toISODate(), staff.id],
  );
  const [run] = await conn.execute<Array<{ id: number }>>(`insert into settlement_run (uuid, settlement_id, created_by_id, status, created_at, updated_at) values (?, ?, ?, 'finished', now(), now()) returning id`, [randomUUID(), settlement!.id, staff.id]);
  const [row] = await conn.execute<Array<{ id: number }>>(`insert into settlement_trainer (uuid, settlement_id, trainer_id, workflow_state, created_at, updated_at) values (?, ?, ?, 'credit_note_send', now(), now()) returning id`, [randomUUID(), settlement!.id, record.id]);
  await conn.execute(
    `insert into credit_note (uuid, studio_group_id, settlement_run_id, settlement_trainer_id, trainer_id, number, issue_date, net_cents, vat_cents, gross_cents, file_name, file_path, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 'GS.pdf', 'credit-notes/none.pdf', now(), now())`,
    [randomUUID(), yoga.id, run!.id, row!.id, record.id, `GS-${YEAR}-90001`, `${YEAR}-01-15`, netCents, netCents],
  );
  return record;
}

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitness = keys;
  const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer', 'trainerAccount'] });
  // The portal trainer bills without VAT (§19 UStG) from now on: the settlement freezes it.
  link.trainer.vatLiable = false;
  link.trainer.vatId = null;
  await em.flush();
  linked = { uuid: link.trainer.uuid, id: link.trainer.id, accountId: link.trainerAccount.id };
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, DateTime.fromISO(MONTH).startOf('month').toISODate()!, MONTH);
  // Billable with a tax id (an e-invoice needs one), VAT liable: neither touches the small-business figures.
  const billable = (await (await fetch(api(`/settlement/${randomUUID()}/billable-trainers?month=${MONTH}`), { headers: admin.headers })).json()) as { rows: Array<{ trainer_uuid: string; selectable: boolean; self_billing_consent?: boolean }> };
  const candidates = [...new Set(billable.rows.filter((row) => row.selectable && row.self_billing_consent && row.trainer_uuid !== linked.uuid).map((row) => row.trainer_uuid))];
  const records = await em.find(Trainer, { uuid: { $in: candidates } }, { orderBy: { sourceId: 'asc' } });
  others = records.filter((record) => record.vatLiable && (record.taxNumber?.trim() || record.vatId?.trim())).slice(0, 2).map((record) => record.uuid);
  expect(others).toHaveLength(2);
  await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [linked.uuid, ...others], false);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('small-business limits (§19 UStG)', () => {
  it('sums what the trainer account was billed in every studio group, per year', async () => {
    const record = await billElsewhere(ELSEWHERE_CENTS);
    const turnovers = await trainerTurnovers(stack.orm.em.fork(), [linked.id, record.id], YEAR);
    expect(turnovers.get(linked.id)).toMatchObject({ trainerAccountId: linked.accountId, currentYearCents: ELSEWHERE_CENTS, previousYearCents: 0 });
    // The other group's record counts the same account's turnover.
    expect(turnovers.get(record.id)?.currentYearCents).toBe(ELSEWHERE_CENTS);
    expect((await trainerTurnovers(stack.orm.em.fork(), [linked.id], YEAR - 1)).get(linked.id)?.currentYearCents).toBe(0);
  });

  it('shows the billing step the figures: billed elsewhere + this settlement, passed and blocking', async () => {
    const response = await fetch(api(`/settlement/${settlementUuid}/small-business-limits`), { headers: admin.headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TSmallBusinessLimitsResponse;
    expect(body).toMatchObject({ year: YEAR, limits: { previousYear: 25_000, currentYear: 100_000, nearPercent: 80 } });
    const row = body.trainers.find((candidate) => candidate.trainerUuid === linked.uuid)!;
    expect(row.currentYearBilled).toBe(ELSEWHERE_CENTS / 100);
    expect(row.pending).toBeGreaterThan(100);
    expect(eurosToCents(row.currentYear)).toBe(ELSEWHERE_CENTS + eurosToCents(row.pending));
    expect(row).toMatchObject({ currentYearLevel: 'passed', previousYearLevel: 'ok', blocking: true });
  });

  it('refuses the run without the admin’s confirmation (422 naming the trainer, nothing numbered)', async () => {
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, trainersSelected: [linked.uuid] });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; field: string };
    expect(body.field).toBe('confirmSmallBusinessLimit');
    expect(body.message).toMatch(/passes the small-business limit of 100,000 €/);
    expect(await stack.orm.em.fork().count(CreditNote, { studioGroup: { id: fitness.id } })).toBe(0);
  });

  it('bills on the confirmation, logs it, and tells the trainer in the portal once', async () => {
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, trainersSelected: [linked.uuid], confirmSmallBusinessLimit: true });
    expect(response.status, await response.clone().text()).toBe(200);
    for await (const _line of readNdjson(response)) void _line;
    const em = stack.orm.em.fork();
    const note = await em.findOneOrFail(CreditNote, { studioGroup: { id: fitness.id }, trainer: { id: linked.id } });
    expect(note.vatCents).toBe(0);
    expect(await em.count(SettlementLog, { settlement: { uuid: settlementUuid }, message: { $like: '%billed without VAT on the admin%' } })).toBe(1);
    const notices = async () => stack.orm.em.fork().find(Notification, { trainerAccount: { id: linked.accountId }, message: { $like: '%Kleinunternehmergrenze%' } });
    // The run's files (and the notices with them) come at the end of the run.
    const until = Date.now() + 30_000;
    while ((await notices()).length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatch(/überschritten/);
    expect(sent[0]!.message).toContain(formatEuro(ELSEWHERE_CENTS + note.netCents).replace(/\u00a0/g, '\u00a0'));
    expect(sent[0]!.link).toBe(`/trainer/studio/${fitness.uuid}/credit-notes`);
    // Once per threshold and year: the notice rows are there, a repeat would find them.
    const rows = await stack.orm.em.fork().getConnection().execute<Array<{ threshold: string }>>('select threshold from small_business_notice where trainer_account_id = ? order by threshold', [linked.accountId]);
    expect(rows.map((row) => row.threshold)).toEqual(['current_year_near', 'current_year_passed']);
  });
});

describe('returns in the accounting hand-off', () => {
  const BOOKED_ON = DateTime.now().setZone('Europe/Berlin').minus({ days: 2 }).toISODate()!;
  const RETURNED_ON = DateTime.now().setZone('Europe/Berlin').minus({ days: 1 }).toISODate()!;
  const runs: string[] = [];
  let returned: Payout;

  /** A run of the settlement for these trainers, to its end, with its files written. */
  async function billRun(trainerUuid: string) {
    const runUuid = randomUUID();
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, settlementRunUuid: runUuid, trainersSelected: [trainerUuid] });
    expect(response.status, await response.clone().text()).toBe(200);
    for await (const _line of readNdjson(response)) void _line;
    const until = Date.now() + 30_000;
    while (!(await stack.orm.em.fork().findOne(AccountingFile, { settlementRun: { uuid: runUuid }, type: 'PAYOUT_RETURNS' })) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    runs.push(runUuid);
    return runUuid;
  }

  const prepare = async (runUuid: string) => {
    const answer = await post('/settlement/accounting-email/prepare', { settlementUuid, settlementRunUuid: runUuid });
    expect(answer.status).toBe(200);
    return (await answer.json()) as TAccountingEmail;
  };

  /** The returns CSV as the accountant opens it (English run: ',' and a decimal point). */
  const returnsCsv = async (runUuid: string) => {
    const response = await fetch(api(`/settlement/${settlementUuid}/run/${runUuid}/payout-returns-csv`), { headers: admin.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await response.text();
    return parse(text.replace(/^\uFEFF/, ''), { delimiter: ',' }) as string[][];
  };
  const cents = (text: string) => Math.round(Number(text) * 100);

  it('reads the bank statement: the trainer’s payout booked and returned, an unknown return listed with its date and reason', async () => {
    const em = stack.orm.em.fork();
    const payout = await em.findOneOrFail(Payout, { trainer: { id: linked.id } });
    const group = await em.findOneOrFail(StudioGroup, { id: fitness.id });
    const xml = buildCamt053({
      version: '08',
      account: { iban: group.iban!, currency: 'EUR', ownerName: group.name },
      messageId: `HANDOFF-STMT-${BOOKED_ON}`,
      sequence: 41,
      fromDate: BOOKED_ON,
      toDate: RETURNED_ON,
      entries: [
        payoutFileEntry({
          messageId: payout.sepaMessageId,
          paymentInformationId: payout.sepaPaymentInfoId,
          bookingDate: BOOKED_ON,
          bankReference: 'HANDOFF-PAID',
          payouts: [{ endToEndId: payout.endToEndId, amountCents: payout.amountCents, creditorIban: payout.creditorIban, creditorName: payout.creditorName }],
        }),
        returnedPayoutEntry({ endToEndId: payout.endToEndId, amountCents: payout.amountCents, creditorIban: payout.creditorIban, reasonCode: 'AC04', feeCents: 350, bookingDate: RETURNED_ON, bankReference: 'HANDOFF-RET' }),
        // A return of a payment TrainerPay never recorded: for staff and the bank, never guessed.
        returnedPayoutEntry({ endToEndId: 'GS-2019-00077', amountCents: 4_650, creditorIban: 'DE89370400440532013000', reasonCode: 'MD07', feeCents: 0, bookingDate: RETURNED_ON, bankReference: 'HANDOFF-UNKNOWN' }),
      ],
    });
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'statement.xml');
    const { 'content-type': _json, ...headers } = admin.headers;
    const accepted = await fetch(api('/bank-statement'), { method: 'POST', headers: { ...headers, 'x-locale': 'en' }, body: form });
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    const { bankFileUuid } = (await accepted.json()) as TBankStatementAccepted;
    let detail: TBankStatementDetail | null = null;
    const until = Date.now() + 30_000;
    while (detail?.state !== 'done' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      detail = (await (await fetch(api(`/bank-statement/${bankFileUuid}`), { headers: { ...admin.headers, 'x-locale': 'en' } })).json()) as TBankStatementDetail;
    }
    expect(detail).toMatchObject({ state: 'done', counts: { paid: 1, returned: 1, unmatched: 1 } });
    expect(detail!.unmatched).toEqual([
      expect.objectContaining({ endToEndId: 'GS-2019-00077', amount: 46.5, bookingDate: RETURNED_ON, bankReference: 'HANDOFF-UNKNOWN-1', reasonCode: 'MD07', reason: expect.stringMatching(/\S/), reasonText: null }),
    ]);
    returned = await stack.orm.em.fork().findOneOrFail(Payout, { id: payout.id });
    expect(returned).toMatchObject({ status: 'returned', returnedCents: payout.amountCents - 350, feeCents: 350, reasonCode: 'AC04' });
  });

  it('hands the return and its repayment to the accountant with the next run, reconciling with the payouts list', async () => {
    const runUuid = await billRun(others[0]!);
    const prepared = await prepare(runUuid);
    expect(prepared.payoutReturnsCsvFile).toMatchObject({ status: 'success', filePathName: expect.stringContaining(`/run/${runUuid}/payout-returns-csv`) });
    // Not a file the group chooses: listed (and so ticked in the form) because there is a return to hand over.
    expect(prepared.accountingFiles).toContain('PAYOUT_RETURNS');

    const list = (await (await fetch(api('/payouts?itemsPerPage=500'), { headers: { ...admin.headers, 'x-locale': 'en' } })).json()) as TPayoutList;
    const failed = list.items.find((item) => item.uuid === returned.uuid)!;
    const repayment = list.items.find((item) => item.repaysPayoutUuid === returned.uuid)!;
    // The run's SEPA file pays the returned payout again.
    expect(repayment).toMatchObject({ endToEndId: `${failed.creditNoteNumber}-R1`, status: 'open', amount: failed.amount });

    const [header, ...body] = await returnsCsv(runUuid);
    expect(header).toEqual([
      'Handed over', 'Credit note number', 'Trainer', 'Trainer number', 'Original end-to-end id', 'Status', 'Amount', 'Returned amount', 'Fee', 'Reason code', 'Reason',
      'Bank booking date', 'Bank reference', 'Repaid by (end-to-end id)', 'Repayment amount', 'Repayment status',
    ]);
    const trainerRecord = await stack.orm.em.fork().findOneOrFail(Trainer, { id: linked.id });
    expect(body).toHaveLength(2);
    const [row, totals] = body as [string[], string[]];
    expect(row).toEqual([
      'Failed payment', failed.creditNoteNumber, failed.trainerName, trainerRecord.sourceId, failed.endToEndId, 'returned',
      eurosText(failed.amount), eurosText(failed.returned!), '3.50', 'AC04', expect.stringMatching(/\S/), RETURNED_ON, failed.bankReference,
      repayment.endToEndId, eurosText(repayment.amount), 'open',
    ]);
    // The totals are the payouts list's to the cent: what failed, what came back, the fee, the repayment.
    expect(totals[0]).toBe('Total');
    expect(cents(totals[6]!)).toBe(eurosToCents(list.totals.returned.amount) + eurosToCents(list.totals.rejected.amount));
    expect(cents(totals[7]!)).toBe(list.items.reduce((sum, item) => sum + eurosToCents(item.returned ?? 0), 0));
    expect(cents(totals[8]!)).toBe(list.items.reduce((sum, item) => sum + eurosToCents(item.fee ?? 0), 0));
    expect(cents(totals[14]!)).toBe(list.items.filter((item) => item.repaysPayoutUuid).reduce((sum, item) => sum + eurosToCents(item.amount), 0));
  });

  it('attaches the returns CSV to the accounting e-mail and records the hand-off', async () => {
    const runUuid = runs[0]!;
    const sent = await post('/settlement/accounting-email/send', {
      settlementUuid,
      settlementRunUuid: runUuid,
      accountingEmailAddress: 'steuerbuero@example.test',
      accountingEmailSubject: 'Rückläufer',
      accountingEmailBody: '<p>Hallo</p>',
      emailAttachements: ['SEPA_XML', 'PAYOUT_RETURNS'],
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const conn = stack.orm.em.fork().getConnection();
    const [mail] = await conn.execute<Array<{ attachments: Array<{ fileName: string; filePath: string; contentType: string }> }>>(
      `select attachments from outgoing_email where to_address = 'steuerbuero@example.test' order by id desc limit 1`,
    );
    expect(mail!.attachments.map((attachment) => attachment.fileName)).toEqual([expect.stringMatching(/\.xml$/), expect.stringMatching(/^payout-returns-.*\.csv$/)]);
    expect(mail!.attachments[1]!.contentType).toBe('text/csv');
    const [marks] = await conn.execute<Array<{ returned_by: string; repaid_by: string }>>(
      `select rr.uuid as returned_by, rp.uuid as repaid_by from payout p join payout r on r.repays_id = p.id
         join settlement_run rr on rr.id = p.return_handoff_run_id join settlement_run rp on rp.id = r.repayment_handoff_run_id where p.id = ?`,
      [returned.id],
    );
    expect(marks).toEqual({ returned_by: runUuid, repaid_by: runUuid });
    // The file sent is the file the run answers: still the one return.
    expect(await returnsCsv(runUuid)).toHaveLength(3);
  });

  it('a later hand-off does not repeat the return: no returns CSV', async () => {
    const runUuid = await billRun(others[1]!);
    const prepared = await prepare(runUuid);
    expect(prepared.payoutReturnsCsvFile).toMatchObject({ status: 'not_set', filePathName: null, message: expect.stringMatching(/No returned or rejected payment/) });
    expect(prepared.accountingFiles).not.toContain('PAYOUT_RETURNS');
    const refused = await post('/settlement/accounting-email/send', {
      settlementUuid,
      settlementRunUuid: runUuid,
      accountingEmailAddress: 'steuerbuero@example.test',
      accountingEmailSubject: 'Buchhaltung',
      accountingEmailBody: '',
      emailAttachements: ['PAYOUT_RETURNS'],
    });
    expect(refused.status).toBe(400);
  });
});

describe('yearly statement', () => {
  it('lists the trainer’s years and gives the PDF whose totals are the credit notes’ totals', async () => {
    const base = `${stack.baseUrl}/api/v2/${fitness.uuid}/trainer-account/${trainer.userUuid}`;
    const years = await fetch(`${base}/yearly-statements`, { headers: trainer.headers });
    expect(years.status).toBe(200);
    expect(((await years.json()) as { years: number[] }).years).toEqual([YEAR]);

    const response = await fetch(`${base}/yearly-statement/${YEAR}`, { headers: { ...trainer.headers, 'x-locale': 'de' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`Jahresuebersicht-${YEAR}`));
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\u00a0/g, ' ');
    const notes = await stack.orm.em.fork().find(CreditNote, { studioGroup: { id: fitness.id }, trainer: { id: linked.id } });
    expect(notes.length).toBeGreaterThan(0);
    expect(text).toContain(`Jahresübersicht ${YEAR}`);
    for (const note of notes) expect(text).toContain(note.number);
    const sum = (pick: (note: CreditNote) => number) => formatEuro(notes.reduce((total, note) => total + pick(note), 0)).replace(/\u00a0/g, ' ');
    expect(text).toContain(`Summe ${YEAR}`);
    expect(text).toContain(sum((note) => note.netCents));
    expect(text).toContain(sum((note) => note.grossCents));
    // Only this studio group's notes: the other group's note is not on it.
    expect(text).not.toContain(`GS-${YEAR}-90001`);
  });

  it('gives staff the same statement from the trainer page, and refuses what is not theirs', async () => {
    const ok = await fetch(api(`/trainers/${linked.uuid}/yearly-statements`), { headers: admin.headers });
    expect(((await ok.json()) as { years: number[] }).years).toEqual([YEAR]);
    const pdf = await fetch(api(`/trainers/${linked.uuid}/yearly-statement/${YEAR}`), { headers: { ...admin.headers, 'x-locale': 'en' } });
    expect(pdf.status).toBe(200);
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(`Yearly statement ${YEAR}`);

    expect((await fetch(api(`/trainers/${linked.uuid}/yearly-statement/${YEAR - 3}`), { headers: admin.headers })).status).toBe(404);
    const badYear = await fetch(api(`/trainers/${linked.uuid}/yearly-statement/20x6`), { headers: { ...admin.headers, 'x-locale': 'en' } });
    expect(badYear.status).toBe(400);
    expect(((await badYear.json()) as { message: string }).message).toMatch(/year from 2000 to 2999/);
    const other = await logIn(stack.baseUrl, 'admin2@demo.test');
    expect((await fetch(api(`/trainers/${linked.uuid}/yearly-statement/${YEAR}`), { headers: other.headers })).status).toBeGreaterThanOrEqual(403);
  });
});

describe('DATEV settings (PUT /settings `datev`)', () => {
  const put = (body: unknown) => fetch(api('/settings'), { method: 'PUT', headers: { ...admin.headers, 'x-locale': 'de' }, body: JSON.stringify(body) });

  it('reads the demo group\'s settings, saves new ones, keeps them when absent and clears them with null', async () => {
    const settings = (await (await fetch(api('/settings'), { headers: admin.headers })).json()) as TStudioGroupSettings;
    expect(settings.datev).toEqual({ chart: 'SKR03', consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, expenseAccount: 3100, creditorRangeStart: 70000, creditorRangeEnd: 99999 });
    const skr04 = { chart: 'SKR04', consultantNumber: 1001, clientNumber: 1, fiscalYearStartMonth: 7, expenseAccount: 5900, creditorRangeStart: 70000, creditorRangeEnd: 79999 };
    const saved = await put({ ...settingsFormOf(settings), datev: skr04 });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { settings: TStudioGroupSettings }).settings.datev).toEqual(skr04);
    const kept = await put(settingsFormOf(settings));
    expect(((await kept.json()) as { settings: TStudioGroupSettings }).settings.datev).toEqual(skr04);
    const cleared = await put({ ...settingsFormOf(settings), datev: null });
    expect(((await cleared.json()) as { settings: TStudioGroupSettings }).settings.datev).toBeNull();
    await put({ ...settingsFormOf(settings), datev: settings.datev });
  });

  it('refuses what DATEV would refuse with 400 naming the field, changing nothing', async () => {
    const settings = (await (await fetch(api('/settings'), { headers: admin.headers })).json()) as TStudioGroupSettings;
    const refusals: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ consultantNumber: 999 }, 'datev.consultantNumber', /Beraternummer von 1001 bis 9999999/],
      [{ clientNumber: 100_000 }, 'datev.clientNumber', /Mandantennummer von 1 bis 99999/],
      [{ creditorRangeStart: 7000 }, 'datev.creditorRangeStart', /eine Ziffer mehr als das Aufwandskonto/],
      [{ creditorRangeStart: 90000, creditorRangeEnd: 80000 }, 'datev.creditorRangeEnd', /nicht unter dem ersten Kreditorenkonto/],
      [{ chart: 'SKR99' }, 'datev.chart', /SKR03 oder SKR04/],
    ];
    for (const [change, field, message] of refusals) {
      const answer = await put({ ...settingsFormOf(settings), datev: { ...settings.datev, ...change } });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      const body = (await answer.json()) as { field: string; message: string };
      expect(body.field).toBe(field);
      expect(body.message).toMatch(message);
    }
    const after = (await (await fetch(api('/settings'), { headers: admin.headers })).json()) as TStudioGroupSettings;
    expect(after.datev).toEqual(settings.datev);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClassRow, TClassWithoutTrainerRow, TMultiTrainerClassRow, TRuleCheckRow, TSettlementLogReportRow, TStudioBalanceRow, TTrainerBalanceRow } from '../../contracts/reports.contract';
import { AccountingFile, CreditNote, SettlementLine, SettlementLog, StudioClass, StudioGroup, StudioGroupTrainer, Trainer } from '../../db/entities';
import { eurosToCents } from '../../domain/money';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { bankSaid, openPayoutFor, repaymentOf } from '../support/payouts';
import { logIn, startStack, type Stack } from '../support/stack';

// The reports of spec admin 2.14 against the real API and PostgreSQL, after a real month close:
// classes imported, a settlement prepared for three trainers, two of them billed in a credit-note
// run (PDFs, SEPA file). The balance reports count what was billed: their Brutto is the SEPA file's
// control sum to the cent, studio and trainer balance agree, a cancelled and re-issued credit note
// changes nothing, prepared trainers show only with the switch, a returned payout and its repayment
// show in the trainer's rows. Then every other report, and the refusals (bad, reversed and too long
// ranges, another group's ids), which change nothing.

const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;
const FIRST_DAY = DateTime.fromISO(MONTH).startOf('month').toISODate()!;
let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let yoga: { uuid: string; id: number; mandantId: number };
let linked: string;
let contracted: string;
let unbilled: string;
const settlementUuid = crypto.randomUUID();
const runUuid = crypto.randomUUID();

const v1 = (urlPath: string) => `${stack.baseUrl}/api/v1/${fitness.uuid}${urlPath}`;
const ids = () => `${fitness.mandantId}/${fitness.id}`;
const get = (urlPath: string, headers: Record<string, string> = admin.headers) => fetch(v1(urlPath), { headers: { ...headers, 'x-locale': 'en' } });
async function read<T>(urlPath: string): Promise<T> {
  const response = await get(urlPath);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}
const range = `dateStart=${MONTH}&dateEnd=${MONTH}`;
const cents = (rows: Array<Record<string, unknown>>, field: string) => rows.reduce((sum, row) => sum + eurosToCents(Number(row[field])), 0);

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The control sum of the run's SEPA file (GrpHdr/CtrlSum), in cents. */
function sepaControlSumCents(sepaPath: string): number {
  const sepa = fs.readFileSync(sepaPath, 'utf8');
  return Math.round(Number(/<GrpHdr>[\s\S]*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(sepa)![1]!) * 100);
}

let paidCents = 0;

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitness = keys;
  const other = await em.findOneOrFail(StudioGroup, { uuid: { $ne: group.uuid } }, { populate: ['mandant'] });
  yoga = { uuid: other.uuid, id: other.id, mandantId: other.mandant.id };
  linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] })).trainer.uuid;
  contracted = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T002' })).uuid;
  unbilled = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T017' })).uuid;

  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, FIRST_DAY, MONTH);
  await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [linked, contracted, unbilled], false);
  const send = await fetch(v1('/settlement/trainer-credit-note/send'), {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: [linked, contracted] }),
  });
  expect(send.status, await send.clone().text()).toBe(200);
  const messages: Array<{ status: string }> = [];
  for await (const message of readNdjson<{ status: string }>(send)) messages.push(message);
  expect(messages.at(-1)?.status).toBe('finished_studiogroup');

  const sepa = await em.findOneOrFail(AccountingFile, { settlementRun: { uuid: runUuid }, type: 'SEPA_XML' });
  paidCents = sepaControlSumCents(path.join(stack.dataDir, sepa.filePath!));
  expect(paidCents).toBeGreaterThan(0);
});

afterAll(async () => {
  await stack?.stop();
});

describe('balance reports count what was billed', () => {
  it('trainer balance by month: a row per billed trainer, Brutto = the credit note = the SEPA file, to the cent', async () => {
    const rows = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month/${ids()}?${range}`);
    expect(new Set(rows.map((row) => row.trainer_uuid))).toEqual(new Set([linked, contracted]));
    expect(rows.every((row) => row.month === MONTH && row.billing === 'billed' && row.mandant && row.studio_groups_name)).toBe(true);
    expect(cents(rows, 'Brutto')).toBe(paidCents);
    expect(cents(rows, 'Netto') + cents(rows, 'MwSt')).toBe(paidCents);
    const notes = await stack.orm.em.fork().find(CreditNote, { settlementRun: { uuid: runUuid } }, { populate: ['trainer'] });
    for (const note of notes) expect(cents(rows.filter((row) => row.trainer_uuid === note.trainer.uuid), 'Brutto')).toBe(note.grossCents);
  });

  it('by class and by studio and class add up to the same, and the studio balance agrees', async () => {
    const byClass = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month_by_class/${ids()}?${range}`);
    expect(byClass.every((row) => typeof row.class === 'string' && row.class.length > 0)).toBe(true);
    expect(cents(byClass, 'Brutto')).toBe(paidCents);
    const byStudio = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_studio_by_month_by_class/${ids()}?${range}`);
    expect(byStudio.every((row) => typeof row.studio_name === 'string' && row.studio_name.length > 0)).toBe(true);
    expect(cents(byStudio, 'Brutto')).toBe(paidCents);
    const studios = await read<TStudioBalanceRow[]>(`/report/studio_balance_by_month/${ids()}?${range}`);
    expect(cents(studios, 'Sum')).toBe(paidCents);
    expect(cents(studios, 'Netto_Sum') + cents(studios, 'MwSt_Sum')).toBe(paidCents);
    // Per studio, the studio balance is the trainers' rows of that studio.
    for (const studio of studios) {
      expect(cents(byStudio.filter((row) => row.studio_name === studio.studio_name && row.MwSt_PRZ === studio.MwSt_PRZ), 'Brutto')).toBe(eurosToCents(studio.Sum));
    }
  });

  it('shows prepared, not yet billed trainers only with the switch, marked prepared', async () => {
    const billed = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month/${ids()}?${range}&includePrepared=false`);
    expect(billed.some((row) => row.trainer_uuid === unbilled)).toBe(false);
    const withPrepared = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month/${ids()}?${range}&includePrepared=true`);
    const prepared = withPrepared.filter((row) => row.billing === 'prepared');
    expect(new Set(prepared.map((row) => row.trainer_uuid))).toEqual(new Set([unbilled]));
    const lines = await stack.orm.em.fork().find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: { uuid: unbilled } } });
    expect(cents(prepared, 'Brutto')).toBe(lines.reduce((sum, line) => sum + line.grossCents, 0));
    const studios = await read<TStudioBalanceRow[]>(`/report/studio_balance_by_month/${ids()}?${range}&includePrepared=true`);
    expect(cents(studios.filter((row) => row.billing === 'billed'), 'Sum')).toBe(paidCents);
    expect(cents(studios.filter((row) => row.billing === 'prepared'), 'Sum')).toBe(cents(prepared, 'Brutto'));
  });

  it('a returned payout shows in the trainer\'s rows (status, the bank\'s day, reason code); paid again, the rows read paid', async () => {
    const em = stack.orm.em.fork();
    const note = await em.findOneOrFail(CreditNote, { settlementRun: { uuid: runUuid }, documentType: 'credit_note', trainer: { uuid: linked } });
    // The run wrote an open payout per SEPA payment; the bank sends the linked trainer's back.
    const payout = await openPayoutFor(stack, { creditNoteUuid: note.uuid, number: note.number, runUuid });
    expect(payout.endToEndId).toBe(note.number);
    const returnedOn = DateTime.fromISO(MONTH).plus({ days: 12 }).toISODate()!;
    await bankSaid(stack, payout.uuid, { status: 'returned', bookingDate: returnedOn, reasonCode: 'AC04' });

    const payoutOf = (rows: TTrainerBalanceRow[], trainerUuid: string) =>
      [...new Set(rows.filter((row) => row.trainer_uuid === trainerUuid).map((row) => JSON.stringify([row.payout_status, row.payout_booked_on, row.payout_reason_code])))];
    const byMonth = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month/${ids()}?${range}&includePrepared=true`);
    expect(payoutOf(byMonth, linked)).toEqual([JSON.stringify(['returned', returnedOn, 'AC04'])]);
    expect(payoutOf(byMonth, contracted)).toEqual([JSON.stringify(['open', null, null])]);
    // A prepared month has no credit note, so no payout.
    expect(payoutOf(byMonth, unbilled)).toEqual([JSON.stringify([null, null, null])]);
    // Every row of the trainer's month carries it, by class too; the amounts are untouched.
    const byClass = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month_by_class/${ids()}?${range}`);
    expect(byClass.filter((row) => row.trainer_uuid === linked).length).toBeGreaterThan(1);
    expect(payoutOf(byClass, linked)).toEqual([JSON.stringify(['returned', returnedOn, 'AC04'])]);
    expect(cents(byClass, 'Brutto')).toBe(paidCents);

    // Paid again under -R1: written (open), then booked. The rows follow the last payment.
    const repayment = await repaymentOf(stack, payout.uuid);
    const writtenAgain = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month/${ids()}?${range}`);
    expect(payoutOf(writtenAgain, linked)).toEqual([JSON.stringify(['open', null, null])]);
    const paidOn = DateTime.fromISO(returnedOn).plus({ days: 3 }).toISODate()!;
    await bankSaid(stack, repayment.uuid, { status: 'paid', bookingDate: paidOn });
    const paidAgain = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_studio_by_month_by_class/${ids()}?${range}`);
    expect(payoutOf(paidAgain, linked)).toEqual([JSON.stringify(['paid', paidOn, null])]);
  });

  it('a cancelled credit note and its cancellation net to zero: after the re-issue the balance is unchanged', async () => {
    const em = stack.orm.em.fork();
    const original = await em.findOneOrFail(CreditNote, { documentType: 'credit_note', trainer: { uuid: contracted } });
    const cancel = await fetch(v1(`/credit-notes/${original.uuid}/cancel`), { method: 'POST', headers: admin.headers, body: '{}' });
    expect(cancel.status, await cancel.clone().text()).toBe(202);
    await waitFor(() => stack.orm.em.fork().findOne(CreditNote, { documentType: 'credit_note', trainer: { uuid: contracted }, number: { $ne: original.number } }));
    const rows = await read<TTrainerBalanceRow[]>(`/report/trainer_balance_by_month/${ids()}?${range}`);
    expect(cents(rows, 'Brutto')).toBe(paidCents);
    expect(cents(rows.filter((row) => row.trainer_uuid === contracted), 'Brutto')).toBe(original.grossCents);
    const studios = await read<TStudioBalanceRow[]>(`/report/studio_balance_by_month/${ids()}?${range}`);
    expect(cents(studios, 'Sum')).toBe(paidCents);
  });
});

describe('class reports, rule check and log', () => {
  it('classes: one row per class of the day range', async () => {
    const rows = await read<TClassRow[]>(`/classes/${ids()}?dateStart=${FIRST_DAY}&dateEnd=${MONTH}`);
    const count = await stack.orm.em.fork().count(StudioClass, { studioGroup: fitness.id, startsAt: { $gte: DateTime.fromISO(FIRST_DAY, { zone: 'Europe/Berlin' }).toJSDate(), $lt: DateTime.fromISO(MONTH, { zone: 'Europe/Berlin' }).plus({ days: 1 }).toJSDate() } });
    expect(rows.length).toBe(count);
    expect(rows[0]).toMatchObject({ studio_name: expect.any(String), class_name: expect.any(String), class_duration: expect.any(Number) });
  });

  it('classes without trainer and with several trainers are those of the database', async () => {
    const em = stack.orm.em.fork();
    const classes = await em.find(StudioClass, { studioGroup: fitness.id, startsAt: { $gte: DateTime.fromISO(FIRST_DAY, { zone: 'Europe/Berlin' }).toJSDate() } });
    const without = await read<TClassWithoutTrainerRow[]>(`/report/classes/classes-without-trainer/${ids()}/${FIRST_DAY}/${MONTH}`);
    expect(without.map((row) => row.id).sort()).toEqual(classes.filter((item) => !item.trainer && item.startsAt < DateTime.fromISO(MONTH).plus({ days: 1 }).toJSDate()).map((item) => item.id).sort());
    expect(without.every((row) => row.id_studio_groups_id === fitness.id && row.id_mandant_id === fitness.mandantId)).toBe(true);
    const several = await read<TMultiTrainerClassRow[]>(`/report/demo/trainerbyclass/${ids()}`);
    const expected = (await em.find(StudioClass, { studioGroup: fitness.id })).filter((item) => item.otherTrainers.some((id) => id !== item.trainer?.id));
    expect(several.map((row) => row.id).sort()).toEqual(expected.map((item) => item.id).sort());
    expect(several.every((row) => row.trainer_others.length > 0)).toBe(true);
    const wrongSystem = await get(`/report/csv/trainerbyclass/${ids()}`);
    expect(wrongSystem.status).toBe(404);
  });

  it('payment-type-rule check: every class of the range once, the rule that priced a billed line', async () => {
    const rows = await read<TRuleCheckRow[]>(`/report/paymenttyperule_check/${ids()}?dateStart=${FIRST_DAY}&dateEnd=${MONTH}`);
    const classes = await read<TClassRow[]>(`/classes/${ids()}?dateStart=${FIRST_DAY}&dateEnd=${MONTH}`);
    expect(rows.reduce((sum, row) => sum + row.class_count, 0)).toBe(classes.length);
    const line = await stack.orm.em.fork().findOneOrFail(SettlementLine, { kind: 'class', settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: { uuid: linked } } }, { populate: ['studio'] });
    const snapshot = line.ruleSnapshot as { ruleUuid: string };
    const row = rows.find((item) => item.outcome === 'paid' && item.ptr_uuid === snapshot.ruleUuid && item.class_name === line.className && item.studio_name === line.studio!.name && item.class_duration === line.durationMinutes);
    expect(row, JSON.stringify({ line: { className: line.className, studio: line.studio?.name, duration: line.durationMinutes, snapshot }, candidates: rows.filter((item) => item.class_name === line.className) })).toBeDefined();
    expect(eurosToCents(row!.net_per_class_min!)).toBeLessThanOrEqual(line.netCents);
    expect(eurosToCents(row!.net_per_class_max!)).toBeGreaterThanOrEqual(line.netCents);
    for (const unpaid of rows.filter((item) => item.outcome !== 'paid')) expect(unpaid.net_sum).toBe(0);
  });

  it('settlement log across settlements: the month\'s log rows, newest first', async () => {
    // Every row there is when the report is read: counted before and after it (log rows are only
    // appended). In a full suite run a row was written between the report and a count taken after
    // it (37 reported, 38 counted); which writer is not known — the test files' stacks share one
    // Temporal server and task queue, and another file's activity ran on this file's worker then.
    const countRows = () => stack.orm.em.fork().count(SettlementLog, { settlement: { uuid: settlementUuid } });
    const before = await countRows();
    const rows = await read<TSettlementLogReportRow[]>(`/report/settlement_log/${ids()}?${range}`);
    const after = await countRows();
    const reported = rows.filter((row) => row.settlement_uuid === settlementUuid).length;
    expect(reported).toBeGreaterThanOrEqual(before);
    expect(reported).toBeLessThanOrEqual(after);
    expect(before).toBeGreaterThan(0);
    expect(rows.map((row) => row.timestamp)).toEqual([...rows.map((row) => row.timestamp)].sort().reverse());
  });
});

describe('refusals: a clear 4xx, nothing read from another group', () => {
  const expectRefused = async (urlPath: string, status: number, message: RegExp, headers?: Record<string, string>) => {
    const response = await get(urlPath, headers);
    const body = (await response.json()) as { status: string; message: string };
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(body.status).toBe('error');
    expect(body.message).toMatch(message);
  };

  it('refuses reversed, invalid and too long ranges', async () => {
    await expectRefused(`/report/trainer_balance_by_month/${ids()}?dateStart=2026-03-31&dateEnd=2026-01-31`, 400, /dateEnd: must not be before dateStart/);
    await expectRefused(`/report/studio_balance_by_month/${ids()}?dateStart=2026-02-30&dateEnd=2026-03-31`, 400, /dateStart: must be a calendar date/);
    await expectRefused(`/report/trainer_balance_by_month_by_class/${ids()}?dateStart=2024-01-31&dateEnd=2026-01-31`, 400, /at most 24 months/);
    await expectRefused(`/report/paymenttyperule_check/${ids()}?dateStart=2026-01-01`, 400, /dateEnd: is required/);
    await expectRefused(`/classes/${ids()}?dateStart=2026-01-01&dateEnd=2026-02-15`, 400, /at most 31 days/);
    await expectRefused(`/report/classes/classes-without-trainer/${ids()}/2026-01-31/2026-01-01`, 400, /must not be before dateStart/);
    await expectRefused(`/report/trainer_balance_by_month/${ids()}?dateStart=2026-01-31&dateEnd=2026-01-31&includePrepared=yes`, 400, /includePrepared/);
  });

  it('refuses another group\'s ids in the path, and other callers', async () => {
    await expectRefused(`/report/trainer_balance_by_month/${fitness.mandantId}/${yoga.id}?${range}`, 404, /studio group/i);
    await expectRefused(`/classes/${yoga.mandantId + 1000}/${fitness.id}?${range}`, 404, /studio group/i);
    const yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
    await expectRefused(`/report/studio_balance_by_month/${ids()}?${range}`, 404, /studio group/i, yogaAdmin.headers);
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const asTrainer = await get(`/report/studio_balance_by_month/${ids()}?${range}`, trainer.headers);
    expect(asTrainer.status).toBe(403);
  });

  it('answers in German when asked', async () => {
    const response = await fetch(v1(`/report/trainer_balance_by_month/${ids()}?dateStart=2026-03-31&dateEnd=2026-01-31`), { headers: { ...admin.headers, 'x-locale': 'de' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/darf nicht vor dateStart liegen/);
  });
});

describe('the payment-type-rule check reads whole months from kept folds, exactly as from the classes', () => {
  const check = () => read<TRuleCheckRow[]>(`/report/paymenttyperule_check/${ids()}?dateStart=${FIRST_DAY}&dateEnd=${MONTH}`);
  const sql = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => stack.orm.em.fork().getConnection().execute<T[]>(text, values);
  const staleMarkers = async () => (await sql<{ month: string }>(`select month::text as month from class_month_stale where studio_group_id = ?`, [fitness.id])).map((row) => row.month);
  const foldCount = async () => Number((await sql<{ count: string }>(`select count(*) from class_month_fold where studio_group_id = ? and month = ?`, [fitness.id, FIRST_DAY]))[0]!.count);

  /**
   * The check as it answers while the month is being written: the month's marker committed, then
   * held by another transaction (as an import holds it until its commit), so the check cannot fold
   * the month and reads its classes instead (the marker stays).
   */
  async function checkFromClasses(): Promise<TRuleCheckRow[]> {
    await sql(`insert into class_month_stale (studio_group_id, month, marked_at) values (?, ?, now()) on conflict (studio_group_id, month) do update set marked_at = excluded.marked_at`, [fitness.id, FIRST_DAY]);
    return stack.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`select id from class_month_stale where studio_group_id = ? and month = ? for update`, [fitness.id, FIRST_DAY]);
      const rows = await check();
      expect(await staleMarkers()).toContain(FIRST_DAY);
      return rows;
    });
  }

  it('folds the month once, then answers from the folds what the classes say', async () => {
    const folded = await check();
    expect(await staleMarkers()).not.toContain(FIRST_DAY);
    expect(await foldCount()).toBeGreaterThan(0);
    expect(await checkFromClasses()).toEqual(folded);
    // The next check folds the month again (its marker was left) and answers the same.
    expect(await check()).toEqual(folded);
    expect(await staleMarkers()).not.toContain(FIRST_DAY);
  });

  it('many stale months are read from their classes, and folded after the answer', async () => {
    const start = DateTime.fromISO(FIRST_DAY).minus({ months: 11 }).toISODate()!;
    const year = () => read<TRuleCheckRow[]>(`/report/paymenttyperule_check/${ids()}?dateStart=${start}&dateEnd=${MONTH}`);
    const folded = await year();
    await sql(
      `insert into class_month_stale (studio_group_id, month, marked_at) select ?, (?::date + make_interval(months => m))::date, now() from generate_series(0, 11) m
       on conflict (studio_group_id, month) do update set marked_at = excluded.marked_at`,
      [fitness.id, start],
    );
    expect(await year()).toEqual(folded);
    await waitFor(async () => (await staleMarkers()).length === 0, 10_000);
    expect(await foldCount()).toBeGreaterThan(0);
    expect(await year()).toEqual(folded);
  });

  it('a class changed or deleted marks its month, and the check folds it again', async () => {
    const before = await check();
    const [changed, deleted] = await sql<{ id: number }>(
      `select c.id from studio_class c where c.studio_group_id = ? and c.trainer_id is not null and c.starts_at >= ?::date and c.starts_at < ?::date + 1
          and not exists (select 1 from settlement_line l where l.studio_class_id = c.id) order by c.id limit 2`,
      [fitness.id, FIRST_DAY, MONTH],
    );
    // A re-import that writes a class unchanged marks nothing.
    await sql(`update studio_class set updated_at = now(), imported_at = now() where id = ?`, [changed!.id]);
    expect(await staleMarkers()).not.toContain(FIRST_DAY);
    await sql(`update studio_class set booked_slots = booked_slots + 7 where id = ?`, [changed!.id]);
    await sql(`delete from studio_class where id = ?`, [deleted!.id]);
    expect(await staleMarkers()).toContain(FIRST_DAY);
    const after = await check();
    expect(after.reduce((sum, row) => sum + row.class_count, 0)).toBe(before.reduce((sum, row) => sum + row.class_count, 0) - 1);
    expect(after).not.toEqual(before);
    expect(await checkFromClasses()).toEqual(after);
  });

  it('a trainer named by a rule for the first time marks the group\'s months: their classes are priced by it', async () => {
    const [rule] = await sql<{ id: number; uuid: string; category: string | null }>(`select id, uuid, category from payment_type_rule where studio_group_id = ? and trainer_id is null and category is not null order by id limit 1`, [fitness.id]);
    const [teacher] = await sql<{ trainer_id: number }>(
      `select trainer_id from studio_class where studio_group_id = ? and category = ? and trainer_id is not null and other_trainers = '[]'::jsonb and starts_at >= ?::date and starts_at < ?::date + 1
          and trainer_id not in (select trainer_id from payment_type_rule where trainer_id is not null) limit 1`,
      [fitness.id, rule!.category, FIRST_DAY, MONTH],
    );
    const before = await check();
    try {
      await sql(`update payment_type_rule set trainer_id = ? where id = ?`, [teacher!.trainer_id, rule!.id]);
      expect(await staleMarkers()).toContain(FIRST_DAY);
      const narrowed = await check();
      expect(narrowed).not.toEqual(before);
      expect(narrowed.some((row) => row.outcome === 'paid' && row.ptr_uuid === rule!.uuid && row.ptr_trainer_name !== null)).toBe(true);
      expect(await checkFromClasses()).toEqual(narrowed);
      // A second rule for a trainer already named (a rule replaced by its successor) marks nothing.
      await check();
      const [second] = await sql<{ id: number }>(`select id from payment_type_rule where studio_group_id = ? and trainer_id is null and id <> ? order by id limit 1`, [fitness.id, rule!.id]);
      await sql(`update payment_type_rule set trainer_id = ? where id = ?`, [teacher!.trainer_id, second!.id]);
      await sql(`update payment_type_rule set trainer_id = null where id = ?`, [second!.id]);
      expect(await staleMarkers()).not.toContain(FIRST_DAY);
    } finally {
      await sql(`update payment_type_rule set trainer_id = null where id = ?`, [rule!.id]);
    }
    expect(await check()).toEqual(before);
  });
});

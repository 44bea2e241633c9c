import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTrainerMergeOption, TTrainerMergeResponse } from '../../contracts/trainer-overview.contract';
import { CreditNote, PaymentTypeRule, Settlement, SettlementLine, SettlementRun, SettlementTrainer, StudioClass, StudioGroupTrainer, Trainer, TrainerAccount, TrainerMergeLog, TrainerSourceAlias, User } from '../../db/entities';
import { importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn, startStack, type Stack } from '../support/stack';

// The trainer merge (spec admin 2.21): the second record into the first, in one transaction, with
// its classes, rules, settlements, credit notes (numbers kept) and account link; refusals write
// nothing; an audit row says who merged what.

type Login = Awaited<ReturnType<typeof logIn>>;
type Group = { uuid: string; id: number; mandantId: number; apiSlug: string };

let stack: Stack;
let admin: Login;
let yogaAdmin: Login;
let fitness: Group;
let yoga: Group;
const MONTH = '2026-10-31';
/** The month of the settlement both refused trainers are in. */
const OPEN_MONTH = '2026-09-30';

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = admin.studioGroups[0] as unknown as Group;
  yoga = yogaAdmin.studioGroups[0] as unknown as Group;
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, '2026-09-01', OPEN_MONTH);
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, '2026-10-01', MONTH);
}, 240_000);
afterAll(async () => {
  await stack?.stop();
});

const fresh = () => stack.orm.em.fork();
const bySourceId = (sourceId: string) => fresh().findOneOrFail(Trainer, { sourceId, studioGroup: fitness.id });
async function merge(body: unknown, { as = admin, locale = 'en' }: { as?: Login; locale?: 'de' | 'en' } = {}) {
  const response = await fetch(`${stack.baseUrl}/api/v1/${(as === yogaAdmin ? yoga : fitness).uuid}/trainer/merge`, { method: 'POST', headers: { ...as.headers, 'x-locale': locale }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as TTrainerMergeResponse & { message: string } };
}
async function mergeAsYogaOnFitnessPath(body: unknown) {
  const response = await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/trainer/merge`, { method: 'POST', headers: yogaAdmin.headers, body: JSON.stringify(body) });
  return response.status;
}
const tableCounts = async () => ({
  trainers: await fresh().count(Trainer, {}),
  logs: await fresh().count(TrainerMergeLog, {}),
  links: await fresh().count(StudioGroupTrainer, {}),
});

describe('trainer merge', () => {
  it('lists merge options (id, trainerName, trainerEmail) of the group only', async () => {
    const response = await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/trainer/merge-options`, { headers: admin.headers });
    expect(response.status).toBe(200);
    const options = (await response.json()) as TTrainerMergeOption[];
    expect(options).toHaveLength(await fresh().count(Trainer, { studioGroup: fitness.id }));
    expect(options[0]).toEqual({ id: expect.any(Number), trainerUuid: expect.any(String), trainerName: expect.any(String), trainerEmail: expect.anything() });
    expect((await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/trainer/merge-options`, { headers: yogaAdmin.headers })).status).toBe(404);
  });

  it('refuses itself, foreign and unknown trainers, both in one open settlement and two accounts, writing nothing', async () => {
    const a = await bySourceId('DF-T008');
    const b = await bySourceId('DF-T009');
    const yogaTrainer = await fresh().findOneOrFail(Trainer, { studioGroup: yoga.id }, { orderBy: { id: 'asc' } });
    // Both in one open settlement with lines.
    await prepareSettlement(stack.baseUrl, admin, fitness, randomUUID(), OPEN_MONTH, [a.uuid, b.uuid], false);
    // A second trainer with a portal account of its own.
    const em = fresh();
    const demoLink = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: fitness.id }, { populate: ['trainer'] });
    const other = await bySourceId('DF-T010');
    const user = em.create(User, { email: 'merge-second@demo.test', passwordHash: 'x', role: 'trainer', firstname: 'Zweit', lastname: 'Konto' });
    const account = em.create(TrainerAccount, { user, firstname: 'Zweit', lastname: 'Konto', email: 'merge-second@demo.test' });
    em.create(StudioGroupTrainer, { studioGroup: fitness.id, trainer: other.id, trainerAccount: account });
    await em.flush();

    const before = await tableCounts();
    const cases: Array<{ body: unknown; status: number; text: string; locale?: 'de' | 'en' }> = [
      { body: { trainerUuid: a.uuid, mergeTrainerUuid: a.uuid }, status: 400, text: 'cannot be merged with itself' },
      { body: { trainerUuid: a.uuid, mergeTrainerUuid: a.uuid }, status: 400, text: 'nicht mit sich selbst', locale: 'de' },
      { body: { trainerUuid: a.uuid, mergeTrainerUuid: yogaTrainer.uuid }, status: 404, text: 'not found' },
      { body: { trainerUuid: yogaTrainer.uuid, mergeTrainerUuid: a.uuid }, status: 404, text: 'not found' },
      { body: { trainerUuid: a.uuid, mergeTrainerUuid: randomUUID() }, status: 404, text: 'not found' },
      { body: { trainerUuid: a.uuid, mergeTrainerUuid: b.uuid }, status: 409, text: 'open settlement of 09/2026' },
      { body: { trainerUuid: demoLink.trainer.uuid, mergeTrainerUuid: other.uuid }, status: 409, text: 'different trainer accounts' },
      { body: { trainerUuid: a.uuid }, status: 400, text: 'mergeTrainerUuid' },
    ];
    for (const item of cases) {
      const answer = await merge(item.body, { locale: item.locale });
      expect(answer.status, JSON.stringify(item.body)).toBe(item.status);
      expect(answer.body.message).toContain(item.text);
    }
    expect(await mergeAsYogaOnFitnessPath({ trainerUuid: a.uuid, mergeTrainerUuid: b.uuid })).toBe(404);
    expect(await tableCounts()).toEqual(before);
  }, 120_000);

  it('moves classes, rules, settlements and credit notes (numbers kept) and the account link; audits who merged', async () => {
    const kept = await bySourceId('DF-T006');
    const merged = await bySourceId('DF-T007');
    const em = fresh();
    // A rule narrowed to the merged trainer, a keyword on each.
    const template = await em.findOneOrFail(PaymentTypeRule, { studioGroup: fitness.id }, { orderBy: { id: 'asc' } });
    em.create(PaymentTypeRule, { studioGroup: fitness.id, trainer: merged.id, name: 'Nur für T007', validFrom: template.validFrom, kind: 'flat', flatCents: 4200 });
    (await em.findOneOrFail(Trainer, kept.id)).keywords = ['Yoga'];
    (await em.findOneOrFail(Trainer, merged.id)).keywords = ['Cycling', 'yoga'];
    // The merged record is linked to a portal account; the kept one is not.
    const user = em.create(User, { email: 'merge-link@demo.test', passwordHash: 'x', role: 'trainer', firstname: 'Link', lastname: 'Konto' });
    const account = em.create(TrainerAccount, { user, firstname: 'Link', lastname: 'Konto', email: 'merge-link@demo.test' });
    em.create(StudioGroupTrainer, { studioGroup: fitness.id, trainer: merged.id, trainerAccount: account });
    await em.flush();

    // A credit note issued to the merged record.
    const settlementUuid = randomUUID();
    await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [merged.uuid], false);
    const run = await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/settlement/trainer-credit-note/send`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ settlementUuid, settlementRunUuid: randomUUID(), trainersSelected: [merged.uuid] }),
    });
    expect(run.status, await run.clone().text()).toBe(200);
    for await (const _message of readNdjson(run)) {
      // read to the end: the run has finished
    }
    const note = await fresh().findOneOrFail(CreditNote, { trainer: merged.id, documentType: 'credit_note' });

    const classes = await fresh().count(StudioClass, { trainer: merged.id });
    const keptClasses = await fresh().count(StudioClass, { trainer: kept.id });
    expect(classes).toBeGreaterThan(0);

    const answer = await merge({ trainerUuid: kept.uuid, mergeTrainerUuid: merged.uuid }, { locale: 'de' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toContain('zusammengeführt');
    expect(answer.body).toMatchObject({ trainerUuid: kept.uuid, mergedTrainerUuid: merged.uuid });
    expect(answer.body.moved).toMatchObject({ classes, paymentTypeRules: 1, settlements: 1, creditNotes: 1, accountLink: 1 });

    const check = fresh();
    expect(await check.findOne(Trainer, merged.id)).toBeNull();
    expect(await check.count(StudioClass, { trainer: kept.id })).toBe(keptClasses + classes);
    expect(await check.count(PaymentTypeRule, { trainer: kept.id, name: 'Nur für T007' })).toBe(1);
    const movedNote = await check.findOneOrFail(CreditNote, note.id);
    expect(movedNote.number).toBe(note.number);
    expect(movedNote.trainer.id).toBe(kept.id);
    expect(await check.count(SettlementTrainer, { trainer: kept.id, settlement: { uuid: settlementUuid } })).toBe(1);
    expect((await check.findOneOrFail(StudioGroupTrainer, { trainer: kept.id })).trainerAccount.id).toBe(account.id);
    expect((await check.findOneOrFail(Trainer, kept.id)).keywords).toEqual(['Yoga', 'Cycling']);
    const log = await check.findOneOrFail(TrainerMergeLog, { mergedTrainerUuid: merged.uuid }, { populate: ['mergedBy'] });
    expect(log).toMatchObject({ keptTrainerUuid: kept.uuid, mergedTrainerSourceId: 'DF-T007' });
    expect(log.mergedBy!.email).toBe('admin@demo.test');
  }, 180_000);

  it('remembers the merged source id: a later import puts its classes on the kept trainer and creates no record again', async () => {
    const kept = await bySourceId('DF-T006');
    expect(await fresh().findOne(TrainerSourceAlias, { studioGroup: fitness.id, sourceId: 'DF-T007' })).toMatchObject({ trainer: { id: kept.id } });
    const keptClasses = await fresh().count(StudioClass, { trainer: kept.id });
    const trainers = await fresh().count(Trainer, { studioGroup: fitness.id });

    // The source system still sends DF-T007 (as a trainer and on its classes).
    await importDemoClasses(stack.baseUrl, admin, fitness.uuid, '2026-10-01', MONTH);

    expect(await fresh().count(Trainer, { studioGroup: fitness.id, sourceId: 'DF-T007' })).toBe(0);
    expect(await fresh().count(Trainer, { studioGroup: fitness.id })).toBe(trainers);
    expect(await fresh().count(StudioClass, { trainer: kept.id })).toBe(keptClasses);
  }, 180_000);

  it('merges two trainers of a closed settlement: their two rows become the kept trainer\'s one, lines and sums joined; two credit notes of one run are refused', async () => {
    // DF-T008 and DF-T009 share the September settlement (refused above while it was open).
    const a = await bySourceId('DF-T008');
    const b = await bySourceId('DF-T009');
    const em = fresh();
    const rowA = await em.findOneOrFail(SettlementTrainer, { trainer: a.id, settlement: { month: OPEN_MONTH } }, { populate: ['settlement'] });
    const rowB = await em.findOneOrFail(SettlementTrainer, { trainer: b.id, settlement: rowA.settlement.id });
    const linesA = await em.count(SettlementLine, { settlementTrainer: rowA.id });
    const linesB = await em.count(SettlementLine, { settlementTrainer: rowB.id });
    expect(linesA).toBeGreaterThan(0);
    expect(linesB).toBeGreaterThan(0);
    await em.nativeUpdate(Settlement, { id: rowA.settlement.id }, { status: 'completed', completedAt: new Date() });

    // Both billed in one credit-note run: a trainer holds one credit note per run, so that is refused.
    const runs = fresh();
    const adminUser = await runs.findOneOrFail(User, { email: 'admin@demo.test' });
    const run = runs.create(SettlementRun, { settlement: rowA.settlement.id, createdBy: adminUser, status: 'finished', finishedAt: new Date() });
    for (const [row, trainerId, number] of [[rowA, a.id, 'MERGE-TEST-1'], [rowB, b.id, 'MERGE-TEST-2']] as const) {
      runs.create(CreditNote, { studioGroup: fitness.id, settlementRun: run, settlementTrainer: row.id, trainer: trainerId, number, issueDate: '2026-10-05', netCents: row.sumNetCents, vatCents: row.sumVatCents, grossCents: row.sumGrossCents, fileName: `${number}.pdf`, filePath: `${number}.pdf` });
    }
    await runs.flush();
    const before = await tableCounts();
    const refused = await merge({ trainerUuid: a.uuid, mergeTrainerUuid: b.uuid });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('same credit-note run of 09/2026');
    expect(await tableCounts()).toEqual(before);
    await runs.nativeDelete(CreditNote, { settlementRun: run.id });
    await runs.nativeDelete(SettlementRun, { id: run.id });

    const answer = await merge({ trainerUuid: a.uuid, mergeTrainerUuid: b.uuid });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.moved).toMatchObject({ joinedSettlements: 1 });

    const check = fresh();
    expect(await check.findOne(Trainer, b.id)).toBeNull();
    const rows = await check.find(SettlementTrainer, { settlement: rowA.settlement.id, trainer: a.id });
    expect(rows.map((row) => row.id)).toEqual([rowA.id]);
    expect(await check.count(SettlementLine, { settlementTrainer: rowA.id })).toBe(linesA + linesB);
    expect(rows[0]!.sumGrossCents).toBe(rowA.sumGrossCents + rowB.sumGrossCents);
    expect(rows[0]!.sumNetCents).toBe(rowA.sumNetCents + rowB.sumNetCents);
    expect(await check.count(SettlementTrainer, { id: rowB.id })).toBe(0);
  }, 120_000);
});

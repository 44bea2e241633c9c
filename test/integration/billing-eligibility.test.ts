import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPreviewCheckResponse } from '../../contracts/review.contract';
import type { TBillableTrainersResponse } from '../../contracts/settlement.contract';
import { ZDataCheckResult } from '../../contracts/trainer-overview.contract';
import { CreditNote, SettlementLog, StudioGroup, StudioGroupTrainer, Trainer } from '../../db/entities';
import { translate } from '../../domain/messages';
import { DEMO_TRAINER_EMAIL, DEMO_YOGA_SLUG } from '../../domain/source-systems/demo.connector';
import { readNdjson } from '../support/ndjson';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { logIn, startStack, type Stack } from '../support/stack';

// A self-billing agreement (§14 (2) Satz 2 UStG) is between the issuing studio group and the trainer.
// One person, the demo portal trainer, is connected to two studio groups and consented only to
// demo-fitness (A). Every place that decides who may be paid by credit note must refuse them in
// demo-yoga (B) for the same reason, and the same person is billed in A.
//
// The schema lets a trainer record have one portal link (studio_group_trainer.trainer_id is unique),
// and an account one link per group. The copies of the rule agreed only because of that; this test
// drops both constraints in its own cloned database and links the person's demo-yoga trainer record
// to BOTH groups, consented only in A: a check that reads "any consented link of this trainer" would
// bill them in B.

type Login = Awaited<ReturnType<typeof logIn>>;
type GroupKeys = { uuid: string; id: number; mandantId: number; apiSlug: string };

const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;
const FIRST_DAY = DateTime.fromISO(MONTH).startOf('month').toISODate()!;
let stack: Stack;
let fitnessAdmin: Login;
let yogaAdmin: Login;
let fitness: GroupKeys;
let yoga: GroupKeys;
/** The person's trainer records: in A (linked and consented there) and in B (linked to A with consent, to B without). */
let recordA: { id: number; uuid: string };
let recordB: { id: number; uuid: string; name: string };
const yogaSettlement = randomUUID();
const fitnessSettlement = randomUUID();

const call = (as: Login, group: GroupKeys, path: string, body?: unknown) =>
  fetch(`${stack.baseUrl}/api/v1/${group.uuid}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { ...as.headers, 'x-locale': 'en' }, body: body === undefined ? undefined : JSON.stringify(body) });
const json = async <T>(response: Response) => (await response.json()) as T;
const noConsentMessage = (trainer: string) => translate('en', 'creditNote.refused.noConsent', { trainer });

async function billableRows(as: Login, group: GroupKeys, trainerUuid: string) {
  const response = await call(as, group, `/settlement/${randomUUID()}/billable-trainers?month=${MONTH}`);
  expect(response.status).toBe(200);
  return (await json<TBillableTrainersResponse>(response)).rows.filter((row) => row.trainer_uuid === trainerUuid);
}

async function uncheckedTrainer(as: Login, group: GroupKeys, trainerId: number) {
  const response = await call(as, group, `/data/status/${group.id}`);
  expect(response.status).toBe(200);
  const result = ZDataCheckResult.parse(JSON.parse((await json<{ CSVIMPORTCHECKER: string }>(response)).CSVIMPORTCHECKER));
  return result.CALLCHECKER.unchecked_trainer.find((trainer) => trainer.id === trainerId);
}

beforeAll(async () => {
  stack = await startStack();
  fitnessAdmin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  const em = stack.orm.em.fork();
  fitness = (await findDemoFitness(em)).keys;
  const yogaGroup = await em.findOneOrFail(StudioGroup, { apiSlug: DEMO_YOGA_SLUG }, { populate: ['mandant'] });
  yoga = { uuid: yogaGroup.uuid, id: yogaGroup.id, mandantId: yogaGroup.mandant.id, apiSlug: yogaGroup.apiSlug };

  const linkA = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: fitness.id }, { populate: ['trainer', 'trainerAccount'] });
  expect(linkA.selfBillingConsentAt).not.toBeNull();
  recordA = { id: linkA.trainer.id, uuid: linkA.trainer.uuid };
  const yogaRecord = await em.findOneOrFail(Trainer, { studioGroup: yogaGroup, email: DEMO_TRAINER_EMAIL });
  // No written agreement with B either: consent to B would have to come from a link.
  expect(yogaRecord.selfBillingAgreementAt).toBeNull();

  await importDemoClasses(stack.baseUrl, fitnessAdmin, fitness.uuid, FIRST_DAY, MONTH);
  await importDemoClasses(stack.baseUrl, yogaAdmin, yoga.uuid, FIRST_DAY, MONTH);

  // This test's own database: one trainer record linked to two groups, one account with two links in A.
  const connection = em.getConnection();
  await connection.execute('alter table studio_group_trainer drop constraint studio_group_trainer_trainer_id_unique');
  await connection.execute('alter table studio_group_trainer drop constraint studio_group_trainer_studio_group_id_trainer_account_id_unique');
  const link = `insert into studio_group_trainer (uuid, studio_group_id, trainer_id, trainer_account_id, self_billing_consent_at, self_billing_consent_by_id, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, now(), now())`;
  await connection.execute(link, [randomUUID(), yoga.id, yogaRecord.id, linkA.trainerAccount.id, null, null]);
  await connection.execute(link, [randomUUID(), fitness.id, yogaRecord.id, linkA.trainerAccount.id, new Date(), linkA.selfBillingConsentBy?.id ?? null]);

  const [row] = await billableRows(yogaAdmin, yoga, yogaRecord.uuid);
  expect(row, 'the demo trainer teaches in demo-yoga in the month').toBeDefined();
  recordB = { id: yogaRecord.id, uuid: yogaRecord.uuid, name: row!.trainer_company_name ?? row!.trainer_name };
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('billing eligibility: consent given to studio group A does not bill the person in group B', () => {
  it('the selection screen shows them in B without consent, for that reason only', async () => {
    const rows = await billableRows(yogaAdmin, yoga, recordB.uuid);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.trainer_data_complete).toBe(true);
      expect(row.self_billing_consent).toBe(false);
      expect(row.billing_refusals).toEqual(['noConsent']);
    }
  });

  it('the data check of B names the missing consent', async () => {
    expect((await uncheckedTrainer(yogaAdmin, yoga, recordB.id))?.reasons).toContain('noConsent');
  });

  it('the preview check of B refuses their credit note for the same reason', async () => {
    await prepareSettlement(stack.baseUrl, yogaAdmin, yoga, yogaSettlement, MONTH, [recordB.uuid], true);
    const sent = await call(yogaAdmin, yoga, '/settlement/trainer-preview/send', { settlementUuid: yogaSettlement, trainersSelected: [recordB.uuid] });
    expect(sent.status, await sent.clone().text()).toBe(200);
    for await (const _line of readNdjson(sent)) void _line;
    const approved = await call(yogaAdmin, yoga, `/settlement/trainer-preview/approve_by_company/${recordB.uuid}`, { settlementUuid: yogaSettlement, approved: true });
    expect(approved.status, await approved.clone().text()).toBe(200);

    const response = await call(yogaAdmin, yoga, `/settlement/${yogaSettlement}/preview-check`);
    expect(response.status).toBe(200);
    const entries = (await json<TPreviewCheckResponse>(response)).trainers.filter((trainer) => trainer.trainer_uuid === recordB.uuid);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.billing_refusals).toEqual(['noConsent']);
  });

  it('starting a credit-note run in B is refused (422) with the message the run would log', async () => {
    const response = await call(yogaAdmin, yoga, '/settlement/trainer-credit-note/send', { settlementUuid: yogaSettlement, trainersSelected: [recordB.uuid] });
    expect(response.status).toBe(422);
    expect((await json<{ message: string }>(response)).message).toBe(noConsentMessage(recordB.name));
  });

  it('the issue step in B refuses them with the same reason and takes no number', async () => {
    // The per-trainer issue call reaches the issue step without the run's pre-check.
    const response = await call(yogaAdmin, yoga, `/trainer-invoice/create/${yoga.apiSlug}/${yoga.mandantId}/${yoga.id}/${MONTH}/${recordB.id}/${yogaAdmin.userUuid}/${yogaSettlement}`);
    expect(response.status).toBe(422);
    const reason = translate('en', 'settlementV1.reason.noConsent');
    expect((await json<{ message: string }>(response)).message).toBe(translate('en', 'settlementV1.invoiceNotCreatedBecause', { trainer: recordB.name, reason }));
    const em = stack.orm.em.fork();
    expect(await em.count(CreditNote, { studioGroup: yoga.id })).toBe(0);
    // The issue step's own log row: the same message as the refusal above.
    const logged = await em.find(SettlementLog, { settlement: { uuid: yogaSettlement }, trainerUuid: recordB.uuid, status: 'error' });
    expect(logged.map((row) => row.message)).toEqual([noConsentMessage(recordB.name)]);
  });

  it('the same person is billed in A, where they consented', async () => {
    const [row] = await billableRows(fitnessAdmin, fitness, recordA.uuid);
    expect(row).toMatchObject({ self_billing_consent: true, billing_refusals: [] });
    expect((await uncheckedTrainer(fitnessAdmin, fitness, recordA.id))?.reasons ?? []).not.toContain('noConsent');

    await prepareSettlement(stack.baseUrl, fitnessAdmin, fitness, fitnessSettlement, MONTH, [recordA.uuid], false);
    const response = await call(fitnessAdmin, fitness, '/settlement/trainer-credit-note/send', { settlementUuid: fitnessSettlement, trainersSelected: [recordA.uuid] });
    expect(response.status, await response.clone().text()).toBe(200);
    const outcomes: Array<string | undefined> = [];
    for await (const line of readNdjson<{ trainer_uuid?: string; outcome?: string }>(response)) if (line.trainer_uuid === recordA.uuid) outcomes.push(line.outcome);
    expect(outcomes).toContain('created');
    expect(await stack.orm.em.fork().count(CreditNote, { trainer: recordA.id, documentType: 'credit_note' })).toBe(1);
  });
});

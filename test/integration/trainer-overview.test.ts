import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminTrainer, TAdminTrainerSaved } from '../../contracts/trainer-overview.contract';
import { OutgoingEmail, StudioGroupTrainer, Trainer } from '../../db/entities';
import { importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn, startStack, type Stack } from '../support/stack';

// The admin trainer overview (spec admin 2.20), its export (spec 7), keywords and 'Ist FTE', and our
// workflowState rule: a trainer's portal change sets 'changed' and tells staff; a changed IBAN is
// not paid until staff approve it; an employee is never billed by credit note.

type Login = Awaited<ReturnType<typeof logIn>>;
type Group = { uuid: string; id: number; mandantId: number; apiSlug: string };

let stack: Stack;
let admin: Login;
let yogaAdmin: Login;
let trainer: Login;
let fitness: Group;
let yoga: Group;
const MONTH = '2026-10-31';

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  fitness = admin.studioGroups[0] as unknown as Group;
  yoga = yogaAdmin.studioGroups[0] as unknown as Group;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

type Answer<T> = { status: number; body: T; text: string };
async function call<T = Record<string, unknown>>(method: string, path: string, { body, locale = 'en', as = admin }: { body?: unknown; locale?: 'de' | 'en'; as?: Login } = {}): Promise<Answer<T>> {
  const response = await fetch(`${stack.baseUrl}${path}`, { method, headers: { ...as.headers, 'x-locale': locale }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // CSV answers stay text
  }
  return { status: response.status, body: parsed as T, text };
}
const g = (path: string, group: { uuid: string } = fitness) => `/api/v1/${group.uuid}${path}`;
const fresh = () => stack.orm.em.fork();
const demoTrainerRecord = async () => (await fresh().findOneOrFail(StudioGroupTrainer, { studioGroup: fitness.id, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer'] })).trainer;
const bySourceId = (sourceId: string, group = fitness) => fresh().findOneOrFail(Trainer, { sourceId, studioGroup: group.id });

describe('trainer overview', () => {
  it("answers the spec's admin trainer rows of the group, and nothing to staff of another group", async () => {
    const { status, body } = await call<TAdminTrainer[]>('GET', g('/trainer-overview'));
    expect(status).toBe(200);
    expect(body).toHaveLength(await fresh().count(Trainer, { studioGroup: fitness.id }));
    const demo = await demoTrainerRecord();
    const row = body.find((item) => item.trainerUuid === demo.uuid)!;
    expect(row).toMatchObject({ id: demo.id, isEmployee: false, trainerEmailValid: true, workflowState: 'new', trainerAccountConnected: true, trainerFilters: [] });
    expect(Object.keys(row).sort()).toEqual(
      ['id', 'trainerUuid', 'trainerName', 'isEmployee', 'trainerEmailValid', 'workflowState', 'trainerAccountConnected', 'trainerFilters', 'updatedDt', 'ibanChangePending'].sort(),
    );
    expect(body.filter((item) => item.trainerAccountConnected)).toHaveLength(1);

    const foreign = await call('GET', g('/trainer-overview'), { as: yogaAdmin });
    expect(foreign.status).toBe(404);
    const asTrainer = await call('GET', g('/trainer-overview'), { as: trainer });
    expect(asTrainer.status).toBe(403);
  });

  it("saves keywords and 'Ist FTE'; refuses bad input and another group's trainer, changing nothing", async () => {
    const record = await bySourceId('DF-T005');
    const saved = await call<TAdminTrainerSaved>('PUT', g(`/trainer-overview/${record.uuid}/settings`), {
      locale: 'de',
      body: { isEmployee: true, trainerFilters: [{ name: ' Yoga ' }, { name: 'Pilates' }, { name: 'yoga' }] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toContain('gespeichert');
    expect(saved.body.trainer).toMatchObject({ isEmployee: true, trainerFilters: [{ name: 'Yoga' }, { name: 'Pilates' }] });
    expect(await bySourceId('DF-T005')).toMatchObject({ isEmployee: true, keywords: ['Yoga', 'Pilates'] });

    const tooLong = await call<{ message: string; field: string }>('PUT', g(`/trainer-overview/${record.uuid}/settings`), { body: { isEmployee: false, trainerFilters: [{ name: 'x'.repeat(41) }] } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('at most 40 characters');
    const yogaTrainer = await fresh().findOneOrFail(Trainer, { studioGroup: yoga.id }, { orderBy: { id: 'asc' } });
    const foreign = await call('PUT', g(`/trainer-overview/${yogaTrainer.uuid}/settings`), { body: { isEmployee: true, trainerFilters: [] } });
    expect(foreign.status).toBe(404);
    expect(await bySourceId('DF-T005')).toMatchObject({ isEmployee: true, keywords: ['Yoga', 'Pilates'] });
    expect((await fresh().findOneOrFail(Trainer, yogaTrainer.id)).isEmployee).toBe(false);
  });

  it('exports the selected trainers as German CSV; refuses an empty, foreign or unknown selection', async () => {
    const a = await bySourceId('DF-T001');
    const b = await bySourceId('DF-T005');
    const response = await fetch(`${stack.baseUrl}/admin/trainer/export`, { method: 'POST', headers: admin.headers, body: JSON.stringify({ trainersExport: [a.uuid, b.uuid] }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('trainers_export.csv');
    expect(response.headers.get('content-type')).toContain('text/csv');
    const csv = Buffer.from(await response.arrayBuffer()).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(csv.slice(1), { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(3);
    const header = rows[0]!;
    const byId = new Map(rows.slice(1).map((row) => [row[0], Object.fromEntries(header.map((name, index) => [name, row[index]]))]));
    expect(byId.get('DF-T001')).toMatchObject({ IBAN: a.iban, Nachname: a.lastname, 'MwSt-Satz %': a.vatLiable ? '19,00' : '0,00' });
    expect(byId.get('DF-T005')).toMatchObject({ 'Ist FTE': 'Ja', Keywords: 'Yoga, Pilates' });

    const yogaTrainer = await fresh().findOneOrFail(Trainer, { studioGroup: yoga.id }, { orderBy: { id: 'asc' } });
    const refusals = [
      { body: { trainersExport: [] }, status: 400 },
      { body: { trainersExport: [yogaTrainer.uuid] }, status: 404 },
      { body: { trainersExport: [a.uuid, yogaTrainer.uuid] }, status: 404 },
      { body: { trainersExport: [randomUUID()] }, status: 404 },
      { body: { trainersExport: ['not-a-uuid'] }, status: 400 },
    ];
    for (const refusal of refusals) {
      const answer = await fetch(`${stack.baseUrl}/admin/trainer/export`, { method: 'POST', headers: { ...admin.headers, 'x-locale': 'de' }, body: JSON.stringify(refusal.body) });
      expect(answer.status, JSON.stringify(refusal.body)).toBe(refusal.status);
      const json = (await answer.json()) as { status: string; message: string };
      expect(json.status).toBe('error');
      expect(json.message).not.toContain(a.iban!);
    }
    // Staff of the other group cannot export the first group's trainers; without a session nothing.
    expect((await fetch(`${stack.baseUrl}/admin/trainer/export`, { method: 'POST', headers: yogaAdmin.headers, body: JSON.stringify({ trainersExport: [a.uuid] }) })).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/admin/trainer/export`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ trainersExport: [a.uuid] }) })).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}/admin/trainer/export`, { method: 'POST', headers: trainer.headers, body: JSON.stringify({ trainersExport: [a.uuid] }) })).status).toBe(403);
  });
});

describe('workflowState: staff review of billing data', () => {
  it('a portal change sets changed and e-mails staff; a changed IBAN is refused by the credit-note run until approved; an employee never', async () => {
    await importDemoClasses(stack.baseUrl, admin, fitness.uuid, '2026-10-01', MONTH);
    const demo = await demoTrainerRecord();
    const employee = await bySourceId('DF-T005');
    const settlementUuid = randomUUID();
    await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [demo.uuid, employee.uuid], false);

    const before = await fresh().count(OutgoingEmail, { idempotencyKey: { $like: `${fitness.uuid}:trainer-data-changed:%` } });
    const patch = await fetch(`${stack.baseUrl}/api/v2/trainer_accounts/${trainer.userUuid}`, {
      method: 'PATCH',
      headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ trainerIban: 'DE02120300000000202051' }),
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    const changed = await fresh().findOneOrFail(Trainer, demo.id);
    expect(changed.workflowState).toBe('changed');
    expect(changed.ibanChangedAt).not.toBeNull();
    const mails = await fresh().find(OutgoingEmail, { idempotencyKey: { $like: `${fitness.uuid}:trainer-data-changed:%` } });
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatchObject({ toAddress: 'admin@demo.test' });
    expect(mails.at(-1)!.textBody).toContain(`/admin/trainer/${demo.id}/edit`);
    // Saving the same value again is no change.
    await fetch(`${stack.baseUrl}/api/v2/trainer_accounts/${trainer.userUuid}`, {
      method: 'PATCH',
      headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ trainerIban: 'DE02 1203 0000 0000 2020 51' }),
    });
    expect(await fresh().count(OutgoingEmail, { idempotencyKey: { $like: `${fitness.uuid}:trainer-data-changed:%` } })).toBe(before + 1);

    const overview = await call<TAdminTrainer[]>('GET', g('/trainer-overview'));
    expect(overview.body.find((row) => row.trainerUuid === demo.uuid)).toMatchObject({ workflowState: 'changed', ibanChangePending: true });

    // The selection lists the reasons.
    const billable = await call<{ rows: Array<{ trainer_uuid: string; is_employee: boolean; iban_change_pending: boolean }> }>('GET', g(`/settlement/${settlementUuid}/billable-trainers?month=${MONTH}`));
    expect(billable.status, billable.text).toBe(200);
    expect(billable.body.rows.find((row) => row.trainer_uuid === demo.uuid)).toMatchObject({ iban_change_pending: true, is_employee: false });
    expect(billable.body.rows.find((row) => row.trainer_uuid === employee.uuid)).toMatchObject({ is_employee: true });

    const send = (trainersSelected: string[]) =>
      fetch(`${stack.baseUrl}${g('/settlement/trainer-credit-note/send')}`, {
        method: 'POST',
        headers: { ...admin.headers, 'x-locale': 'en' },
        body: JSON.stringify({ settlementUuid, settlementRunUuid: randomUUID(), trainersSelected }),
      });
    const refusedIban = await send([demo.uuid]);
    expect(refusedIban.status).toBe(422);
    expect(((await refusedIban.json()) as { message: string }).message).toContain('changed the IBAN');
    const refusedEmployee = await send([employee.uuid]);
    expect(refusedEmployee.status).toBe(422);
    expect(((await refusedEmployee.json()) as { message: string }).message).toContain('employee');

    const yogaReview = await call('POST', g(`/trainer-overview/${demo.uuid}/review`, yoga), { as: yogaAdmin, body: { decision: 'approved' } });
    expect(yogaReview.status).toBe(404);
    expect((await fresh().findOneOrFail(Trainer, demo.id)).workflowState).toBe('changed');
    const approved = await call<TAdminTrainerSaved>('POST', g(`/trainer-overview/${demo.uuid}/review`), { body: { decision: 'approved' } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.trainer).toMatchObject({ workflowState: 'approved', ibanChangePending: false, reviewedBy: expect.any(String) });

    const run = await send([demo.uuid]);
    expect(run.status).toBe(200);
    const messages: Array<{ status: string; message: string }> = [];
    for await (const message of readNdjson<{ status: string; message: string }>(run)) messages.push(message);
    expect(messages.at(-1)?.status).toBe('finished_studiogroup');
    expect(messages.some((message) => message.status === 'error')).toBe(false);

    const rejected = await call<TAdminTrainerSaved>('POST', g(`/trainer-overview/${demo.uuid}/review`), { body: { decision: 'rejected' } });
    expect(rejected.body.trainer.workflowState).toBe('rejected');
    const bad = await call('POST', g(`/trainer-overview/${demo.uuid}/review`), { body: { decision: 'maybe' } });
    expect(bad.status).toBe(400);
  }, 240_000);
});

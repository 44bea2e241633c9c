import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLog, TCreateStudioGroupRequest, TOperatorStudioGroup, TOperatorStudioGroupList, TOperatorStudioGroupSaved } from '../../contracts/onboarding.contract';
import { AuditLog, ContactRequest, Mandant, StudioGroup, StudioGroupTrainer } from '../../db/entities';
import { DEMO_FITNESS_GROUP_NAME } from '../../db/seed';
import { issueCreditNote } from '../support/credit-notes';
import { png } from '../support/logo';
import { apiCaller, logIn, startStack, type Stack } from '../support/stack';

// The operator console's onboarding against the real API and PostgreSQL (docs/onboarding.md): a
// group created from a contact request, listed as set up, edited, marked live; suspended (its staff
// refused every change with 423, reads and the trainers' credit-note downloads still served) and
// reactivated; each change in the audit log. Staff and trainers get 403 on every operator route, and
// every bad input a clear 4xx in the caller's language with nothing written.

let stack: Stack;
let operator: Awaited<ReturnType<typeof logIn>>;
let staff: Awaited<ReturnType<typeof logIn>>;
let trainer: Awaited<ReturnType<typeof logIn>>;
let fitnessUuid: string;
const call = apiCaller(() => stack.baseUrl, () => operator);
const em = () => stack.orm.em.fork();

beforeAll(async () => {
  stack = await startStack({ worker: false });
  [operator, staff, trainer] = await Promise.all([logIn(stack.baseUrl, 'ops@demo.test'), logIn(stack.baseUrl, 'admin@demo.test'), logIn(stack.baseUrl, 'trainer@demo.test')]);
  fitnessUuid = staff.studioGroups.find((group) => group.name === DEMO_FITNESS_GROUP_NAME)!.uuid;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const NEW_GROUP: TCreateStudioGroupRequest = {
  name: 'Studio Nord',
  apiSlug: 'studio-nord',
  companyName: 'Studio Nord GmbH',
  street: 'Elbchaussee',
  houseNumber: '12',
  postalCode: '22763',
  city: 'Hamburg',
  country: 'DE',
  taxNumber: '43/123/45678',
  vatId: null,
  iban: 'DE02 1203 0000 0000 2020 51',
  bic: 'BYLADEM1001',
  accountingEmail: 'Buchhaltung@Studio-Nord.example',
  accountingFiles: ['SEPA_XML', 'CREDIT_NOTES_ZIP'],
  sourceSystem: 'csv',
  languages: ['de', 'en'],
  datev: { chart: 'SKR03', consultantNumber: 29098, clientNumber: 1234, fiscalYearStartMonth: 1, expenseAccount: 3100, creditorRangeStart: 70000, creditorRangeEnd: 99999 },
};

const counts = async () => ({ groups: await em().count(StudioGroup, {}), mandants: await em().count(Mandant, {}), audit: await em().count(AuditLog, {}) });

describe('operator console: studio groups', () => {
  let created: TOperatorStudioGroup;

  it('creates a group from a contact request: listed as set up, the request handled and linked, the change in the audit log', async () => {
    const fork = em();
    const stored = fork.create(ContactRequest, { company: 'Studio Nord GmbH', firstname: 'Maria', lastname: 'Schulz', email: 'maria@studio-nord.example', terms: true, language: 'de' });
    await fork.flush();

    const answer = await call<TOperatorStudioGroupSaved>('POST', '/api/operator/studio-groups', { body: { ...NEW_GROUP, contactRequestUuid: stored.uuid }, locale: 'de' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Studiogruppe „Studio Nord“ angelegt. Sie wird eingerichtet.');
    created = answer.body.studioGroup;
    expect(created).toMatchObject({
      name: 'Studio Nord',
      apiSlug: 'studio-nord',
      state: 'set_up',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      accountingEmail: 'buchhaltung@studio-nord.example',
      mandant: { name: 'Studio Nord GmbH' },
      counts: { staff: 0, trainers: 0, studios: 0 },
      lastSettlement: null,
      contactRequestUuid: stored.uuid,
      datev: { chart: 'SKR03', clientNumber: 1234 },
    });

    const list = await call<TOperatorStudioGroupList>('GET', '/api/operator/studio-groups');
    expect(list.status).toBe(200);
    expect(list.body.studioGroups.find((group) => group.uuid === created.uuid)?.state).toBe('set_up');
    const fitness = list.body.studioGroups.find((group) => group.uuid === fitnessUuid)!;
    expect(fitness.state).toBe('live');
    expect(fitness.counts.trainers).toBeGreaterThan(0);
    expect(fitness.counts.staff).toBeGreaterThan(0);

    const linked = await em().findOneOrFail(ContactRequest, { uuid: stored.uuid }, { populate: ['convertedStudioGroup', 'handledBy'] });
    expect(linked.convertedStudioGroup?.uuid).toBe(created.uuid);
    expect(linked.handledAt).not.toBeNull();
    expect(linked.handledBy?.email).toBe('ops@demo.test');

    const log = await call<TAuditLog>('GET', `/api/operator/audit-log?studioGroupUuid=${created.uuid}`);
    expect(log.body.entries).toEqual([expect.objectContaining({ action: 'studioGroup.created', actor: 'ops@demo.test', studioGroupName: 'Studio Nord' })]);

    // The same request a second time: it has its group already.
    const again = await call('POST', '/api/operator/studio-groups', { body: { ...NEW_GROUP, name: 'Studio Nord 2', apiSlug: 'studio-nord-2', contactRequestUuid: stored.uuid } });
    expect(again.status).toBe(409);
  });

  it('refuses duplicates and invalid data with the field and a message in the caller language, and writes nothing', async () => {
    const before = await counts();
    const cases: Array<{ body: Partial<TCreateStudioGroupRequest>; status: number; field: string; en: RegExp; de: RegExp }> = [
      { body: { name: 'demo fitness group', apiSlug: 'other-slug' }, status: 409, field: 'name', en: /already exists/, de: /gibt schon eine Studiogruppe/ },
      { body: { name: 'Another name', apiSlug: 'studio-nord' }, status: 409, field: 'apiSlug', en: /already taken/, de: /gehört schon/ },
      { body: { name: 'Another name', apiSlug: 'x' }, status: 400, field: 'apiSlug', en: /lower-case/, de: /Kleinbuchstaben/ },
      { body: { name: 'Another name', apiSlug: 'another', iban: 'DE00 1234 5678 9012 3456 78' }, status: 400, field: 'iban', en: /IBAN/, de: /IBAN/ },
      { body: { name: 'Another name', apiSlug: 'another', vatId: 'DE12345', taxNumber: null }, status: 400, field: 'vatId', en: /VAT/, de: /USt/ },
      { body: { name: 'Another name', apiSlug: 'another', postalCode: '1234' }, status: 400, field: 'postalCode', en: /5 digits/, de: /5 Ziffern/ },
      { body: { name: 'Another name', apiSlug: 'another', bic: 'NOTABIC' }, status: 400, field: 'bic', en: /BIC/, de: /BIC/ },
      { body: { name: 'Another name', apiSlug: 'another', languages: [] }, status: 400, field: 'languages', en: /at least one language/, de: /mindestens eine Sprache/ },
    ];
    for (const { body, status, field, en, de } of cases) {
      for (const [locale, pattern] of [['en', en], ['de', de]] as const) {
        const answer = await call<{ status: string; message: string; field: string }>('POST', '/api/operator/studio-groups', { body: { ...NEW_GROUP, ...body }, locale });
        expect(answer.status, `${JSON.stringify(body)} ${locale}`).toBe(status);
        expect(answer.body.field).toBe(field);
        expect(answer.body.message).toMatch(pattern);
      }
    }
    // An edit to a name another group has is refused the same way.
    const rename = await call<{ field: string }>('PUT', `/api/operator/studio-groups/${created.uuid}`, { body: { ...NEW_GROUP, name: DEMO_FITNESS_GROUP_NAME } });
    expect(rename.status).toBe(409);
    expect(rename.body.field).toBe('name');
    expect(await counts()).toEqual(before);
  });

  it('edits a group and records which fields changed', async () => {
    const answer = await call<TOperatorStudioGroupSaved>('PUT', `/api/operator/studio-groups/${created.uuid}`, { body: { ...NEW_GROUP, city: 'Hamburg-Altona', languages: ['en'] } });
    expect(answer.status).toBe(200);
    expect(answer.body.studioGroup).toMatchObject({ city: 'Hamburg-Altona', languages: ['en'] });
    const detail = await call<TOperatorStudioGroup>('GET', `/api/operator/studio-groups/${created.uuid}`);
    expect(detail.body.city).toBe('Hamburg-Altona');
    const log = await call<TAuditLog>('GET', `/api/operator/audit-log?studioGroupUuid=${created.uuid}`);
    expect(log.body.entries[0]).toMatchObject({ action: 'studioGroup.updated', details: { changed: ['city', 'languages'] } });
  });

  it('records the logo an operator uploads for the group', async () => {
    const saved = await call('PUT', `/api/v1/${created.uuid}/settings/logo`, { body: { contentBase64: png().toString('base64') } });
    expect(saved.status).toBe(200);
    const log = await call<TAuditLog>('GET', `/api/operator/audit-log?studioGroupUuid=${created.uuid}`);
    expect(log.body.entries[0]).toMatchObject({ action: 'studioGroup.logoSaved', actor: 'ops@demo.test' });
  });

  it('lets the operator invite the new group first admin, recorded in the group audit log', async () => {
    const invited = await call('POST', `/api/v1/${created.uuid}/staff/invitations`, { body: { email: 'chefin@studio-nord.example', firstname: 'Clara', lastname: 'Chefin', role: 'admin', locale: 'de' } });
    expect(invited.status).toBeLessThan(300);
    const log = await call<TAuditLog>('GET', `/api/operator/audit-log?studioGroupUuid=${created.uuid}`);
    expect(log.body.entries[0]).toMatchObject({ action: 'staff.invited', actor: 'ops@demo.test' });
  });

  it('marks a group live once', async () => {
    const live = await call<TOperatorStudioGroupSaved>('POST', `/api/operator/studio-groups/${created.uuid}/live`);
    expect(live.status).toBe(200);
    expect(live.body.studioGroup.state).toBe('live');
    expect((await call('POST', `/api/operator/studio-groups/${created.uuid}/live`)).status).toBe(409);
  });

  it('suspends a group: its staff change nothing (423), reads and the trainers credit-note downloads go on; reactivated, staff work again', async () => {
    const link = await em().findOneOrFail(StudioGroupTrainer, { studioGroup: { uuid: fitnessUuid }, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer'] });
    const issued = await issueCreditNote(stack, { studioGroupUuid: fitnessUuid, trainerUuid: link.trainer.uuid, month: '2025-11-30', number: 'GS-2025-09001' });

    const missingReason = await call('POST', `/api/operator/studio-groups/${fitnessUuid}/suspend`, { body: {} });
    expect(missingReason.status).toBe(400);
    const suspended = await call<TOperatorStudioGroupSaved>('POST', `/api/operator/studio-groups/${fitnessUuid}/suspend`, { body: { reason: 'Contract ended' }, locale: 'en' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.studioGroup).toMatchObject({ state: 'suspended', suspensionReason: 'Contract ended' });
    expect(suspended.body.message).toMatch(/credit notes and files are kept/);
    expect((await call('POST', `/api/operator/studio-groups/${fitnessUuid}/suspend`, { body: { reason: 'again' } })).status).toBe(409);
    expect((await call('POST', `/api/operator/studio-groups/${fitnessUuid}/live`)).status).toBe(409);

    const settings = await call<Record<string, unknown>>('GET', `/api/v1/${fitnessUuid}/settings`, { as: staff });
    expect(settings.status).toBe(200);
    const { uuid: _uuid, name: _name, apiSlug: _slug, updatedAt: _at, ...values } = settings.body;
    const refused = await call<{ message: string }>('PUT', `/api/v1/${fitnessUuid}/settings`, { as: staff, body: { ...values, city: 'Potsdam' }, locale: 'de' });
    expect(refused.status).toBe(423);
    expect(refused.body.message).toMatch(/gesperrt: Es kann nichts geändert werden/);
    expect((await call('POST', `/api/v1/${fitnessUuid}/studios`, { as: staff, body: {} })).status).toBe(423);
    expect((await em().findOneOrFail(StudioGroup, { uuid: fitnessUuid })).city).not.toBe('Potsdam');
    // Staff still read and download.
    expect((await call('GET', `/api/v1/${fitnessUuid}/trainers`, { as: staff })).status).toBe(200);
    expect((await call('POST', `/api/v1/${fitnessUuid}/downloads/sign`, { as: staff, body: { path: `/admin/credit-note/download/${fitnessUuid},2025-11,${link.trainer.uuid},${encodeURIComponent(issued.fileName)}` } })).status).toBe(200);
    // The trainer downloads their credit note as before.
    const download = await fetch(`${stack.baseUrl}/de/trainer/credit-note/download/${fitnessUuid},2025-11,${link.trainer.uuid},${encodeURIComponent(issued.fileName)}`, { headers: trainer.headers });
    expect(download.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), issued.pdf)).toBe(0);

    const reactivated = await call<TOperatorStudioGroupSaved>('POST', `/api/operator/studio-groups/${fitnessUuid}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.studioGroup).toMatchObject({ state: 'live', suspendedAt: null, suspensionReason: null });
    expect((await call('POST', `/api/operator/studio-groups/${fitnessUuid}/reactivate`)).status).toBe(409);
    const allowed = await call('PUT', `/api/v1/${fitnessUuid}/settings`, { as: staff, body: values });
    expect(allowed.status).toBe(200);

    const log = await call<TAuditLog>('GET', `/api/operator/audit-log?studioGroupUuid=${fitnessUuid}`);
    expect(log.body.entries.map((entry) => entry.action)).toEqual(['studioGroup.reactivated', 'studioGroup.suspended']);
    expect(log.body.entries[1]!.details).toEqual({ reason: 'Contract ended' });
  });

  it('answers staff and trainers 403 and nobody 401 on every operator route, and an unknown group 404', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/operator/studio-groups'],
      ['POST', '/api/operator/studio-groups', NEW_GROUP],
      ['GET', `/api/operator/studio-groups/${fitnessUuid}`],
      ['PUT', `/api/operator/studio-groups/${fitnessUuid}`, NEW_GROUP],
      ['POST', `/api/operator/studio-groups/${fitnessUuid}/live`],
      ['POST', `/api/operator/studio-groups/${fitnessUuid}/suspend`, { reason: 'x' }],
      ['POST', `/api/operator/studio-groups/${fitnessUuid}/reactivate`],
      ['GET', '/api/operator/audit-log'],
    ];
    const before = await counts();
    for (const [method, path, body] of routes) {
      for (const as of [staff, trainer]) {
        const answer = await call<{ message: string }>(method, path, { as, body });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.message).toBe('Only platform operators onboard studio groups.');
      }
      expect((await call(method, path, { as: null, body })).status).toBe(401);
    }
    expect(await counts()).toEqual(before);
    expect((await call('GET', '/api/operator/studio-groups/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('GET', '/api/operator/studio-groups/not-a-uuid')).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentTypeRule, TPaymentTypeRuleSaved } from '../../contracts/payment-type-rule.contract';
import type { TStudio } from '../../contracts/studio.contract';
import type { TStudioGroupSettings } from '../../contracts/studio-group-settings.contract';
import { settingsFormOf } from '../support/studio-group-settings';
import type { TTrainerDetail, TTrainerListItem, TUpdateTrainerRequest } from '../../contracts/trainer.contract';
import { PaymentTypeRule, Studio, StudioGroup, Trainer } from '../../db/entities';
import { apiCaller, logIn, startStack, type Stack } from '../support/stack';

// Master data against the real stack: trainers, studios, payment type rules and the studio group
// settings. Every refusal is checked twice: the answer (status, field, message in de/en) and that the
// database did not change.

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number };
let yoga: { uuid: string; id: number };

/** The demo month imported before the rule tests: classes from 1 to 30 September 2026. */
const IMPORTED_MONTH = { dateStart: '2026-09-01', dateEnd: '2026-09-30' };

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = admin.studioGroups[0]!;
  yoga = yogaAdmin.studioGroups[0]!;
  // Classes arrive only through the class import; reading the streamed answer to its end waits for it.
  const response = await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/demo/import/classes/ondemand`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify(IMPORTED_MONTH),
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('finished_studiogroup');
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const call = apiCaller(() => stack.baseUrl, () => admin);

const g = (path: string, group = fitness) => `/api/v1/${group.uuid}${path}`;
const fresh = () => stack.orm.em.fork();

async function trainerBySourceId(sourceId: string, group = fitness) {
  return fresh().findOneOrFail(Trainer, { sourceId, studioGroup: { uuid: group.uuid } });
}

/** The edit form as the web app sends it, from a trainer's current detail. */
function formOf(detail: TTrainerDetail): TUpdateTrainerRequest {
  return {
    firstname: detail.firstname ?? '',
    lastname: detail.lastname ?? '',
    companyName: detail.companyName,
    email: detail.email,
    street: detail.street,
    houseNumber: detail.houseNumber,
    postalCode: detail.postalCode,
    city: detail.city,
    country: detail.country ?? 'DE',
    iban: detail.iban,
    bic: detail.bic,
    taxNumber: detail.taxNumber,
    taxNumberMandatory: detail.taxNumberMandatory,
    vatId: detail.vatId,
    vatLiable: detail.vatLiable,
  };
}

const rowOf = (trainer: Trainer) => JSON.stringify({ ...trainer, updatedAt: undefined, studioGroup: undefined });

describe('trainers', () => {
  it('lists the group’s trainers with studios, VAT liability, data completeness and account link', async () => {
    const { status, body } = await call<TTrainerListItem[]>('GET', g('/trainers'));
    expect(status).toBe(200);
    expect(body).toHaveLength(25);
    expect(body.filter((trainer) => !trainer.dataCompleteness.complete)).toHaveLength(3);
    expect(body.filter((trainer) => !trainer.vatLiable)).toHaveLength(5);

    const withoutIban = body.find((trainer) => trainer.sourceId === 'DF-T023')!;
    expect(withoutIban.dataCompleteness).toMatchObject({ complete: false, missing: ['iban'] });
    expect(body.find((trainer) => trainer.sourceId === 'DF-T025')!.dataCompleteness.missing).toEqual(['street']);

    const connected = body.filter((trainer) => trainer.accountConnected);
    expect(connected.map((trainer) => trainer.email)).toEqual(['trainer@demo.test']);
    // Studios come from the imported classes.
    expect(body.filter((trainer) => trainer.studios.length > 0).length).toBeGreaterThan(15);
    const studioNames = new Set(body.flatMap((trainer) => trainer.studios.map((studio) => studio.name)));
    expect([...studioNames].sort()).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(body[0]).toMatchObject({ id: expect.any(Number), uuid: expect.any(String), name: expect.any(String), email: expect.any(String) });
  });

  it('answers one trainer by its integer id, and 404 for a trainer of another studio group', async () => {
    const own = await trainerBySourceId('DF-T001');
    const { status, body } = await call<TTrainerDetail>('GET', g(`/trainers/${own.id}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: own.id, uuid: own.uuid, iban: own.iban, postalCode: own.postalCode, taxNumberMandatory: own.taxNumberMandatory });

    const foreign = await trainerBySourceId('DY-T001', yoga);
    const before = rowOf(foreign);
    const read = await call('GET', g(`/trainers/${foreign.id}`));
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ status: 'error', message: 'Trainer not found in this studio group.' });
    const write = await call('PUT', g(`/trainers/${foreign.id}`), { body: formOf({ ...(body as TTrainerDetail), firstname: 'Mallory' }) });
    expect(write.status).toBe(404);
    expect(rowOf(await trainerBySourceId('DY-T001', yoga))).toBe(before);

    expect((await call('GET', g('/trainers/abc'))).status).toBe(400);
    expect((await call('GET', g('/trainers/99999999'))).status).toBe(404);
  });

  it('saves the form: IBAN normalised, VAT ID compacted, and the data is complete afterwards', async () => {
    const trainer = await trainerBySourceId('DF-T023'); // no IBAN in the source
    const detail = (await call<TTrainerDetail>('GET', g(`/trainers/${trainer.id}`))).body;
    const { status, body } = await call<{ status: string; message: string; trainer: TTrainerDetail }>('PUT', g(`/trainers/${trainer.id}`), {
      locale: 'de',
      body: { ...formOf(detail), iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', vatId: 'DE 136.695.976', companyName: '  ', email: 'Neu@Demo.Test' },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.message).toBe(`Trainerdaten von ${detail.name} gespeichert.`);
    expect(body.trainer).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      vatId: 'DE136695976',
      companyName: null,
      email: 'neu@demo.test',
      dataCompleteness: { complete: true, missing: [] },
    });
    const stored = await trainerBySourceId('DF-T023');
    expect(stored).toMatchObject({ iban: 'DE89370400440532013000', vatId: 'DE136695976', email: 'neu@demo.test' });
  });

  it('refuses a bad IBAN with 400 naming the field, in German and English, and changes nothing', async () => {
    const trainer = await trainerBySourceId('DF-T002');
    const before = rowOf(trainer);
    const detail = (await call<TTrainerDetail>('GET', g(`/trainers/${trainer.id}`))).body;
    const form = { ...formOf(detail), firstname: 'Changed', iban: 'DE89 3704 0044 0532 0130 01' };

    const german = await call('PUT', g(`/trainers/${trainer.id}`), { body: form, locale: 'de' });
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ status: 'error', field: 'iban', message: 'iban: ist keine gültige IBAN' });
    const english = await call('PUT', g(`/trainers/${trainer.id}`), { body: form, locale: 'en' });
    expect(english.body).toEqual({ status: 'error', field: 'iban', message: 'iban: is not a valid IBAN' });
    expect(rowOf(await trainerBySourceId('DF-T002'))).toBe(before);
  });

  it('refuses a six-digit postal code, a bad VAT ID, a bad BIC and an empty name, changing nothing', async () => {
    const trainer = await trainerBySourceId('DF-T003');
    const before = rowOf(trainer);
    const form = formOf((await call<TTrainerDetail>('GET', g(`/trainers/${trainer.id}`))).body);

    const postal = await call('PUT', g(`/trainers/${trainer.id}`), { body: { ...form, street: 'Neue Straße', postalCode: '101191' }, locale: 'de' });
    expect(postal).toEqual({ status: 400, body: { status: 'error', field: 'postalCode', message: 'postalCode: muss aus genau 5 Ziffern bestehen' } });
    const vat = await call('PUT', g(`/trainers/${trainer.id}`), { body: { ...form, vatId: 'DE123' } });
    expect(vat.body).toEqual({ status: 'error', field: 'vatId', message: 'vatId: is not a valid VAT ID' });
    const bic = await call('PUT', g(`/trainers/${trainer.id}`), { body: { ...form, bic: 'NOTABIC' } });
    expect(bic.body).toMatchObject({ field: 'bic' });
    const name = await call('PUT', g(`/trainers/${trainer.id}`), { body: { ...form, lastname: '   ' } });
    expect(name.body).toEqual({ status: 'error', field: 'lastname', message: 'lastname: must not be empty' });
    const missing = await call('PUT', g(`/trainers/${trainer.id}`), { body: { firstname: 'Only' } });
    expect(missing.status).toBe(400);
    expect(rowOf(await trainerBySourceId('DF-T003'))).toBe(before);
  });

  it('is for staff of the group only', async () => {
    const trainerUser = await logIn(stack.baseUrl, 'trainer@demo.test');
    expect((await call('GET', g('/trainers'), { as: trainerUser })).status).toBe(403);
    expect((await call('GET', g('/trainers'), { as: yogaAdmin })).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}${g('/trainers')}`)).status).toBe(401);
  });
});

describe('studios', () => {
  it('lists the studios with their source id and counts, and saves name and city', async () => {
    const list = await call<TStudio[]>('GET', g('/studios'));
    expect(list.status).toBe(200);
    expect(list.body.map((studio) => studio.name)).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(list.body.every((studio) => studio.classCount > 100 && studio.trainerCount > 0)).toBe(true);

    const mitte = list.body[0]!;
    const saved = await call<{ message: string; studio: TStudio }>('PUT', g(`/studios/${mitte.uuid}`), {
      body: { name: ' Berlin Mitte (Torstraße) ', city: 'Berlin', sourceId: 'HACKED' },
      locale: 'de',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Studio Berlin Mitte (Torstraße) gespeichert.');
    expect(saved.body.studio).toMatchObject({ name: 'Berlin Mitte (Torstraße)', sourceId: mitte.sourceId });
    expect(await fresh().findOneOrFail(Studio, { uuid: mitte.uuid })).toMatchObject({ sourceId: mitte.sourceId, name: 'Berlin Mitte (Torstraße)' });
  });

  it('refuses an empty name and a studio of another group, changing nothing', async () => {
    const [studio] = (await call<TStudio[]>('GET', g('/studios'))).body;
    const empty = await call('PUT', g(`/studios/${studio!.uuid}`), { body: { name: '', city: 'X' } });
    expect(empty).toEqual({ status: 400, body: { status: 'error', field: 'name', message: 'name: must not be empty' } });
    const yogaStudio = (await call<TStudio[]>('GET', g('/studios', yoga), { as: yogaAdmin })).body[0]!;
    const foreign = await call('PUT', g(`/studios/${yogaStudio.uuid}`), { body: { name: 'Mine now', city: null } });
    expect(foreign.status).toBe(404);
    expect(await fresh().findOneOrFail(Studio, { uuid: yogaStudio.uuid })).toMatchObject({ name: yogaStudio.name });
    expect(await fresh().findOneOrFail(Studio, { uuid: studio!.uuid })).toMatchObject({ name: studio!.name, city: studio!.city });
  });
});

describe('payment type rules', () => {
  const rules = async (query = '') => (await call<TPaymentTypeRule[]>('GET', g(`/payment-type-rules${query}`))).body;
  const ruleCount = () => fresh().count(PaymentTypeRule, { studioGroup: { uuid: fitness.uuid } });
  const flatRule = {
    name: 'Workshop flat',
    category: 'Workshop',
    validFrom: '2027-01-01',
    kind: 'flat',
    flatCents: 5000,
  };

  it('lists the rules with their dates, narrowing and amounts in cents, filtered by trainer and studio', async () => {
    const all = await rules();
    expect(all).toHaveLength(7);
    const cycling = all.find((rule) => rule.category === 'Cycling')!;
    expect(cycling).toMatchObject({
      validFrom: '2020-01-01',
      validTo: null,
      kind: 'hourly',
      hourlyCents: 3000,
      bookedSlotMode: 'per_slot',
      bookedSlotThreshold: 15,
      perSlotCents: 50,
      trainer: null,
      studio: null,
      inUse: true,
    });
    const schwabing = all.find((rule) => rule.studio !== null)!;
    expect(schwabing.studio!.name).toBe('München Schwabing');
    const hiit = all.find((rule) => rule.trainer !== null)!;

    const forStudio = await rules(`?studioUuid=${schwabing.studio!.uuid}`);
    expect(forStudio.map((rule) => rule.uuid)).toContain(schwabing.uuid);
    expect(forStudio.every((rule) => rule.studio === null || rule.studio.uuid === schwabing.studio!.uuid)).toBe(true);
    const otherStudio = (await call<TStudio[]>('GET', g('/studios'))).body.find((studio) => studio.uuid !== schwabing.studio!.uuid)!;
    expect((await rules(`?studioUuid=${otherStudio.uuid}`)).map((rule) => rule.uuid)).not.toContain(schwabing.uuid);
    // Rules that can apply to a trainer: the ones narrowed to them and those not narrowed to a trainer.
    expect((await rules(`?trainerId=${hiit.trainer!.id}`)).map((rule) => rule.uuid)).toContain(hiit.uuid);
    const someoneElse = await trainerBySourceId('DF-T001');
    const forSomeoneElse = await rules(`?trainerId=${someoneElse.id}`);
    expect(forSomeoneElse).toHaveLength(6);
    expect(forSomeoneElse.map((rule) => rule.uuid)).not.toContain(hiit.uuid);
    expect((await call('GET', g('/payment-type-rules?studioUuid=nope'))).body).toMatchObject({ field: 'studioUuid' });
  });

  it('creates a rule and refuses bad input with 400 naming the field, creating nothing', async () => {
    const count = await ruleCount();
    const refusals: Array<[unknown, string, string]> = [
      [{ ...flatRule, flatCents: -100 }, 'flatCents', 'flatCents: must not be negative'],
      [{ ...flatRule, flatCents: 12.5 }, 'flatCents', 'flatCents: must be a whole number of cents'],
      [{ ...flatRule, flatCents: null }, 'flatCents', 'flatCents: is required for a flat amount per class'],
      [{ ...flatRule, kind: 'hourly' }, 'hourlyCents', 'hourlyCents: is required for an hourly rate'],
      [{ ...flatRule, validTo: '2026-12-31' }, 'validTo', 'validTo: must not be before the valid-from date'],
      [{ ...flatRule, validFrom: '2027-02-30' }, 'validFrom', 'validFrom: is not a calendar date'],
      [{ ...flatRule, minCents: 3000, maxCents: 2000 }, 'minCents', 'minCents: must not be more than the maximum'],
      [{ ...flatRule, maxCents: -1 }, 'maxCents', 'maxCents: must not be negative'],
      [{ ...flatRule, bookedSlotMode: 'fixed_bonus', bookedSlotThreshold: 10, fixedBonusCents: -500 }, 'fixedBonusCents', 'fixedBonusCents: must not be negative'],
      [{ ...flatRule, bookedSlotMode: 'per_slot', perSlotCents: 50 }, 'bookedSlotThreshold', 'bookedSlotThreshold: is required: from how many booked slots on'],
      [
        { ...flatRule, bookedSlotMode: 'tiers', tiers: [{ fromBookedSlots: 20, bonusCents: 500 }, { fromBookedSlots: 10, bonusCents: 1000 }] },
        'tiers.1.fromBookedSlots',
        'tiers.1.fromBookedSlots: must start at ascending numbers of booked slots, each higher than the one before',
      ],
      [{ ...flatRule, name: '' }, 'name', 'name: must not be empty'],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await call('POST', g('/payment-type-rules'), { body });
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { status: 'error', field, message } });
    }
    const german = await call('POST', g('/payment-type-rules'), { body: { ...flatRule, flatCents: -1 }, locale: 'de' });
    expect(german.body).toMatchObject({ message: 'flatCents: darf nicht negativ sein' });

    const foreignTrainer = await trainerBySourceId('DY-T001', yoga);
    const narrowed = await call('POST', g('/payment-type-rules'), { body: { ...flatRule, trainerId: foreignTrainer.id }, locale: 'de' });
    expect(narrowed).toEqual({ status: 400, body: { status: 'error', field: 'trainerId', message: 'trainerId: ist kein Trainer dieser Studiogruppe' } });
    const foreignStudio = (await call<TStudio[]>('GET', g('/studios', yoga), { as: yogaAdmin })).body[0]!;
    const inStudio = await call('POST', g('/payment-type-rules'), { body: { ...flatRule, studioUuid: foreignStudio.uuid } });
    expect(inStudio.body).toMatchObject({ field: 'studioUuid', message: 'studioUuid: is not a studio of this studio group' });
    expect(await ruleCount()).toBe(count);

    const created = await call<TPaymentTypeRuleSaved>('POST', g('/payment-type-rules'), {
      body: { ...flatRule, hourlyCents: 999, bookedSlotMode: 'fixed_bonus', bookedSlotThreshold: 12, fixedBonusCents: 700, perSlotCents: 30 },
      locale: 'de',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'success', outcome: 'created', message: 'Abrechnungsregel "Workshop flat" angelegt.', previousRule: null });
    // Amounts that do not belong to the kind or the booked-slot mode are not stored.
    expect(created.body.rule).toMatchObject({ flatCents: 5000, hourlyCents: null, fixedBonusCents: 700, perSlotCents: null, inUse: false, validTo: null });
    expect(await ruleCount()).toBe(count + 1);
  });

  it('edits a rule that priced no class before the change in place', async () => {
    const workshop = (await rules()).find((rule) => rule.name === 'Workshop flat')!;
    const { status, body } = await call<TPaymentTypeRuleSaved>('PUT', g(`/payment-type-rules/${workshop.uuid}`), {
      body: { ...flatRule, flatCents: 6000, effectiveFrom: '2027-03-01' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ outcome: 'updated', message: 'Payment type rule "Workshop flat" saved.', previousRule: null });
    expect(body.rule).toMatchObject({ uuid: workshop.uuid, flatCents: 6000, validFrom: '2027-01-01' });
  });

  it('never rewrites the past: a rule with classes before effectiveFrom ends and a new rule starts', async () => {
    const cycling = (await rules()).find((rule) => rule.category === 'Cycling')!;
    const count = await ruleCount();
    const { status, body } = await call<TPaymentTypeRuleSaved>('PUT', g(`/payment-type-rules/${cycling.uuid}`), {
      locale: 'de',
      body: {
        name: 'Cycling: neuer Stundensatz',
        category: 'Cycling',
        kind: 'hourly',
        hourlyCents: 3300,
        bookedSlotMode: 'per_slot',
        bookedSlotThreshold: 15,
        perSlotCents: 50,
        validTo: null,
        effectiveFrom: '2026-09-15',
      },
    });
    expect(status).toBe(200);
    expect(body.outcome).toBe('replaced');
    expect(body.message).toBe(
      'Kurse vor dem 15.09.2026 behalten ihren Satz: Die bisherige Regel endet jetzt am 14.09.2026, und die neuen Werte gelten ab dem 15.09.2026 als neue Regel "Cycling: neuer Stundensatz".',
    );
    expect(body.previousRule).toMatchObject({ uuid: cycling.uuid, hourlyCents: 3000, validFrom: '2020-01-01', validTo: '2026-09-14', replacedByRuleUuid: body.rule.uuid });
    expect(body.rule).toMatchObject({ hourlyCents: 3300, validFrom: '2026-09-15', validTo: null, replacesRuleUuid: cycling.uuid });
    expect(body.rule.uuid).not.toBe(cycling.uuid);
    expect(await ruleCount()).toBe(count + 1);

    const old = await fresh().findOneOrFail(PaymentTypeRule, { uuid: cycling.uuid });
    expect(old).toMatchObject({ hourlyCents: 3000, name: cycling.name, validTo: '2026-09-14' });

    // The continued rule is history now: edits go to its successor.
    const again = await call('PUT', g(`/payment-type-rules/${cycling.uuid}`), { body: { ...body.previousRule, validTo: null, hourlyCents: 1, effectiveFrom: '2026-09-20' } });
    expect(again.status).toBe(409);
    expect((await fresh().findOneOrFail(PaymentTypeRule, { uuid: cycling.uuid })).hourlyCents).toBe(3000);
  });

  it('refuses a bad edit with 400 and leaves the rule as it was', async () => {
    const dance = (await rules()).find((rule) => rule.category === 'Dance')!;
    const count = await ruleCount();
    const edit = { name: dance.name, category: 'Dance', kind: 'hourly', hourlyCents: 2500, effectiveFrom: '2026-10-01' };
    const negative = await call('PUT', g(`/payment-type-rules/${dance.uuid}`), { body: { ...edit, hourlyCents: -2500 }, locale: 'de' });
    expect(negative).toEqual({ status: 400, body: { status: 'error', field: 'hourlyCents', message: 'hourlyCents: darf nicht negativ sein' } });
    const noDate = await call('PUT', g(`/payment-type-rules/${dance.uuid}`), { body: { ...edit, effectiveFrom: undefined } });
    expect(noDate.body).toMatchObject({ field: 'effectiveFrom', message: 'effectiveFrom: is required' });
    const foreignTrainer = await trainerBySourceId('DY-T002', yoga);
    const narrowed = await call('PUT', g(`/payment-type-rules/${dance.uuid}`), { body: { ...edit, hourlyCents: 2600, trainerId: foreignTrainer.id } });
    expect(narrowed.body).toMatchObject({ field: 'trainerId' });
    expect(await fresh().findOneOrFail(PaymentTypeRule, { uuid: dance.uuid })).toMatchObject({ hourlyCents: 2500, validTo: null, trainer: null });
    expect(await ruleCount()).toBe(count);
  });

  it('changes only the name or the end of a used rule in place, and ends it without a successor', async () => {
    const yogaRule = (await rules()).find((rule) => rule.category === 'Yoga' && rule.studio === null)!;
    const values = {
      name: 'Yoga: Stundensatz (Standard)',
      category: 'Yoga',
      kind: 'hourly',
      hourlyCents: yogaRule.hourlyCents,
      validTo: null,
      effectiveFrom: '2026-10-01',
    };
    const renamed = await call<TPaymentTypeRuleSaved>('PUT', g(`/payment-type-rules/${yogaRule.uuid}`), { body: values });
    expect(renamed.body).toMatchObject({ outcome: 'updated', rule: { uuid: yogaRule.uuid, name: 'Yoga: Stundensatz (Standard)' } });

    const ended = await call<TPaymentTypeRuleSaved>('PUT', g(`/payment-type-rules/${yogaRule.uuid}`), { body: { ...values, validTo: '2026-09-30' } });
    expect(ended.body).toMatchObject({ outcome: 'ended', message: 'Payment type rule "Yoga: Stundensatz (Standard)" ends on 30/09/2026.', rule: { uuid: yogaRule.uuid, validTo: '2026-09-30', hourlyCents: yogaRule.hourlyCents } });

    // An end before the day before the change would reach into the past.
    const tooEarly = await call('PUT', g(`/payment-type-rules/${yogaRule.uuid}`), { body: { ...values, validTo: '2026-09-01', effectiveFrom: '2026-10-01' } });
    expect(tooEarly.body).toMatchObject({ field: 'validTo', message: 'validTo: must not be before the day before the change applies' });
    expect((await fresh().findOneOrFail(PaymentTypeRule, { uuid: yogaRule.uuid })).validTo).toBe('2026-09-30');
  });

  it('deletes only a rule that was never used; a used one answers 409 saying to end it', async () => {
    const count = await ruleCount();
    const hiit = (await rules()).find((rule) => rule.trainer !== null)!;
    expect(hiit.inUse).toBe(true);
    const refused = await call('DELETE', g(`/payment-type-rules/${hiit.uuid}`), { locale: 'de' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'error', message: expect.stringContaining('Beende sie stattdessen mit einem Gültig-bis-Datum') });
    expect(await ruleCount()).toBe(count);

    const workshop = (await rules()).find((rule) => rule.name === 'Workshop flat')!;
    const deleted = await call('DELETE', g(`/payment-type-rules/${workshop.uuid}`));
    expect(deleted).toEqual({ status: 200, body: { status: 'success', message: 'Payment type rule "Workshop flat" deleted.' } });
    expect(await ruleCount()).toBe(count - 1);
    expect((await call('DELETE', g(`/payment-type-rules/${workshop.uuid}`))).status).toBe(404);
  });

  it('keeps another group’s rules out of reach', async () => {
    const yogaRules = (await call<TPaymentTypeRule[]>('GET', g('/payment-type-rules', yoga), { as: yogaAdmin })).body;
    const target = yogaRules[0]!;
    expect((await call('PUT', g(`/payment-type-rules/${target.uuid}`), { body: { ...flatRule, effectiveFrom: '2027-01-01' } })).status).toBe(404);
    expect((await call('DELETE', g(`/payment-type-rules/${target.uuid}`))).status).toBe(404);
    expect(await fresh().findOneOrFail(PaymentTypeRule, { uuid: target.uuid })).toMatchObject({ name: target.name, hourlyCents: target.hourlyCents });
  });
});

describe('studio group settings', () => {
  const settingsRow = async () => JSON.stringify({ ...(await fresh().findOneOrFail(StudioGroup, { uuid: fitness.uuid })), updatedAt: undefined, mandant: undefined });

  it('reads and saves the settings', async () => {
    const { status, body } = await call<TStudioGroupSettings>('GET', g('/settings'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ companyName: 'Demo Fitness GmbH', vatRateBasisPoints: 1900, creditNotePrefix: 'GS', sourceSystem: 'demo' });
    const saved = await call<{ message: string; settings: TStudioGroupSettings }>('PUT', g('/settings'), {
      locale: 'de',
      body: { ...settingsFormOf(body), iban: 'DE02 1203 0000 0000 2020 51', bic: '', vatRateBasisPoints: 700, creditNotePrefix: 'DF-GS', accountingFiles: ['SEPA_XML'], accountingEmail: 'Buchhaltung@Demo.Test' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Einstellungen der Studiogruppe gespeichert.');
    expect(saved.body.settings).toMatchObject({ iban: 'DE02120300000000202051', bic: null, vatRateBasisPoints: 700, creditNotePrefix: 'DF-GS', accountingFiles: ['SEPA_XML'], accountingEmail: 'buchhaltung@demo.test' });
    expect(await fresh().findOneOrFail(StudioGroup, { uuid: fitness.uuid })).toMatchObject({ vatRateBasisPoints: 700, creditNotePrefix: 'DF-GS' });
  });

  it('refuses bad settings with 400 naming the field and changes nothing', async () => {
    const form = settingsFormOf((await call<TStudioGroupSettings>('GET', g('/settings'))).body);
    const before = await settingsRow();
    const refusals: Array<[unknown, string, string]> = [
      [{ ...form, iban: 'DE00 1234' }, 'iban', 'iban: ist keine gültige IBAN'],
      [{ ...form, taxNumber: '', vatId: null }, 'taxNumber', 'taxNumber: gib eine Steuernummer oder eine USt-IdNr. an (mindestens eins, die Gutschrift braucht es)'],
      [{ ...form, vatRateBasisPoints: 10001 }, 'vatRateBasisPoints', 'vatRateBasisPoints: muss zwischen 0 % und 100 % liegen'],
      [{ ...form, creditNotePrefix: 'GS_2026' }, 'creditNotePrefix', 'creditNotePrefix: muss aus 1 bis 10 Buchstaben, Ziffern oder Bindestrichen bestehen'],
      [{ ...form, accountingEmail: 'not-an-address' }, 'accountingEmail', 'accountingEmail: muss eine E-Mail-Adresse sein'],
      [{ ...form, accountingFiles: ['SEPA_XML', 'PDF'] }, 'accountingFiles.1', 'accountingFiles.1: darf nur SEPA_XML, CREDIT_NOTES_ZIP, STUDIO_COSTS_BY_MONTH und DATEV_EXTF enthalten'],
      [{ ...form, postalCode: '101190' }, 'postalCode', 'postalCode: muss aus genau 5 Ziffern bestehen'],
      [{ ...form, sourceSystem: 'eversports' }, 'sourceSystem', "sourceSystem: muss 'demo' oder 'csv' sein"],
      [{ ...form, vatId: 'DE123' }, 'vatId', 'vatId: ist keine gültige USt-IdNr.'],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await call('PUT', g('/settings'), { body, locale: 'de' });
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { status: 'error', field, message } });
    }
    expect(await settingsRow()).toBe(before);
  });

  it('answers 404 for a studio group the caller does not manage', async () => {
    expect((await call('GET', g('/settings', yoga))).status).toBe(404);
    expect((await call('PUT', g('/settings', yoga), { body: {} })).status).toBe(404);
  });
});

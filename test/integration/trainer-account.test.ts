import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TApproveNotificationAnswer,
  TConnectedStudioGroup,
  TStudioGroupNames,
  TTrainerAccount,
  TTrainerAccountSaved,
  TTrainerNotificationList,
} from '../../contracts/trainer-account.contract';
import { Notification, StudioGroup, TrainerAccount, User } from '../../db/entities';
import { apiCaller, logIn, startStack, type Stack } from '../support/stack';

// The trainer's own account and notifications against the real stack (trainer portal 2–8). Every
// refusal is checked twice: the answer (status, field, message in de/en) and that nothing was saved.

let stack: Stack;
let trainer: Awaited<ReturnType<typeof logIn>>;
let admin: Awaited<ReturnType<typeof logIn>>;

beforeAll(async () => {
  stack = await startStack({ worker: false });
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const call = apiCaller(() => stack.baseUrl, () => trainer);

const accountPath = () => `/api/v2/trainer_accounts/${trainer.userUuid}`;
const storedAccount = () => stack.orm.em.fork().findOneOrFail(TrainerAccount, { user: { uuid: trainer.userUuid } }, { populate: ['user'] });

describe('trainer account', () => {
  it('reads the own account with the spec field names', async () => {
    const { status, body } = await call<TTrainerAccount>('GET', accountPath());
    expect(status).toBe(200);
    expect(body).toMatchObject({ userUuid: trainer.userUuid, email: 'trainer@demo.test', language: 'de', isVerified: true });
    expect(body.trainerZip).toMatch(/^\d{5}$/);
    expect(body.trainerIban).toMatch(/^DE\d{20}$/);
    expect(typeof body.istaxrelevant).toBe('boolean');
  });

  it('patches the personal data as merge-patch and answers in the caller language', async () => {
    const { status, body } = await call<TTrainerAccountSaved>('PATCH', accountPath(), {
      body: { trainerStreet: 'Neue Straße', trainerHouse: '7a', trainerZip: '10117', trainerCompanyName: '' },
      contentType: 'application/merge-patch+json',
      locale: 'de',
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Persönliche Daten aktualisiert');
    expect(body.account).toMatchObject({ trainerStreet: 'Neue Straße', trainerHouse: '7a', trainerZip: '10117', trainerCompanyName: '' });
    const stored = await storedAccount();
    expect(stored).toMatchObject({ street: 'Neue Straße', house: '7a', zip: '10117', companyName: null });
    // Fields left out of the patch stay as they were.
    expect(stored.firstname).toBe(body.account.firstname);
    expect(stored.iban).toBeTruthy();
  });

  it('stores the IBAN normalised and a missing BIC as empty', async () => {
    const { status, body } = await call<TTrainerAccountSaved>('PATCH', accountPath(), { body: { trainerIban: ' de89 3704 0044 0532 0130 00 ', trainerBic: '' } });
    expect(status).toBe(200);
    expect(body.message).toBe('Bank data updated');
    expect(body.account).toMatchObject({ trainerIban: 'DE89370400440532013000', trainerBic: '' });
    const stored = await storedAccount();
    expect(stored.iban).toBe('DE89370400440532013000');
    expect(stored.bic).toBeNull();
  });

  it('saves the tax data with the tax message', async () => {
    const { status, body } = await call<TTrainerAccountSaved>('PATCH', accountPath(), {
      body: { istaxrelevant: true, trainerTaxno: '12/345/67890', trainerUstidno: 'DE 136 695 976' },
      locale: 'de',
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Steuerdaten aktualisiert');
    expect(body.account).toMatchObject({ istaxrelevant: true, trainerTaxno: '12/345/67890', trainerUstidno: 'DE136695976' });
    const en = await call<TTrainerAccountSaved>('PATCH', accountPath(), { body: { trainerUstidno: '' } });
    expect(en.body.message).toBe('Tax data updated');
    expect((await storedAccount()).vatId).toBeNull();
  });

  const refusals = [
    { name: 'empty firstname', patch: { firstname: '  ' }, field: 'firstname', de: 'firstname: ist ein Pflichtfeld', en: 'firstname: is required' },
    { name: 'missing city (null)', patch: { trainerCity: null }, field: 'trainerCity', de: 'trainerCity: ist ein Pflichtfeld', en: 'trainerCity: is required' },
    { name: 'empty country', patch: { trainerLand: '' }, field: 'trainerLand', de: 'trainerLand: ist ein Pflichtfeld', en: 'trainerLand: is required' },
    { name: 'postal code of 4 digits', patch: { trainerZip: '1011' }, field: 'trainerZip', de: 'trainerZip: muss aus genau 5 Ziffern bestehen', en: 'trainerZip: must be exactly 5 digits' },
    { name: 'postal code with letters', patch: { trainerZip: '1011A' }, field: 'trainerZip', de: 'trainerZip: muss aus genau 5 Ziffern bestehen', en: 'trainerZip: must be exactly 5 digits' },
    { name: 'e-mail', patch: { email: 'not-an-address' }, field: 'email', de: 'email: muss eine E-Mail-Adresse sein', en: 'email: must be an e-mail address' },
    { name: 'IBAN typo', patch: { trainerIban: 'DE89 3704 0044 0532 0130 01' }, field: 'trainerIban', de: 'trainerIban: ist keine gültige IBAN', en: 'trainerIban: is not a valid IBAN' },
    { name: 'empty IBAN', patch: { trainerIban: '' }, field: 'trainerIban', de: 'trainerIban: ist ein Pflichtfeld', en: 'trainerIban: is required' },
    { name: 'BIC', patch: { trainerBic: 'XX' }, field: 'trainerBic', de: 'trainerBic: ist keine gültige BIC', en: 'trainerBic: is not a valid BIC' },
    { name: 'VAT ID', patch: { trainerUstidno: 'DE123' }, field: 'trainerUstidno', de: 'trainerUstidno: ist keine gültige USt-IdNr.', en: 'trainerUstidno: is not a valid VAT ID' },
  ];
  for (const refusal of refusals) {
    it(`refuses ${refusal.name} in de and en and saves nothing`, async () => {
      const before = await storedAccount();
      // A valid field sent alongside must not be saved either.
      const patch = { ...refusal.patch, trainerPhone: '+49 170 0000000' };
      for (const locale of ['de', 'en'] as const) {
        const { status, body } = await call('PATCH', accountPath(), { body: patch, locale });
        expect(status).toBe(400);
        expect(body).toEqual({ status: 'error', field: refusal.field, message: refusal[locale] });
      }
      const after = await storedAccount();
      expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
      expect(after.phone).toBe(before.phone);
    });
  }

  it('refuses fields that are not the profile groups', async () => {
    const { status } = await call('PATCH', accountPath(), { body: { plainPassword: 'secret' } });
    expect(status).toBe(400);
  });

  it('a language change is the user language too and answers in it', async () => {
    const { body } = await call<TTrainerAccountSaved>('PATCH', accountPath(), { body: { language: 'en' }, locale: 'de' });
    expect(body.message).toBe('Personal data updated');
    expect((await storedAccount()).user.locale).toBe('en');
    await call('PATCH', accountPath(), { body: { language: 'de' } });
  });

  it("refuses another user's path and staff with 403 and no data", async () => {
    const other = await call('GET', `/api/v2/trainer_accounts/${admin.userUuid}`, { locale: 'de' });
    expect(other).toEqual({ status: 403, body: { status: 'error', message: 'Du kannst nur dein eigenes Konto sehen und ändern.' } });
    const patch = await call('PATCH', `/api/v2/trainer_accounts/${admin.userUuid}`, { body: { firstname: 'X' } });
    expect(patch.status).toBe(403);
    const staff = await call('GET', `/api/v2/trainer_accounts/${admin.userUuid}`, { as: admin });
    expect(staff).toEqual({ status: 403, body: { status: 'error', message: 'This area is for trainers only.' } });
    expect((await call('GET', accountPath(), { as: admin })).status).toBe(403);
    expect((await call('GET', `/api/v2/trainer_account_notification_dto/${admin.userUuid}`, { as: admin })).status).toBe(403);
  });

  it('lists the connected studio groups and reads one', async () => {
    const { status, body } = await call<TConnectedStudioGroup[]>('GET', `/api/v2/trainer_account_to_studio_groups_dto/${trainer.userUuid}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ studioGroupName: 'Demo Fitness Group' });
    const group = await call<TStudioGroupNames>('GET', `/api/v2/studio_groups/${body[0]!.studioGroupUuid}`);
    expect(group.body).toMatchObject({ uuid: body[0]!.studioGroupUuid, studioGroupsName: 'Demo Fitness Group' });
    const yoga = await stack.orm.em.fork().findOneOrFail(StudioGroup, { name: 'Demo Yoga Collective' });
    expect((await call('GET', `/api/v2/studio_groups/${yoga.uuid}`)).status).toBe(404);
  });

  it("lets staff read their own group's names (admin spec 7), not another group's", async () => {
    const { body: groups } = await call<TConnectedStudioGroup[]>('GET', `/api/v2/trainer_account_to_studio_groups_dto/${trainer.userUuid}`);
    const fitnessUuid = groups[0]!.studioGroupUuid;
    const own = await call<TStudioGroupNames>('GET', `/api/v2/studio_groups/${fitnessUuid}`, { as: admin });
    expect(own).toEqual({ status: 200, body: { uuid: fitnessUuid, studioGroupsName: 'Demo Fitness Group', studioGroupsCompanyName: expect.any(String) } });
    const yoga = await stack.orm.em.fork().findOneOrFail(StudioGroup, { name: 'Demo Yoga Collective' });
    expect((await call('GET', `/api/v2/studio_groups/${yoga.uuid}`, { as: admin })).status).toBe(404);
    const bad = await call('GET', '/api/v2/studio_groups/not-a-uuid', { as: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('uuid');
  });
});

describe('notifications', () => {
  let fitness: StudioGroup;
  const ids: string[] = [];
  let strangersNotification: Notification;

  beforeAll(async () => {
    const em = stack.orm.em.fork();
    const account = await em.findOneOrFail(TrainerAccount, { user: { uuid: trainer.userUuid } });
    fitness = await em.findOneOrFail(StudioGroup, { name: 'Demo Fitness Group' });
    const base = Date.parse('2026-10-01T08:00:00Z');
    for (const [index, message] of ['First', 'Second', 'Third'].entries()) {
      const created = new Date(base + index * 86_400_000);
      const notification = em.create(Notification, {
        trainerAccount: account,
        studioGroup: fitness,
        message: `${message} notification`,
        link: `/de/trainer/studio/${fitness.uuid}`,
        createdAt: created,
        approvedAt: index === 0 ? created : null,
      });
      ids.push(notification.uuid);
    }
    // Someone else's notification: another trainer account.
    const otherUser = em.create(User, { email: 'other-trainer@demo.test', passwordHash: 'x', role: 'trainer', firstname: 'Other', lastname: 'Trainer' });
    const otherAccount = em.create(TrainerAccount, { user: otherUser, firstname: 'Other', lastname: 'Trainer', email: 'other-trainer@demo.test' });
    strangersNotification = em.create(Notification, { trainerAccount: otherAccount, studioGroup: fitness, message: 'Not yours', link: '/x' });
    await em.flush();
  });

  const listPath = () => `/api/v2/trainer_account_notification_dto/${trainer.userUuid}`;
  const approvePath = () => `/api/v2/trainer_account_notification/approve/${trainer.userUuid}`;

  const unreadOf = (list: TTrainerNotificationList) => list.filter((notification) => notification.approved === null).length;

  it('answers the list itself, newest first; the unread ones have approved null', async () => {
    const { status, body } = await call<TTrainerNotificationList>('GET', listPath());
    expect(status).toBe(200);
    // Spec 7: "notifications" is the list, not an object around it.
    expect(Array.isArray(body)).toBe(true);
    expect(unreadOf(body)).toBe(2);
    expect(body.map((notification) => notification.message)).toEqual(['Third notification', 'Second notification', 'First notification']);
    expect(body[0]).toMatchObject({ id: ids[2], studioGroupUuid: fitness.uuid, studioGroupName: 'Demo Fitness Group', approved: null, created: { date: '2026-10-03T08:00:00.000Z' } });
    expect(body[2]!.approved).toBe('2026-10-01T08:00:00.000Z');
  });

  it('approves one: it is read and the count drops', async () => {
    const { status, body } = await call<TApproveNotificationAnswer>('PATCH', approvePath(), { body: { idStudioGroup: fitness.uuid, idNotification: ids[2] } });
    expect(status).toBe(200);
    expect(body.notification.approved).not.toBeNull();
    const list = await call<TTrainerNotificationList>('GET', listPath());
    expect(unreadOf(list.body)).toBe(1);
    // Approving again changes nothing.
    const again = await call<TApproveNotificationAnswer>('PATCH', approvePath(), { body: { idStudioGroup: fitness.uuid, idNotification: ids[2] } });
    expect(again.body.notification.approved).toBe(body.notification.approved);
  });

  it("refuses someone else's notification and a wrong studio group", async () => {
    const stranger = await call('PATCH', approvePath(), { body: { idStudioGroup: fitness.uuid, idNotification: strangersNotification.uuid }, locale: 'de' });
    expect(stranger).toEqual({ status: 404, body: { status: 'error', message: 'Benachrichtigung nicht gefunden.' } });
    const yoga = await stack.orm.em.fork().findOneOrFail(StudioGroup, { name: 'Demo Yoga Collective' });
    expect((await call('PATCH', approvePath(), { body: { idStudioGroup: yoga.uuid, idNotification: ids[1] } })).status).toBe(404);
    const bad = await call('PATCH', approvePath(), { body: { idStudioGroup: fitness.uuid } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('idNotification');
    const stored = await stack.orm.em.fork().findOneOrFail(Notification, { uuid: strangersNotification.uuid });
    expect(stored.approvedAt).toBeNull();
    // The other trainer's path is refused outright.
    expect((await call('GET', `/api/v2/trainer_account_notification_dto/${admin.userUuid}`)).status).toBe(403);
  });
});

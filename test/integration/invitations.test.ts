import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { Invitation, Settlement, SettlementTrainer, StudioGroup, StudioGroupTrainer, Trainer, User } from '../../db/entities';
import { mailsTo, linkOf, subjectOf } from '../support/mail-links';
import { startSmtpServer } from '../support/smtp';
import { callApi, logIn, startStack, type Caller, type Stack } from '../support/stack';

// Invitations on the real stack (PostgreSQL, Temporal, SMTP): staff invite a trainer by e-mail, the
// person signs up from the e-mailed link, the demo trainer accepts and declines invitations in the
// portal and removes a studio connection — and every refusal on the way leaves everything as it was.

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let fitnessUuid: string;
let yogaUuid: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://portal.test' });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitnessUuid = admin.studioGroups[0]!.uuid;
  yogaUuid = yogaAdmin.studioGroups[0]!.uuid;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

// Without a log-in the JSON content type is not among the headers: name it.
const call = <T = Record<string, unknown>>(caller: Caller | null, method: string, path: string, body?: unknown, locale: 'de' | 'en' = 'en') =>
  callApi<T>(stack.baseUrl, method, path, { as: caller, body, locale, contentType: 'application/json' });

const fresh = () => stack.orm.em.fork();
const trainerBySource = (sourceId: string) => fresh().findOneOrFail(Trainer, { sourceId, studioGroup: { uuid: fitnessUuid } });
const invitationsOf = (trainer: Trainer) => fresh().find(Invitation, { trainer: trainer.id }, { orderBy: { id: 'asc' } });

describe('staff invite a trainer; the person signs up from the e-mailed link', () => {
  const email = 'new.person@example.test';
  let trainer: Trainer;
  let firstToken: string;
  let token: string;

  it('invites by e-mail: one pending invitation, an e-mail with a signed link', async () => {
    trainer = await trainerBySource('DF-T010');
    const none = await call(admin, 'GET', `/api/v1/${fitnessUuid}/trainers/${trainer.id}/invitation`);
    expect(none).toMatchObject({ status: 200, body: { state: 'none', invitationUuid: null } });

    const invited = await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${trainer.id}/invitation`, { email: 'New.Person@Example.test' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toMatchObject({ status: 'success', message: `Invitation sent to ${email}.`, invitation: { state: 'pending', email } });

    const [mail] = await mailsTo(smtp.received, email);
    expect(subjectOf(mail!)).toBe('Demo Fitness Group lädt dich zu TrainerPay ein');
    const link = linkOf(mail!, 'invitation');
    expect(link.url).toMatch(/^http:\/\/portal\.test\/de\/invitation\//);
    firstToken = link.token;
  });

  it('refuses a second invitation while one is pending, and nothing changes', async () => {
    const again = await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${trainer.id}/invitation`, { email: 'other@example.test' }, 'de');
    expect(again).toMatchObject({ status: 409, body: { message: 'Dieser Trainer hat bereits eine offene Einladung. Sende sie erneut oder ziehe sie zuerst zurück.' } });
    expect(await invitationsOf(trainer)).toHaveLength(1);
  });

  it('resends with a new link; the first link stops working', async () => {
    const resent = await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${trainer.id}/invitation/resend`);
    expect(resent).toMatchObject({ status: 200, body: { message: `Invitation sent again to ${email}.`, invitation: { state: 'pending' } } });
    const mails = await mailsTo(smtp.received, email, 2);
    token = linkOf(mails[1]!, 'invitation').token;
    expect(token).not.toBe(firstToken);
    expect(await call(null, 'POST', '/api/account-links/invitation', { token: firstToken })).toMatchObject({ status: 410, body: { message: expect.stringContaining('already been used') } });
  });

  it('shows the invitation screen data for the link without log-in', async () => {
    const info = await call(null, 'POST', '/api/account-links/invitation', { token });
    expect(info).toMatchObject({
      status: 200,
      body: { studioGroupUuid: fitnessUuid, studioGroupTrainerUuid: trainer.uuid, studioGroupCompanyName: expect.any(String), email, hasAccount: false },
    });
  });

  it('refuses a forged or tampered link and a bad password, creating nothing', async () => {
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    expect(await call(null, 'POST', '/api/account-links/invitation', { token: tampered }, 'de')).toMatchObject({
      status: 400,
      body: { message: 'Dieser Link ist ungültig. Bitte verwende den vollständigen Link aus der E-Mail.' },
    });
    const short = await call(null, 'POST', '/api/account-links/invitation/sign-up', { token, firstname: 'Nina', lastname: 'Neu', password: 'short' });
    expect(short).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(await fresh().count(User, { email })).toBe(0);
  });

  it('signs up: a trainer account linked to the trainer record, logged in at once', async () => {
    const signedUp = await call<{ userUuid: string; apiKey: string; studioGroups: Array<{ uuid: string }>; message: string }>(
      null,
      'POST',
      '/api/account-links/invitation/sign-up',
      { token, firstname: 'Nina', lastname: 'Neu', password: 'ein-gutes-passwort', language: 'de' },
    );
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    expect(signedUp.body.message).toBe('Dein Konto wurde angelegt.');
    expect(signedUp.body.studioGroups.map((group) => group.uuid)).toEqual([fitnessUuid]);
    const headers = { 'x-user': signedUp.body.userUuid, 'x-api-key': signedUp.body.apiKey };
    const groups = await call<Array<{ studioGroupUuid: string }>>({ headers }, 'GET', `/api/v2/trainer_account_to_studio_groups_dto/${signedUp.body.userUuid}`);
    expect(groups.body.map((group) => group.studioGroupUuid)).toEqual([fitnessUuid]);
    const account = await call({ headers }, 'GET', `/api/v2/trainer_accounts/${signedUp.body.userUuid}`);
    expect(account.body).toMatchObject({ email, firstname: 'Nina', isVerified: true });
    expect((await logIn(stack.baseUrl, email, 'ein-gutes-passwort')).userUuid).toBe(signedUp.body.userUuid);

    const state = await call(admin, 'GET', `/api/v1/${fitnessUuid}/trainers/${trainer.id}/invitation`);
    expect(state.body).toMatchObject({ state: 'connected', connectedEmail: email });
  });

  it('refuses the used link', async () => {
    const reused = await call(null, 'POST', '/api/account-links/invitation/sign-up', { token, firstname: 'X', lastname: 'Y', password: 'noch-ein-passwort' }, 'de');
    expect(reused.status).toBe(410);
    expect(reused.body.message).toMatch(/bereits verwendet|nicht mehr offen/);
    expect(await fresh().count(User, { email })).toBe(1);
  });

  it('refuses an invitation of a connected trainer, to a staff address, and of another group’s trainer', async () => {
    expect((await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${trainer.id}/invitation`, { email: 'x@example.test' })).status).toBe(409);
    const other = await trainerBySource('DF-T011');
    const staff = await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${other.id}/invitation`, { email: 'admin2@demo.test' });
    expect(staff).toMatchObject({ status: 400, body: { field: 'email' } });
    const foreign = await call(yogaAdmin, 'POST', `/api/v1/${yogaUuid}/trainers/${other.id}/invitation`, { email: 'x@example.test' });
    expect(foreign.status).toBe(404);
    expect(await invitationsOf(other)).toHaveLength(0);
  });

  it('revokes: the link then says the invitation is no longer open', async () => {
    const other = await trainerBySource('DF-T012');
    expect((await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${other.id}/invitation`, { email: 'revoked@example.test' })).status).toBe(200);
    const [mail] = await mailsTo(smtp.received, 'revoked@example.test');
    const revoked = await call(admin, 'DELETE', `/api/v1/${fitnessUuid}/trainers/${other.id}/invitation`);
    expect(revoked).toMatchObject({ status: 200, body: { message: 'Invitation withdrawn.', invitation: { state: 'revoked' } } });
    const info = await call(null, 'POST', '/api/account-links/invitation', { token: linkOf(mail!, 'invitation').token });
    expect(info.status).toBe(410);
    expect((await call(admin, 'DELETE', `/api/v1/${fitnessUuid}/trainers/${other.id}/invitation`)).status).toBe(404);
    expect((await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${other.id}/invitation/resend`)).status).toBe(404);
  });

  it('declines from the link without log-in', async () => {
    const other = await trainerBySource('DF-T013');
    expect((await call(admin, 'POST', `/api/v1/${fitnessUuid}/trainers/${other.id}/invitation`, { email: 'declines@example.test' })).status).toBe(200);
    const [mail] = await mailsTo(smtp.received, 'declines@example.test');
    const declineToken = linkOf(mail!, 'invitation').token;
    expect(await call(null, 'POST', '/api/account-links/invitation/decline', { token: declineToken })).toMatchObject({ status: 200, body: { message: 'Invitation declined.' } });
    expect((await invitationsOf(other))[0]!.status).toBe('declined');
    expect((await call(null, 'POST', '/api/account-links/invitation/decline', { token: declineToken })).status).toBe(410);
  });
});

describe("the demo trainer's pending invitation in the portal", () => {
  let trainer: Awaited<ReturnType<typeof logIn>>;
  let yogaTrainer: Trainer;
  const pending = () => call<Array<Record<string, unknown>>>(trainer, 'GET', `/api/v2/trainer_account/invitations/${trainer.userUuid}`);
  const body = () => ({ trainerUuid: trainer.userUuid, studioGroupUuid: yogaUuid, studioGroupTrainerUuid: yogaTrainer.uuid });

  beforeAll(async () => {
    trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    yogaTrainer = await fresh().findOneOrFail(Trainer, { studioGroup: { uuid: yogaUuid }, email: 'trainer@demo.test' });
  });

  it('lists it with the company name and logo path', async () => {
    const list = await pending();
    expect(list).toMatchObject({ status: 200, body: [{ studioGroupUuid: yogaUuid, studioGroupTrainerUuid: yogaTrainer.uuid, studioGroupCompanyName: expect.any(String), studioGroupLogoPath: expect.stringMatching(/^\/build\/images\/logo\/[0-9a-f]{64}\.png$/) }] });
    expect((await call(trainer, 'GET', `/api/v2/trainer_account/invitations/${admin.userUuid}`)).status).toBe(403);
    expect((await call(admin, 'GET', `/api/v2/trainer_account/invitations/${admin.userUuid}`)).status).toBe(403);
  });

  it("refuses another person's uuid and an invitation that does not exist", async () => {
    expect((await call(trainer, 'POST', '/api/v2/trainer_account_to_studio_groups', { ...body(), trainerUuid: admin.userUuid })).status).toBe(403);
    expect((await call(trainer, 'POST', '/api/v2/trainer_account_to_studio_groups', { ...body(), studioGroupUuid: fitnessUuid })).status).toBe(404);
    expect(await fresh().count(StudioGroupTrainer, { studioGroup: { uuid: yogaUuid } })).toBe(0);
  });

  it('declines: it leaves the list, nothing is linked', async () => {
    expect(await call(trainer, 'POST', '/api/v2/trainer_account/invitations/decline', body())).toMatchObject({ status: 200, body: { status: 'success' } });
    expect((await pending()).body).toEqual([]);
    expect((await call(trainer, 'POST', '/api/v2/trainer_account_to_studio_groups', body())).status).toBe(404);
  });

  it('accepts a new invitation: the studio group is connected', async () => {
    const yogaTrainerRecord = await fresh().findOneOrFail(Trainer, { uuid: yogaTrainer.uuid });
    expect((await call(yogaAdmin, 'POST', `/api/v1/${yogaUuid}/trainers/${yogaTrainerRecord.id}/invitation`, { email: 'trainer@demo.test' })).status).toBe(200);
    expect((await pending()).body).toHaveLength(1);
    // As the spec sends it: application/ld+json (trainer spec 7).
    const accepted = await callApi<Record<string, unknown>>(stack.baseUrl, 'POST', '/api/v2/trainer_account_to_studio_groups', { as: trainer, body: body(), locale: 'en', contentType: 'application/ld+json' });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'success', studioGroupUuid: yogaUuid, studioGroupTrainerUuid: yogaTrainer.uuid } });
    const groups = await call<Array<{ studioGroupUuid: string }>>(trainer, 'GET', `/api/v2/trainer_account_to_studio_groups_dto/${trainer.userUuid}`);
    expect(groups.body.map((group) => group.studioGroupUuid)).toEqual([fitnessUuid, yogaUuid]);
    expect((await pending()).body).toEqual([]);
    expect((await call(trainer, 'POST', '/api/v2/trainer_account_to_studio_groups', body())).status).toBe(404);
  });

  it('refuses to disconnect while a settlement of the group awaits the trainer’s approval, and says why', async () => {
    const em = fresh();
    const settlement = em.create(Settlement, {
      studioGroup: await em.findOneOrFail(StudioGroup, { uuid: yogaUuid }),
      month: '2026-09-30',
      trainerReview: true,
      status: 'in_progress',
      createdBy: await em.findOneOrFail(User, { email: 'admin2@demo.test' }),
    } as never);
    em.create(SettlementTrainer, { settlement, trainer: await em.findOneOrFail(Trainer, { uuid: yogaTrainer.uuid }), workflowState: 'preview_send' } as never);
    await em.flush();

    const refused = await call(trainer, 'DELETE', '/api/v2/trainer_account/studio_group_connection', { trainerUuid: trainer.userUuid, studioGroupUuid: yogaUuid }, 'de');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/wartet auf deine Freigabe einer Abrechnung/);
    expect(await fresh().count(StudioGroupTrainer, { studioGroup: { uuid: yogaUuid } })).toBe(1);

    await fresh().nativeUpdate(Settlement, { uuid: settlement.uuid }, { status: 'completed' } as never);
  });

  it('disconnects: the group leaves the portal, the admin sees the trainer not connected, the settlement stays', async () => {
    expect((await call(trainer, 'DELETE', '/api/v2/trainer_account/studio_group_connection', { trainerUuid: admin.userUuid, studioGroupUuid: yogaUuid })).status).toBe(403);
    const removed = await call(trainer, 'DELETE', '/api/v2/trainer_account/studio_group_connection', { trainerUuid: trainer.userUuid, studioGroupUuid: yogaUuid });
    expect(removed).toMatchObject({ status: 200, body: { status: 'success' } });
    const groups = await call<Array<{ studioGroupUuid: string }>>(trainer, 'GET', `/api/v2/trainer_account_to_studio_groups_dto/${trainer.userUuid}`);
    expect(groups.body.map((group) => group.studioGroupUuid)).toEqual([fitnessUuid]);
    const record = await fresh().findOneOrFail(Trainer, { uuid: yogaTrainer.uuid });
    expect((await call(yogaAdmin, 'GET', `/api/v1/${yogaUuid}/trainers/${record.id}/invitation`)).body).toMatchObject({ state: 'accepted' });
    expect(await fresh().count(SettlementTrainer, { trainer: record.id })).toBe(1);
    expect((await call(trainer, 'DELETE', '/api/v2/trainer_account/studio_group_connection', { trainerUuid: trainer.userUuid, studioGroupUuid: yogaUuid })).status).toBe(404);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TDeleteAccountAnswer, TDeleteAccountToken, TTrainerAccountSaved } from '../../contracts/trainer-account.contract';
import { hashPassword, verifyPassword } from '../../domain/passwords';
import { AccountToken, ApiSession, Notification, StudioGroupTrainer, TrainerAccount, User } from '../../db/entities';
import { issueLink } from '../../api/auth/account-links';
import { FREE_FAILURES_PER_ADDRESS } from '../../api/auth/login-throttle';
import { hashApiKey } from '../../api/auth/sessions';
import { createDownloadSecretSource } from '../../api/downloads/tokens';
import { callApi, logIn, startStack, type Stack } from '../support/stack';

// The profile's password and delete tabs against the real stack (trainer portal 2, 5, 7, 8): a new
// password ends the other sessions and links, and a deleted account keeps no personal data and
// cannot log in. A new e-mail address, password or IBAN and the deletion ask for the current password.

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ worker: false });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

type Caller = { userUuid: string; headers: Record<string, string> };

const call = <T = Record<string, unknown>>(caller: Caller, method: string, path: string, { body, locale = 'en' }: { body?: unknown; locale?: 'de' | 'en' } = {}) =>
  callApi<T>(stack.baseUrl, method, path, { as: caller, body, locale, contentType: method === 'PATCH' ? 'application/merge-patch+json' : undefined });

const logInStatus = async (email: string, password: string) =>
  (
    await fetch(`${stack.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).status;

const userOf = (uuid: string) => stack.orm.em.fork().findOneOrFail(User, { uuid });
const accountOfUser = (uuid: string) => stack.orm.em.fork().findOneOrFail(TrainerAccount, { user: { uuid } }, { populate: ['user'] });

/** A session that logged in ten minutes ago, as a stolen one would have: no recent log-in stands for the password. */
async function loggedInAWhileAgo(email = 'trainer@demo.test') {
  const session = await logIn(stack.baseUrl, email);
  await stack.orm.em.getConnection().execute(`update api_session set created_at = created_at - interval '10 minutes' where key_hash = ?`, [hashApiKey(session.apiKey)], 'run');
  return session;
}
const forgetLoginCounts = () => stack.orm.em.getConnection().execute(`delete from login_limiter`, [], 'run');
/** Back to the demo password whatever a test did, so one failure does not fail the tests after it. */
const restoreDemoPassword = async () => stack.orm.em.fork().nativeUpdate(User, { email: 'trainer@demo.test' }, { passwordHash: await hashPassword('demo1234') });

const NEEDS_PASSWORD = {
  en: 'Please enter your current password to change your e-mail address, password or IBAN or to delete your account.',
  de: 'Bitte gib dein aktuelles Passwort ein, um deine E-Mail-Adresse, dein Passwort oder deine IBAN zu ändern oder dein Konto zu löschen.',
};

describe('current password', () => {
  afterEach(restoreDemoPassword);
  it('a session that logged in a while ago changes no e-mail, password or IBAN without it', async () => {
    const stolen = await loggedInAWhileAgo();
    const path = `/api/v2/trainer_accounts/${stolen.userUuid}`;
    const before = await accountOfUser(stolen.userUuid);
    const linksBefore = await stack.orm.em.fork().count(AccountToken, { user: before.user.id });

    for (const body of [{ email: 'attacker@evil.example' }, { plainPassword: 'taken-over-1' }, { trainerIban: 'DE02120300000000202051' }, { trainerPhone: '0170 1', email: 'attacker@evil.example' }]) {
      const refused = await call(stolen, 'PATCH', path, { body });
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body).toEqual({ status: 'error', message: NEEDS_PASSWORD.en, field: 'currentPassword' });
    }
    const german = await call(stolen, 'PATCH', path, { body: { plainPassword: 'taken-over-1' }, locale: 'de' });
    expect(german.body).toEqual({ status: 'error', message: NEEDS_PASSWORD.de, field: 'currentPassword' });
    const wrong = await call(stolen, 'PATCH', path, { body: { email: 'attacker@evil.example', currentPassword: 'a-guess-123' }, locale: 'de' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ status: 'error', message: 'Dein aktuelles Passwort ist nicht korrekt.', field: 'currentPassword' });

    // Nothing changed, and no confirmation link went to the attacker's address.
    const after = await accountOfUser(stolen.userUuid);
    expect([after.email, after.iban, after.phone, after.user.passwordHash]).toEqual([before.email, before.iban, before.phone, before.user.passwordHash]);
    expect(await stack.orm.em.fork().count(AccountToken, { user: before.user.id })).toBe(linksBefore);
    expect(await logInStatus('trainer@demo.test', 'demo1234')).toBe(200);

    // What changes nothing of the kind needs no password: other fields, the stored IBAN and e-mail sent again.
    const harmless = await call<TTrainerAccountSaved>(stolen, 'PATCH', path, { body: { trainerPhone: '0170 123', trainerIban: before.iban, email: before.email } });
    expect(harmless.status).toBe(200);
    // With the current password the change is made.
    const withPassword = await call<TTrainerAccountSaved>(stolen, 'PATCH', path, { body: { trainerIban: 'DE02120300000000202051', currentPassword: 'demo1234' } });
    expect(withPassword.status).toBe(200);
    expect(withPassword.body.message).toBe('Bank data updated');
    expect((await accountOfUser(stolen.userUuid)).iban).toBe('DE02120300000000202051');
    expect((await call(stolen, 'PATCH', path, { body: { trainerIban: before.iban, currentPassword: 'demo1234' } })).status).toBe(200);
  });

  it('counts wrong current passwords as failed log-ins: a stolen session guesses no faster than the log-in form', async () => {
    const stolen = await loggedInAWhileAgo();
    const path = `/api/v2/trainer_accounts/${stolen.userUuid}`;
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) {
      expect((await call(stolen, 'PATCH', path, { body: { plainPassword: 'taken-over-1', currentPassword: `guess-${i}-xyz` } })).status).toBe(403);
    }
    const throttled = await call(stolen, 'PATCH', path, { body: { plainPassword: 'taken-over-1', currentPassword: 'demo1234' } });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ status: 'error', message: 'Too many failed log-ins. Please wait 1 minute and try again.' });
    expect(await logInStatus('trainer@demo.test', 'demo1234')).toBe(429);
    expect(await verifyPassword((await userOf(stolen.userUuid)).passwordHash, 'demo1234')).toBe(true);
    await forgetLoginCounts();
  });

  it('a password change ends every reset and confirmation link sent before it', async () => {
    const here = await loggedInAWhileAgo();
    const em = stack.orm.em.fork();
    const user = await em.findOneOrFail(User, { uuid: here.userUuid });
    const secret = createDownloadSecretSource(stack.orm, undefined);
    const reset = await issueLink(em, secret, { purpose: 'password-reset', user, email: user.email });
    const confirmation = await issueLink(em, secret, { purpose: 'email-confirmation', user, email: user.email });

    const saved = await call(here, 'PATCH', `/api/v2/trainer_accounts/${here.userUuid}`, { body: { plainPassword: 'a-new-secret-2', currentPassword: 'demo1234' } });
    expect(saved.status).toBe(200);

    const lateReset = await callApi(stack.baseUrl, 'POST', '/api/password/reset', { body: { token: reset.token, password: 'attackers-choice-1' }, contentType: 'application/json' });
    expect(lateReset.status).toBe(410);
    expect(lateReset.body).toMatchObject({ status: 'error', message: 'This link has already been used. Please ask for a new one if you still need it.' });
    expect((await callApi(stack.baseUrl, 'POST', '/api/account-links/email-confirmation', { body: { token: confirmation.token }, contentType: 'application/json' })).status).toBe(410);
    expect(await logInStatus('trainer@demo.test', 'attackers-choice-1')).toBe(401);
    expect(await logInStatus('trainer@demo.test', 'a-new-secret-2')).toBe(200);
  });

  it('the delete asks for it too', async () => {
    const stolen = await loggedInAWhileAgo();
    const { body: token } = await call<TDeleteAccountToken>(stolen, 'GET', '/api/v2/trainer_account/delete/get-token');
    const refused = await call(stolen, 'POST', '/api/v2/trainer_account/delete-account', { body: { token: token.csrf_token } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 'error', message: NEEDS_PASSWORD.en, field: 'currentPassword' });
    const wrong = await call(stolen, 'POST', '/api/v2/trainer_account/delete-account', { body: { token: token.csrf_token, currentPassword: 'a-guess-123' } });
    expect(wrong.status).toBe(403);
    expect(await logInStatus('trainer@demo.test', 'demo1234')).toBe(200);
    expect((await accountOfUser(stolen.userUuid)).user.email).toBe('trainer@demo.test');
  });
});

describe('password tab', () => {
  it('refuses an empty or short password and keeps the old one', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const before = (await userOf(trainer.userUuid)).passwordHash;

    const empty = await call(trainer, 'PATCH', `/api/v2/trainer_accounts/${trainer.userUuid}`, { body: { plainPassword: '' }, locale: 'de' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'plainPassword', message: 'plainPassword: ist ein Pflichtfeld' });

    const short = await call(trainer, 'PATCH', `/api/v2/trainer_accounts/${trainer.userUuid}`, { body: { plainPassword: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ field: 'plainPassword', message: 'plainPassword: must be at least 8 characters' });

    expect((await userOf(trainer.userUuid)).passwordHash).toBe(before);
  });

  it('stores a new password as argon2id, keeps this session and ends the others', async () => {
    const here = await logIn(stack.baseUrl, 'trainer@demo.test');
    const elsewhere = await logIn(stack.baseUrl, 'trainer@demo.test');

    const saved = await call<TTrainerAccountSaved>(here, 'PATCH', `/api/v2/trainer_accounts/${here.userUuid}`, {
      body: { plainPassword: 'a-new-secret-1' },
      locale: 'de',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Passwort aktualisiert');
    expect(saved.body.account).not.toHaveProperty('plainPassword');

    const user = await userOf(here.userUuid);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, 'a-new-secret-1')).toBe(true);

    expect((await call(here, 'GET', `/api/v2/trainer_accounts/${here.userUuid}`)).status).toBe(200);
    expect((await call(elsewhere, 'GET', `/api/v2/trainer_accounts/${elsewhere.userUuid}`)).status).toBe(401);

    expect(await logInStatus('trainer@demo.test', 'demo1234')).toBe(401);
    expect(await logInStatus('trainer@demo.test', 'a-new-secret-1')).toBe(200);

    // Back to the demo password for the tests after this one.
    expect((await call(here, 'PATCH', `/api/v2/trainer_accounts/${here.userUuid}`, { body: { plainPassword: 'demo1234' } })).status).toBe(200);
  });

  it('refuses a password change for someone else and for staff', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    expect((await call(admin, 'PATCH', `/api/v2/trainer_accounts/${trainer.userUuid}`, { body: { plainPassword: 'taken-over-1' } })).status).toBe(403);
    expect((await call(admin, 'PATCH', `/api/v2/trainer_accounts/${admin.userUuid}`, { body: { plainPassword: 'taken-over-1' } })).status).toBe(403);
    expect(await logInStatus('trainer@demo.test', 'demo1234')).toBe(200);
  });
});

describe('delete tab', () => {
  it('refuses the delete without a valid token, and staff', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');

    const missing = await call(trainer, 'POST', '/api/v2/trainer_account/delete-account', { body: {} });
    expect(missing.status).toBe(400);
    const forged = await call(trainer, 'POST', '/api/v2/trainer_account/delete-account', { body: { token: `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}` } });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ message: 'The confirmation has expired. Please open the dialog again.' });

    // A token is bound to the session that fetched it.
    const other = await logIn(stack.baseUrl, 'trainer@demo.test');
    const { body: token } = await call<TDeleteAccountToken>(other, 'GET', '/api/v2/trainer_account/delete/get-token');
    expect((await call(trainer, 'POST', '/api/v2/trainer_account/delete-account', { body: { token: token.csrf_token } })).status).toBe(403);

    expect((await call(admin, 'GET', '/api/v2/trainer_account/delete/get-token')).status).toBe(403);
    expect(await logInStatus('trainer@demo.test', 'demo1234')).toBe(200);
  });

  it('anonymises the account, unlinks the studio groups, keeps the settlements and disables log-in', async () => {
    const em = stack.orm.em.fork();
    // The last test of the file: this database clone is the file's own.
    const email = 'trainer@demo.test';
    const account = await em.findOneOrFail(TrainerAccount, { user: { email } }, { populate: ['user'] });
    const trainer = await logIn(stack.baseUrl, email);
    const otherSession = await logIn(stack.baseUrl, email);
    const linkedTrainers = (await em.find(StudioGroupTrainer, { trainerAccount: account }, { populate: ['trainer'] })).map((link) => link.trainer.id);

    const { status: tokenStatus, body: token } = await call<TDeleteAccountToken>(trainer, 'GET', '/api/v2/trainer_account/delete/get-token');
    expect(tokenStatus).toBe(200);
    expect(token.csrf_token).toMatch(/^\d+\.[\w-]{43}$/);

    const deleted = await call<TDeleteAccountAnswer>(trainer, 'POST', '/api/v2/trainer_account/delete-account', { body: { token: token.csrf_token }, locale: 'de' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: 'success', message: 'Dein Konto wurde gelöscht.' });

    const check = stack.orm.em.fork();
    const stored = await check.findOneOrFail(TrainerAccount, { id: account.id }, { populate: ['user'] });
    expect(stored).toMatchObject({ street: null, zip: null, iban: null, bic: null, taxNumber: null, vatId: null, phone: null });
    expect(stored.email).not.toBe(email);
    expect(stored.user.email).toMatch(/@deleted\.invalid$/);
    expect(await check.count(StudioGroupTrainer, { trainerAccount: account.id })).toBe(0);
    expect(await check.count(Notification, { trainerAccount: account.id })).toBe(0);
    expect(await check.count(ApiSession, { user: stored.user.id, revokedAt: null })).toBe(0);
    // The studio groups' trainer records (and so their settlements and credit notes) stay.
    // ... and keep the self-billing consent given in the portal, as evidence for issued credit notes.
    for (const trainerId of linkedTrainers) {
      const [record] = await check.getConnection().execute<Array<{ self_billing_agreement_at: Date | null }>>('select self_billing_agreement_at from trainer where id = ?', [trainerId]);
      expect(record?.self_billing_agreement_at).toBeTruthy();
    }

    expect(await logInStatus(email, 'demo1234')).toBe(401);
    expect((await call(otherSession, 'GET', `/api/v2/trainer_accounts/${otherSession.userUuid}`)).status).toBe(401);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { issueLink } from '../../api/auth/account-links';
import { createDownloadSecretSource } from '../../api/downloads/tokens';
import { OutgoingEmail, StudioGroup, TrainerAccount, User } from '../../db/entities';
import { png } from '../support/logo';
import { linkOf, mailsTo, subjectOf } from '../support/mail-links';
import { startSmtpServer } from '../support/smtp';
import { logIn, startStack, type Stack } from '../support/stack';

// The account links on the real stack (PostgreSQL, Temporal, SMTP): e-mail confirmation
// (banner resend, rate limit, change of address), 'forgot password', the referral code and the
// studio group logo — each link single-use and expiring, each refusal leaving everything as it was.

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://portal.test' });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

type Caller = { headers: Record<string, string> } | null;
async function call<T = Record<string, unknown>>(caller: Caller, method: string, path: string, body?: unknown, locale: 'de' | 'en' = 'en', contentType = 'application/json') {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': contentType, 'x-locale': locale, ...(caller?.headers ?? {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
const logInStatus = async (email: string, password = 'demo1234') =>
  (await fetch(`${stack.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status;
const userByUuid = (uuid: string) => stack.orm.em.fork().findOneOrFail(User, { uuid });

describe('e-mail confirmation', () => {
  it('says so when the address is confirmed already (the demo trainer)', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const answer = await call(trainer, 'GET', `/api/v2/trainer_account/email-verification/${trainer.userUuid}`);
    expect(answer).toMatchObject({ status: 200, body: { status: 'already_confirmed', message: 'Your e-mail address is already confirmed.' } });
    expect(smtp.received).toHaveLength(0);
  });

  it('a changed address is unconfirmed and gets a link; the log-in address changes only when it is opened', async () => {
    const owner = await logIn(stack.baseUrl, 'trainer@demo.test');
    const saved = await call<{ account: { email: string; isVerified: boolean } }>(owner, 'PATCH', `/api/v2/trainer_accounts/${owner.userUuid}`, { email: 'trainer.neu@example.test' }, 'de', 'application/merge-patch+json');
    expect(saved.status).toBe(200);
    expect(saved.body.account).toMatchObject({ email: 'trainer.neu@example.test', isVerified: false });
    expect(await logInStatus('trainer@demo.test')).toBe(200);
    expect(await logInStatus('trainer.neu@example.test')).toBe(401);

    const [mail] = await mailsTo(smtp.received, 'trainer.neu@example.test');
    expect(subjectOf(mail!)).toBe('Bitte bestätige deine E-Mail-Adresse');
    const { token } = linkOf(mail!, 'confirm-email');

    // The banner's resend: 'success', a second mail, and the first link no longer works.
    const resent = await call(owner, 'GET', `/api/v2/trainer_account/email-verification/${owner.userUuid}`);
    expect(resent).toMatchObject({ status: 200, body: { status: 'success', message: 'Confirmation email re-send.' } });
    const mails = await mailsTo(smtp.received, 'trainer.neu@example.test', 2);
    const newest = linkOf(mails[1]!, 'confirm-email').token;
    expect((await call(null, 'POST', '/api/account-links/email-confirmation', { token })).status).toBe(410);

    const confirmed = await call(null, 'POST', '/api/account-links/email-confirmation', { token: newest }, 'de');
    expect(confirmed).toMatchObject({ status: 200, body: { message: 'Deine E-Mail-Adresse trainer.neu@example.test ist bestätigt.' } });
    expect(await logInStatus('trainer.neu@example.test')).toBe(200);
    expect(await logInStatus('trainer@demo.test')).toBe(401);
    expect(await userByUuid(owner.userUuid)).toMatchObject({ email: 'trainer.neu@example.test', isVerified: true });

    const reused = await call(null, 'POST', '/api/account-links/email-confirmation', { token: newest }, 'de');
    expect(reused).toMatchObject({ status: 410, body: { message: 'Dieser Link wurde bereits verwendet. Bitte fordere einen neuen an, falls du ihn noch brauchst.' } });

    // Back to the demo address for the tests after this one.
    expect((await call(owner, 'PATCH', `/api/v2/trainer_accounts/${owner.userUuid}`, { email: 'trainer@demo.test' }, 'en', 'application/merge-patch+json')).status).toBe(200);
    const back = await mailsTo(smtp.received, 'trainer@demo.test');
    expect((await call(null, 'POST', '/api/account-links/email-confirmation', { token: linkOf(back.at(-1)!, 'confirm-email').token })).status).toBe(200);
  });

  it('limits the resend to three in 15 minutes', async () => {
    const owner = await logIn(stack.baseUrl, 'trainer@demo.test');
    await stack.orm.em.fork().nativeUpdate(User, { uuid: owner.userUuid }, { isVerified: false });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await call(owner, 'GET', `/api/v2/trainer_account/email-verification/${owner.userUuid}`)).status);
    // The change of address above used one of the three.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    const limited = await call(owner, 'GET', `/api/v2/trainer_account/email-verification/${owner.userUuid}`, undefined, 'de');
    expect(limited).toMatchObject({ status: 429, body: { message: 'Zu viele Bestätigungs-E-Mails. Bitte warte ein paar Minuten und versuche es erneut.' } });
    await stack.orm.em.fork().nativeUpdate(User, { uuid: owner.userUuid }, { isVerified: true });
  });

  it("refuses another user's path", async () => {
    const owner = await logIn(stack.baseUrl, 'trainer@demo.test');
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    expect((await call(owner, 'GET', `/api/v2/trainer_account/email-verification/${admin.userUuid}`)).status).toBe(403);
  });
});

describe('forgot password', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await stack.orm.em.fork().count(OutgoingEmail, {});
    const answer = await call(null, 'POST', '/api/password/forgot', { email: 'nobody@example.test' });
    expect(answer).toMatchObject({ status: 200, body: { message: 'If an account exists for this address, we have sent a link to reset the password.' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stack.orm.em.fork().count(OutgoingEmail, {})).toBe(before);
  });

  it('sends a single-use link; the new password works and every old session ends', async () => {
    const session = await logIn(stack.baseUrl, 'admin2@demo.test');
    expect((await call(null, 'POST', '/api/password/forgot', { email: 'Admin2@Demo.test' }, 'de')).status).toBe(200);
    const [mail] = await mailsTo(smtp.received, 'admin2@demo.test');
    // In the account's language (admin2 chose English).
    expect(subjectOf(mail!)).toBe('Reset your TrainerPay password');
    const { token, url } = linkOf(mail!, 'reset-password');
    expect(url).toMatch(/^http:\/\/portal\.test\/en\/reset-password\//);

    const short = await call(null, 'POST', '/api/password/reset', { token, password: 'kurz' }, 'de');
    expect(short).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(await logInStatus('admin2@demo.test')).toBe(200);

    const reset = await call(null, 'POST', '/api/password/reset', { token, password: 'ganz-neues-passwort' }, 'de');
    expect(reset).toMatchObject({ status: 200, body: { message: 'Dein Passwort wurde geändert. Du kannst dich jetzt anmelden.' } });
    expect(await logInStatus('admin2@demo.test')).toBe(401);
    expect(await logInStatus('admin2@demo.test', 'ganz-neues-passwort')).toBe(200);
    expect((await call(session, 'GET', '/api/me')).status).toBe(401);

    const reused = await call(null, 'POST', '/api/password/reset', { token, password: 'noch-ein-passwort' });
    expect(reused).toMatchObject({ status: 410, body: { message: expect.stringContaining('already been used') } });
    expect(await logInStatus('admin2@demo.test', 'ganz-neues-passwort')).toBe(200);
  });

  it('refuses an expired link and a link of another kind, changing nothing', async () => {
    const em = stack.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: 'ops@demo.test' });
    const secret = createDownloadSecretSource(stack.orm, undefined);
    const expired = await issueLink(em, secret, { purpose: 'password-reset', user, email: user.email, now: new Date(Date.now() - 2 * 3600_000) });
    const answer = await call(null, 'POST', '/api/password/reset', { token: expired.token, password: 'abgelaufen-123' }, 'de');
    expect(answer).toMatchObject({ status: 410, body: { message: 'Dieser Link ist abgelaufen. Bitte fordere einen neuen an.' } });
    const confirmation = await issueLink(em, secret, { purpose: 'email-confirmation', user, email: user.email });
    expect((await call(null, 'POST', '/api/password/reset', { token: confirmation.token, password: 'falsche-art-123' })).status).toBe(400);
    expect(await logInStatus('ops@demo.test')).toBe(200);
  });
});

describe('referral code', () => {
  it('is personal, human-readable and stable, with the campaign end', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    // The demo account has a code from the seed; an account without one gets one made on first call.
    await stack.orm.em.fork().nativeUpdate(TrainerAccount, { user: { uuid: trainer.userUuid } }, { recommendationCode: null });
    const first = await call<{ recommendationCode: string; campaignEndsOn: string; campaignActive: boolean }>(trainer, 'GET', `/api/v2/trainer_account/recommendation/${trainer.userUuid}`);
    expect(first.status).toBe(200);
    expect(first.body.recommendationCode).toMatch(/^[A-Z]{1,8}-[A-HJKMNP-Z2-9]{4}$/);
    expect(first.body).toMatchObject({ campaignEndsOn: '2025-12-31', campaignActive: false });
    const second = await call<{ recommendationCode: string }>(trainer, 'GET', `/api/v2/trainer_account/recommendation/${trainer.userUuid}`);
    expect(second.body.recommendationCode).toBe(first.body.recommendationCode);
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    expect((await call(trainer, 'GET', `/api/v2/trainer_account/recommendation/${admin.userUuid}`)).status).toBe(403);
    expect((await call(admin, 'GET', `/api/v2/trainer_account/recommendation/${admin.userUuid}`)).status).toBe(403);
  });
});

describe('studio group logo', () => {
  it('serves a PNG drawn from the initials at the hashed path of a group without an uploaded logo, and names that path everywhere', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const fitness = admin.studioGroups[0]!.uuid;
    const state = await call<{ studioGroupLogoPath: string; studioGroupLogoUploaded: boolean }>(admin, 'GET', `/api/v1/${fitness}/settings/logo`);
    const expectedPath = `/build/images/logo/${crypto.createHash('sha256').update(fitness).digest('hex')}.png`;
    expect(state).toMatchObject({ status: 200, body: { studioGroupLogoPath: expectedPath, studioGroupLogoUploaded: false } });

    // No log-in: the invitation screen shows it before anyone logs in.
    const file = await fetch(`${stack.baseUrl}${expectedPath}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    // IHDR: a square picture, as large as a logo on a sharp screen needs.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);
    // A name no group's uuid hashes to is not found; a malformed name is refused.
    expect((await fetch(`${stack.baseUrl}/build/images/logo/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/build/images/logo/..%2F..%2Fetc%2Fpasswd`)).status).toBe(400);

    // The connected trainer's sidebar names the same path (never null).
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const groups = await call<Array<{ studioGroupUuid: string; studioGroupLogoPath: string }>>(trainer, 'GET', `/api/v2/trainer_account_to_studio_groups_dto/${trainer.userUuid}`);
    expect(groups.body.find((group) => group.studioGroupUuid === fitness)?.studioGroupLogoPath).toBe(expectedPath);
  });

  it('stores a PNG checked by content, serves it at the hashed path and names it for connected trainers', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const fitness = admin.studioGroups[0]!.uuid;
    const saved = await call<{ studioGroupLogoPath: string; studioGroupLogoUploaded: boolean }>(admin, 'PUT', `/api/v1/${fitness}/settings/logo`, { contentBase64: png().toString('base64') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.studioGroupLogoPath).toMatch(/^\/build\/images\/logo\/[0-9a-f]{64}\.png$/);
    expect(saved.body.studioGroupLogoUploaded).toBe(true);
    const file = await fetch(`${stack.baseUrl}${saved.body.studioGroupLogoPath}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);

    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const groups = await call<Array<{ studioGroupUuid: string; studioGroupLogoPath: string | null }>>(trainer, 'GET', `/api/v2/trainer_account_to_studio_groups_dto/${trainer.userUuid}`);
    expect(groups.body.find((group) => group.studioGroupUuid === fitness)?.studioGroupLogoPath).toBe(saved.body.studioGroupLogoPath);
  });

  it('refuses a non-image (whatever it is called), an oversized file and a trainer, keeping the logo', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const fitness = admin.studioGroups[0]!.uuid;
    const text = await call(admin, 'PUT', `/api/v1/${fitness}/settings/logo`, { contentBase64: Buffer.from('<svg onload=alert(1)>').toString('base64') }, 'de');
    expect(text).toMatchObject({ status: 400, body: { message: 'Das Logo muss ein PNG- oder JPEG-Bild sein.' } });
    const big = Buffer.concat([png(), Buffer.alloc(600 * 1024)]);
    const oversized = await call(admin, 'PUT', `/api/v1/${fitness}/settings/logo`, { contentBase64: big.toString('base64') });
    expect([400, 413]).toContain(oversized.status);
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    expect((await call(trainer, 'PUT', `/api/v1/${fitness}/settings/logo`, { contentBase64: png().toString('base64') })).status).toBe(403);
    const group = await stack.orm.em.fork().findOneOrFail(StudioGroup, { uuid: fitness });
    expect(group.logoPath).toMatch(/\.png$/);

    const removed = await call(admin, 'DELETE', `/api/v1/${fitness}/settings/logo`);
    // Removed: the same path serves the logo drawn from the initials again.
    expect(removed).toMatchObject({ status: 200, body: { studioGroupLogoPath: group.logoPath, studioGroupLogoUploaded: false } });
    const drawn = await fetch(`${stack.baseUrl}${group.logoPath}`);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await drawn.arrayBuffer()).equals(png())).toBe(false);
  });
});

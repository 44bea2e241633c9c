import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { issueLink } from '../../api/auth/account-links';
import { createDownloadSecretSource } from '../../api/downloads/tokens';
import { AccountToken, StaffInvitation, StaffMembership, StudioGroup, User } from '../../db/entities';
import { sql } from '../../db/queries/sql';
import { linkOf, mailsTo, subjectOf } from '../support/mail-links';
import { startSmtpServer } from '../support/smtp';
import { callApi, logIn, startStack, type Caller, type Stack } from '../support/stack';

// The staff of a studio group on the real stack (PostgreSQL, Temporal, SMTP): an admin invites a
// colleague as accountant, the colleague sets a password from the e-mailed link and may read but not
// change; roles change, the last admin stays, a removal ends the person's access at once — and every
// refusal on the way leaves everything as it was.

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let operator: Awaited<ReturnType<typeof logIn>>;
let trainer: Awaited<ReturnType<typeof logIn>>;
let fitnessUuid: string;
let yogaUuid: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://portal.test' });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  operator = await logIn(stack.baseUrl, 'ops@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  fitnessUuid = admin.studioGroups[0]!.uuid;
  yogaUuid = yogaAdmin.studioGroups[0]!.uuid;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

const call = <T = Record<string, unknown>>(caller: Caller | null, method: string, path: string, body?: unknown, locale: 'de' | 'en' = 'en') =>
  callApi<T>(stack.baseUrl, method, path, { as: caller, body, locale, contentType: 'application/json' });
const staffPath = (group: string, rest = '') => `/api/v1/${group}/staff${rest}`;
const fresh = () => stack.orm.em.fork();
/** What a refused call must not have changed. */
const state = async () => {
  const em = fresh();
  return {
    invitations: await em.count(StaffInvitation, {}),
    memberships: (await em.find(StaffMembership, {}, { orderBy: { user: 'asc', studioGroup: 'asc' } })).map((m) => `${m.user.id}/${m.studioGroup.id}/${m.role}`),
    users: await em.count(User, {}),
    tokens: await em.count(AccountToken, { purpose: 'staff-invitation' }),
  };
};

type StaffListBody = { members: Array<{ email: string; role: string; userUuid: string; since: string; lastLoginAt: string | null }>; invitations: Array<{ email: string; role: string; invitationUuid: string; expired: boolean }> };

describe('an admin invites a colleague as accountant; the colleague sets a password from the e-mail', () => {
  const email = 'bea.buchhaltung@example.test';
  let token: string;
  let accountant: Awaited<ReturnType<typeof logIn>>;

  it('lists the members with role, since and last log-in', async () => {
    const list = await call<StaffListBody>(admin, 'GET', staffPath(fitnessUuid));
    expect(list.status).toBe(200);
    expect(list.body.members).toEqual([expect.objectContaining({ email: 'admin@demo.test', role: 'admin', lastLoginAt: expect.any(String) })]);
    expect(list.body.invitations).toEqual([]);
  });

  it('invites by e-mail in the invitee\'s language: a pending invitation, an e-mail with a signed link', async () => {
    const invited = await call(admin, 'POST', staffPath(fitnessUuid, '/invitations'), { email: 'Bea.Buchhaltung@Example.test', firstname: 'Bea', lastname: 'Buchhaltung', role: 'accountant', locale: 'en' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body).toMatchObject({ status: 'success', message: `Invitation sent to ${email}.`, invitation: { email, role: 'accountant', locale: 'en', expired: false } });
    const [mail] = await mailsTo(smtp.received, email);
    expect(subjectOf(mail!)).toBe('Your access to Demo Fitness Group on TrainerPay');
    const link = linkOf(mail!, 'staff-invitation');
    expect(link.url).toMatch(/^http:\/\/portal\.test\/en\/staff-invitation\//);
    token = link.token;
    const list = await call<StaffListBody>(admin, 'GET', staffPath(fitnessUuid));
    expect(list.body.invitations).toEqual([expect.objectContaining({ email, role: 'accountant' })]);
  });

  it('refuses bad invitations with a clear message, changing nothing', async () => {
    const before = await state();
    const invite = (body: Record<string, unknown>) => call(admin, 'POST', staffPath(fitnessUuid, '/invitations'), { firstname: 'X', lastname: 'Y', role: 'admin', locale: 'de', ...body }, 'de');
    expect(await invite({ email: 'trainer@demo.test' })).toMatchObject({ status: 400, body: { field: 'email', message: expect.stringContaining('gehört zu einem Trainer-Konto') } });
    expect(await invite({ email: 'ops@demo.test' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Operator') } });
    expect(await invite({ email: 'admin@demo.test' })).toMatchObject({ status: 409, body: { message: 'admin@demo.test ist bereits Mitglied dieser Studiogruppe. Ändere stattdessen die Rolle in der Liste.' } });
    expect(await invite({ email })).toMatchObject({ status: 409, body: { message: expect.stringContaining('hat bereits eine offene Einladung') } });
    expect(await invite({ email: 'new@example.test', role: 'owner' })).toMatchObject({ status: 400, body: { field: 'role' } });
    expect(await invite({ email: 'not-an-address' })).toMatchObject({ status: 400, body: { field: 'email' } });
    expect(await state()).toEqual(before);
  });

  it('refuses the staff calls to a trainer, another group\'s staff and nobody', async () => {
    const before = await state();
    const body = { email: 'mallory@example.test', firstname: 'M', lastname: 'M', role: 'admin', locale: 'en' };
    expect((await call(trainer, 'POST', staffPath(fitnessUuid, '/invitations'), body)).status).toBe(403);
    expect((await call(trainer, 'GET', staffPath(fitnessUuid))).status).toBe(403);
    expect((await call(yogaAdmin, 'POST', staffPath(fitnessUuid, '/invitations'), body)).status).toBe(404);
    expect((await call(yogaAdmin, 'GET', staffPath(fitnessUuid))).status).toBe(404);
    expect((await call(null, 'GET', staffPath(fitnessUuid))).status).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('shows the link without log-in and refuses a short password, changing nothing', async () => {
    const info = await call(null, 'GET', `/api/staff-invitation/${token}`);
    expect(info).toMatchObject({ status: 200, body: { state: 'valid', studioGroupName: 'Demo Fitness Group', email, role: 'accountant', hasAccount: false } });
    const before = await state();
    const short = await call(null, 'POST', `/api/staff-invitation/${token}`, { password: 'kurz', firstname: 'Bea', lastname: 'Buchhaltung' }, 'de');
    expect(short).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(await call(null, 'POST', `/api/staff-invitation/not-a-token`, { password: 'lang-genug-1', firstname: 'Bea', lastname: 'B' })).toMatchObject({ status: 400 });
    expect(await state()).toEqual(before);
  });

  it('sets the password (argon2id), creates the staff user with the membership, logs them in and uses the link', async () => {
    const accepted = await call<{ apiKey: string; userUuid: string; role: string; studioGroups: Array<{ uuid: string; staffRole?: string }>; message: string }>(
      null,
      'POST',
      `/api/staff-invitation/${token}`,
      { password: 'bea-rechnet-2026', firstname: 'Bea', lastname: 'Buchhaltung' },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ role: 'staff', message: 'Welcome to Demo Fitness Group: you are logged in.', studioGroups: [{ uuid: fitnessUuid, staffRole: 'accountant' }] });
    const user = await fresh().findOneOrFail(User, { email });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await call(null, 'GET', `/api/staff-invitation/${token}`)).toMatchObject({ status: 200, body: { state: 'used' } });
    expect(await call(null, 'POST', `/api/staff-invitation/${token}`, { password: 'bea-rechnet-2026', firstname: 'Bea', lastname: 'B' }, 'de')).toMatchObject({
      status: 410,
      body: { message: expect.stringContaining('bereits verwendet') },
    });
    accountant = await logIn(stack.baseUrl, email, 'bea-rechnet-2026');
    expect(accountant.studioGroups).toEqual([expect.objectContaining({ uuid: fitnessUuid, staffRole: 'accountant' })]);
    const me = await call<{ studioGroups: Array<{ staffRole?: string }> }>(accountant, 'GET', '/api/me');
    expect(me.body.studioGroups[0]!.staffRole).toBe('accountant');
  });

  it('lets the accountant read but refuses every change with a message in their language', async () => {
    expect((await call(accountant, 'GET', staffPath(fitnessUuid))).status).toBe(200);
    expect((await call(accountant, 'GET', `/api/v1/${fitnessUuid}/settlements`)).status).toBe(200);
    expect((await call(accountant, 'GET', `/api/v1/${fitnessUuid}/credit-notes`)).status).toBe(200);
    const before = await state();
    const refused = await call(accountant, 'POST', staffPath(fitnessUuid, '/invitations'), { email: 'x@example.test', firstname: 'X', lastname: 'Y', role: 'admin', locale: 'en' });
    expect(refused).toMatchObject({ status: 403, body: { status: 'error', message: 'Your role in this studio group is accountant: you may read everything but not change anything. Please ask an admin of the group.' } });
    const german = await call(accountant, 'PUT', `/api/v1/${fitnessUuid}/settings`, {}, 'de');
    expect(german).toMatchObject({ status: 403, body: { message: expect.stringContaining('Deine Rolle in dieser Studiogruppe ist Buchhaltung') } });
    expect((await call(accountant, 'DELETE', staffPath(fitnessUuid, `/${admin.userUuid}`))).status).toBe(403);
    // Signing a download link only fetches: allowed (the path's own checks answer).
    const sign = await call(accountant, 'POST', `/api/v1/${fitnessUuid}/downloads/sign`, { path: `/admin/credit-note/download/x` });
    expect(sign.status).not.toBe(403);
    expect(await state()).toEqual(before);
  });

  it('keeps the last admin: no demotion, no removal', async () => {
    const before = await state();
    expect(await call(admin, 'PUT', staffPath(fitnessUuid, `/${admin.userUuid}`), { role: 'accountant' }, 'de')).toMatchObject({
      status: 409,
      body: { message: 'Eine Studiogruppe braucht mindestens einen Admin: Mache zuerst eine andere Person zum Admin.' },
    });
    expect((await call(admin, 'DELETE', staffPath(fitnessUuid, `/${admin.userUuid}`))).status).toBe(409);
    expect(await state()).toEqual(before);
  });

  it('changes a role both ways and records it in the audit log', async () => {
    const promoted = await call(admin, 'PUT', staffPath(fitnessUuid, `/${accountant.userUuid}`), { role: 'admin' });
    expect(promoted).toMatchObject({ status: 200, body: { member: { email, role: 'admin' }, message: 'The role of Bea Buchhaltung is now admin.' } });
    const back = await call(admin, 'PUT', staffPath(fitnessUuid, `/${accountant.userUuid}`), { role: 'accountant' });
    expect(back).toMatchObject({ status: 200, body: { member: { role: 'accountant' } } });
    expect((await call(admin, 'PUT', staffPath(fitnessUuid, `/${yogaAdmin.userUuid}`), { role: 'admin' })).status).toBe(404);
    const actions = await sql<{ action: string }>(fresh(), `select action from audit_log where details->>'email' = ? order by id`, [email]);
    expect(actions.map((row) => row.action)).toEqual(['staff.invited', 'staff.joined', 'staff.roleChanged', 'staff.roleChanged']);
  });

  it('removes access at once: the sessions end, the next call is refused', async () => {
    const second = await logIn(stack.baseUrl, email, 'bea-rechnet-2026');
    const removed = await call(admin, 'DELETE', staffPath(fitnessUuid, `/${accountant.userUuid}`), undefined, 'de');
    expect(removed).toMatchObject({ status: 200, body: { message: 'Bea Buchhaltung hat keinen Zugang mehr zu dieser Studiogruppe.' } });
    for (const session of [accountant, second]) expect((await call(session, 'GET', `/api/v1/${fitnessUuid}/settlements`)).status).toBe(401);
    const list = await call<StaffListBody>(admin, 'GET', staffPath(fitnessUuid));
    expect(list.body.members.map((member) => member.email)).toEqual(['admin@demo.test']);
  });
});

describe('an operator invites a group\'s first admin; invitations are withdrawn and expire', () => {
  it('lets the operator invite and withdraw; the withdrawn link is used', async () => {
    const invited = await call<{ invitation: { invitationUuid: string } }>(operator, 'POST', staffPath(yogaUuid, '/invitations'), { email: 'first.admin@example.test', firstname: 'Fia', lastname: 'First', role: 'admin', locale: 'de' });
    expect(invited.status).toBe(201);
    const [mail] = await mailsTo(smtp.received, 'first.admin@example.test');
    expect(subjectOf(mail!)).toBe('Dein Zugang zu Demo Yoga Collective bei TrainerPay');
    const { token } = linkOf(mail!, 'staff-invitation');
    expect((await call(admin, 'DELETE', staffPath(yogaUuid, `/invitations/${invited.body.invitation.invitationUuid}`))).status).toBe(404);
    const withdrawn = await call(operator, 'DELETE', staffPath(yogaUuid, `/invitations/${invited.body.invitation.invitationUuid}`));
    expect(withdrawn).toMatchObject({ status: 200, body: { message: 'Invitation to first.admin@example.test withdrawn.' } });
    expect(await call(null, 'GET', `/api/staff-invitation/${token}`)).toMatchObject({ status: 200, body: { state: 'used' } });
    expect((await call(operator, 'DELETE', staffPath(yogaUuid, `/invitations/${invited.body.invitation.invitationUuid}`))).status).toBe(404);
  });

  it('answers an expired link as expired and refuses it, changing nothing', async () => {
    const em = fresh();
    const group = await em.findOneOrFail(StudioGroup, { uuid: yogaUuid });
    const invitation = em.create(StaffInvitation, { studioGroup: group, email: 'late@example.test', firstname: 'L', lastname: 'Late', role: 'accountant', locale: 'en', status: 'pending', invitedBy: null, respondedAt: null });
    await em.flush();
    const secret = createDownloadSecretSource(stack.orm, undefined);
    const { token } = await issueLink(em, secret, { purpose: 'staff-invitation', staffInvitation: invitation, email: invitation.email, now: new Date(Date.now() - 15 * 24 * 3600_000) });
    expect(await call(null, 'GET', `/api/staff-invitation/${token}`)).toMatchObject({ status: 200, body: { state: 'expired' } });
    const before = await state();
    expect(await call(null, 'POST', `/api/staff-invitation/${token}`, { password: 'spaet-aber-da', firstname: 'L', lastname: 'Late' })).toMatchObject({
      status: 410,
      body: { message: 'This invitation has expired. Please ask the admin of the studio group to invite you again.' },
    });
    expect(await state()).toEqual(before);
    const list = await call<StaffListBody>(yogaAdmin, 'GET', staffPath(yogaUuid));
    expect(list.body.invitations).toEqual([expect.objectContaining({ email: 'late@example.test', expired: true })]);
  });

  it('adds a staff user of another group with their own password; they keep one account', async () => {
    const invited = await call(yogaAdmin, 'POST', staffPath(yogaUuid, '/invitations'), { email: 'admin@demo.test', firstname: 'Anna', lastname: 'Admin', role: 'accountant', locale: 'de' });
    expect(invited.status).toBe(201);
    const mails = await mailsTo(smtp.received, 'admin@demo.test');
    const { token } = linkOf(mails.at(-1)!, 'staff-invitation');
    expect(await call(null, 'GET', `/api/staff-invitation/${token}`)).toMatchObject({ body: { state: 'valid', hasAccount: true } });
    expect(await call(null, 'POST', `/api/staff-invitation/${token}`, { password: 'falsches-passwort', firstname: 'Anna', lastname: 'Admin' })).toMatchObject({ status: 403 });
    const accepted = await call<{ studioGroups: Array<{ uuid: string; staffRole?: string }> }>(null, 'POST', `/api/staff-invitation/${token}`, { password: 'demo1234', firstname: 'Anna', lastname: 'Admin' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.studioGroups).toEqual(
      expect.arrayContaining([expect.objectContaining({ uuid: fitnessUuid, staffRole: 'admin' }), expect.objectContaining({ uuid: yogaUuid, staffRole: 'accountant' })]),
    );
    expect(await fresh().count(User, { email: 'admin@demo.test' })).toBe(1);
    // Removed from the yoga group, Anna keeps her fitness group and her sessions.
    expect((await call(yogaAdmin, 'DELETE', staffPath(yogaUuid, `/${admin.userUuid}`))).status).toBe(200);
    expect((await call(admin, 'GET', staffPath(fitnessUuid))).status).toBe(200);
    expect((await call(admin, 'GET', staffPath(yogaUuid))).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { FREE_FAILURES_PER_ACCOUNT, FREE_FAILURES_PER_ADDRESS } from '../../api/auth/login-throttle';
import { hashApiKey } from '../../api/auth/sessions';
import { logIn, serveBehindProxy, startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ worker: false });
});
afterAll(async () => {
  await stack?.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('log-in', () => {
  it('answers uuid, key, role, locale and the managed studio groups for staff', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    expect(admin).toMatchObject({ role: 'staff', locale: 'de' });
    expect(admin.apiKey.length).toBeGreaterThan(30);
    expect(admin.studioGroups.map((group) => group.name)).toEqual(['Demo Fitness Group']);
    expect(admin.studioGroups[0]).toMatchObject({ apiSlug: 'demo-fitness', mandantId: expect.any(Number), id: expect.any(Number) });
  });

  it('answers the linked studio groups for a trainer', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    expect(trainer).toMatchObject({ role: 'trainer' });
    // The invitation to the yoga collective is still pending, so only the fitness group is linked.
    expect(trainer.studioGroups.map((group) => group.name)).toEqual(['Demo Fitness Group']);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const response = await post('/api/login', { email: 'admin@demo.test', password: 'wrong' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 'error', message: 'E-mail or password is wrong.' });
  });

  it('names the field of bad input with 400, never 500', async () => {
    const badEmail = await post('/api/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ status: 'error', field: 'email' });

    const noPassword = await post('/api/login', { email: 'admin@demo.test' });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ field: 'password', message: 'password: is required' });

    const germanPage = await post('/api/login', { email: 'admin@demo.test' }, { 'content-type': 'application/json', 'x-locale': 'de' });
    expect(await germanPage.json()).toMatchObject({ field: 'password', message: 'password: ist ein Pflichtfeld' });

    const notJson = await post('/api/login', '{"email":', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ status: 'error', message: 'The request body is not valid JSON.' });
  });

  it('makes a guesser wait after repeated failures, longer with each further failure', async () => {
    const attempt = (locale = 'en') => post('/api/login', { email: 'ops@demo.test', password: 'guess' }, { 'content-type': 'application/json', 'x-locale': locale });
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) statuses.push((await attempt()).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const first = await attempt();
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await first.json()).toEqual({ status: 'error', message: 'Too many failed log-ins. Please wait 1 minute and try again.' });
    // Even the right password waits: the wait is decided before the password is checked.
    expect((await post('/api/login', { email: 'ops@demo.test', password: 'demo1234' })).status).toBe(429);

    // The wait is over (its row ends now): the next failure doubles it.
    await endLoginWaits();
    expect((await attempt()).status).toBe(401);
    const second = await attempt('de');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(110);
    expect(await second.json()).toEqual({ status: 'error', message: 'Zu viele fehlgeschlagene Anmeldungen. Bitte warte 2 Minuten und versuche es dann erneut.' });

    // After the wait the right password logs in, and the count starts again.
    await endLoginWaits();
    expect((await post('/api/login', { email: 'ops@demo.test', password: 'demo1234' })).status).toBe(200);
    expect((await attempt()).status).toBe(401);
  });

  it('believes no X-Forwarded-For by default: a guesser cannot pose as new addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FREE_FAILURES_PER_ADDRESS; i++) {
      const forwarded = { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await post('/api/login', { email: 'admin2@demo.test', password: 'guess' }, forwarded)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    await endLoginWaits();
    await forgetLoginCounts();
  });
});

/** Ends every running wait of the log-in throttle, as if its time had passed. */
const endLoginWaits = () => stack.orm.em.getConnection().execute(`update login_limiter set expire = ? where key like 'login-wait:%'`, [Date.now() - 1], 'run');
const forgetLoginCounts = () => stack.orm.em.getConnection().execute(`delete from login_limiter`, [], 'run');

describe('log-in behind a configured proxy (TRUST_PROXY)', () => {
  let proxied: Awaited<ReturnType<typeof serveBehindProxy>>;
  // The same database and throttle, but an app that believes the proxy on loopback.
  beforeAll(async () => {
    proxied = await serveBehindProxy(stack, ['loopback']);
  });
  afterAll(() => proxied?.close());
  const logInFrom = (address: string, password: string) =>
    fetch(`${proxied.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ email: 'admin2@demo.test', password }) });

  it("a guesser at one address waits; the owner elsewhere logs in", async () => {
    await forgetLoginCounts();
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) expect((await logInFrom('203.0.113.7', 'guess')).status).toBe(401);
    expect((await logInFrom('203.0.113.7', 'demo1234')).status).toBe(429);
    expect((await logInFrom('198.51.100.20', 'demo1234')).status).toBe(200);
  });

  it('a guesser spread over many addresses makes the account wait at a much higher bar', { timeout: 120_000 }, async () => {
    await forgetLoginCounts();
    expect(FREE_FAILURES_PER_ACCOUNT).toBeGreaterThan(5 * FREE_FAILURES_PER_ADDRESS);
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) {
      const answer = await logInFrom(`10.${Math.floor(i / 250)}.${i % 250}.1`, 'guess');
      expect(answer.status, `failure ${i + 1}`).toBe(401);
    }
    const elsewhere = await logInFrom('198.51.100.21', 'demo1234');
    expect(elsewhere.status).toBe(429);
    expect(await elsewhere.json()).toEqual({ status: 'error', message: 'Too many failed log-ins. Please wait 1 minute and try again.' });
    await endLoginWaits();
    expect((await logInFrom('198.51.100.21', 'demo1234')).status).toBe(200);
    await forgetLoginCounts();
  });
});

describe('sessions', () => {
  it('needs x-user and x-api-key on every other call', async () => {
    const response = await fetch(`${stack.baseUrl}/api/me`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 'error' });
  });

  it('refuses a key presented with another user uuid', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const response = await fetch(`${stack.baseUrl}/api/me`, { headers: { 'x-user': trainer.userUuid, 'x-api-key': admin.apiKey } });
    expect(response.status).toBe(401);
  });

  it('revokes the key at log-out', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    expect((await fetch(`${stack.baseUrl}/api/me`, { headers: admin.headers })).status).toBe(200);
    expect((await post('/api/logout', {}, admin.headers)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/api/me`, { headers: admin.headers })).status).toBe(401);
  });

  const connect = (login: { userUuid: string; apiKey: string }) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(stack.baseUrl, { auth: { user: login.userUuid, apiKey: login.apiKey }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const join = (socket: Socket, room: string) => new Promise<{ ok: boolean; message?: string }>((resolve) => socket.emit('join', room, resolve));

  it("closes the session's sockets at log-out, and only those", async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const other = await logIn(stack.baseUrl, 'admin@demo.test');
    const socket = await connect(admin);
    const otherSocket = await connect(other);
    const groupRoom = `studio-group:${admin.studioGroups[0]!.uuid}`;
    expect(await join(socket, groupRoom)).toEqual({ ok: true });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await post('/api/logout', {}, admin.headers)).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await join(otherSocket, groupRoom)).toEqual({ ok: true });
    otherSocket.close();
  });

  it('refuses a room to a socket whose session ended, even when the news of it was lost', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const socket = await connect(admin);
    // Revoked behind the api's back: no notification reaches the socket server.
    await stack.orm.em.getConnection().execute(`update api_session set revoked_at = now() where key_hash = ?`, [hashApiKey(admin.apiKey)], 'run');
    const answer = await join(socket, `studio-group:${admin.studioGroups[0]!.uuid}`);
    expect(answer).toEqual({ ok: false, message: 'Deine Sitzung ist abgelaufen oder ungültig. Bitte melde dich erneut an.' });
    socket.close();
  });
});

describe('tenancy', () => {
  it("gives staff of another studio group 404 and no data for a group's calls", async () => {
    const fitnessAdmin = await logIn(stack.baseUrl, 'admin@demo.test');
    const yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
    const fitnessGroup = fitnessAdmin.studioGroups[0]!;

    const response = await fetch(`${stack.baseUrl}/api/v1/${fitnessGroup.uuid}/studio-group`, { headers: yogaAdmin.headers });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({ status: 'error', message: 'Studio group not found.' });

    const log = await fetch(`${stack.baseUrl}/api/demo/import/log/${fitnessGroup.id}`, { headers: yogaAdmin.headers });
    expect(log.status).toBe(404);

    const ownGroup = await fetch(`${stack.baseUrl}/api/v1/${fitnessGroup.uuid}/studio-group`, { headers: fitnessAdmin.headers });
    expect(ownGroup.status).toBe(200);
    expect(await ownGroup.json()).toMatchObject({ name: 'Demo Fitness Group', sourceSystem: 'demo' });
  });

  it('keeps trainers out of the admin calls with 403, in their language', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const group = trainer.studioGroups[0]!;
    const url = `${stack.baseUrl}/api/v1/${group.uuid}/studio-group`;
    // The demo trainer's own language is German; the page's language (x-locale) wins over it.
    const german = await fetch(url, { headers: trainer.headers });
    expect(german.status).toBe(403);
    expect(await german.json()).toEqual({ status: 'error', message: 'Dieser Bereich ist nur für Mitarbeitende des Studios.' });
    const english = await fetch(url, { headers: { ...trainer.headers, 'x-locale': 'en' } });
    expect(await english.json()).toEqual({ status: 'error', message: 'This area is for studio staff only.' });
  });

  it('answers 400 for a malformed studio group id', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const response = await fetch(`${stack.baseUrl}/api/v1/not-a-uuid/studio-group`, { headers: admin.headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'g' });
  });
});

describe('health', () => {
  it('reports PostgreSQL and Temporal reachable', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success', postgres: true, temporal: true });
  });
});

describe('field messages', () => {
  it('tells a missing field from one of the wrong type', async () => {
    const wrongType = await post('/api/login', { email: 'admin@demo.test', password: 42 }, { 'content-type': 'application/json', 'x-locale': 'en' });
    expect(wrongType.status).toBe(400);
    const body = (await wrongType.json()) as { field: string; message: string };
    expect(body.field).toBe('password');
    expect(body.message).not.toContain('is required');
    expect(body.message).toContain('expected string');
  });
});

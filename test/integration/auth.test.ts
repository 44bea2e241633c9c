import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startStack, type Stack } from '../support/stack';

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

  it('limits repeated failed log-ins with 429', async () => {
    const attempt = () => post('/api/login', { email: 'ops@demo.test', password: 'guess' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const body = await (await attempt()).json();
    expect(body).toEqual({ status: 'error', message: 'Too many failed log-ins. Please wait 15 minutes and try again.' });
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

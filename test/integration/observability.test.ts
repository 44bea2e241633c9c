import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutgoingEmail } from '../../db/entities';
import { findDemoFitness } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { killAll, startAppProcess, waitForWorkers, waitUntil, type AppProcess } from '../support/processes';
import { startSmtpServer } from '../support/smtp';
import { logIn, startStack, type Stack } from '../support/stack';

// What an operator watches (docs/operations.md "What to watch"): /metrics of the api and of a
// worker process, behind METRICS_TOKEN; the request id of an API call found on the log lines of the
// activities it caused (the worker process's JSON log); /api/health naming the dependency that is
// down. The api runs in this process, the worker as its own process (worker/main.ts).

const TOKEN = crypto.randomBytes(16).toString('hex');
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stack: Stack;
let worker: AppProcess | undefined;
let workerMetricsUrl: string;
let logDir: string;
let admin: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;

/** A TCP port nobody listens on now (the worker's metrics port and the next one for the SDK's exporter must be free). */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: chosen } = server.address() as net.AddressInfo;
        server.close(() => resolve(chosen));
      });
    });
    const nextFree = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false)).listen(port + 1, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (nextFree && port < 65_000) return port;
  }
}

const scrape = (url: string, token?: string) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The value of one sample of the exposition text whose labels include all of these, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ worker: false, appEnv: { metricsToken: TOKEN, smtpUrl: smtp.url } });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  groupUuid = (await findDemoFitness(stack.orm.em.fork())).keys.uuid;
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-observability-'));
  const metricsPort = await freePortPair();
  workerMetricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  worker = startAppProcess({
    name: 'worker',
    entry: 'worker/main.ts',
    // DEBUG: the SDK's "Activity completed" lines, where the request id shows.
    env: { ...stack.processEnv, LOG_LEVEL: 'DEBUG', SMTP_URL: smtp.url, METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) },
    logDir,
  });
  await waitForWorkers({ address: stack.temporalAddress, namespace: stack.temporalNamespace, workers: [worker] });
}, 240_000);

afterAll(async () => {
  await killAll([worker]);
  await stack?.stop();
  await smtp?.stop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
});

describe('GET /metrics of the api', () => {
  it('refuses a scrape without the token or with another one', async () => {
    expect((await scrape(`${stack.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await scrape(`${stack.baseUrl}/metrics`, 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('counts requests per route pattern (not per URL) and times them', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${stack.baseUrl}/api/v1/${groupUuid}/studio-group`, { headers: admin.headers })).status).toBe(200);
    const response = await scrape(`${stack.baseUrl}/metrics`, TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(sample(text, 'trainerpay_http_requests_total', { method: 'GET', route: '/api/v1/:g/studio-group', status: '200' })).toBe(3);
    expect(sample(text, 'trainerpay_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/:g/studio-group' })).toBe(3);
    expect(text).not.toContain(groupUuid);
  });

  it('reports the outbox’s queue and how long its oldest e-mail has waited', async () => {
    const em = stack.orm.em.fork();
    em.create(OutgoingEmail, { idempotencyKey: `metrics-test-${crypto.randomUUID()}`, toAddress: 'waiting@example.test', subject: 'Waiting', textBody: 'x', createdAt: new Date(Date.now() - 10 * 60_000) });
    await em.flush();
    const text = await (await scrape(`${stack.baseUrl}/metrics`, TOKEN)).text();
    expect(sample(text, 'trainerpay_outbox_emails', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'trainerpay_outbox_oldest_queued_age_seconds', {})).toBeGreaterThanOrEqual(590);
    expect(sample(text, 'trainerpay_credit_note_runs', { status: 'running' })).toBeDefined();
  });
});

describe('GET /metrics of a worker process', () => {
  it('serves the same figures and the Temporal SDK’s worker metrics, behind the same token', async () => {
    expect((await scrape(workerMetricsUrl)).status).toBe(401);
    const text = await waitUntil('the SDK’s worker metrics', async () => {
      const body = await (await scrape(workerMetricsUrl, TOKEN)).text();
      return /^temporal_\w+/m.test(body) ? body : undefined;
    });
    expect(sample(text, 'trainerpay_outbox_emails', { status: 'queued', process: 'worker' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^temporal_worker_task_slots_available\{/m);
  });
});

describe('logs', () => {
  it('puts the request id of an API call on the log lines of the activities it started', { timeout: 180_000 }, async () => {
    const requestId = `ops-test-${crypto.randomBytes(6).toString('hex')}`;
    const lastMonth = DateTime.now().setZone('Europe/Berlin').minus({ months: 1 });
    const response = await fetch(`${stack.baseUrl}/api/v1/${groupUuid}/demo/import/classes/ondemand`, {
      method: 'POST',
      headers: { ...admin.headers, 'x-request-id': requestId },
      body: JSON.stringify({ dateStart: lastMonth.startOf('month').toISODate(), dateEnd: lastMonth.startOf('month').plus({ days: 2 }).toISODate() }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    for await (const _line of readNdjson(response)) void _line;
    const line = await waitUntil('an activity log line with the request id', () =>
      worker!
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.requestId === requestId && typeof entry.activityType === 'string'),
    );
    expect(line).toMatchObject({ process: 'worker', requestId, msg: expect.stringMatching(/^Activity/) });
  });
});

describe('GET /api/health', () => {
  it('answers 200 while PostgreSQL, Temporal, SMTP and the data folder are usable', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success', postgres: true, temporal: true, smtp: true, disk: true, down: [] });
  });

  it('answers 503 naming the SMTP server once it is gone', async () => {
    await smtp.stop();
    const response = await fetch(`${stack.baseUrl}/api/health`, { headers: { 'x-locale': 'en' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'error', message: 'Not available: smtp.', postgres: true, temporal: true, smtp: false, disk: true, down: ['smtp'] });
  });
});

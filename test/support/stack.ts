import type { Mailer } from '../../activities/mail';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { NativeConnection } from '@temporalio/worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '../../config/env';
import { initOrm } from '../../db/orm';
import { EventFeed } from '../../db/events';
import { connectTemporalClient } from '../../api/temporal';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createServer } from '../../api/app';
import { createWorker } from '../../worker/create-worker';
import { cloneTestDatabase, dropDatabase } from './databases';
import { registerNamespace } from './processes';
import { installQuietRuntime, prebuiltWorkflowBundle } from './temporal-runtime';

export type Stack = {
  baseUrl: string;
  databaseUrl: string;
  /** Where uploads and generated files of this stack live (a temp folder). */
  dataDir: string;
  temporalAddress: string;
  /** This stack's own Temporal namespace on the shared dev server (see startStack). */
  temporalNamespace: string;
  /**
   * What an api or worker process (api/main.ts, worker/main.ts) needs to run on this stack; a worker
   * process loads the run's workflow bundle and logs warnings and errors only, as the stack's own.
   */
  processEnv: { DATABASE_URL: string; TEMPORAL_ADDRESS: string; TEMPORAL_NAMESPACE: string; DATA_DIR: string; WORKFLOW_BUNDLE: string; LOG_LEVEL: 'WARN' };
  orm: MikroORM;
  temporal: Awaited<ReturnType<typeof connectTemporalClient>>['client'];
  /** Starts the in-process worker (started by default unless `worker: false`). */
  startWorker: () => Promise<void>;
  stopWorker: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The real thing for one test file: its own clone of the seeded database, its own namespace on the
 * shared Temporal dev server, the worker and the API (with socket.io) on a free port.
 *
 * The namespace keeps test files' Temporal work apart. On one namespace a workflow one file's API
 * started could run its tasks on another file's worker, against the other file's database, and
 * workflow ids come from business keys every clone shares (the import queue's id is the studio
 * group's uuid), so two files' workflows could meet under one id. A task queue per stack would fix
 * the first only; a namespace holds task queues, workflow ids and schedules apart, so the API, the
 * worker and child processes (`processEnv`) keep the production task queue (TASK_QUEUE).
 * Registered here, not pre-created by the global setup (`start-dev --namespace`): registering and
 * waiting until it answers takes 7-23 ms on the dev server, and a workflow started at once
 * runs. A namespace outlives its stack: the in-memory server goes with the run,
 * and a workflow a file left behind has no worker there, so it never runs again.
 */
export async function startStack({
  worker: withWorker = true,
  webDist = process.env.WEB_DIST ?? 'dist/web',
  mailer,
  publicUrl,
  takeOver,
  appEnv = {},
}: {
  worker?: boolean;
  webDist?: string;
  mailer?: Mailer;
  publicUrl?: string;
  /**
   * Run on what an earlier stack left (a restored backup: its database, data directory and Temporal
   * namespace) instead of a fresh clone; this stack's stop() drops that database and folder.
   */
  takeOver?: Pick<Stack, 'databaseUrl' | 'dataDir' | 'temporalNamespace'>;
  /** More of the api's configuration (METRICS_TOKEN, SMTP_URL for the health check, LOG_LEVEL). */
  appEnv?: Partial<Pick<Env, 'metricsToken' | 'smtpUrl' | 'logLevel'>>;
} = {}): Promise<Stack> {
  installQuietRuntime();
  const workflowBundle = await prebuiltWorkflowBundle();
  const database = takeOver ? { databaseUrl: takeOver.databaseUrl, drop: () => dropDatabase(takeOver.databaseUrl) } : await cloneTestDatabase();
  const dataDir = takeOver?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-stack-'));
  const temporalAddress = inject('temporalAddress');
  const temporalNamespace = takeOver?.temporalNamespace ?? `stack-${crypto.randomBytes(4).toString('hex')}`;
  if (!takeOver) await registerNamespace(temporalAddress, temporalNamespace);
  const orm = await initOrm(database.databaseUrl);
  const feed = new EventFeed(database.databaseUrl);
  await feed.start();
  const { client, connection } = await connectTemporalClient({ address: temporalAddress, namespace: temporalNamespace });
  const server = createServer({ orm, temporal: client, feed, env: { apiKeyTtlHours: 1, webDist, dataDir, temporalNamespace, ...appEnv } });
  const port = await server.listen(0, '127.0.0.1');

  let stopWorker = async () => {};
  const startWorker = async () => {
    const workerConnection = await NativeConnection.connect({ address: temporalAddress });
    const worker = await createWorker({ connection: workerConnection, namespace: temporalNamespace, orm, dataDir, workflowBundle, mailer, publicUrl });
    const running = worker.run();
    stopWorker = async () => {
      worker.shutdown();
      await running;
      await workerConnection.close();
      stopWorker = async () => {};
    };
  };
  if (withWorker) await startWorker();

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: database.databaseUrl,
    dataDir,
    temporalAddress,
    temporalNamespace,
    processEnv: {
      DATABASE_URL: database.databaseUrl,
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_NAMESPACE: temporalNamespace,
      DATA_DIR: dataDir,
      WORKFLOW_BUNDLE: workflowBundle.codePath,
      LOG_LEVEL: 'WARN',
    },
    orm,
    temporal: client,
    startWorker,
    stopWorker: () => stopWorker(),
    stop: async () => {
      await stopWorker();
      await server.close();
      await feed.stop();
      await connection.close();
      await orm.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on the stack's database and Temporal, configured as TRUST_PROXY=`trustProxy` says:
 * the tests' client, on loopback, plays the proxy and sets X-Forwarded-For / -Proto itself.
 */
export async function serveBehindProxy(stack: Stack, trustProxy: string[]): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const app = createApp({ orm: stack.orm, temporal: stack.temporal, feed: new EventFeed(stack.databaseUrl), env: { apiKeyTtlHours: 1, webDist: '/nonexistent', dataDir: stack.dataDir, trustProxy } });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Logs in through the API and returns the headers every later call needs. */
export async function logIn(baseUrl: string, email: string, password = 'demo1234') {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`log-in of ${email} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { userUuid: string; apiKey: string; studioGroups: Array<{ uuid: string; id: number; name: string }> };
  return { ...body, headers: { 'x-user': body.userUuid, 'x-api-key': body.apiKey, 'content-type': 'application/json' } };
}

/** Who calls the API: a log-in's headers, or null for nobody logged in. */
export type Caller = { headers: Record<string, string> };
export type ApiCall = { as?: Caller | null; body?: unknown; locale?: 'de' | 'en'; contentType?: string };

/**
 * One call to the API as a user (nobody unless `as` says), in a language (en unless said): the
 * status and the JSON answer. `contentType` replaces the log-in's JSON content type (a merge patch).
 */
export async function callApi<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, { as = null, body, locale = 'en', contentType }: ApiCall = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...as?.headers, 'x-locale': locale, ...(contentType ? { 'content-type': contentType } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * A test file's `call(method, path, options)`: the API of its stack (a getter, since the stack starts
 * in beforeAll), as its usual caller unless `as` names another (or null).
 */
export function apiCaller(baseUrl: () => string, usualCaller: () => Caller | null) {
  return <T = Record<string, unknown>>(method: string, path: string, { as = usualCaller(), ...options }: ApiCall = {}) => callApi<T>(baseUrl(), method, path, { as, ...options });
}

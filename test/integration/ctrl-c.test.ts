import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { waitUntil } from '../support/processes';
import { logIn } from '../support/stack';

// `npm start` as a terminal runs it: scripts/start.ts in a process group of its own (embedded
// PostgreSQL, the Temporal dev server, the api and the worker), a credit-note run of the demo month
// (which starts the worker's PDF render threads), then Ctrl-C, which the terminal sends to the
// whole group as SIGINT. Everything the stack started must be gone within 10 seconds.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STOP_WITHIN_MS = 10_000;
const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month');

let workDir: string;
let stack: ChildProcess | undefined;
let output = '';

/** A port nothing listens on right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The processes of the process group, and any other whose command line names the stack's folder (the Temporal dev server has a group of its own). */
function stackProcesses(pgid: number): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (Number(pgrp) === pgid || cmdline.includes(workDir)) found.push(`${pid} ${cmdline.slice(0, 160)}`);
    } catch {
      // gone while being read
    }
  }
  return found;
}

afterAll(() => {
  // A stack that did not stop is not left running for the next test file.
  if (stack?.pid) {
    try {
      process.kill(-stack.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    for (const line of stackProcesses(stack.pid)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('Ctrl-C in the terminal of `npm start`', () => {
  it('stops every process of the stack within 10 s after a credit-note run', { timeout: 420_000 }, async () => {
    onTestFailed(() => console.error(`scripts/start.ts printed:\n${output.slice(-5000)}`));
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-ctrl-c-'));
    const [port, postgresPort, temporalPort, temporalUiPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(workDir, 'data'), PORT: String(port), EMBEDDED_PG_PORT: String(postgresPort), TEMPORAL_DEV_PORT: String(temporalPort), TEMPORAL_UI_PORT: String(temporalUiPort), WEB_DIST: path.join(workDir, 'no-web-app') };
    for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'SMTP_URL']) delete env[name];
    // detached: a process group (and session) of its own, as a terminal gives the command it runs.
    stack = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [stack.stdout!, stack.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const pgid = stack.pid!;
    await waitUntil('the stack to start', () => {
      if (stack!.exitCode !== null) throw new Error(`scripts/start.ts exited (${stack!.exitCode}):\n${output}`);
      return output.includes('Press Ctrl-C to stop.');
    }, { timeoutMs: 240_000, intervalMs: 250 });

    // The demo month closed: classes imported, every consenting trainer billed, without review.
    const baseUrl = `http://127.0.0.1:${port}`;
    const admin = await logIn(baseUrl, 'admin@demo.test');
    const fitness = admin.studioGroups.find((group) => group.name.includes('Fitness')) as unknown as { uuid: string; id: number; mandantId: number; apiSlug: string };
    await importDemoClasses(baseUrl, admin, fitness.uuid, MONTH.startOf('month').toISODate()!, MONTH.toISODate()!);
    const settlementUuid = crypto.randomUUID();
    const billable = (await (await fetch(`${baseUrl}/api/v1/${fitness.uuid}/settlement/${settlementUuid}/billable-trainers?month=${MONTH.toISODate()}`, { headers: admin.headers })).json()) as {
      rows: Array<{ trainer_uuid: string; selectable: boolean; self_billing_consent?: boolean }>;
    };
    const trainers = [...new Set(billable.rows.filter((row) => row.selectable && row.self_billing_consent).map((row) => row.trainer_uuid))];
    await prepareSettlement(baseUrl, admin, fitness, settlementUuid, MONTH.toISODate()!, trainers, false);
    const response = await fetch(`${baseUrl}/api/v1/${fitness.uuid}/settlement/trainer-credit-note/send`, {
      method: 'POST',
      headers: { ...admin.headers, 'x-locale': 'en' },
      body: JSON.stringify({ settlementUuid, settlementRunUuid: crypto.randomUUID(), trainersSelected: trainers }),
    });
    expect(response.status).toBe(200);
    const statuses: string[] = [];
    for await (const message of readNdjson<{ status: string }>(response)) statuses.push(message.status);
    expect(statuses.at(-1)).toBe('finished_studiogroup');
    expect(fs.readdirSync(path.join(workDir, 'data'), { recursive: true }).some((file) => String(file).endsWith('.pdf'))).toBe(true);

    const started = Date.now();
    process.kill(-pgid, 'SIGINT');
    await waitUntil('every process of the stack to end', () => stackProcesses(pgid).length === 0, { timeoutMs: 60_000, intervalMs: 100 }).catch((error: Error) => {
      throw new Error(`${error.message}; still running after ${Date.now() - started} ms:\n${stackProcesses(pgid).join('\n')}`);
    });
    const stoppedAfterMs = Date.now() - started;
    console.log(`Ctrl-C: every process gone after ${stoppedAfterMs} ms`);
    expect(output).toContain('Stopping TrainerPay ...');
    // The ordered stop finished by itself: start.ts's deadline (which kills what is left) did not have to.
    expect(output).not.toContain('did not stop within');
    expect(stoppedAfterMs).toBeLessThan(STOP_WITHIN_MS);
  });
});

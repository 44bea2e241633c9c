// `npm run bench:close`: the whole month close of the synthetic studio group (1,000 trainers, 50
// studios, 60,000 classes; BENCH_TRAINERS / BENCH_STUDIOS / BENCH_CLASSES change the size) through
// the real processes, as a studio group runs it: a scratch PostgreSQL (embedded, or a scratch database
// on DATABASE_URL's server), the Temporal dev server, one api and one worker process (the real entry
// points), an SMTP server in this process receiving every e-mail. Driven through the spec's HTTP calls
// as the wizard and the trainers' browsers make them:
//   prepare      the three phases (invoice data, classes, trainers) and /settlement/create (review on)
//   previews     /settlement/trainer-preview/send for every trainer (stream), until every preview
//                e-mail has arrived over SMTP
//   interactive  every trainer logged in; an open-loop load of BENCH_RATE (100) requests a second,
//                Poisson arrivals sent on schedule whether or not earlier answers came back, latency
//                counted from the scheduled send time (no coordinated omission), for
//                BENCH_INTERACTIVE_SECONDS (60): 60 % credit-note-preview, 20 % add-comment, 20 %
//                the trainer's approve switch (each trainer's toggles alternate and never overlap,
//                and whoever is left approved is un-approved afterwards, untimed); meanwhile 4 staff
//                on the preview check, closed loop with a second per preview. p50 / p99 per kind, errors (any non-2xx), goals
//                met / NOT met (p99 ≤ 50 ms preview, ≤ 100 ms the others, 0 errors).
//                BENCH_SATURATION=1 then steps the rate 100, 200, 400, 800, 1,600 a second, 15 s
//                each, and reports the highest at which every kind's p99 stays ≤ 100 ms (goal ≥ 1,000)
//   approvals    every trainer approves (BENCH_USERS, 200, at a time)
//   approve all  the company approves every trainer with the preview check's one approve_all call
//   credit notes /settlement/trainer-credit-note/send for every trainer (numbers, PDFs, SEPA, ZIP, CSV:
//                the stream to its end), until every credit-note e-mail has arrived
//   accounting   /settlement/sepa-xml/create, accounting-email/prepare and /send, until it arrived
// Prints a table per phase: wall time, requests, CPU and peak RSS of each process (api, worker,
// PostgreSQL, Temporal, this driver with the SMTP server). Log-ins are set up, not timed (see
// bench/portal-users.ts). BENCH_KEEP=1 keeps the scratch database, the data folder and the logs;
// BENCH_PROFILE=<folder> writes CPU profiles of the api and worker processes there;
// BENCH_WORKER_NODE_ARGS='--trace-gc' passes node flags to the worker alone (with WORKER_MEMORY_LOG_MS:
// what its memory is, docs/benchmarks.md "Scale").
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { OVERALL_FEEDBACK } from '../contracts/review.contract';
import { initOrm, migrateToLatest } from '../db/orm';
import { findTemporalCli, startTemporalDevServer } from '../scripts/lib/temporal-tools';
import { creditNoteRunWorkflowId, settlementWorkflowId } from '../workflows/ids';
import { readNdjson } from '../test/support/ndjson';
import { killAll, startAppProcess, waitForApi, waitForWorkers, waitUntil } from '../test/support/processes';
import { startSmtpServer } from '../test/support/smtp';
import { writePortalUsers, type Caller } from './portal-users';
import { inMachineUnits, machineLine, measureMachine } from './machine';
import { processProbe, type TreeFigures } from './process-probe';
import { BENCH_MONTH, groupSizeFromEnv, scratchDatabase, writeSyntheticGroup } from './synthetic-group';

const SIZE = groupSizeFromEnv();
/** How many trainers approve at once in the 'approvals' phase. */
const USERS = Number(process.env.BENCH_USERS ?? 200);
/** The interactive phase's open-loop arrival rate (requests a second) and length. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
/** How long a staff member looks at a trainer's preview before clicking the next (ms). */
const STAFF_THINK_MS = 1_000;
const INTERACTIVE_SECONDS = Number(process.env.BENCH_INTERACTIVE_SECONDS ?? 60);
/** BENCH_SATURATION=1: after the interactive load, step the rate up until a p99 passes 100 ms. */
const SATURATION = process.env.BENCH_SATURATION === '1';
const SATURATION_RATES = [100, 200, 400, 800, 1_600];
const SATURATION_SECONDS = 15;
/** BENCH_PHASES=prepare,previews: run only these phases (each needs the ones before it), e.g. to profile one. */
const PHASES = process.env.BENCH_PHASES?.split(',').map((name) => name.trim());
/** The month close's time budget per phase on a 2-core machine (ms). */
const GOALS: Record<string, number> = { prepare: 2_000, previews: 3_000, 'approve all': 2_000, 'credit notes': 5_000, accounting: 1_000, total: 15_000 };

let requests = 0;
async function call(method: string, url: string, caller: Caller, body?: unknown): Promise<Response> {
  requests++;
  return fetch(url, { method, headers: caller.headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}
async function drain(response: Response, what: string) {
  await expectOk(response, what);
  let last: unknown;
  for await (const line of readNdjson<{ status?: string; message?: string }>(response)) {
    last = line;
    if (line.status === 'error') throw new Error(`${what}: ${JSON.stringify(line)}`);
  }
  return last;
}

/** Runs `tasks` with at most `width` at a time; answers each call's latency (ms). */
async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      for (let index = next++; index < items.length; index = next++) {
        const started = performance.now();
        await task(items[index]!);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const latencyText = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms (${values.length} calls)`;

type Kind = 'preview' | 'comment' | 'approval' | 'preview check';
const KINDS: Kind[] = ['preview', 'comment', 'approval', 'preview check'];
/** The interactive goal: p99 per kind (ms), and no errors. */
const P99_GOALS: Record<Kind, number> = { preview: 50, comment: 100, approval: 100, 'preview check': 100 };
type LoadResult = { latencies: Record<Kind, number[]>; errors: number; firstErrors: string[]; scheduled: number; seconds: number; driverLagMs: number[] };
const met = (held: boolean) => (held ? 'met' : 'NOT met');
function resultLines(result: LoadResult): string[] {
  const lines = KINDS.map((kind) => {
    const p99 = percentile(result.latencies[kind], 99);
    return `${kind}: ${latencyText(result.latencies[kind])}, goal p99 ≤ ${P99_GOALS[kind]} ms: ${met(p99 <= P99_GOALS[kind])}`;
  });
  lines.push(`errors (non-2xx or no answer): ${result.errors}, goal 0: ${met(result.errors === 0)}${result.firstErrors.length ? ` (first: ${result.firstErrors.join(' | ')})` : ''}`);
  // The driver's own lag behind its schedule: large, and the driver (not the server) is the limit.
  lines.push(`arrivals: ${result.scheduled} in ${result.seconds} s (${(result.scheduled / result.seconds).toFixed(0)}/s); the driver sent them p99 ${percentile(result.driverLagMs, 99).toFixed(0)} ms late`);
  return lines;
}
const withinSaturationGoal = (result: LoadResult) => result.errors === 0 && KINDS.every((kind) => percentile(result.latencies[kind], 99) <= 100);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function postmasterPid(dataDir: string): number | undefined {
  const pidFile = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).find((file) => file.endsWith('postmaster.pid'));
  return pidFile ? Number(fs.readFileSync(path.join(dataDir, pidFile), 'utf8').split('\n')[0]) : undefined;
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-bench-close-'));
  const logDir = path.join(workDir, 'logs');
  const dataDir = path.join(workDir, 'data');
  fs.mkdirSync(logDir);
  fs.mkdirSync(dataDir);
  const database = await scratchDatabase();
  const smtp = await startSmtpServer();
  const cli = findTemporalCli();
  if (!cli) throw new Error('No Temporal CLI: run `node scripts/ensure-tools.mjs`.');
  const temporal = await startTemporalDevServer({ cli, port: 18233 + (process.pid % 1000), log: path.join(logDir, 'temporal.log') });
  // Interrupted (Ctrl-C): the dev server runs in a process group of its own, so stop it here.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void temporal.stop().finally(() => process.exit(130));
    });
  }
  const apps: Array<ReturnType<typeof startAppProcess>> = [];
  try {
    // Measured before the app processes start, so the figure is the machine's and not the benchmark's load.
    const machine = await measureMachine(database.url);
    // Printed at once as well: a long run that breaks off later still names its machine figure.
    console.log(`${machineLine(machine)} (load ${os.loadavg()[0]!.toFixed(1)})`);
    const started = performance.now();
    const orm = await initOrm(database.url);
    await migrateToLatest(orm);
    await orm.close(true);
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const { group, trainerUuids } = await writeSyntheticGroup(client, SIZE, { withSettlement: false });
    const users = await writePortalUsers(client, group.id);
    await client.query('analyze');
    await client.end();
    const setupMs = performance.now() - started;

    const env = {
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: temporal.address,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      PORT: '0',
      PUBLIC_URL: 'https://pay.example',
      WEB_DIST: path.join(workDir, 'no-web-app'),
      NODE_ENV: 'production',
    };
    // BENCH_PROFILE=<folder>: a V8 CPU profile of the api and the worker (open in Chrome DevTools).
    const nodeArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    // BENCH_WORKER_NODE_ARGS='--trace-gc …': more node flags for the worker alone (space-separated).
    const workerNodeArgs = [...nodeArgs, ...(process.env.BENCH_WORKER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [])];
    const api = startAppProcess({ name: 'api', entry: 'api/main.ts', env, logDir, nodeArgs });
    const worker = startAppProcess({ name: 'worker', entry: 'worker/main.ts', env, logDir, nodeArgs: workerNodeArgs });
    apps.push(api, worker);
    const baseUrl = await waitForApi(api);
    await waitForWorkers({ address: temporal.address, namespace: 'default', workers: [worker] });

    const pgPid = database.dataDir ? postmasterPid(database.dataDir) : undefined;
    const probe = processProbe({ api: api.pid, worker: worker.pid, ...(pgPid ? { postgres: pgPid } : {}), temporal: temporal.process.pid!, driver: -process.pid });
    const rows: Array<{ phase: string; ms: number; requests: number; figures: Record<string, TreeFigures>; detail: string }> = [];
    const phase = async (name: string, work: () => Promise<string>) => {
      if (PHASES && !PHASES.includes(name)) return;
      probe.cut();
      const requestsBefore = requests;
      const phaseStarted = performance.now();
      const detail = await work();
      rows.push({ phase: name, ms: performance.now() - phaseStarted, requests: requests - requestsBefore, figures: probe.cut(), detail });
      // Each process's CPU and peak RSS as soon as the phase ends: a long run that fails later keeps them.
      const { figures } = rows.at(-1)!;
      const perProcess = Object.entries(figures).map(([process, { cpuMs, peakRssBytes }]) => `${process} ${seconds(cpuMs)} / ${mb(peakRssBytes)}`);
      console.log(`${name}: ${seconds(rows.at(-1)!.ms)}  ${detail}  (${perProcess.join(', ')})`);
    };

    const admin = users.admin;
    const v1 = (urlPath: string) => `${baseUrl}/api/v1/${group.uuid}${urlPath}`;
    const settlementUuid = crypto.randomUUID();
    const runUuid = crypto.randomUUID();
    const base = { idMandant: group.mandantId, idStudioGroup: group.id, studioGroupUuid: group.uuid, settlementMonth: BENCH_MONTH, settlementUuid };
    const previewPath = (trainer: Caller) => `${baseUrl}/api/v2/${group.uuid}/trainer-account/${trainer.userUuid}/credit-note-preview/${settlementUuid}`;
    const mails = () => smtp.received.length;
    const waitForMails = (count: number, what: string) => waitUntil(what, () => mails() >= count, { timeoutMs: 600_000, intervalMs: 20 });
    const closeStarted = performance.now();

    await phase('prepare', async () => {
      for (const [step, extra] of [['invoice-data', { trainersSelected: trainerUuids }], ['class', {}], ['trainer', {}]] as const) {
        await expectOk(await call('POST', v1(`/settlement/${group.apiSlug}/create/${step}`), admin, { ...base, ...extra }), `prepare ${step}`);
      }
      await expectOk(await call('POST', v1('/settlement/create'), admin, { ...base, apiSlug: group.apiSlug, trainerReview: true }), 'settlement/create');
      const sums = (await (await expectOk(await call('GET', v1(`/settlement/calculate-sum/${settlementUuid}`), admin), 'calculate-sum')).json()) as { sumGross: number };
      return `${trainerUuids.length} trainers, gross ${sums.sumGross.toFixed(2)} EUR`;
    });

    await phase('previews', async () => {
      const before = mails();
      await drain(await call('POST', v1('/settlement/trainer-preview/send'), admin, { settlementUuid, settlementMonth: BENCH_MONTH, trainersSelected: trainerUuids, message: 'Bitte prüfen' }), 'preview send');
      await waitForMails(before + trainerUuids.length, 'every preview e-mail');
      return `${mails() - before} e-mails received over SMTP`;
    });

    let interactive = '';
    await phase('interactive', async () => {
      const load = { rate: RATE, seconds: INTERACTIVE_SECONDS };
      const result = await openLoop(load);
      const lines = [`${users.trainers.length} trainers logged in, ${RATE} requests/s (Poisson) + 4 staff for ${INTERACTIVE_SECONDS} s`, ...resultLines(result)];
      if (SATURATION) {
        // Each step on the same settlement: the toggles of the step before are undone by then.
        let highest = 0;
        for (const rate of SATURATION_RATES) {
          const step = await openLoop({ rate, seconds: SATURATION_SECONDS });
          const held = withinSaturationGoal(step);
          lines.push(`saturation ${rate}/s for ${SATURATION_SECONDS} s: ${KINDS.map((kind) => `${kind} p99 ${percentile(step.latencies[kind], 99).toFixed(0)} ms`).join(', ')}, ${step.errors} errors, ${step.scheduled} sent (p99 ${percentile(step.driverLagMs, 99).toFixed(0)} ms late): ${held ? 'held' : 'not held'}`);
          if (!held) break;
          highest = rate;
        }
        lines.push(`saturation: highest rate with every kind's p99 ≤ 100 ms and no errors ${highest}/s (goal ≥ 1,000/s): ${highest >= 1_000 ? 'met' : 'NOT met'}`);
      }
      interactive = lines.join('\n  ');
      return lines[0]!;
    });

    /**
     * The review screens under an open-loop load: requests arrive at `rate` a second with exponential
     * gaps (Poisson arrivals) and are sent when the clock says so, whether or not the answers before
     * them came back; each latency counts from the scheduled send time. Closed-loop callers (who call
     * again only after an answer) slow down with the server and hide its queue (coordinated omission).
     * The 4 staff on the preview check stay closed-loop: 4 people clicking through rows, each
     * reading a trainer's preview for STAFF_THINK_MS before the next click (without it, 4 callers
     * made ~7x the trainers' load).
     */
    async function openLoop(load: { rate: number; seconds: number }): Promise<LoadResult> {
      const latencies: Record<Kind, number[]> = { preview: [], comment: [], approval: [], 'preview check': [] };
      let errors = 0;
      const firstErrors: string[] = [];
      const send = async (kind: Kind, scheduledAt: number, request: () => Promise<Response>) => {
        try {
          const response = await request();
          const body = await response.text();
          if (response.status >= 300) {
            errors++;
            if (firstErrors.length < 3) firstErrors.push(`${kind} ${response.status} ${body.slice(0, 200)}`);
            return;
          }
          latencies[kind].push(performance.now() - scheduledAt);
        } catch (error) {
          errors++;
          if (firstErrors.length < 3) firstErrors.push(`${kind} ${String(error)}`);
        }
      };
      // A trainer's toggles alternate approve / un-approve and never overlap, so each trainer ends
      // unapproved (after the clean-up below) as the 'approvals' phase expects.
      const approved = new Set<Caller>();
      const toggling = new Set<Caller>();
      const toggle = async (trainer: Caller, scheduledAt: number) => {
        toggling.add(trainer);
        const approve = !approved.has(trainer);
        await send('approval', scheduledAt, async () => {
          const response = await call('POST', `${previewPath(trainer)}/approve`, trainer, { approved: approve });
          if (response.status < 300) {
            if (approve) approved.add(trainer);
            else approved.delete(trainer);
          }
          return response;
        });
        toggling.delete(trainer);
      };
      const randomTrainer = () => users.trainers[Math.floor(Math.random() * users.trainers.length)]!;
      const started = performance.now();
      const until = started + load.seconds * 1000;
      const inFlight: Array<Promise<void>> = [];
      let round = 0;
      const staff = Array.from({ length: 4 }, async () => {
        while (performance.now() < until) {
          const trainer = users.trainers[round++ % users.trainers.length]!;
          const callStarted = performance.now();
          await send('preview check', callStarted, () => call('POST', v1(`/settlement/trainer-preview/${trainer.trainerUuid}`), admin, { settlementUuid, settlementMonth: BENCH_MONTH, apiSlug: group.apiSlug }));
          await new Promise((resolve) => setTimeout(resolve, Math.min(STAFF_THINK_MS, Math.max(0, until - performance.now()))));
        }
      });
      let scheduled = 0;
      const driverLagMs: number[] = [];
      let next = started;
      for (;;) {
        next += (-Math.log(1 - Math.random()) / load.rate) * 1000;
        if (next >= until) break;
        scheduled++;
        const wait = next - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        const scheduledAt = next;
        driverLagMs.push(performance.now() - scheduledAt);
        const draw = Math.random();
        const trainer = randomTrainer();
        if (draw < 0.6) inFlight.push(send('preview', scheduledAt, () => call('GET', previewPath(trainer), trainer)));
        else if (draw < 0.8) inFlight.push(send('comment', scheduledAt, () => call('POST', `${previewPath(trainer)}/add-comment`, trainer, { comment: 'Kurs am Montag fehlt?', classHash: OVERALL_FEEDBACK })));
        else {
          // A trainer whose toggle is still under way is passed over for the next one that is free.
          let free = trainer;
          for (let tries = 0; toggling.has(free) && tries < users.trainers.length; tries++) free = randomTrainer();
          inFlight.push(toggle(free, scheduledAt));
        }
      }
      await Promise.all([...inFlight, ...staff]);
      // Not timed: whoever the load left approved is un-approved.
      for (const trainer of approved) await expectOk(await call('POST', `${previewPath(trainer)}/approve`, trainer, { approved: false }), 'un-approve after the interactive load');
      return { latencies, errors, firstErrors, scheduled, seconds: load.seconds, driverLagMs };
    }

    let approvalLatencies = '';
    await phase('approvals', async () => {
      const byTrainer = await pool(users.trainers, USERS, async (trainer) => {
        await expectOk(await call('POST', `${previewPath(trainer)}/approve`, trainer, { approved: true }), 'trainer approve');
      });
      approvalLatencies = `trainer approve ${latencyText(byTrainer)}`;
      return approvalLatencies;
    });

    // The preview check's 'Approve all' (spec 2.10): one call records every company approval and
    // signals the workflow once; timed until it answered.
    await phase('approve all', async () => {
      const answer = (await (await expectOk(await call('POST', v1(`/settlement/${settlementUuid}/command`), admin, { action: 'approve_all' }), 'approve all')).json()) as { approvedCount: number; locked: unknown[] };
      if (answer.approvedCount !== trainerUuids.length) throw new Error(`approve all: ${answer.approvedCount} of ${trainerUuids.length} approved, ${answer.locked.length} locked`);
      return `${answer.approvedCount} trainers approved by the company in one call`;
    });

    await phase('credit notes', async () => {
      const before = mails();
      await drain(await call('POST', v1('/settlement/trainer-credit-note/send'), admin, { settlementUuid, settlementRunUuid: runUuid, trainersSelected: trainerUuids }), 'credit-note run');
      const streamEnded = performance.now();
      await waitForMails(before + trainerUuids.length, 'every credit-note e-mail');
      return `run streamed to its end, then ${seconds(performance.now() - streamEnded)} until the last of ${mails() - before} e-mails`;
    });

    await phase('accounting', async () => {
      const sepa = (await (await expectOk(await call('POST', v1('/settlement/sepa-xml/create'), admin, { settlementUuid, settlementRunUuid: runUuid, settlementMonth: BENCH_MONTH, apiSlug: group.apiSlug }), 'sepa-xml')).json()) as { message: string };
      await expectOk(await call('POST', v1('/settlement/accounting-email/prepare'), admin, { settlementUuid, settlementRunUuid: runUuid }), 'accounting-email/prepare');
      const before = mails();
      await expectOk(
        await call('POST', v1('/settlement/accounting-email/send'), admin, {
          settlementUuid,
          settlementRunUuid: runUuid,
          accountingEmailAddress: 'steuerbuero@bench.test',
          accountingEmailSubject: 'Gutschriften Oktober',
          accountingEmailBody: '<p>Anbei die Dateien.</p>',
          emailAttachements: ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH'],
        }),
        'accounting-email/send',
      );
      await waitForMails(before + 1, 'the accounting e-mail');
      return sepa.message;
    });
    const totalMs = performance.now() - closeStarted;
    probe.stop();
    // How big the histories grew: Temporal warns at 10,240 events and stops a run at 51,200.
    const connection = await Connection.connect({ address: temporal.address });
    const historyLength = async (workflowId: string) => {
      const described = await new Client({ connection }).workflow.getHandle(workflowId).describe();
      return described.historyLength;
    };
    const runHistory = rows.some((row) => row.phase === 'credit notes') ? `, credit-note run ${await historyLength(creditNoteRunWorkflowId(runUuid))} events` : '';
    const histories = `settlement workflow ${await historyLength(settlementWorkflowId(settlementUuid))} events${runHistory}`;
    await connection.close();

    const processes = Object.keys(rows[0]!.figures);
    console.log(`\nTrainerPay benchmark: the whole month close through API, Temporal and the worker (${os.cpus().length} CPUs, Node ${process.version}, ${new Date().toISOString().slice(0, 10)})`);
    console.log(`Database: ${database.where}; Temporal dev server ${temporal.address}; one api and one worker process`);
    console.log(`Synthetic studio group: ${SIZE.trainers} trainers, ${SIZE.studios} studios, ${SIZE.classes} classes in ${BENCH_MONTH.slice(0, 7)} (set up in ${seconds(setupMs)}, not timed)\n`);
    console.log(`${machineLine(machine)}\n`);
    const header = ['phase', 'time', '× M', 'goal', 'requests', ...processes.map((name) => `${name} CPU / peak RSS`)];
    const table = rows.map((row) => [
      row.phase,
      seconds(row.ms),
      inMachineUnits(row.ms, machine),
      GOALS[row.phase] ? `≤ ${seconds(GOALS[row.phase]!)}` : '',
      String(row.requests),
      ...processes.map((name) => `${seconds(row.figures[name]!.cpuMs)} / ${mb(row.figures[name]!.peakRssBytes)}`),
    ]);
    const closeMs = totalMs - (rows.find((row) => row.phase === 'interactive')?.ms ?? 0);
    table.push(['total (without interactive)', seconds(closeMs), inMachineUnits(closeMs, machine), `≤ ${seconds(GOALS.total!)}`, String(rows.filter((row) => row.phase !== 'interactive').reduce((sum, row) => sum + row.requests, 0)), ...processes.map(() => '')]);
    const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of table) console.log(line(row));
    console.log(`\nInteractive: ${interactive}`);
    console.log(`Approvals: ${approvalLatencies}`);
    console.log(`Temporal histories: ${histories}`);
    console.log(`Logs: ${logDir}${process.env.BENCH_KEEP ? '' : ' (removed; BENCH_KEEP=1 keeps them)'}`);
  } finally {
    // A graceful stop first: the processes write their CPU profiles (BENCH_PROFILE) on exit.
    for (const app of apps) app.child.kill('SIGTERM');
    await Promise.race([Promise.all(apps.map((app) => app.exited())), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await killAll(apps);
    await temporal.stop();
    await smtp.stop();
    await database.drop();
    if (!process.env.BENCH_KEEP) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

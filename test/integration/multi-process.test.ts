import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Connection, Client } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { DateTime } from 'luxon';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { TSendStreamMessage, TSettlementSendEvent } from '../../contracts/review.contract';
import { settlementRoom, type TSettlementDetail, type TSettlementLogEvent } from '../../contracts/settlement.contract';
import { CreditNote, OutgoingEmail } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { translate } from '../../domain/messages';
import { FREE_FAILURES_PER_ADDRESS } from '../../api/auth/login-throttle';
import { creditNoteRunWorkflowId } from '../../workflows/ids';
import { cloneTestDatabase } from '../support/databases';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { killAll, registerNamespace, startAppProcess, waitForApi, waitForWorkers, waitUntil, workerOfIdentity, type AppProcess } from '../support/processes';
import { prebuiltWorkflowBundle } from '../support/temporal-runtime';
import { startSmtpServer } from '../support/smtp';
import { writeSyntheticTrainers } from '../support/synthetic-trainers';
import { logIn } from '../support/stack';

// Several processes: two api and two worker processes (the real entry points, as
// docker-compose runs them) on one PostgreSQL database and the shared Temporal dev server, a shared
// data directory, the test's SMTP server. A socket on api A follows a credit-note run that api B
// started; the worker running the run's activity is killed (SIGKILL) once the first credit notes
// exist; the other worker takes over. Every live message reaches the socket (as the log rows in the
// database and the stream on api B have them), every trainer is billed and e-mailed exactly once.
// The log-in limit holds across both api processes (counted in PostgreSQL).
//
// The processes use a Temporal namespace of their own (the API's task queue, as always), so these
// workers cannot pick up another test file's workflows, and none of theirs outlives this file.

const SYNTHETIC_TRAINERS = 100;
const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let orm: MikroORM;
let temporalConnection: Connection;
let temporal: Client;
let workDir: string;
let keepLogs = false;
let apiA: AppProcess, apiB: AppProcess, worker1: AppProcess, worker2: AppProcess;
let baseA: string, baseB: string;
const namespace = `multi-process-${crypto.randomBytes(4).toString('hex')}`;

/** When a test fails: keep the processes' logs and say where they are. */
function reportLogsOnFailure() {
  onTestFailed(() => {
    keepLogs = true;
    console.error(`multi-process logs: ${path.join(workDir, 'logs')} (${[apiA, apiB, worker1, worker2].map((app) => app?.name).join(', ')})`);
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await cloneTestDatabase();
  orm = await initOrm(database.databaseUrl);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-multi-process-'));
  const dataDir = path.join(workDir, 'data');
  const logDir = path.join(workDir, 'logs');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(logDir);
  const temporalAddress = inject('temporalAddress');
  await registerNamespace(temporalAddress, namespace);
  temporalConnection = await Connection.connect({ address: temporalAddress });
  temporal = new Client({ connection: temporalConnection, namespace });

  const env = {
    DATABASE_URL: database.databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: namespace,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    // Each api listens on a free port and prints it; no web app to serve.
    PORT: '0',
    PUBLIC_URL: 'https://pay.example',
    WEB_DIST: path.join(workDir, 'no-web-app'),
    WORKFLOW_BUNDLE: (await prebuiltWorkflowBundle()).codePath,
  };
  apiA = startAppProcess({ name: 'api-a', entry: 'api/main.ts', env, logDir });
  apiB = startAppProcess({ name: 'api-b', entry: 'api/main.ts', env, logDir });
  worker1 = startAppProcess({ name: 'worker-1', entry: 'worker/main.ts', env, logDir });
  worker2 = startAppProcess({ name: 'worker-2', entry: 'worker/main.ts', env, logDir });
  try {
    [baseA, baseB] = await Promise.all([waitForApi(apiA), waitForApi(apiB)]);
    await waitForWorkers({ address: temporalAddress, namespace, workers: [worker1, worker2] });
  } catch (error) {
    keepLogs = true;
    throw new Error(`${(error as Error).message}\n(the processes' logs: ${logDir})`, { cause: error });
  }
}, 300_000);

afterAll(async () => {
  await killAll([apiA, apiB, worker1, worker2]);
  await temporalConnection?.close().catch(() => {});
  await orm?.close();
  await database?.drop();
  await smtp?.stop();
  if (workDir && !keepLogs) fs.rmSync(workDir, { recursive: true, force: true });
});

function connectSocket(baseUrl: string, login: { userUuid: string; apiKey: string }) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(baseUrl, { auth: { user: login.userUuid, apiKey: login.apiKey }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (socket: Socket, room: string) => new Promise<{ ok: boolean; message?: string }>((resolve) => socket.emit('join', room, resolve));

type LogRow = { id: number; timestamp: Date; proc: string; trainer_uuid: string | null; status: string; message: string };
const logRowsOf = (settlementUuid: string) =>
  orm.em
    .fork()
    .getConnection()
    .execute<LogRow[]>(
      `select l.id, l."timestamp", l.proc, l.trainer_uuid, l.status, l.message from settlement_log l join settlement s on s.id = l.settlement_id where s.uuid = ? order by l.id`,
      [settlementUuid],
    );
const logKey = (row: { timestamp: Date | string; proc: string; trainer_uuid: string | null; status: string; message: string }) =>
  JSON.stringify([new Date(row.timestamp).toISOString(), row.proc, row.trainer_uuid, row.status, row.message]);

describe('two api and two worker processes on one database and one Temporal server', () => {
  it('a credit-note run started on api B, followed live on api A, survives the SIGKILL of the worker running it', { timeout: 240_000 }, async () => {
    reportLogsOnFailure();
    const started = Date.now();
    const [adminA, adminB] = await Promise.all([logIn(baseA, 'admin@demo.test'), logIn(baseB, 'admin@demo.test')]);
    const { keys: fitness } = await findDemoFitness(orm.em.fork());
    const onB = (urlPath: string) => `${baseB}/api/v1/${fitness.uuid}${urlPath}`;

    // The month on api B as an admin prepares it: classes imported, every billable trainer, no review.
    // The demo's ~20 trainers are issued in one chunk within a second; synthetic ones make the run
    // long enough (several chunks) for a kill while it issues.
    await importDemoClasses(baseB, adminB, fitness.uuid, DateTime.fromISO(MONTH).startOf('month').toISODate()!, MONTH);
    const synthetic = await writeSyntheticTrainers(orm, { studioGroupId: fitness.id, month: MONTH, count: SYNTHETIC_TRAINERS, prefix: 'MULTI' });
    const settlementUuid = randomUUID();
    const billable = (await (await fetch(onB(`/settlement/${settlementUuid}/billable-trainers?month=${MONTH}`), { headers: adminB.headers })).json()) as {
      rows: Array<{ trainer_uuid: string; selectable: boolean; self_billing_consent?: boolean }>;
    };
    const selectable = [...new Set(billable.rows.filter((row) => row.selectable && row.self_billing_consent).map((row) => row.trainer_uuid))];
    // The run refuses a trainer with neither tax number nor VAT ID (no valid e-invoice, §14 (4)
    // UStG); the selection still offers one whose group does not insist on the tax number.
    const withTaxId = await orm.em
      .fork()
      .getConnection()
      .execute<Array<{ uuid: string }>>(
        `select uuid from trainer where uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb)) and (coalesce(tax_number, '') <> '' or coalesce(vat_id, '') <> '')`,
        [JSON.stringify(selectable)],
      );
    const trainers = selectable.filter((uuid) => withTaxId.some((row) => row.uuid === uuid));
    expect(trainers).toEqual(expect.arrayContaining(synthetic));
    expect(trainers.length).toBeGreaterThanOrEqual(SYNTHETIC_TRAINERS + 15);
    await prepareSettlement(baseB, adminB, fitness, settlementUuid, MONTH, trainers, false);

    // The browser on api A follows the settlement's room.
    const socket = await connectSocket(baseA, adminA);
    const logEvents: TSettlementLogEvent[] = [];
    const sendEvents: TSettlementSendEvent[] = [];
    socket.on('settlement:log', (event: TSettlementLogEvent) => logEvents.push(event));
    socket.on('settlement:send', (event: TSettlementSendEvent) => sendEvents.push(event));
    try {
      expect(await join(socket, settlementRoom(settlementUuid))).toEqual({ ok: true });
      const lastRowBeforeRun = (await logRowsOf(settlementUuid)).at(-1)?.id ?? 0;

      // The run, started on api B; its stream is read on the side.
      const runUuid = randomUUID();
      const abort = new AbortController();
      const response = await fetch(onB('/settlement/trainer-credit-note/send'), {
        method: 'POST',
        headers: { ...adminB.headers, 'x-locale': 'en' },
        body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: trainers }),
        signal: abort.signal,
      });
      // (Not `response.clone().text()` for the message: that would wait for the whole run.)
      expect(response.status).toBe(200);
      const streamed: TSendStreamMessage[] = [];
      const stream = (async () => {
        for await (const message of readNdjson<TSendStreamMessage>(response)) streamed.push(message);
      })().catch(() => undefined);

      // Once the first credit notes exist, kill (SIGKILL) the worker that runs the run's activity
      // right then: Temporal sees its heartbeats stop, and the other worker retries the activity.
      // The run's issuing steps (the pipelined run numbers and draws in two activities of its own).
      const ISSUING = ['recordCreditNotes', 'drawCreditNotePdfs'];
      const runNotes = () => orm.em.fork().find(CreditNote, { settlementRun: { uuid: runUuid }, documentType: 'credit_note' }, { populate: ['trainer'], orderBy: { number: 'asc' } });
      const countRunNotes = () => orm.em.fork().count(CreditNote, { settlementRun: { uuid: runUuid } });
      await waitUntil('the first credit notes of the run', async () => (await countRunNotes()) > 0, { timeoutMs: 120_000, intervalMs: 25 });
      const handle = temporal.workflow.getHandle(creditNoteRunWorkflowId(runUuid));
      const seen: string[] = [];
      const running = await waitUntil(
        'an activity of the run running on a worker',
        async () => {
          const { raw, status } = await handle.describe();
          const pending = raw.pendingActivities ?? [];
          seen.push(`${status.name}: ${pending.map((item) => `${item.activityType?.name} state ${item.state} on ${item.lastWorkerIdentity}`).join(', ') || 'none'}`);
          // Issuing (numbers and records, then the PDFs) is the work a crash must not double; a
          // chunk's e-mails run beside the next chunk's issuing and are not the kill's target.
          const activity = pending.find((item) => item.state === proto.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED && ISSUING.includes(item.activityType?.name ?? ''));
          const worker = workerOfIdentity([worker1, worker2], activity?.lastWorkerIdentity);
          return activity && worker ? { worker, activity: activity.activityType?.name ?? '?' } : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 20 },
      ).catch((error: Error) => {
        throw new Error(`${error.message}; seen: ${[...new Set(seen)].join(' | ')}`);
      });
      const notesAtKill = await countRunNotes();
      await running.worker.kill();
      const survivor = running.worker === worker1 ? worker2 : worker1;
      expect(ISSUING, `killed ${running.worker.name} while it ran ${running.activity} (${notesAtKill} credit notes)`).toContain(running.activity);
      expect(notesAtKill).toBeLessThan(trainers.length);

      // The run finishes on the other worker (its issuing retried after the 30 s heartbeat timeout).
      const detail = await waitUntil(
        'the run to finish',
        async () => {
          const answer = (await (await fetch(`${baseA}/api/v1/${fitness.uuid}/settlement/${settlementUuid}`, { headers: adminA.headers })).json()) as TSettlementDetail;
          const phase = answer.workflow?.creditNoteRun?.phase;
          return phase === 'done' || phase === 'failed' ? answer : undefined;
        },
        { timeoutMs: 150_000, intervalMs: 500 },
      );
      expect(detail.workflow?.creditNoteRun).toMatchObject({ runUuid, phase: 'done', total: trainers.length, issued: trainers.length, refused: 0 });
      await waitUntil('the stream on api B to end', () => streamed.at(-1)?.status === 'finished_studiogroup', { timeoutMs: 30_000 });
      abort.abort();
      await stream;

      // The killed activity was retried, and by the survivor.
      const history = await handle.fetchHistory();
      const retriedStarts = (history.events ?? []).filter((event) => event.activityTaskStartedEventAttributes && event.activityTaskStartedEventAttributes.attempt! > 1);
      expect(retriedStarts.map((event) => event.activityTaskStartedEventAttributes!.identity)).toContain(`${survivor.pid}@${os.hostname()}`);

      // Billed exactly once: one credit note per trainer, numbers without a gap or a duplicate, each PDF as hashed.
      const notes = await runNotes();
      expect(notes.map((note) => note.trainer.uuid).sort()).toEqual([...trainers].sort());
      const sequence = notes.map((note) => Number(/(\d+)$/.exec(note.number)![1])).sort((a, b) => a - b);
      expect(sequence).toEqual(Array.from({ length: trainers.length }, (_, index) => sequence[0]! + index));
      expect(await orm.em.fork().count(CreditNote, { studioGroup: fitness.id, number: { $in: notes.map((note) => note.number) } })).toBe(trainers.length);
      for (const note of notes) {
        const pdf = fs.readFileSync(path.join(workDir, 'data', note.filePath));
        expect(crypto.createHash('sha256').update(pdf).digest('hex'), note.number).toBe(note.sha256);
      }

      // E-mailed exactly once: one outbox row per trainer, sent, and one message per row at the SMTP server.
      const emails = await orm.em.fork().find(OutgoingEmail, { idempotencyKey: { $like: `${fitness.uuid}:credit-note:${runUuid}:%` } });
      expect(emails.map((email) => email.idempotencyKey.split(':').at(-1)).sort()).toEqual([...trainers].sort());
      expect(emails.every((email) => email.status === 'sent')).toBe(true);
      expect(smtp.received).toHaveLength(trainers.length);
      const messageIds = smtp.received.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1]);
      expect(new Set(messageIds).size).toBe(trainers.length);
      expect(smtp.received.flatMap((mail) => mail.envelopeTo).sort()).toEqual(emails.map((email) => email.toAddress).sort());

      // Every live message reached the socket on api A: each log row of the run once (and nothing
      // that is not in the database), and the run's messages exactly as api B streamed them.
      const rows = await logRowsOf(settlementUuid);
      const runRows = rows.filter((row) => row.id > lastRowBeforeRun);
      expect(runRows.length).toBeGreaterThan(2 * trainers.length);
      await waitUntil('every log row of the run on the socket', () => runRows.every((row) => logEvents.some((event) => logKey(event) === logKey(row))), { timeoutMs: 15_000 });
      const received = logEvents.map(logKey);
      for (const row of runRows) expect(received.filter((key) => key === logKey(row)), logKey(row)).toHaveLength(1);
      // Read again: a row committed after the first read (the settlement's own steps) has its event too.
      const stored = new Set((await logRowsOf(settlementUuid)).map(logKey));
      expect(received.filter((key) => !stored.has(key))).toEqual([]);
      await waitUntil('the last message of the run on the socket', () => sendEvents.some((event) => event.sendUuid === runUuid && event.message.status === 'finished_studiogroup'), { timeoutMs: 15_000 });
      expect(sendEvents.filter((event) => event.sendUuid === runUuid).map((event) => event.message)).toEqual(streamed);
      expect(streamed.filter((message) => message.outcome === 'created').map((message) => message.trainer_uuid).sort()).toEqual(expect.arrayContaining([...trainers].sort()));
    } finally {
      socket.close();
    }
    console.log(`multi-process: run of ${trainers.length} trainers with a killed worker in ${Math.round((Date.now() - started) / 1000)} s`);
  });

  it(`holds the log-in limit across api processes: ${FREE_FAILURES_PER_ADDRESS} failures spread over A and B, the next on either answers 429`, { timeout: 60_000 }, async () => {
    reportLogsOnFailure();
    const attempt = (baseUrl: string, password: string) =>
      fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-locale': 'en' }, body: JSON.stringify({ email: 'admin2@demo.test', password }) });
    for (let index = 0; index < FREE_FAILURES_PER_ADDRESS; index++) {
      const answer = await attempt(index % 2 === 0 ? baseA : baseB, 'wrong-password');
      expect(answer.status, `attempt ${index + 1}`).toBe(401);
    }
    const tooMany = { status: 'error', message: translate('en', 'auth.tooManyFailures', { minutes: 1 }) };
    const onA = await attempt(baseA, 'wrong-password');
    expect(onA.status).toBe(429);
    expect(await onA.json()).toEqual(tooMany);
    // Locked on the other process too, even with the right password.
    const onB = await attempt(baseB, 'demo1234');
    expect(onB.status).toBe(429);
    expect(await onB.json()).toEqual(tooMany);
  });
});

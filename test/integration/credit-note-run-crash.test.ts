import { spawn, type ChildProcess } from 'node:child_process';
import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSettlementDetail } from '../../contracts/settlement.contract';
import { AccountingFile, CreditNote } from '../../db/entities';
import { creditNoteRunWorkflowId } from '../../workflows/ids';
import { WORKER_NODE_ARGS } from '../../config/worker-heap';
import { findDemoFitness, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn, startStack, type Stack } from '../support/stack';

// The credit-note run's crash promise: "killing the worker in the middle of a 200-trainer run and starting it
// again finishes the run with every trainer exactly once — no duplicate or skipped numbers, no
// second e-mail". A synthetic group of 200 trainers (complete data, self-billing consent, five
// classes each) in demo-fitness, a settlement without trainer review, a credit-note run started
// through the API. The worker runs as a child process (worker/main.ts) and is killed with SIGKILL
// while it issues (30–80 credit notes written): no shutdown, the open transaction dies with its
// connection. An in-process worker takes over; the issuing activity is retried once its 30 s
// heartbeat timeout has passed and resumes from what the database holds.
// RECORD_HISTORY=<folder> writes the run's history (the pipelined run: heartbeat timeouts and their
// retries; v1 is the run before it) for the replay test.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TRAINERS = 200;
const CLASSES_PER_TRAINER = 5;
const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let trainerUuids: string[];
let child: ChildProcess | undefined;
const settlementUuid = randomUUID();
const runUuid = randomUUID();

/** The standalone worker process on this stack's database, Temporal namespace and data directory. */
function startWorkerProcess(logFile: string): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  return spawn(process.execPath, [...WORKER_NODE_ARGS, '--import', 'tsx', path.join(ROOT, 'worker/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...stack.processEnv, SMTP_URL: '' },
    stdio: ['ignore', log, log],
  });
}

/** 200 trainers with complete data and consent, and their classes of the month in one studio (a ruled category). */
async function writeSyntheticTrainers(groupId: number) {
  const connection = stack.orm.em.fork().getConnection();
  const rows = await connection.execute<Array<{ uuid: string }>>(
    `insert into trainer (uuid, studio_group_id, source_id, firstname, lastname, email, street, house_number, postal_code, city, country, iban,
                          tax_number, tax_number_mandatory, vat_liable, is_employee, keywords, workflow_state, self_billing_agreement_at, created_at, updated_at)
     select gen_random_uuid(), ?, 'CRASH-' || i, 'Crash', 'Trainer ' || lpad(i::text, 3, '0'), 'crash' || i || '@trainer.test', 'Hauptstraße', (i % 90 + 1)::text,
            '10115', 'Berlin', 'DE', 'DE89370400440532013000', '11/222/' || lpad(i::text, 5, '0'), false, i % 4 <> 0, false, '[]', 'new', now(), now(), now()
       from generate_series(1, ?) i
     returning uuid`,
    [groupId, TRAINERS],
  );
  const firstDay = DateTime.fromISO(MONTH).startOf('month').toISODate()!;
  await connection.execute(
    `insert into studio_class (uuid, studio_group_id, studio_id, source_id, starts_at, name, category, room, slots, booked_slots, attendees, duration_minutes,
                               trainer_id, other_trainers, imported_at, created_at, updated_at)
     select gen_random_uuid(), t.studio_group_id, (select min(id) from studio where studio_group_id = t.studio_group_id), 'CRASH-' || t.id || '-' || n,
            (?::date + ((t.id + n * 5) % 28) * interval '1 day' + (7 + n * 2) * interval '1 hour') at time zone 'Europe/Berlin',
            'Cycling ' || n, 'Cycling', 'Raum 1', 20, 10 + (t.id + n) % 10, 10 + (t.id + n) % 10, 60, t.id, '[]'::jsonb, now(), now(), now()
       from trainer t, generate_series(1, ?) n
      where t.studio_group_id = ? and t.source_id like 'CRASH-%'`,
    [firstDay, CLASSES_PER_TRAINER, groupId],
  );
  return rows.map((row) => row.uuid);
}

const runNotes = () => stack.orm.em.fork().find(CreditNote, { settlementRun: { uuid: runUuid }, documentType: 'credit_note' }, { orderBy: { number: 'asc' } });
const countRunNotes = () => stack.orm.em.fork().count(CreditNote, { settlementRun: { uuid: runUuid } });

beforeAll(async () => {
  stack = await startStack({ worker: false });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitness = keys;
  trainerUuids = await writeSyntheticTrainers(group.id);
  child = startWorkerProcess(path.join(stack.dataDir, 'worker-1.log'));
  await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, trainerUuids, false);
});

afterAll(async () => {
  if (process.env.RECORD_HISTORY && stack) {
    const history = await stack.temporal.workflow.getHandle(creditNoteRunWorkflowId(runUuid)).fetchHistory();
    fs.writeFileSync(path.join(process.env.RECORD_HISTORY, 'credit-note-run-worker-killed-v2.json'), historyToJSON(history));
  }
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await stack?.stop();
});

describe('a credit-note run of 200 trainers survives a killed worker', () => {
  it('issues every trainer exactly once after a SIGKILL in the middle', { timeout: 150_000 }, async () => {
    const started = Date.now();
    const abort = new AbortController();
    const response = await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/settlement/trainer-credit-note/send`, {
      method: 'POST',
      headers: { ...admin.headers, 'x-locale': 'en' },
      body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: trainerUuids }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    // The stream follows the run; read it on the side (the crash is the point here, not the stream).
    const stream = (async () => {
      for await (const line of readNdjson(response)) void line;
    })().catch(() => undefined);

    // Kill the worker outright once 30 or more credit notes exist (well before 80).
    let atKill: number;
    for (;;) {
      atKill = await countRunNotes();
      if (atKill >= 30) break;
      if (Date.now() - started > 60_000) throw new Error(`the run did not get going: ${atKill} credit notes`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(atKill).toBeGreaterThanOrEqual(30);
    expect(atKill).toBeLessThanOrEqual(80);
    expect(await countRunNotes()).toBeLessThan(TRAINERS);

    // A new worker; the issuing activity is retried after its heartbeat timeout (30 s).
    await stack.startWorker();
    let detail: TSettlementDetail | undefined;
    for (;;) {
      detail = (await (await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/settlement/${settlementUuid}`, { headers: admin.headers })).json()) as TSettlementDetail;
      if (detail.workflow?.creditNoteRun?.phase === 'done' || detail.workflow?.creditNoteRun?.phase === 'failed') break;
      if (Date.now() - started > 130_000) throw new Error(`the run did not finish: ${JSON.stringify(detail.workflow?.creditNoteRun)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    abort.abort();
    await stream;
    expect(detail.workflow?.creditNoteRun).toMatchObject({ runUuid, phase: 'done', total: TRAINERS, issued: TRAINERS, refused: 0 });

    // Exactly 200 credit notes, numbered 1..200 without a gap or a duplicate.
    const notes = await runNotes();
    expect(notes).toHaveLength(TRAINERS);
    expect(new Set(notes.map((note) => note.trainer.id)).size).toBe(TRAINERS);
    expect(await stack.orm.em.fork().count(CreditNote, { studioGroup: fitness.id })).toBe(TRAINERS);
    const sequence = notes.map((note) => Number(/(\d+)$/.exec(note.number)![1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: TRAINERS }, (_, index) => index + 1));
    expect(new Set(notes.map((note) => note.number)).size).toBe(TRAINERS);

    // One e-mail per trainer in the outbox, none twice.
    const emails = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ idempotency_key: string }>>(`select idempotency_key from outgoing_email where idempotency_key like ?`, [`${fitness.uuid}:credit-note:${runUuid}:%`]);
    expect(emails).toHaveLength(TRAINERS);
    expect(new Set(emails.map((email) => email.idempotency_key.split(':').at(-1))).size).toBe(TRAINERS);
    expect(new Set(emails.map((email) => email.idempotency_key.split(':').at(-1)))).toEqual(new Set(trainerUuids));

    // Every PDF on disk, with the bytes its hash was recorded for.
    for (const note of notes) {
      const pdf = fs.readFileSync(path.join(stack.dataDir, note.filePath));
      expect(crypto.createHash('sha256').update(pdf).digest('hex'), note.number).toBe(note.sha256);
    }

    // The SEPA file pays each of the 200 once, by credit note number.
    const sepaFile = await stack.orm.em.fork().findOneOrFail(AccountingFile, { settlementRun: { uuid: runUuid }, type: 'SEPA_XML' });
    expect(sepaFile.status).toBe('success');
    const sepa = fs.readFileSync(path.join(stack.dataDir, sepaFile.filePath!), 'utf8');
    expect(/<GrpHdr>[\s\S]*?<NbOfTxs>(\d+)<\/NbOfTxs>/.exec(sepa)?.[1]).toBe(String(TRAINERS));
    const endToEndIds = [...sepa.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1]);
    expect(endToEndIds.sort()).toEqual(notes.map((note) => note.number).sort());
    const controlSum = /<GrpHdr>[\s\S]*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(sepa)![1]!;
    expect(Math.round(Number(controlSum) * 100)).toBe(notes.reduce((sum, note) => sum + note.grossCents, 0));
  });
});

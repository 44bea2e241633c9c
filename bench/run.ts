// `npm run bench`: the month preparation of a large synthetic studio group (DESIGN "Quality bar"):
// 1,000 trainers, 50 studios and 60,000 classes in one month, written straight into a scratch
// database, then prepared for all 1,000 trainers through the real preparation activities
// (activities/prepare, called directly as the worker would run them: invoice data, the class phase
// in chunks of 50 trainers two at a time as settlementWorkflow schedules them, trainer phase), twice:
// a first preparation and a reload. Temporal is left out: it adds a few milliseconds of scheduling
// per activity, not work. Prints a table of the phases' times and the memory peak.
// Then the month close of issue 5 for all 1,000 trainers (settlement without trainer review, every
// trainer with self-billing consent): a credit-note run through the real activities
// (activities/credit-notes, called as creditNoteRunWorkflow schedules them: startCreditNoteRun,
// issueCreditNotes in chunks of 25 one after the other — number, PDF written with its hash, record —
// then createRunFiles: SEPA pain.001, ZIP of the PDFs, studio-costs CSV). E-mails are left out.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench   (a scratch database on that server)
//   npm run bench                                                             (embedded PostgreSQL in a temp folder)
//   BENCH_KEEP=1 keeps the scratch database; BENCH_TRAINERS / BENCH_STUDIOS / BENCH_CLASSES change the size.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createCreditNoteActivities, CREDIT_NOTE_CHUNK_SIZE } from '../activities/credit-notes';
import { createPrepareActivities } from '../activities/prepare';
import { startEmbeddedPostgres } from '../db/embedded';
import { initOrm, migrateToLatest } from '../db/orm';
import { PREPARE_CHUNK_SIZE } from '../workflows/settlement.messages';
import { PREPARE_CONCURRENCY } from '../workflows/settlement.workflow';

const TRAINERS = Number(process.env.BENCH_TRAINERS ?? 1_000);
const STUDIOS = Number(process.env.BENCH_STUDIOS ?? 50);
const CLASSES = Number(process.env.BENCH_CLASSES ?? 60_000);
const MONTH_FIRST = '2025-10-01';
const MONTH = '2025-10-31';
const GOAL_MS = 10_000;
/** Issue 5: a run's credit notes (numbers, PDFs, stored) and its three files (SEPA, ZIP, CSV). */
const ISSUE_GOAL_MS = 20_000;
const FILES_GOAL_MS = 5_000;

const withDatabase = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Peak of RSS and heap, sampled while the preparation runs. */
function memoryProbe() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    reset: () => {
      rss = 0;
      heap = 0;
      sample();
    },
    peak: () => {
      sample();
      return { rss, heap };
    },
    stop: () => clearInterval(timer),
  };
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void>; where: string }> {
  const name = `trainerpay_bench_${process.pid}`;
  if (process.env.DATABASE_URL) {
    const adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      url: withDatabase(adminUrl, name),
      where: `PostgreSQL of DATABASE_URL, scratch database ${name}`,
      drop: async () => {
        if (process.env.BENCH_KEEP) return;
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir, port: 56000 + (process.pid % 3000), databaseName: name });
  return {
    url: postgres.databaseUrl,
    where: `embedded PostgreSQL in ${dataDir}`,
    drop: async () => {
      await postgres.stop();
      if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The synthetic studio group, written with set-based SQL (deterministic: no random()). */
async function writeSyntheticGroup(client: pg.Client) {
  await client.query('begin');
  const mandant = await client.query(`insert into mandant (uuid, name, created_at, updated_at) values (gen_random_uuid(), 'Bench Mandant', now(), now()) returning id`);
  const group = await client.query(
    `insert into studio_group (uuid, mandant_id, name, company_name, api_slug, source_system, street, house_number, postal_code, city, country, vat_rate_basis_points,
                               credit_note_prefix, accounting_files, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Bench Fitness', 'Bench Fitness GmbH', 'bench-fitness', 'demo', 'Benchstraße', '1', '10115', 'Berlin', 'DE', 1900, 'GS', '[]', now(), now())
     returning id, uuid`,
    [mandant.rows[0].id],
  );
  const groupId: number = group.rows[0].id;
  const user = await client.query(
    `insert into app_user (uuid, email, password_hash, role, locale, firstname, lastname, is_verified, created_at, updated_at)
     values (gen_random_uuid(), 'bench@bench.test', 'x', 'staff', 'de', 'Bench', 'Admin', true, now(), now()) returning id, uuid`,
  );
  await client.query(
    `insert into studio (uuid, studio_group_id, source_id, name, city, created_at, updated_at)
     select gen_random_uuid(), $1, 'S' || i, 'Studio ' || lpad(i::text, 2, '0'), 'Berlin', now(), now() from generate_series(1, $2) i`,
    [groupId, STUDIOS],
  );
  // Every fifth trainer is not liable for VAT; all have complete data.
  await client.query(
    `insert into trainer (uuid, studio_group_id, source_id, firstname, lastname, email, company_name, street, house_number, postal_code, city, country, iban,
                          tax_number, tax_number_mandatory, vat_liable, is_employee, keywords, workflow_state, created_at, updated_at)
     select gen_random_uuid(), $1, 'T' || i, 'Trainer', 'Nr. ' || i, 'trainer' || i || '@bench.test', case when i % 3 = 0 then 'Studio Coach ' || i || ' UG' end,
            'Hauptstraße', (i % 200 + 1)::text, '10115', 'Berlin', 'DE', 'DE89370400440532013000', '11/222/' || lpad(i::text, 5, '0'), false, i % 5 <> 0,
            false, '[]', 'new', now(), now()
       from generate_series(1, $2) i`,
    [groupId, TRAINERS],
  );
  // Rules: an hourly rate per category (Cycling with a per-slot bonus, Yoga with tiers), a higher
  // rate in every tenth studio, a flat rate for every twentieth trainer's HIIT classes. 'Spezial'
  // has no rule (the data check reports those classes).
  await client.query(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, valid_from, kind, hourly_cents, booked_slot_mode, booked_slot_threshold, per_slot_cents, tiers, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Cycling', 'Cycling', '2025-01-01', 'hourly', 3500, 'per_slot', 15, 50, null, now(), now()),
            (gen_random_uuid(), $1, 'Yoga', 'Yoga', '2025-01-01', 'hourly', 3800, 'tiers', null, null, '[{"fromBookedSlots":10,"bonusCents":500},{"fromBookedSlots":20,"bonusCents":1000}]', now(), now()),
            (gen_random_uuid(), $1, 'Pilates', 'Pilates', '2025-01-01', 'hourly', 3600, 'none', null, null, null, now(), now()),
            (gen_random_uuid(), $1, 'HIIT', 'HIIT', '2025-01-01', 'hourly', 3300, 'none', null, null, null, now(), now()),
            (gen_random_uuid(), $1, 'Zumba', 'Zumba', '2025-01-01', 'hourly', 3100, 'none', null, null, null, now(), now())`,
    [groupId],
  );
  await client.query(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, studio_id, valid_from, kind, hourly_cents, booked_slot_mode, created_at, updated_at)
     select gen_random_uuid(), $1, 'Yoga ' || s.name, 'Yoga', s.id, '2025-01-01', 'hourly', 4500, 'none', now(), now()
       from studio s where s.studio_group_id = $1 and s.id % 10 = 0`,
    [groupId],
  );
  await client.query(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, trainer_id, valid_from, kind, flat_cents, booked_slot_mode, min_cents, max_cents, created_at, updated_at)
     select gen_random_uuid(), $1, 'HIIT flat ' || t.source_id, 'HIIT', t.id, '2025-06-01', 'flat', 4000, 'none', 3000, 6000, now(), now()
       from trainer t where t.studio_group_id = $1 and t.id % 20 = 0`,
    [groupId],
  );
  // The classes of the month: spread over days, hours, studios and trainers; 1 % without a trainer,
  // 1 % with a second trainer, 2 % in a category without a rule. The exceptions step by 101 and 53,
  // numbers prime to the trainer count: with steps of 100 and 50 every exception fell on the same
  // 40 trainers (all their classes unpaid), so they had no credit note.
  await client.query(
    `with studios as (select array_agg(id order by id) as ids from studio where studio_group_id = $1),
          trainers as (select array_agg(id order by id) as ids from trainer where studio_group_id = $1),
          categories as (select array['Cycling', 'Yoga', 'Pilates', 'HIIT', 'Zumba'] as names)
     insert into studio_class (uuid, studio_group_id, studio_id, source_id, starts_at, name, category, room, slots, booked_slots, attendees, duration_minutes,
                               trainer_id, other_trainers, imported_at, created_at, updated_at)
     select gen_random_uuid(), $1, studios.ids[1 + i % $3], 'C' || i,
            ($4::date + (i % 31) * interval '1 day' + (6 + (i * 7) % 15) * interval '1 hour' + ((i * 13) % 4) * interval '15 minutes') at time zone 'Europe/Berlin',
            case when i % 53 = 7 then 'Spezialkurs' else categories.names[1 + (i / 7) % 5] || ' ' || (1 + i % 3) end,
            case when i % 53 = 7 then 'Spezial' else categories.names[1 + (i / 7) % 5] end,
            'Raum ' || (1 + i % 4), 25, (i * 11) % 26, (i * 11) % 26, case when i % 4 = 0 then 90 when i % 4 = 1 then 45 else 60 end,
            case when i % 101 = 3 then null else trainers.ids[1 + ((i::bigint * 7919) % $2)::int] end,
            case when i % 101 = 5 then jsonb_build_array(trainers.ids[1 + ((i::bigint * 104729) % $2)::int]) else '[]'::jsonb end,
            now(), now(), now()
       from generate_series(1, $5) i, studios, trainers, categories`,
    [groupId, TRAINERS, STUDIOS, MONTH_FIRST, CLASSES],
  );
  const settlement = await client.query(
    `insert into settlement (uuid, studio_group_id, month, version, trainer_review, status, created_by_id, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, 'v2', false, 'in_progress', $3, now(), now()) returning uuid`,
    [groupId, MONTH, user.rows[0].id],
  );
  // For the credit-note run: the group's tax number and account (issuer and SEPA debtor), its
  // accountant's files, and every trainer's self-billing consent (§14 (2) UStG).
  await client.query(
    `update studio_group set tax_number = '27/123/45678', iban = 'DE02120300000000202051', bic = 'BYLADEM1001',
                             accounting_files = '["SEPA_XML", "CREDIT_NOTES_ZIP", "STUDIO_COSTS_BY_MONTH"]' where id = $1`,
    [groupId],
  );
  await client.query(`update trainer set self_billing_agreement_at = now() where studio_group_id = $1`, [groupId]);
  const trainerUuids = (await client.query<{ uuid: string }>('select uuid from trainer where studio_group_id = $1 order by id', [groupId])).rows.map((row) => row.uuid);
  await client.query('commit');
  await client.query('analyze');
  return { settlementUuid: settlement.rows[0].uuid as string, userUuid: user.rows[0].uuid as string, trainerUuids };
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const database = await scratchDatabase();
  const orm = await initOrm(database.url);
  try {
    await migrateToLatest(orm);
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    let started = process.hrtime.bigint();
    const { settlementUuid, userUuid, trainerUuids } = await writeSyntheticGroup(client);
    const setupMs = ms(started);
    await client.end();

    const activities = createPrepareActivities({ orm });
    const memory = memoryProbe();
    const rows: Array<{ run: string; phase: string; ms: number; detail: string }> = [];

    const prepare = async (run: number, label: string) => {
      memory.reset();
      const total = process.hrtime.bigint();
      started = process.hrtime.bigint();
      const frozen = await activities.freezeSettlementInvoiceData({ settlementUuid, trainerUuids, run, userUuid, locale: 'de' });
      rows.push({ run: label, phase: 'invoice-data (33 %)', ms: ms(started), detail: `${frozen.trainerUuids.length} trainers, ${frozen.rules} rules frozen` });

      started = process.hrtime.bigint();
      const chunks: string[][] = [];
      for (let index = 0; index < frozen.trainerUuids.length; index += PREPARE_CHUNK_SIZE) chunks.push(frozen.trainerUuids.slice(index, index + PREPARE_CHUNK_SIZE));
      let next = 0;
      let lines = 0;
      let grossCents = 0;
      const work = async () => {
        for (let index = next++; index < chunks.length; index = next++) {
          const result = await activities.prepareTrainerLines({ settlementUuid, trainerUuids: chunks[index]!, run, offset: index * PREPARE_CHUNK_SIZE, total: frozen.trainerUuids.length, locale: 'de' });
          lines += result.lines;
          grossCents += result.grossCents;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PREPARE_CONCURRENCY, chunks.length) }, work));
      rows.push({ run: label, phase: 'class (66 %)', ms: ms(started), detail: `${chunks.length} chunks of ≤${PREPARE_CHUNK_SIZE}, ${PREPARE_CONCURRENCY} at a time, ${lines} lines` });

      started = process.hrtime.bigint();
      const marked = await activities.markTrainersPrepared({ settlementUuid, trainerUuids: frozen.trainerUuids, run, locale: 'de' });
      rows.push({ run: label, phase: 'trainer (100 %)', ms: ms(started), detail: `${marked.trainers} trainers data_created` });
      if (marked.grossCents !== grossCents) throw new Error(`sums differ: ${marked.grossCents} vs ${grossCents}`);
      const peak = memory.peak();
      rows.push({ run: label, phase: 'total', ms: ms(total), detail: `gross ${(grossCents / 100).toFixed(2)} EUR; peak RSS ${mb(peak.rss)}, heap ${mb(peak.heap)}` });
    };

    await prepare(1, 'first preparation');
    await prepare(2, 'reload (same trainers)');

    // The credit-note run of issue 5, as creditNoteRunWorkflow runs it (without the e-mails).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-bench-files-'));
    const creditNotes = createCreditNoteActivities({
      orm,
      dataDir,
      queueEmail: () => Promise.reject(new Error('the benchmark sends no e-mails')),
    });
    const runUuid = crypto.randomUUID();
    memory.reset();
    const runStarted = process.hrtime.bigint();
    // The process's own CPU time next to the wall time: the rest is waiting (PostgreSQL, fsync, other work on the machine).
    let cpuStarted = process.cpuUsage();
    started = process.hrtime.bigint();
    await creditNotes.startCreditNoteRun({ runUuid, settlementUuid, trainerUuids, userUuid, locale: 'de' });
    const issuedNumbers: string[] = [];
    const refusedReasons = new Map<string, number>();
    for (let offset = 0; offset < trainerUuids.length; offset += CREDIT_NOTE_CHUNK_SIZE) {
      const chunk = trainerUuids.slice(offset, offset + CREDIT_NOTE_CHUNK_SIZE);
      const { trainers } = await creditNotes.issueCreditNotes({ runUuid, settlementUuid, trainerUuids: chunk, offset, total: trainerUuids.length, locale: 'de' });
      for (const trainer of trainers) {
        if (trainer.number) issuedNumbers.push(trainer.number);
        else refusedReasons.set(trainer.reason ?? '?', (refusedReasons.get(trainer.reason ?? '?') ?? 0) + 1);
      }
    }
    const issueMs = ms(started);
    const issueCpu = process.cpuUsage(cpuStarted);
    const cpuSeconds = (usage: NodeJS.CpuUsage) => `${((usage.user + usage.system) / 1e6).toFixed(1)} s CPU`;
    const pdfBytes = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.pdf'));
    const pdfSize = pdfBytes.reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
    rows.push({
      run: 'credit-note run',
      phase: 'issue credit notes',
      ms: issueMs,
      detail: `${issuedNumbers.length} issued (${issuedNumbers[0]} … ${issuedNumbers.at(-1)}), ${[...refusedReasons.values()].reduce((sum, count) => sum + count, 0)} refused${refusedReasons.size > 0 ? ` (${[...refusedReasons].map(([reason, count]) => `${count} ${reason}`).join(', ')})` : ''}, ${pdfBytes.length} PDFs, ${(pdfSize / 1024 / Math.max(1, pdfBytes.length)).toFixed(0)} KB each; chunks of ${CREDIT_NOTE_CHUNK_SIZE}; ${cpuSeconds(issueCpu)}`,
    });
    cpuStarted = process.cpuUsage();
    started = process.hrtime.bigint();
    const files = await creditNotes.createRunFiles({ runUuid, settlementUuid, locale: 'de' });
    const filesMs = ms(started);
    rows.push({
      run: 'credit-note run',
      phase: 'SEPA + ZIP + CSV',
      ms: filesMs,
      detail: `${files.files.map((file) => `${file.type} ${file.status}`).join(', ')}; ${files.sepaPayments} payments, control sum ${((files.sepaControlSumCents ?? 0) / 100).toFixed(2)} EUR; ${cpuSeconds(process.cpuUsage(cpuStarted))}`,
    });
    const runPeak = memory.peak();
    rows.push({ run: 'credit-note run', phase: 'total', ms: ms(runStarted), detail: `peak RSS ${mb(runPeak.rss)}, heap ${mb(runPeak.heap)}` });
    memory.stop();
    if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });

    const [first, reload] = [rows.find((row) => row.run === 'first preparation' && row.phase === 'total')!, rows.find((row) => row.run.startsWith('reload') && row.phase === 'total')!];
    console.log(`\nTrainerPay benchmark: month preparation (${os.cpus().length} CPUs, Node ${process.version})`);
    console.log(`Database: ${database.where}`);
    console.log(`Synthetic studio group: ${TRAINERS} trainers, ${STUDIOS} studios, ${CLASSES} classes in ${MONTH.slice(0, 7)} (written in ${(setupMs / 1000).toFixed(1)} s)`);
    console.log('Through the real activities (activities/prepare), called directly, not through Temporal.\n');
    const width = { run: 24, phase: 20, ms: 10 };
    console.log(`${'run'.padEnd(width.run)}${'phase'.padEnd(width.phase)}${'time'.padStart(width.ms)}  detail`);
    console.log('-'.repeat(width.run + width.phase + width.ms + 40));
    for (const row of rows) console.log(`${row.run.padEnd(width.run)}${row.phase.padEnd(width.phase)}${`${(row.ms / 1000).toFixed(2)} s`.padStart(width.ms)}  ${row.detail}`);
    console.log(`\nGoal: all ${TRAINERS} trainers prepared in under ${GOAL_MS / 1000} s — first ${(first.ms / 1000).toFixed(2)} s, reload ${(reload.ms / 1000).toFixed(2)} s: ${first.ms < GOAL_MS && reload.ms < GOAL_MS ? 'met' : 'NOT met'}.`);
    console.log(
      `Goal: ${TRAINERS} credit notes issued in under ${ISSUE_GOAL_MS / 1000} s — ${(issueMs / 1000).toFixed(2)} s: ${issueMs < ISSUE_GOAL_MS ? 'met' : 'NOT met'}; ` +
        `SEPA + ZIP + CSV in under ${FILES_GOAL_MS / 1000} s — ${(filesMs / 1000).toFixed(2)} s: ${filesMs < FILES_GOAL_MS ? 'met' : 'NOT met'}.`,
    );
    console.log(`The spec's system paces creation and sending at one trainer every 2 s each: about ${(TRAINERS * 2 * 2).toLocaleString('en-US')} s for ${TRAINERS} trainers.`);
    console.log(`Process peak RSS (whole run, incl. set-up): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    await orm.close(true);
    await database.drop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

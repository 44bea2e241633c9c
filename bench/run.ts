// `npm run bench`: the month preparation of a large synthetic studio group (DESIGN "Quality bar"):
// 1,000 trainers, 50 studios and 60,000 classes in one month, written straight into a scratch
// database, then prepared for all 1,000 trainers through the real preparation activities
// (activities/prepare, called directly as the worker would run them: invoice data, the class phase
// in chunks of 50 trainers two at a time as settlementWorkflow schedules them, trainer phase), twice:
// a first preparation and a reload. Temporal is left out: it adds a few milliseconds of scheduling
// per activity, not work. Prints a table of the phases' times and the memory peak.
// Then the month close for all 1,000 trainers (settlement without trainer review, every
// trainer with self-billing consent): a credit-note run through the real activities
// (activities/credit-notes, called as creditNoteRunWorkflow schedules them: startCreditNoteRun,
// issueCreditNotes in chunks of 25 one after the other — number, PDF written with its hash, record —
// then createRunFiles: SEPA pain.001, ZIP of the PDFs, studio-costs CSV). E-mails are left out.
// Last, the bank's answer: a camt.053 of 10,000 entries read and matched against 10,000 payouts
// (bench/bank-files.ts, which also runs alone).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench   (a scratch database on that server)
//   npm run bench                                                             (embedded PostgreSQL in a temp folder)
//   BENCH_KEEP=1 keeps the scratch database; BENCH_TRAINERS / BENCH_STUDIOS / BENCH_CLASSES change the size;
//   BENCH_RELOAD=0 leaves out the reload (the scale table); BENCH_PROFILE=<folder> writes a V8 CPU
//   profile of the credit-note run's issue step (the activity's thread; the render threads are not in it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createCreditNoteActivities, CREDIT_NOTE_CHUNK_SIZE } from '../activities/credit-notes';
import { createPrepareActivities } from '../activities/prepare';
import { initOrm, migrateToLatest } from '../db/orm';
import { PREPARE_CHUNK_SIZE } from '../workflows/settlement.messages';
import { PREPARE_CONCURRENCY } from '../workflows/settlement.workflow';
import { BANK_FILE_GOAL_MS, benchBankFiles } from './bank-files';
import { inMachineUnits, machineLine, measureMachine } from './machine';
import { BENCH_MONTH as MONTH, memoryProbe, scratchDatabase, writeSyntheticGroup } from './synthetic-group';

const TRAINERS = Number(process.env.BENCH_TRAINERS ?? 1_000);
const STUDIOS = Number(process.env.BENCH_STUDIOS ?? 50);
const CLASSES = Number(process.env.BENCH_CLASSES ?? 60_000);

const GOAL_MS = 10_000;
/** A run's credit notes (numbers, PDFs, stored) and its three files (SEPA, ZIP, CSV). */
const ISSUE_GOAL_MS = 20_000;
const FILES_GOAL_MS = 5_000;

/** A CPU profile of `work` on this thread, written to BENCH_PROFILE/<name>.cpuprofile when that is set. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const database = await scratchDatabase();
  const orm = await initOrm(database.url);
  try {
    // Measured before the benchmark's own work, so the figure is the machine's.
    const machine = await measureMachine(database.url);
    await migrateToLatest(orm);
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    let started = process.hrtime.bigint();
    const written = await writeSyntheticGroup(client, { trainers: TRAINERS, studios: STUDIOS, classes: CLASSES });
    const { userUuid, trainerUuids } = written;
    const settlementUuid = written.settlementUuid!;
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
    if (process.env.BENCH_RELOAD !== '0') await prepare(2, 'reload (same trainers)');

    // The credit-note run, as creditNoteRunWorkflow runs it (without the e-mails).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-bench-files-'));
    const creditNotes = createCreditNoteActivities({
      orm,
      dataDir,
      queueEmail: () => Promise.reject(new Error('the benchmark sends no e-mails')),
      queueEmails: () => Promise.reject(new Error('the benchmark sends no e-mails')),
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
    await profiled('issue-credit-notes', async () => {
      for (let offset = 0; offset < trainerUuids.length; offset += CREDIT_NOTE_CHUNK_SIZE) {
        const chunk = trainerUuids.slice(offset, offset + CREDIT_NOTE_CHUNK_SIZE);
        const { trainers } = await creditNotes.issueCreditNotes({ runUuid, settlementUuid, trainerUuids: chunk, offset, total: trainerUuids.length, locale: 'de' });
        for (const trainer of trainers) {
          if (trainer.number) issuedNumbers.push(trainer.number);
          else refusedReasons.set(trainer.reason ?? '?', (refusedReasons.get(trainer.reason ?? '?') ?? 0) + 1);
        }
      }
    });
    const issueMs = ms(started);
    const issueCpu = process.cpuUsage(cpuStarted);
    // Each step's own memory peak: the run's total alone does not say which step holds a month in memory.
    const issuePeak = memory.peak();
    const cpuSeconds = (usage: NodeJS.CpuUsage) => `${((usage.user + usage.system) / 1e6).toFixed(1)} s CPU`;
    const pdfBytes = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.pdf'));
    const pdfSize = pdfBytes.reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
    rows.push({
      run: 'credit-note run',
      phase: 'issue credit notes',
      ms: issueMs,
      detail: `${issuedNumbers.length} issued (${issuedNumbers[0]} … ${issuedNumbers.at(-1)}), ${[...refusedReasons.values()].reduce((sum, count) => sum + count, 0)} refused${refusedReasons.size > 0 ? ` (${[...refusedReasons].map(([reason, count]) => `${count} ${reason}`).join(', ')})` : ''}, ${pdfBytes.length} PDFs, ${(pdfSize / 1024 / Math.max(1, pdfBytes.length)).toFixed(0)} KB each; chunks of ${CREDIT_NOTE_CHUNK_SIZE}; ${cpuSeconds(issueCpu)}; peak RSS ${mb(issuePeak.rss)}, heap ${mb(issuePeak.heap)}`,
    });
    cpuStarted = process.cpuUsage();
    started = process.hrtime.bigint();
    const runPeakBeforeFiles = memory.peak();
    memory.reset();
    const files = await profiled('run-files', () => creditNotes.createRunFiles({ runUuid, settlementUuid, locale: 'de' }));
    const filesMs = ms(started);
    const filesPeak = memory.peak();
    rows.push({
      run: 'credit-note run',
      phase: 'SEPA + ZIP + CSV',
      ms: filesMs,
      detail: `${files.files.map((file) => `${file.type} ${file.status}`).join(', ')}; ${files.sepaPayments} payments, control sum ${((files.sepaControlSumCents ?? 0) / 100).toFixed(2)} EUR; ${cpuSeconds(process.cpuUsage(cpuStarted))}; peak RSS ${mb(filesPeak.rss)}, heap ${mb(filesPeak.heap)}`,
    });
    const runPeak = { rss: Math.max(runPeakBeforeFiles.rss, filesPeak.rss), heap: Math.max(runPeakBeforeFiles.heap, filesPeak.heap) };
    rows.push({ run: 'credit-note run', phase: 'total', ms: ms(runStarted), detail: `peak RSS ${mb(runPeak.rss)}, heap ${mb(runPeak.heap)}` });
    memory.stop();
    if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
    const bankFileRows = await benchBankFiles();
    rows.push(...bankFileRows);
    const bankFileMs = bankFileRows.find((row) => row.phase === 'total')!.ms;

    const [first, reload] = [rows.find((row) => row.run === 'first preparation' && row.phase === 'total')!, rows.find((row) => row.run.startsWith('reload') && row.phase === 'total')];
    console.log(`\nTrainerPay benchmark: month preparation (${os.cpus().length} CPUs, Node ${process.version})`);
    console.log(`Database: ${database.where}`);
    console.log(`Synthetic studio group: ${TRAINERS} trainers, ${STUDIOS} studios, ${CLASSES} classes in ${MONTH.slice(0, 7)} (written in ${(setupMs / 1000).toFixed(1)} s)`);
    console.log('Through the real activities (activities/prepare), called directly, not through Temporal.');
    console.log(`${machineLine(machine)}\n`);
    const width = { run: 24, phase: 20, ms: 10, m: 10 };
    console.log(`${'run'.padEnd(width.run)}${'phase'.padEnd(width.phase)}${'time'.padStart(width.ms)}${'× M'.padStart(width.m)}  detail`);
    console.log('-'.repeat(width.run + width.phase + width.ms + width.m + 40));
    for (const row of rows) console.log(`${row.run.padEnd(width.run)}${row.phase.padEnd(width.phase)}${`${(row.ms / 1000).toFixed(2)} s`.padStart(width.ms)}${inMachineUnits(row.ms, machine).padStart(width.m)}  ${row.detail}`);
    const prepared = reload ? `first ${(first.ms / 1000).toFixed(2)} s, reload ${(reload.ms / 1000).toFixed(2)} s` : `${(first.ms / 1000).toFixed(2)} s`;
    console.log(`\nGoal: all ${TRAINERS} trainers prepared in under ${GOAL_MS / 1000} s — ${prepared}: ${first.ms < GOAL_MS && (reload?.ms ?? 0) < GOAL_MS ? 'met' : 'NOT met'}.`);
    console.log(
      `Goal: ${TRAINERS} credit notes issued in under ${ISSUE_GOAL_MS / 1000} s — ${(issueMs / 1000).toFixed(2)} s: ${issueMs < ISSUE_GOAL_MS ? 'met' : 'NOT met'}; ` +
        `SEPA + ZIP + CSV in under ${FILES_GOAL_MS / 1000} s — ${(filesMs / 1000).toFixed(2)} s: ${filesMs < FILES_GOAL_MS ? 'met' : 'NOT met'}.`,
    );
    console.log(`Goal: a camt.053 of 10,000 entries read and matched in under ${BANK_FILE_GOAL_MS / 1000} s — ${(bankFileMs / 1000).toFixed(2)} s: ${bankFileMs < BANK_FILE_GOAL_MS ? 'met' : 'NOT met'}.`);
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
// Something the activities leave behind (two pipes and two message ports, seen with the render
// threads' TypeScript loader) keeps the process alive once it is done; `npm run bench` goes on with
// the reports only when this one ends.
process.exit();

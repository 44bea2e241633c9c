// The bank-file phase of `npm run bench`: a month's statement of the payout account, a camt.053.001.08
// of 10,000 entries (9,800 payouts booked one by one, one batch booking without details for 200 more,
// 199 returns), read from disk as a stream and matched against the 10,000 payouts of the month —
// what TrainerPay does when the admin uploads it, minus the database. Goal: under 2 s.
//
//   npx tsx bench/bank-files.ts   (this phase alone, with the machine figure; `npm run bench` runs it after the close)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCamt053, matchBankEntries, payoutFileEntry, readAllBankEntries, type BuiltEntry, type PayoutForMatching } from '../domain/payouts';
import { inMachineUnits, machineLine, measureMachine, type MachineFigure } from './machine';

export const BANK_FILE_GOAL_MS = 2_000;
const PAYOUTS = 10_000;
const IN_BATCH = 200;
const RETURNS = 199;
const FILE = 'TP5f0c3a2e9b7d4c1a8e6f2b3c4d5e6f70';
const IBANS = ['DE02120300000000202051', 'DE89370400440532013000', 'DE02500105170137075030', 'AT611904300234573201'];

export type BankFileBenchRow = { run: string; phase: string; ms: number; detail: string };

function month(): { payouts: PayoutForMatching[]; entries: BuiltEntry[] } {
  const payouts: PayoutForMatching[] = Array.from({ length: PAYOUTS }, (_, index) => ({
    payoutUuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    endToEndId: `GS-2026-${String(index + 1).padStart(5, '0')}`,
    amountCents: 50_000 + ((index * 7_919) % 250_000),
    currency: 'EUR',
    creditorIban: IBANS[index % IBANS.length],
    sepaMessageId: index < PAYOUTS - IN_BATCH ? FILE : `${FILE.slice(0, -2)}99`,
    paymentInformationId: index < PAYOUTS - IN_BATCH ? FILE : `${FILE.slice(0, -2)}99`,
    status: 'open',
    statusSource: null,
  }));
  const single = payouts.slice(0, PAYOUTS - IN_BATCH).map((payout, index): BuiltEntry => ({
    amountCents: payout.amountCents,
    creditDebit: 'DBIT',
    bookingDate: `2026-11-${String(5 + (index % 20)).padStart(2, '0')}`,
    bankReference: `2026110500${String(index).padStart(6, '0')}`,
    transactions: [{ endToEndId: payout.endToEndId, amountCents: payout.amountCents, messageId: FILE, paymentInformationId: FILE, creditorIban: payout.creditorIban, creditorName: `Trainer ${index + 1}` }],
  }));
  const batch = payoutFileEntry({
    messageId: payouts[PAYOUTS - 1].sepaMessageId,
    paymentInformationId: payouts[PAYOUTS - 1].paymentInformationId,
    bookingDate: '2026-11-25',
    bankReference: '20261125BATCH',
    payouts: payouts.slice(PAYOUTS - IN_BATCH),
    withoutDetails: true,
  });
  const returns = payouts.slice(0, RETURNS).map((payout, index): BuiltEntry => ({
    amountCents: payout.amountCents - 300,
    creditDebit: 'CRDT',
    bookingDate: '2026-11-28',
    bankReference: `20261128RT${String(index).padStart(6, '0')}`,
    bankTransactionCode: 'PMNT/ICDT/RRTN',
    transactions: [{ endToEndId: payout.endToEndId, amountCents: payout.amountCents - 300, creditDebit: 'CRDT', creditorIban: payout.creditorIban, returnReason: { code: 'AC04' }, chargesCents: 300 }],
  }));
  return { payouts, entries: [...single, batch, ...returns] };
}

/** Builds the statement (not timed), then times reading it from disk and matching it. */
export async function benchBankFiles(): Promise<BankFileBenchRow[]> {
  const { payouts, entries } = month();
  const xml = buildCamt053({ version: '08', account: { iban: 'DE44500105175407324931' }, messageId: 'STMT-2026-11', sequence: 11, fromDate: '2026-11-01', toDate: '2026-11-30', entries });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-bench-bank-'));
  const file = path.join(folder, 'camt053.xml');
  fs.writeFileSync(file, xml);
  const bytes = Buffer.byteLength(xml);
  try {
    // CPU time beside the wall time: on a machine shared with other work the wall time is mostly waiting.
    const cpu = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return `${((used.user + used.system) / 1e6).toFixed(2)} s CPU`;
    };
    let cpuStarted = process.cpuUsage();
    let started = performance.now();
    const read = await readAllBankEntries(fs.createReadStream(file));
    const readMs = performance.now() - started;
    const readCpu = cpu(cpuStarted);
    cpuStarted = process.cpuUsage();
    started = performance.now();
    const result = matchBankEntries({ identity: read.identity, entries: read.entries, payouts, earlier: [] });
    const matchMs = performance.now() - started;
    const matchCpu = cpu(cpuStarted);
    const paid = result.outcomes.filter((outcome) => outcome.outcome === 'paid').length;
    const returned = result.outcomes.filter((outcome) => outcome.outcome === 'returned').length;
    if (paid !== PAYOUTS || returned !== RETURNS || result.issues.length > 0) throw new Error(`unexpected match: ${paid} paid, ${returned} returned, ${result.issues.length} issues`);
    const heap = `heap ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB`;
    return [
      { run: 'bank file', phase: 'read camt.053', ms: readMs, detail: `${entries.length} entries, ${(bytes / 1024 / 1024).toFixed(1)} MB from disk as a stream; ${readCpu}; ${heap} with the entries held` },
      { run: 'bank file', phase: 'match', ms: matchMs, detail: `against ${PAYOUTS} payouts: ${paid} paid (${IN_BATCH} by a batch sum), ${returned} returned; ${matchCpu}` },
      { run: 'bank file', phase: 'total', ms: readMs + matchMs, detail: `goal under ${BANK_FILE_GOAL_MS / 1000} s: ${readMs + matchMs < BANK_FILE_GOAL_MS ? 'met' : 'NOT met'}` },
    ];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export function printBankFileRows(rows: BankFileBenchRow[], machine: MachineFigure): void {
  for (const row of rows) {
    console.log(`${row.run.padEnd(24)}${row.phase.padEnd(20)}${`${(row.ms / 1000).toFixed(2)} s`.padStart(10)}${inMachineUnits(row.ms, machine).padStart(10)}  ${row.detail}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const machine = await measureMachine();
  const rows = await benchBankFiles();
  console.log(`\nTrainerPay benchmark: a month's bank statement (${os.cpus().length} CPUs, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)})`);
  console.log(`${machineLine(machine)}\n`);
  printBankFileRows(rows, machine);
}

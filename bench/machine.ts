// The machine's own figure, printed beside every benchmark so that runs on different machines can be
// compared: the same code is ~2.7x slower in every phase on a busy 2-core runner than on a quiet
// laptop, and a goal read in seconds is met or missed by the machine, not the code.
//
// Two measurements, both fixed work that the product's code does not change much from commit to commit:
//   cpu   one core drawing MACHINE_PDFS credit-note files (hybrid PDF/A-3 + XRechnung, in memory, not
//         written) of one fixed document of 60 classes (the synthetic group's month per trainer: two
//         pages), after a warm-up: the work that bounds the credit-note run.
//   db    the median of MACHINE_ROUND_TRIPS `select 1` round trips to the benchmark's PostgreSQL.
// A phase is then also given as a multiple of `cpu` ("× M"): a slower machine shows larger seconds but
// about the same multiple. `npm run bench:machine` prints the figure alone.
import os from 'node:os';
import pg from 'pg';
import { renderCreditNoteFiles } from '../activities/credit-notes/e-invoice-files';
import { classLine, creditNoteDocument } from '../domain/credit-notes/fixtures.test-support';

const MACHINE_PDFS = 200;
const MACHINE_ROUND_TRIPS = 500;

export type MachineFigure = {
  /** Wall time of one core drawing MACHINE_PDFS credit-note files (ms): the unit "M". */
  cpuMs: number;
  /** Median PostgreSQL round trip (ms), or null when no database was given. */
  dbRoundTripMs: number | null;
  cpus: number;
  cpuModel: string;
};

export async function measureMachine(databaseUrl?: string): Promise<MachineFigure> {
  const doc = creditNoteDocument({
    lines: Array.from({ length: 60 }, (_, index) =>
      classLine({ netCents: 3_000 + index * 25, date: `2026-10-${String(1 + (index % 28)).padStart(2, '0')}T${String(7 + (index % 12)).padStart(2, '0')}:00:00.000Z` }),
    ),
  });
  // Warm-up: fonts loaded, code optimised; the first documents cost several times the rest.
  for (let index = 0; index < 20; index++) await renderCreditNoteFiles(doc);
  const started = performance.now();
  for (let index = 0; index < MACHINE_PDFS; index++) await renderCreditNoteFiles(doc);
  const cpuMs = performance.now() - started;

  let dbRoundTripMs: number | null = null;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (let index = 0; index < 50; index++) await client.query('select 1');
      const times: number[] = [];
      for (let index = 0; index < MACHINE_ROUND_TRIPS; index++) {
        const roundTrip = performance.now();
        await client.query('select 1');
        times.push(performance.now() - roundTrip);
      }
      times.sort((a, b) => a - b);
      dbRoundTripMs = times[Math.floor(times.length / 2)]!;
    } finally {
      await client.end();
    }
  }
  return { cpuMs, dbRoundTripMs, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown' };
}

/** One line naming the machine figure, as docs/benchmarks.md keeps it beside each row. */
export function machineLine(figure: MachineFigure): string {
  const db = figure.dbRoundTripMs === null ? '' : `, PostgreSQL round trip ${figure.dbRoundTripMs.toFixed(3)} ms`;
  return `Machine: M = ${(figure.cpuMs / 1000).toFixed(2)} s (${MACHINE_PDFS} credit-note PDFs of 60 classes on one core)${db}; ${figure.cpus} × ${figure.cpuModel}`;
}

/** A duration as a multiple of the machine figure, e.g. "12.3 M". */
export function inMachineUnits(ms: number, figure: MachineFigure): string {
  return `${(ms / figure.cpuMs).toFixed(2)} M`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureMachine(process.env.DATABASE_URL);
  console.log(machineLine(figure));
}

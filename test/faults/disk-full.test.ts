import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { waitUntil } from '../support/processes';
import { expectRunReconciled, prepareClose, settlementDetail, startCreditNoteRun, waitForRunEnd, type Close } from './close-checks';
import { HEALTH_MIN_FREE_BYTES } from '../../api/routes/health/health.router';
import { startFaultStack, type FaultStack } from './fault-stack';

// The disk of the data directory fills up while a credit-note run of 100 trainers writes its PDFs.
// The data directory is a real tmpfs (mounted by the test, which runs as root; PostgreSQL and
// Temporal keep their files elsewhere) 64 MB larger than /api/health's free-space floor, below which
// the api reports its disk down and the stack would never count as started. It is filled up by a
// file once the first PDFs exist: the next writes fail with ENOSPC. The run does not fail and writes
// nothing half: the admin's progress view and the settlement log say the disk is full, naming ENOSPC
// and the folder, and the step is retried. Once the file is deleted the run continues and finishes
// as if nothing had happened.

const TRAINERS = 100;

let stack: FaultStack;
let close: Close;
let filler: string;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'disk-full', dataDirSizeMb: HEALTH_MIN_FREE_BYTES / 1024 / 1024 + 64 });
  close = await prepareClose(stack, { count: TRAINERS, prefix: 'DISKFULL' });
  filler = path.join(stack.dataDir, 'filler.bin');
});

afterAll(async () => {
  if (filler) fs.rmSync(filler, { force: true });
  await stack?.stop();
});

/** Writes `file` until the file system has no block left (ENOSPC), big chunks first, then small ones. */
function fillDisk(file: string) {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

const drawnPdfs = async (runUuid: string) =>
  Number((await stack.orm.em.fork().getConnection().execute<Array<{ count: string }>>(`select count(*) as count from credit_note c join settlement_run r on r.id = c.settlement_run_id where r.uuid = ? and c.sha256 is not null`, [runUuid]))[0]!.count);

describe('the disk full while the credit-note run writes its PDFs', () => {
  it('stops with a message naming the cause and continues correctly once space is back', async () => {
    onTestFailed(() => stack.keepLogs());
    const run = await startCreditNoteRun(stack, close);
    await waitUntil('the first PDFs of the run', async () => (await drawnPdfs(run.runUuid)) > 0, { timeoutMs: 120_000, intervalMs: 25 });
    fillDisk(filler);

    // The admin's progress view names the cause.
    const diskFull = await waitUntil('the disk-full message in the run stream', () => run.messages.find((message) => message.status === 'error' && message.message.includes('ENOSPC')), { timeoutMs: 120_000, intervalMs: 200 });
    expect(diskFull.message).toContain(stack.dataDir);
    expect(diskFull.message).toMatch(/disk is full/);
    const logged = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ status: string; message: string }>>(`select l.status, l.message from settlement_log l join settlement s on s.id = l.settlement_id where s.uuid = ? and l.message like '%ENOSPC%'`, [close.settlementUuid]);
    expect(logged[0]).toMatchObject({ status: 'error', message: diskFull.message });
    // Stopped, not failed: not every PDF is there, the run still runs, no part-written file lies about.
    const drawnWhileFull = await drawnPdfs(run.runUuid);
    expect(drawnWhileFull).toBeLessThan(TRAINERS);
    expect((await settlementDetail(stack, close))?.workflow?.creditNoteRun).toMatchObject({ runUuid: run.runUuid, phase: 'running' });

    // Space is back.
    fs.rmSync(filler);
    const result = await waitForRunEnd(stack, close, run.runUuid, 240_000);
    await run.stopReading();
    expect(result).toMatchObject({ phase: 'done', total: TRAINERS, issued: TRAINERS, refused: 0 });
    await expectRunReconciled(stack, close, run.runUuid);
    const leftovers = fs.readdirSync(stack.dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });
});

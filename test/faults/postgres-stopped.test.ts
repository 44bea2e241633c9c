import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { waitUntil } from '../support/processes';
import { countRunNotes, expectRunReconciled, prepareClose, startCreditNoteRun, waitForRunEnd, type Close } from './close-checks';
import { startFaultStack, type FaultStack } from './fault-stack';

// PostgreSQL goes away for 20 s in the middle of a credit-note run of 100 trainers: a fast shutdown
// of the embedded server (the pooled connections of the api and the worker break, the transaction
// numbering a chunk is rolled back), then the same server starts again on the same data. The
// activities that failed are retried by Temporal with their retry policy and find what the database
// committed: the run finishes with every trainer once, no number skipped or twice, one e-mail each.

const TRAINERS = 100;
const OUTAGE_MS = 20_000;

let stack: FaultStack;
let close: Close;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'postgres' });
  close = await prepareClose(stack, { count: TRAINERS, prefix: 'PGSTOP' });
});

afterAll(async () => {
  await stack?.stop();
});

describe('PostgreSQL stopped for 20 s during the credit-note run', () => {
  it('finishes the run once the database is back, every trainer once, the money reconciled', async () => {
    onTestFailed(() => stack.keepLogs());
    const run = await startCreditNoteRun(stack, close);
    const atStop = await waitUntil('the first credit notes of the run', async () => {
      const count = await countRunNotes(stack, run.runUuid);
      return count > 0 ? count : undefined;
    }, { timeoutMs: 120_000, intervalMs: 25 });
    await stack.stopPostgres();
    // The outage itself: the servers stay down this long whatever the processes do meanwhile.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await stack.startPostgres();
    expect(atStop).toBeLessThan(TRAINERS);

    const result = await waitForRunEnd(stack, close, run.runUuid, 240_000);
    await run.stopReading();
    expect(result).toMatchObject({ phase: 'done', total: TRAINERS, issued: TRAINERS, refused: 0 });
    // Both processes lived through it: they reconnected, nobody restarted them.
    expect(stack.api.child.exitCode).toBeNull();
    expect(stack.worker.child.exitCode).toBeNull();
    await expectRunReconciled(stack, close, run.runUuid);
  });
});

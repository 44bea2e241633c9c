import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { waitUntil } from '../support/processes';
import { countRunNotes, expectRunReconciled, prepareClose, startCreditNoteRun, waitForRunEnd, type Close } from './close-checks';
import { startFaultStack, type FaultStack } from './fault-stack';

// The Temporal server restarts in the middle of a credit-note run of 100 trainers: the dev server
// (as `npm start` runs it, with its database file) is stopped while the run issues, stays down for
// 10 s, and starts again on the same file. The worker and the api keep running and reconnect; the
// workflows resume from their recorded history: the run finishes with every trainer once.

const TRAINERS = 100;
const OUTAGE_MS = 10_000;

let stack: FaultStack;
let close: Close;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'temporal' });
  close = await prepareClose(stack, { count: TRAINERS, prefix: 'TMPRL' });
});

afterAll(async () => {
  await stack?.stop();
});

describe('the Temporal server restarted during the credit-note run', () => {
  it('resumes the run where it stood, every trainer once, the money reconciled', async () => {
    onTestFailed(() => stack.keepLogs());
    const run = await startCreditNoteRun(stack, close);
    const atStop = await waitUntil('the first credit notes of the run', async () => {
      const count = await countRunNotes(stack, run.runUuid);
      return count > 0 ? count : undefined;
    }, { timeoutMs: 120_000, intervalMs: 25 });
    await stack.stopTemporal();
    const whileDown = await countRunNotes(stack, run.runUuid);
    // The outage itself: the server stays down this long whatever the processes do meanwhile.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await stack.startTemporal();
    expect(atStop).toBeLessThan(TRAINERS);
    expect(whileDown).toBeLessThan(TRAINERS);

    const result = await waitForRunEnd(stack, close, run.runUuid, 240_000);
    await run.stopReading();
    expect(result).toMatchObject({ phase: 'done', total: TRAINERS, issued: TRAINERS, refused: 0 });
    expect(stack.api.child.exitCode).toBeNull();
    expect(stack.worker.child.exitCode).toBeNull();
    await expectRunReconciled(stack, close, run.runUuid);
  });
});

import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { waitUntil } from '../support/processes';
import { expectMailedOnce, prepareClose, previewKeyPrefix, previewMailsByStatus, startPreviewSend, waitForPreviewSendEnd, type Close } from './close-checks';
import { startFaultStack, type FaultStack } from './fault-stack';

// The worker is killed (SIGKILL) while it sends the previews of 100 trainers: some e-mails are
// accepted by the mail server, others are on the wire. The moment is chosen where the mail server
// holds the messages it is reading (the worker waits for its verdict) and everything it accepted so
// far is recorded as sent: an e-mail is recorded sent right after the server's "250 OK", not when
// the whole batch is done. (A kill in the milliseconds between the server's OK and that record can
// still send one e-mail again; its Message-ID is the outbox row's, so it is recognisably the same.)
// A new worker retries the delivery after its heartbeat timeout: every trainer gets one preview.

const TRAINERS = 100;

let stack: FaultStack;
let close: Close;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'worker-previews' });
  close = await prepareClose(stack, { count: TRAINERS, prefix: 'PRVKILL', trainerReview: true });
});

afterAll(async () => {
  stack?.smtp.release('refuse');
  await stack?.stop();
});

describe('the worker killed while it sends the previews', () => {
  it('sends every trainer one preview, none twice, once a new worker has taken over', async () => {
    onTestFailed(() => stack.keepLogs());
    const previews = () => stack.smtp.received.filter((mail) => mail.raw.includes(close.settlementUuid));
    const send = await startPreviewSend(stack, close);
    await waitUntil('the first previews at the mail server', () => previews().length >= 10, { timeoutMs: 120_000, intervalMs: 25 });
    stack.smtp.hold();
    // Messages on the wire, held by the server, and every accepted one recorded sent.
    await waitUntil(
      'messages held by the mail server, every accepted one recorded sent',
      async () => stack.smtp.held() > 0 && (await previewMailsByStatus(stack, close)).sent === previews().length,
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    const acceptedBeforeKill = previews().length;
    expect(acceptedBeforeKill).toBeLessThan(TRAINERS);
    const oldWorker = stack.worker;
    const replacing = stack.replaceWorker();
    await oldWorker.exited();
    // The killed worker's messages were never accepted: the server answers them 451 into a closed connection.
    stack.smtp.release('refuse');
    await replacing;

    const state = await waitForPreviewSendEnd(stack, close, 240_000);
    await send.stopReading();
    expect(state.previewSend).toMatchObject({ phase: 'done', total: TRAINERS, processed: TRAINERS });
    expect(new Set(state.previewSentTrainerUuids)).toEqual(new Set(close.trainerUuids));
    await expectMailedOnce(stack, { keyPrefix: previewKeyPrefix(close), trainerUuids: close.trainerUuids });
    // The server received no preview twice, counted by recipient as a trainer would.
    const recipients = previews().map((mail) => mail.envelopeTo.join());
    expect(recipients).toHaveLength(TRAINERS);
    expect(new Set(recipients).size).toBe(TRAINERS);
  });
});

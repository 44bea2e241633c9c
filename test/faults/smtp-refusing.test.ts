import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { TOutboxList } from '../../contracts/outbox.contract';
import { waitUntil } from '../support/processes';
import { expectMailedOnce, prepareClose, previewKeyPrefix, settlementDetail, startPreviewSend, waitForPreviewSendEnd, type Close } from './close-checks';
import { startFaultStack, type FaultStack } from './fault-stack';

// The mail server refuses for 2 minutes while the previews of 60 trainers go out: new connections
// get 421, MAIL FROM on the pool's open connections 451 (temporary refusals). The delivery activity
// notes the refusal on the waiting e-mails and is retried with its back-off (EMAIL_DELIVERY);
// meanwhile the admin's Outbox lists the waiting e-mails as queued with the server's answer. Once
// the server takes mail again every trainer gets one preview, none twice, none lost.

const TRAINERS = 60;
const OUTAGE_MS = 120_000;

let stack: FaultStack;
let close: Close;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'smtp' });
  close = await prepareClose(stack, { count: TRAINERS, prefix: 'SMTPOFF', trainerReview: true });
});

afterAll(async () => {
  stack?.smtp.refuse(false);
  await stack?.stop();
});

/** The group's Outbox as the admin's page reads it. */
async function outbox(status?: 'queued' | 'sent') {
  const response = await fetch(`${stack.baseUrl}/api/v1/${close.group.uuid}/outbox?limit=1000${status ? `&status=${status}` : ''}`, { headers: close.admin.headers });
  expect(response.status).toBe(200);
  const list = (await response.json()) as TOutboxList;
  return list.emails.filter((email) => email.purpose === 'settlement-preview');
}

describe('the mail server refusing for 2 minutes during the preview send', () => {
  it('keeps the waiting e-mails queued and visible, and sends each once when the server is back', async () => {
    onTestFailed(() => stack.keepLogs());
    const previews = () => stack.smtp.received.filter((mail) => mail.raw.includes(close.settlementUuid));
    const send = await startPreviewSend(stack, close);
    await waitUntil('the first previews at the mail server', () => previews().length > 0, { timeoutMs: 120_000, intervalMs: 25 });
    stack.smtp.refuse(true);
    const refusedFrom = Date.now();

    // The admin sees the e-mails that wait, each with the server's answer.
    const waiting = await waitUntil(
      'the Outbox to list e-mails waiting with the refusal',
      async () => {
        const queued = await outbox('queued');
        return queued.some((email) => /\b(421|451)\b/.test(email.error ?? '')) ? queued : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(waiting.length).toBeGreaterThan(0);
    const acceptedBeforeOutage = previews().length;
    expect(acceptedBeforeOutage).toBeLessThan(TRAINERS);

    // The outage lasts its 2 minutes; the send waits, it does not fail.
    await waitUntil('the end of the outage', () => Date.now() - refusedFrom >= OUTAGE_MS, { timeoutMs: OUTAGE_MS + 10_000, intervalMs: 1_000 });
    expect((await settlementDetail(stack, close))?.workflow?.previewSend).toMatchObject({ phase: 'sending' });
    expect(stack.smtp.refusals()).toBeGreaterThan(0);
    expect(previews()).toHaveLength(acceptedBeforeOutage);
    stack.smtp.refuse(false);

    // The delivery's next retry (back-off up to 80 s at this point) sends the rest.
    const state = await waitForPreviewSendEnd(stack, close, 240_000);
    await send.stopReading();
    expect(state.previewSend).toMatchObject({ phase: 'done', total: TRAINERS, processed: TRAINERS });
    await expectMailedOnce(stack, { keyPrefix: previewKeyPrefix(close), trainerUuids: close.trainerUuids });
    const recipients = previews().map((mail) => mail.envelopeTo.join());
    expect(new Set(recipients).size).toBe(TRAINERS);
    expect(recipients).toHaveLength(TRAINERS);
    // The Outbox shows them sent, the refusal no longer noted.
    expect(await outbox('queued')).toEqual([]);
    expect((await outbox('sent')).filter((email) => email.error)).toEqual([]);
  });
});

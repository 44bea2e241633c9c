import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import type { TSettlementDetail } from '../../contracts/settlement.contract';
import type { TTrainerNotificationList } from '../../contracts/trainer-account.contract';
import { StudioGroupTrainer, Trainer } from '../../db/entities';
import { approveUpdate } from '../../workflows/settlement.messages';
import { settlementWorkflowId } from '../../workflows/ids';
import { readNdjson } from '../support/ndjson';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { startSmtpServer, type ReceivedMail } from '../support/smtp';
import { logIn, startStack, type Stack } from '../support/stack';

// Step 3 of the month close against the real API, PostgreSQL, Temporal, worker and a real SMTP
// server in this process: the admin sends previews (the streamed call), each connected trainer gets
// a review, a portal notification and ONE e-mail with the deep link; a trainer without a portal
// account is reported (the spec's 204); a second sending sends nothing again; the approvals go
// through the workflow, whose validator refuses a trainer's approval once the company approved.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[] = [];

const PUBLIC_URL = 'https://trainerpay.example';
const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let trainerUser: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let linkedTrainer: { uuid: string; id: number };
let unlinkedTrainer: { uuid: string; id: number };
const settlementUuid = crypto.randomUUID();

const api = (path: string) => `${stack.baseUrl}/api/v1/${fitness.uuid}${path}`;
const post = (path: string, body: unknown) => fetch(api(path), { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });

async function sendPreviews(trainersSelected: string[], message = '') {
  const response = await post('/settlement/trainer-preview/send', { settlementUuid, settlementMonth: MONTH, trainersSelected, message });
  expect(response.status).toBe(200);
  const messages: TSendStreamMessage[] = [];
  for await (const line of readNdjson<TSendStreamMessage>(response)) messages.push(line);
  return messages;
}

async function waitFor(predicate: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: PUBLIC_URL });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  trainerUser = await logIn(stack.baseUrl, 'trainer@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitness = keys;
  const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] });
  linkedTrainer = { uuid: link.trainer.uuid, id: link.trainer.id };
  const other = await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T002' });
  unlinkedTrainer = { uuid: other.uuid, id: other.id };

  const firstDay = DateTime.fromISO(MONTH).startOf('month').toISODate()!;
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, firstDay, MONTH);
  await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [linkedTrainer.uuid, unlinkedTrainer.uuid]);
});

afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

describe('send previews', () => {
  it('refuses a trainer who is not in the settlement, writing nothing', async () => {
    const response = await post('/settlement/trainer-preview/send', { settlementUuid, trainersSelected: [crypto.randomUUID()] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it('streams config, one message per trainer and the end; the connected trainer gets a notification and one e-mail', async () => {
    const messages = await sendPreviews([linkedTrainer.uuid, unlinkedTrainer.uuid], 'Bitte bis Freitag prüfen.');
    expect(messages[0]).toMatchObject({ status: 'config', item_count: 2 });
    const byTrainer = new Map(messages.filter((message) => message.trainer_uuid).map((message) => [message.trainer_uuid, message]));
    expect(byTrainer.get(linkedTrainer.uuid)).toMatchObject({ status: 'success', outcome: 'created' });
    expect(byTrainer.get(unlinkedTrainer.uuid)).toMatchObject({ status: 'info', outcome: 'not_connected' });
    expect(byTrainer.get(unlinkedTrainer.uuid)?.message).toMatch(/is not connected\. Review is not available\.|ist nicht verbunden\. Review ist nicht verfügbar\./);
    expect(messages.at(-1)?.status).toBe('finished_studiogroup');

    await waitFor(() => received.length >= 1);
    expect(received).toHaveLength(1);
    expect(received[0]!.envelopeTo).toEqual(['trainer@demo.test']);
    const body = received[0]!.raw.replace(/=\r\n/g, '');
    expect(body).toContain(`${PUBLIC_URL}/`);
    expect(body).toContain(`/trainer/accounting/review/${fitness.uuid}/${settlementUuid}`);

    const notifications = (await (await fetch(`${stack.baseUrl}/api/v2/trainer_account_notification_dto/${trainerUser.userUuid}`, { headers: trainerUser.headers })).json()) as TTrainerNotificationList;
    // The spec's answer is the list itself.
    const notification = notifications.find((item) => item.link.includes(settlementUuid));
    expect(notification?.message).toContain('Bitte bis Freitag prüfen.');
    expect(notification?.approved).toBeNull();

    const detail = (await (await fetch(api(`/settlement/${settlementUuid}`), { headers: admin.headers })).json()) as TSettlementDetail;
    expect(detail.workflow?.previewSentTrainerUuids).toEqual([linkedTrainer.uuid]);
    expect(detail.workflow?.previewSend).toMatchObject({ phase: 'done', total: 2, processed: 2 });
  });

  it('does not send a preview twice', async () => {
    const messages = await sendPreviews([linkedTrainer.uuid]);
    expect(messages.find((message) => message.trainer_uuid === linkedTrainer.uuid)).toMatchObject({ status: 'info', outcome: 'already_sent' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toHaveLength(1);
  });

  it('answers the per-trainer call: 204 for a trainer without portal account, 200 for one already sent', async () => {
    const form = (trainerId: number) =>
      fetch(api('/settlement/trainer/review'), {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ apiSlug: fitness.apiSlug, idStudioGroup: String(fitness.id), settlementMonth: MONTH, trainerId: String(trainerId), settlementUuid, message: '' }),
      });
    expect((await form(unlinkedTrainer.id)).status).toBe(204);
    const again = await form(linkedTrainer.id);
    expect(again.status).toBe(200);
  });
});

describe('approvals through the settlement workflow', () => {
  const approve = (by: 'trainer' | 'company', approved: boolean, userUuid: string) =>
    stack.temporal.workflow.getHandle(settlementWorkflowId(settlementUuid)).executeUpdate(approveUpdate, { args: [{ trainerUuid: linkedTrainer.uuid, by, approved, userUuid }] });

  it('records the trainer approval, then the company approval locks the trainer out', async () => {
    const trainerAnswer = await approve('trainer', true, trainerUser.userUuid);
    expect(trainerAnswer.entries[0]).toMatchObject({ approved: true });
    expect(trainerAnswer.state.approvals[linkedTrainer.uuid]).toEqual({ company: false, trainer: true });

    const companyAnswer = await approve('company', true, admin.userUuid);
    expect(companyAnswer.state.approvals[linkedTrainer.uuid]).toEqual({ company: true, trainer: true });
    expect(companyAnswer.state.maxReachableStep).toBe(4);

    await expect(approve('trainer', false, trainerUser.userUuid)).rejects.toMatchObject({ cause: { message: 'review.lockedCompanyApproved' } });
  });

  it('refuses a trainer approval of a trainer who was never sent a preview', async () => {
    await expect(
      stack.temporal.workflow
        .getHandle(settlementWorkflowId(settlementUuid))
        .executeUpdate(approveUpdate, { args: [{ trainerUuid: unlinkedTrainer.uuid, by: 'trainer', approved: true, userUuid: trainerUser.userUuid }] }),
    ).rejects.toMatchObject({ cause: { message: 'review.previewNotSent' } });
  });
});

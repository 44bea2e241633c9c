import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSettlementApproveAllEvent, TSettlementCommandResponse, TSettlementDetail } from '../../contracts/settlement.contract';
import { Approval, SettlementTrainer } from '../../db/entities';
import { settlementWorkflowId } from '../../workflows/ids';
import { approvalSignals as approvalSignalsOf, useReviewFixture, type ReviewFixture } from '../support/review-fixture';

// The preview check's 'Approve all' (spec 2.10, action approve_all) against the real API,
// PostgreSQL, Temporal and worker: every open company approval in one write, a trainer whose credit
// note is created listed as locked with the toggle's reason, the workflow told in one signal,
// progress on the settlement's socket room, and a second call changing nothing.
// RECORD_HISTORY=<folder> writes the settlement's history (approvals by approve-all, then finished)
// for the replay test.

let { stack, admin, yogaUuid, demoTrainer, secondTrainer, settlementUuid, fitness } = {} as ReviewFixture;
const { request, v1 } = useReviewFixture(async (fixture) => {
  ({ stack, admin, yogaUuid, demoTrainer, secondTrainer, settlementUuid, fitness } = fixture);
  await fixture.sendPreviews([demoTrainer.uuid, secondTrainer.uuid]);
});

const em = () => stack.orm.em.fork();
const command = (action: string, options: { locale?: 'de' | 'en'; group?: string; as?: typeof admin } = {}) =>
  request<TSettlementCommandResponse & { message: string }>('POST', `/v1/${options.group ?? fitness.uuid}/settlement/${settlementUuid}/command`, {
    body: { action },
    locale: options.locale ?? 'en',
    ...(options.as ? { as: options.as } : {}),
  });
const companyApprovals = () => em().count(Approval, { settlementTrainer: { settlement: { uuid: settlementUuid } }, kind: 'company' });
const approvalSignals = () => approvalSignalsOf(stack, settlementUuid);

let socket: Socket;
const events: TSettlementApproveAllEvent[] = [];
beforeAll(async () => {
  socket = await new Promise<Socket>((resolve, reject) => {
    const connection = io(stack.baseUrl, { auth: { user: admin.userUuid, apiKey: admin.apiKey }, transports: ['websocket'] });
    connection.once('connect', () => resolve(connection));
    connection.once('connect_error', reject);
  });
  socket.on('settlement:approve-all', (event: TSettlementApproveAllEvent) => events.push(event));
  expect(await new Promise((resolve) => socket.emit('join', `settlement:${settlementUuid}`, resolve))).toEqual({ ok: true });
});
afterAll(() => socket?.close());

describe('approve all (POST /settlement/{uuid}/command, action approve_all)', () => {
  it('approves every open trainer in one call, lists the locked one with its reason and tells the workflow once', async () => {
    // The second trainer's credit note is created: the single toggle refuses them, so approve-all leaves them.
    const fork = em();
    const locked = await fork.findOneOrFail(SettlementTrainer, { settlement: { uuid: settlementUuid }, trainer: secondTrainer.id });
    locked.workflowState = 'credit_note_created';
    await fork.flush();
    const signalsBefore = await approvalSignals();

    const { status, body } = await command('approve_all');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', settlementUuid, settlementStatus: 'in_progress', approvedCount: 1, alreadyApprovedCount: 0 });
    expect(body.message).toBe('1 trainer approved by the company; 1 locked.');
    expect(body.locked).toEqual([
      { trainerUuid: secondTrainer.uuid, trainer: expect.any(String), reason: 'review.lockedPdfCreated', message: 'The credit note has been created; this settlement cannot be edited anymore.' },
    ]);

    const demo = await em().findOneOrFail(SettlementTrainer, { settlement: { uuid: settlementUuid }, trainer: demoTrainer.id });
    expect(demo.workflowState).toBe('approved');
    expect(await em().count(Approval, { settlementTrainer: demo.id, kind: 'company', approved: true })).toBe(1);
    expect(await em().count(Approval, { settlementTrainer: locked.id })).toBe(0);
    expect(await approvalSignals()).toBe(signalsBefore + 1);
    const detail = await request<TSettlementDetail>('GET', v1(`/settlement/${settlementUuid}`));
    expect(detail.body.workflow?.approvals[demoTrainer.uuid]).toEqual({ company: true, trainer: false });

    await expect.poll(() => events.map((event) => event.phase), { timeout: 10_000 }).toEqual(['recording', 'recorded', 'signalled']);
    expect(events.at(-1)).toEqual({ settlementUuid, phase: 'signalled', processed: 1, total: 1 });
  });

  it('changes nothing when repeated: no approval, no signal, the same locked trainer', async () => {
    const approvals = await companyApprovals();
    const signals = await approvalSignals();
    const { status, body } = await command('approve_all', { locale: 'de' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ approvedCount: 0, alreadyApprovedCount: 1 });
    expect(body.message).toBe('0 Trainer vom Unternehmen freigegeben; 1 gesperrt.');
    expect(body.locked?.map((item) => item.trainerUuid)).toEqual([secondTrainer.uuid]);
    expect(body.locked?.[0]?.message).toBe('Die Gutschrift wurde erstellt; diese Abrechnung kann nicht mehr bearbeitet werden.');
    expect(await companyApprovals()).toBe(approvals);
    expect(await approvalSignals()).toBe(signals);
  });

  it('refuses another group (404) and an unknown action (400), changing nothing', async () => {
    const approvals = await companyApprovals();
    const yoga = await command('approve_all', { group: yogaUuid });
    expect([403, 404]).toContain(yoga.status);
    const unknown = await command('approve_everyone');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: 'error' });
    expect(await companyApprovals()).toBe(approvals);
  });

  it('refuses a settlement not in progress (409) with the reason', async () => {
    // Back to the state of a trainer not billed, so the settlement can finish.
    const fork = em();
    const second = await fork.findOneOrFail(SettlementTrainer, { settlement: { uuid: settlementUuid }, trainer: secondTrainer.id });
    second.workflowState = 'preview_send';
    await fork.flush();
    expect((await command('finish_settlement')).status).toBe(200);
    const approvals = await companyApprovals();
    const { status, body } = await command('approve_all');
    expect(status).toBe(409);
    expect(body).toMatchObject({ status: 'error' });
    expect(body.message).toEqual(expect.stringMatching(/\S/));
    expect(await companyApprovals()).toBe(approvals);

    if (process.env.RECORD_HISTORY) {
      const history = await stack.temporal.workflow.getHandle(settlementWorkflowId(settlementUuid)).fetchHistory();
      writeFileSync(path.join(process.env.RECORD_HISTORY, 'settlement-v2-approve-all.json'), historyToJSON(history));
    }
  });
});

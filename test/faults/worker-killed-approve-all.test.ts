import { temporal as proto } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { TPreviewCheckResponse } from '../../contracts/review.contract';
import type { TSettlementCommandResponse } from '../../contracts/settlement.contract';
import { settlementWorkflowId } from '../../workflows/ids';
import { waitUntil } from '../support/processes';
import { expectRunReconciled, prepareClose, settlementDetail, startCreditNoteRun, startPreviewSend, waitForPreviewSendEnd, waitForRunEnd, type Close } from './close-checks';
import { startFaultStack, type FaultStack } from './fault-stack';

// The worker is SIGKILLed around the admin's 'Approve all' of 50 trainers' previews. The api records
// every company approval in one transaction and signals the settlement workflow once: the Temporal
// server keeps the signal in the workflow's history although no worker runs it (the api's state
// query gets no answer, so it signals every approval). Two moments, each on a stack of its own:
// - the worker killed before the call: the signal waits for the next worker;
// - the worker killed right after the call, before it ran the workflow task: it is frozen (SIGSTOP)
//   during the call, so the signal's task goes to it (the server still sees it polling) and is never
//   finished; after the task's timeout the server gives it to the next worker.
// The new worker applies the approvals; the month closes with every trainer billed once. The number
// of trainers does not matter to the fault (approve-all is one write for any number); 50 keep the
// preview send and the credit-note run short on a loaded machine.

const TRAINERS = 50;

let stack: FaultStack;
let close: Close;

/** A stack of its own with a settlement whose previews went out to every trainer. */
function useStackWithPreviewsSent(name: string) {
  beforeAll(async () => {
    stack = await startFaultStack({ name });
    close = await prepareClose(stack, { count: TRAINERS, prefix: 'APPKILL', trainerReview: true });
    const send = await startPreviewSend(stack, close);
    await waitForPreviewSendEnd(stack, close, 240_000);
    await send.stopReading();
  });
  afterAll(async () => {
    await stack?.stop();
  });
}

/** The preview check's 'Approve all' as the admin's screen posts it. */
async function approveAll() {
  const response = await fetch(`${stack.baseUrl}/api/v1/${close.group.uuid}/settlement/${close.settlementUuid}/command`, {
    method: 'POST',
    headers: { ...close.admin.headers, 'x-locale': 'en' },
    body: JSON.stringify({ action: 'approve_all' }),
  });
  return { status: response.status, body: (await response.json()) as TSettlementCommandResponse };
}

/** The preview check's trainer list: each trainer's state and company mark (one entry per location). */
async function previewCheckTrainers() {
  const response = await fetch(`${stack.baseUrl}/api/v1/${close.group.uuid}/settlement/${close.settlementUuid}/preview-check`, { headers: close.admin.headers });
  expect(response.status).toBe(200);
  const { trainers } = (await response.json()) as TPreviewCheckResponse;
  return new Map(trainers.map((trainer) => [trainer.trainer_uuid, { company: trainer.approved_by_company, state: trainer.workflow_state }]));
}

/** The company approval rows per trainer of the settlement (each true). */
async function companyApprovalRows() {
  const rows = await stack.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ trainer_uuid: string; count: string; approved: boolean }>>(
      `select t.uuid as trainer_uuid, count(*) as count, bool_and(a.approved) as approved
         from approval a join settlement_trainer st on st.id = a.settlement_trainer_id join settlement s on s.id = st.settlement_id join trainer t on t.id = st.trainer_id
        where s.uuid = ? and a.kind = 'company' group by t.uuid`,
      [close.settlementUuid],
    );
  return new Map(rows.map((row) => [row.trainer_uuid, { count: Number(row.count), approved: row.approved }]));
}

async function approvalSignals(): Promise<number> {
  const history = await stack.temporal.workflow.getHandle(settlementWorkflowId(close.settlementUuid)).fetchHistory();
  return (history.events ?? []).filter((event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'approvalsChanged').length;
}

/** The workflow-task events after the last approvals signal, up to the first task a worker completed. */
async function workflowTasksAfterLastApprovalSignal(): Promise<string[]> {
  const events = (await stack.temporal.workflow.getHandle(settlementWorkflowId(close.settlementUuid)).fetchHistory()).events ?? [];
  const signal = events.findLastIndex((event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'approvalsChanged');
  const names: string[] = [];
  for (const event of events.slice(signal + 1)) {
    const name = proto.api.enums.v1.EventType[event.eventType ?? 0].replace(/^EVENT_TYPE_/, '');
    if (!name.startsWith('WORKFLOW_TASK_')) continue;
    names.push(name);
    if (name === 'WORKFLOW_TASK_COMPLETED') break;
  }
  return names;
}

const everyTrainer = <T>(value: T) => new Map(close.trainerUuids.map((uuid) => [uuid, value]));

/**
 * What the admin and an accountant check: every trainer approved in the answer and the preview
 * check at once, one approval row each, one signal; the workflow's state once the new worker ran;
 * a repeated call changing nothing; then a credit-note run billing every trainer once.
 */
async function approveAllAroundTheKill(killed: 'before the call' | 'after the call') {
  onTestFailed(() => stack.keepLogs());
  expect(await companyApprovalRows()).toEqual(new Map());
  const signalsBefore = await approvalSignals();

  if (killed === 'before the call') await stack.worker.kill();
  else stack.worker.child.kill('SIGSTOP');
  const first = await approveAll();
  if (killed === 'after the call') await stack.worker.kill();
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ status: 'success', settlementStatus: 'in_progress', approvedCount: TRAINERS, alreadyApprovedCount: 0, locked: [] });
  expect(first.body.message).toBe(`${TRAINERS} trainers approved by the company; 0 locked.`);
  // Recorded while no worker runs: the preview check shows it, one row per trainer; the workflow has the signal waiting.
  expect(await previewCheckTrainers()).toEqual(everyTrainer({ company: 'true', state: 'approved' }));
  expect(await companyApprovalRows()).toEqual(everyTrainer({ count: 1, approved: true }));
  expect(await approvalSignals()).toBe(signalsBefore + 1);
  expect(await settlementDetail(stack, close).then((detail) => detail?.workflow)).toBeNull();

  await stack.replaceWorker();
  // The settlement's state as the admin's screen reads it (the workflow's query) once the new worker ran the signal.
  const approvals = await waitUntil(
    'the new worker to apply the approvals',
    async () => {
      const known = (await settlementDetail(stack, close))?.workflow?.approvals;
      return known && close.trainerUuids.every((uuid) => known[uuid]?.company === true) ? known : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  expect(new Map(close.trainerUuids.map((uuid) => [uuid, approvals[uuid]]))).toEqual(everyTrainer({ company: true, trainer: false }));
  // The killed worker never finished the signal's workflow task: the server gave it to the new worker after a timeout.
  if (killed === 'after the call') expect(await workflowTasksAfterLastApprovalSignal()).toContain('WORKFLOW_TASK_TIMED_OUT');

  // Again: nothing new to approve, no row and no signal.
  const again = await approveAll();
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ approvedCount: 0, alreadyApprovedCount: TRAINERS, locked: [] });
  expect(await companyApprovalRows()).toEqual(everyTrainer({ count: 1, approved: true }));
  expect(await approvalSignals()).toBe(signalsBefore + 1);

  const run = await startCreditNoteRun(stack, close);
  const result = await waitForRunEnd(stack, close, run.runUuid, 240_000);
  await run.stopReading();
  expect(result).toMatchObject({ phase: 'done', total: TRAINERS, issued: TRAINERS, refused: 0 });
  await expectRunReconciled(stack, close, run.runUuid);
}

describe('the worker killed, then approve-all while no worker runs', () => {
  useStackWithPreviewsSent('worker-approve-all-before');
  it('records every approval at once, the new worker applies them, and the month closes with every trainer once', () => approveAllAroundTheKill('before the call'));
});

describe('the worker killed right after approve-all, before it ran the workflow task', () => {
  useStackWithPreviewsSent('worker-approve-all-after');
  it('the next worker gets the task after its timeout and applies every approval; the month closes with every trainer once', () => approveAllAroundTheKill('after the call'));
});

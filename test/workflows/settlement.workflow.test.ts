import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { type WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import type { PrepareActivities } from '../../activities/prepare';
import type {
  TFreezeInvoiceDataInput,
  TMarkTrainersPreparedInput,
  TPrepareHeartbeat,
  TPrepareTrainerLinesInput,
  TRecordSettlementStatusInput,
} from '../../activities/prepare/prepare.types';
import {
  awaitPreparationPhaseUpdate,
  createSettlementUpdate,
  goToStepUpdate,
  saveAdminPositionUpdate,
  selectTrainersUpdate,
  settlementCommandUpdate,
  startPreparationUpdate,
  stateQuery,
  trainerStatesChangedSignal,
  v1IssueCreditNoteUpdate,
  type TSettlementInput,
} from '../../workflows/settlement.messages';
import { settlementWorkflow } from '../../workflows/settlement.workflow';
import { settlementWorkflowId } from '../../workflows/ids';
import { useWorkflowTestEnvironment, updateRefusal as refusal } from './test-server';

// The settlement workflow with mocked activities on the time-skipping test server: the start rule,
// the three preparation phases in chunks of 50, step jumps, update validators refusing at once, the
// status commands, and a preparation that survives a failed attempt and a worker restart (the chunk
// activity resumes from its heartbeat details).

const trainers = (count: number) => Array.from({ length: count }, () => randomUUID());

type Calls = {
  freeze: TFreezeInvoiceDataInput[];
  chunks: Array<TPrepareTrainerLinesInput & { attempt: number; resumedFrom: number }>;
  mark: TMarkTrainersPreparedInput[];
  status: TRecordSettlementStatusInput[];
  review: boolean[];
  admin: string[];
};

type Overrides = Partial<{
  locked: string[];
  anyCreditNoteSent: boolean;
  chunk: (input: TPrepareTrainerLinesInput, attempt: number, resumedFrom: number) => Promise<void>;
}>;

function mockActivities(overrides: Overrides = {}) {
  const calls: Calls = { freeze: [], chunks: [], mark: [], status: [], review: [], admin: [] };
  const activities: PrepareActivities = {
    async freezeSettlementInvoiceData(input) {
      calls.freeze.push(input);
      const locked = overrides.locked ?? [];
      return { trainerUuids: input.trainerUuids.filter((uuid) => !locked.includes(uuid)), lockedTrainerUuids: locked, anyCreditNoteSent: overrides.anyCreditNoteSent ?? false, rules: 7 };
    },
    async prepareTrainerLines(input) {
      const info = Context.current().info;
      const resumedFrom = (info.heartbeatDetails as TPrepareHeartbeat | undefined)?.processed ?? 0;
      calls.chunks.push({ ...input, attempt: info.attempt, resumedFrom });
      await overrides.chunk?.(input, info.attempt, resumedFrom);
      return { trainers: input.trainerUuids.length, lines: 0, netCents: 0, vatCents: 0, grossCents: 0 };
    },
    async markTrainersPrepared(input) {
      calls.mark.push(input);
      return { trainers: input.trainerUuids.length, netCents: 0, vatCents: 0, grossCents: 0 };
    },
    async recordTrainerReview(input) {
      calls.review.push(input.trainerReview);
    },
    async recordSettlementStatus(input) {
      calls.status.push(input);
    },
    async saveAdminPosition(input) {
      calls.admin.push(`save:${input.positionUuid}`);
      return { trainerUuid: input.trainerUuid, positions: 1, grossCents: 0 };
    },
    async removeAdminPosition(input) {
      calls.admin.push(`remove:${input.positionUuid}`);
      return { trainerUuid: input.trainerUuid, positions: 0, grossCents: 0 };
    },
  };
  return { activities, calls };
}

const input = (overrides: Partial<TSettlementInput> = {}): TSettlementInput => ({
  settlementUuid: randomUUID(),
  studioGroupUuid: randomUUID(),
  month: '2026-09-30',
  version: 'v2',
  createdByUserUuid: randomUUID(),
  locale: 'de',
  ...overrides,
});

describe('settlementWorkflow', () => {
  const temporal = useWorkflowTestEnvironment();

  async function withWorker<T>(activities: PrepareActivities, body: (start: (input: TSettlementInput) => Promise<WorkflowHandleWithFirstExecutionRunId<typeof settlementWorkflow>>) => Promise<T>, taskQueue = `test-${randomUUID()}`) {
    const { worker } = await temporal.createWorker({ activities, taskQueue });
    const start = (workflowInput: TSettlementInput) =>
      temporal.env.client.workflow.start(settlementWorkflow, {
        args: [workflowInput],
        workflowId: settlementWorkflowId(workflowInput.settlementUuid),
        taskQueue,
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    return worker.runUntil(body(start));
  }

  it('starts at step 1 (index 0) with nothing selected; starting it again reaches the same run', async () => {
    const { activities } = mockActivities();
    await withWorker(activities, async (start) => {
      const workflowInput = input();
      const handle = await start(workflowInput);
      const again = await start(workflowInput);
      expect(again.firstExecutionRunId).toBe(handle.firstExecutionRunId);
      expect(await handle.query(stateQuery)).toEqual({
        settlementUuid: workflowInput.settlementUuid,
        studioGroupUuid: workflowInput.studioGroupUuid,
        settlementMonth: '2026-09-30',
        step: 0,
        maxReachableStep: 0,
        status: 'in_progress',
        trainerReview: null,
        selectedTrainerUuids: [],
        billedTrainerUuids: [],
        anyCreditNoteSent: false,
        preparation: { phase: 'none', percent: 0, processed: 0, total: 0, error: null, runs: 0, preparedTrainerUuids: [] },
        previewSentTrainerUuids: [],
        previewSend: null,
        approvals: {},
        creditNoteRun: null,
        runUuids: [],
      });
      const finished = await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'u' }] });
      expect(finished).toMatchObject({ status: 'completed', step: 5 });
      expect(await handle.result()).toEqual({ settlementUuid: workflowInput.settlementUuid, status: 'completed' });
    });
  });

  it('prepares in three phases (33 / 66 / 100 %), the classes in chunks of 50 trainers', async () => {
    const { activities, calls } = mockActivities();
    const selected = trainers(120);
    await withWorker(activities, async (start) => {
      const workflowInput = input();
      const handle = await start(workflowInput);
      const afterInvoiceData = await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: [...selected, selected[0]!], userUuid: 'admin' }] });
      expect(afterInvoiceData.step).toBe(1);
      expect(afterInvoiceData.preparation.percent).toBeGreaterThanOrEqual(33);
      expect(afterInvoiceData.selectedTrainerUuids).toEqual(selected);
      const afterClasses = await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'class' }] });
      expect(afterClasses.preparation.percent).toBeGreaterThanOrEqual(66);
      const done = await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      expect(done.preparation).toEqual({ phase: 'done', percent: 100, processed: 120, total: 120, error: null, runs: 1, preparedTrainerUuids: selected });
      expect(done.maxReachableStep).toBe(1);

      expect(calls.freeze).toEqual([{ settlementUuid: workflowInput.settlementUuid, trainerUuids: selected, run: 1, userUuid: 'admin', locale: 'de' }]);
      expect(calls.chunks.map((chunk) => [chunk.offset, chunk.trainerUuids.length, chunk.total]).sort((a, b) => a[0]! - b[0]!)).toEqual([[0, 50, 120], [50, 50, 120], [100, 20, 120]]);
      expect(calls.chunks.flatMap((chunk) => chunk.trainerUuids).sort()).toEqual([...selected].sort());
      expect(calls.mark).toEqual([{ settlementUuid: workflowInput.settlementUuid, trainerUuids: selected, run: 1, userUuid: 'admin', locale: 'de' }]);

      // 'previews for trainers' advances one step; then feedback (index 3) is reachable, credit notes not yet.
      const created = await handle.executeUpdate(createSettlementUpdate, { args: [{ trainerReview: true, userUuid: 'admin' }] });
      expect(created).toMatchObject({ step: 2, trainerReview: true, maxReachableStep: 3 });
      expect((await handle.executeUpdate(goToStepUpdate, { args: [{ step: 3 }] })).step).toBe(3);
      expect(await refusal(handle.executeUpdate(goToStepUpdate, { args: [{ step: 4 }] }))).toEqual({ type: 'Invalid', message: 'settlement.stepNotReachable' });
      expect((await handle.executeUpdate(goToStepUpdate, { args: [{ step: 0 }] })).step).toBe(0);
      expect(calls.review).toEqual([true]);

      // A reload prepares again (run 2) and keeps the chosen mode.
      await handle.executeUpdate(startPreparationUpdate, { args: [{ userUuid: 'admin' }] });
      const reloaded = await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      expect(reloaded).toMatchObject({ step: 1, trainerReview: true, maxReachableStep: 3, preparation: { runs: 2, phase: 'done' } });
      expect(calls.freeze.at(-1)).toMatchObject({ run: 2, trainerUuids: selected });
      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'archive_settlement', userUuid: 'admin' }] });
      expect(await handle.result()).toMatchObject({ status: 'archived' });
    });
  });

  it('"credit note" without review jumps to step index 4', async () => {
    const { activities } = mockActivities();
    await withWorker(activities, async (start) => {
      const handle = await start(input());
      await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: trainers(3), userUuid: 'admin' }] });
      await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      const created = await handle.executeUpdate(createSettlementUpdate, { args: [{ trainerReview: false, userUuid: 'admin' }] });
      expect(created).toMatchObject({ step: 4, trainerReview: false, maxReachableStep: 4 });
      expect((await handle.executeUpdate(goToStepUpdate, { args: [{ step: 2 }] })).step).toBe(2);
      expect(await refusal(handle.executeUpdate(goToStepUpdate, { args: [{ step: 5 }] }))).toMatchObject({ type: 'Invalid' });
      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'delete_settlement', userUuid: 'admin' }] });
      expect(await handle.result()).toMatchObject({ status: 'deleted' });
    });
  });

  it('refuses commands the process does not allow, at once and without running anything', async () => {
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const locked = trainers(1);
    const { activities, calls } = mockActivities({
      locked,
      anyCreditNoteSent: true,
      chunk: async () => {
        await blocked;
      },
    });
    await withWorker(activities, async (start) => {
      const handle = await start(input());
      const update = (promise: Promise<unknown>) => refusal(promise);

      expect(await update(handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: [], userUuid: 'admin' }] }))).toEqual({ type: 'Invalid', message: 'settlement.emptySelection' });
      expect(await update(handle.executeUpdate(startPreparationUpdate, { args: [{ userUuid: 'admin' }] }))).toEqual({ type: 'Invalid', message: 'settlement.emptySelection' });
      expect(await update(handle.executeUpdate(selectTrainersUpdate, { args: [{ trainerUuids: [], userUuid: 'admin' }] }))).toEqual({ type: 'Invalid', message: 'settlement.emptySelection' });
      expect(await update(handle.executeUpdate(goToStepUpdate, { args: [{ step: 1 }] }))).toEqual({ type: 'Invalid', message: 'settlement.stepNotReachable' });
      expect(await update(handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'class' }] }))).toEqual({ type: 'Conflict', message: 'settlement.prepareFirst' });
      expect(await update(handle.executeUpdate(createSettlementUpdate, { args: [{ trainerReview: true, userUuid: 'admin' }] }))).toEqual({ type: 'Conflict', message: 'settlement.prepareFirst' });
      expect(calls.freeze).toHaveLength(0);

      // The preparation learns that a trainer's credit note is issued; while it runs, nothing else may start.
      const selected = [...trainers(4), ...locked];
      await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: selected, userUuid: 'admin' }] });
      expect(await update(handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: selected.slice(0, 2), userUuid: 'admin' }] }))).toEqual({ type: 'Conflict', message: 'settlement.preparationRunning' });
      expect(await update(handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] }))).toEqual({ type: 'Conflict', message: 'settlement.preparationRunning' });
      release();
      const done = await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      expect(done.billedTrainerUuids).toEqual(locked);
      expect(done.preparation.preparedTrainerUuids).toEqual(selected.slice(0, 4));

      expect(await update(handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: selected, userUuid: 'admin' }] }))).toEqual({ type: 'Invalid', message: 'settlement.trainerBilled' });
      expect(await update(handle.executeUpdate(saveAdminPositionUpdate, { args: [{ positionUuid: randomUUID(), trainerUuid: randomUUID(), kind: 'bonus', description: 'x', netCents: 100, userUuid: 'admin' }] }))).toEqual({
        type: 'Invalid',
        message: 'settlement.trainerNotSelected',
      });
      expect(await update(handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'delete_settlement', userUuid: 'admin' }] }))).toEqual({ type: 'Conflict', message: 'settlement.deleteRefused' });
      expect(calls.status).toHaveLength(0);
      expect(calls.admin).toHaveLength(0);

      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] });
      expect(calls.status).toEqual([{ settlementUuid: expect.any(String), status: 'completed', userUuid: 'admin', locale: 'de' }]);
      expect(await handle.result()).toMatchObject({ status: 'completed' });
    });
  });

  it('learns from later steps which credit notes are sent (signal) and then refuses to delete', async () => {
    const { activities } = mockActivities();
    await withWorker(activities, async (start) => {
      const handle = await start(input());
      const billed = randomUUID();
      await handle.signal(trainerStatesChangedSignal, { billedTrainerUuids: [billed], anyCreditNoteSent: true });
      // A signal is fire-and-forget: once the workflow has taken it in (the query shows it), commands are judged by it.
      await expect.poll(async () => (await handle.query(stateQuery)).anyCreditNoteSent, { timeout: 10_000 }).toBe(true);
      expect(await refusal(handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'delete_settlement', userUuid: 'admin' }] }))).toMatchObject({ message: 'settlement.deleteRefused' });
      expect(await refusal(handle.executeUpdate(selectTrainersUpdate, { args: [{ trainerUuids: [billed], userUuid: 'admin' }] }))).toMatchObject({ message: 'settlement.trainerBilled' });
      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] });
      await handle.result();
    });
  });

  it('wizard v1: two invoice calls at once issue in the one run only after its start is recorded', async () => {
    const { activities } = mockActivities();
    const recordedRuns = new Set<string>();
    const issuedBeforeStart: string[] = [];
    let startCalls = 0;
    let releaseStart: () => void = () => {};
    const startHeld = new Promise<void>((resolve) => (releaseStart = resolve));
    const withV1 = {
      ...activities,
      // The run's record is written late: the second call arrives while it is under way.
      async startCreditNoteRun({ runUuid }: { runUuid: string }) {
        startCalls++;
        await startHeld;
        recordedRuns.add(runUuid);
      },
      async issueCreditNotes({ runUuid, trainerUuids }: { runUuid: string; trainerUuids: string[] }) {
        if (!recordedRuns.has(runUuid)) issuedBeforeStart.push(...trainerUuids);
        return { trainers: trainerUuids.map((trainerUuid) => ({ trainerUuid, outcome: 'issued', number: `GS-2026-${trainerUuid.slice(0, 5)}` })) };
      },
    } as unknown as PrepareActivities;
    await withWorker(withV1, async (start) => {
      const handle = await start(input({ version: 'v1' }));
      const [first, second] = trainers(2) as [string, string];
      await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: [first, second], userUuid: 'admin' }] });
      await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      const answers = Promise.all([first, second].map((trainerUuid) => handle.executeUpdate(v1IssueCreditNoteUpdate, { args: [{ trainerUuid, userUuid: 'admin' }] })));
      await expect.poll(() => startCalls, { timeout: 10_000 }).toBe(1);
      // Time for the second update to reach the workflow while the start is held.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      releaseStart();
      const [a, b] = await answers;
      expect(issuedBeforeStart).toEqual([]);
      expect(startCalls).toBe(1);
      expect(a.runUuid).toBe(b.runUuid);
      expect([a.outcome, b.outcome]).toEqual(['issued', 'issued']);
      expect((await handle.query(stateQuery)).creditNoteRun).toMatchObject({ runUuid: a.runUuid, issued: 2, refused: 0 });
      // The v1 run is open (no update/emails yet): the settlement cannot finish, so the test ends it.
      await handle.terminate('test over');
    });
  });

  it('resumes a chunk from its heartbeat after a failed attempt', async () => {
    const { activities, calls } = mockActivities({
      chunk: async (chunkInput, attempt) => {
        if (chunkInput.offset === 50 && attempt === 1) {
          Context.current().heartbeat({ processed: 20, total: chunkInput.trainerUuids.length } satisfies TPrepareHeartbeat);
          // Let the heartbeat reach the server before the attempt dies (heartbeats are throttled).
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          throw new Error('connection to the database lost');
        }
      },
    });
    await withWorker(activities, async (start) => {
      const handle = await start(input());
      await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: trainers(100), userUuid: 'admin' }] });
      const done = await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      expect(done.preparation.phase).toBe('done');
    });
    const second = calls.chunks.filter((chunk) => chunk.offset === 50);
    expect(second.map(({ attempt, resumedFrom }) => ({ attempt, resumedFrom }))).toEqual([
      { attempt: 1, resumedFrom: 0 },
      { attempt: 2, resumedFrom: 20 },
    ]);
  });

  it('loses nothing when the worker restarts in the middle of the preparation', async () => {
    const taskQueue = `test-${randomUUID()}`;
    const workflowInput = input();
    const selected = trainers(100);
    let reachedMiddle: () => void = () => {};
    const middle = new Promise<void>((resolve) => (reachedMiddle = resolve));

    // Worker A stops while the second chunk runs (it has done 30 of its 50 trainers): the attempt is
    // cancelled and fails. (A worker that crashes outright is noticed by the heartbeat timeout instead.)
    const first = mockActivities({
      chunk: async (chunkInput, attempt) => {
        if (chunkInput.offset !== 50) return;
        if (attempt > 1) throw new Error('worker is stopping');
        Context.current().heartbeat({ processed: 30, total: 50 } satisfies TPrepareHeartbeat);
        reachedMiddle();
        await Context.current().cancelled.catch(() => undefined);
        throw new Error('worker went away');
      },
    });
    // No workflow cache: worker A holds no sticky queue the test server would keep sending the run to.
    const { worker: workerA } = await temporal.createWorker({ activities: first.activities, taskQueue, shutdownGraceTime: '100ms', maxCachedWorkflows: 0 });
    const runningA = workerA.run();
    const handle = await temporal.env.client.workflow.start(settlementWorkflow, { args: [workflowInput], workflowId: settlementWorkflowId(workflowInput.settlementUuid), taskQueue });
    await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids: selected, userUuid: 'admin' }] });
    await middle;
    // Let the heartbeat reach the server (heartbeats are throttled), then stop the worker.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await handle.query(stateQuery)).preparation.phase).toBe('class');
    workerA.shutdown();
    await runningA;

    // Worker B takes over the same run: the workflow replays to where it stood, the chunk resumes after trainer 30.
    const second = mockActivities();
    const { worker: workerB } = await temporal.createWorker({ activities: second.activities, taskQueue });
    const state = await workerB.runUntil(async () => {
      const done = await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] });
      expect(await handle.result()).toMatchObject({ status: 'completed' });
      return done;
    });
    expect(state.preparation).toMatchObject({ phase: 'done', processed: 100, runs: 1 });
    expect(second.calls.freeze).toHaveLength(0);
    expect(second.calls.chunks.map(({ offset, resumedFrom }) => ({ offset, resumedFrom }))).toEqual([{ offset: 50, resumedFrom: 30 }]);
    expect(second.calls.mark).toHaveLength(1);
  });
});

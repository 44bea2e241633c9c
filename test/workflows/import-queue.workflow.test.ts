import { randomUUID } from 'node:crypto';
import { type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import type { ImportQueueActivities, TMarkQueueItemInput } from '../../activities/import-queue';
import { cancelUpdate, DEFAULT_ITEM_DURATION_MS, ITEMS_PER_RUN, enqueueUpdate, itemStatusQuery, type TEnqueueArgs, type TImportQueueInput } from '../../workflows/import-queue.messages';
import { importQueueWorkflow } from '../../workflows/import-queue.workflow';
import { importQueueWorkflowId } from '../../workflows/ids';
import { useWorkflowTestEnvironment, updateRefusal as refusal } from './test-server';

// The import queue with mocked activities on the time-skipping test server: items run one at a
// time in the order they came, a waiting item can be cancelled, the running and finished ones not,
// and the estimated wait follows the durations of recent runs.

function mockActivities(options: { fail?: (itemUuid: string) => boolean; gated?: (itemUuid: string) => boolean } = {}) {
  const runs: string[] = [];
  const marks: TMarkQueueItemInput[] = [];
  const gates = new Map<string, () => void>();
  let running = 0;
  let mostAtOnce = 0;
  const activities: ImportQueueActivities = {
    async recordQueueItem() {
      return { queueId: 1 };
    },
    async markQueueItem(input) {
      marks.push(input);
    },
    async runQueueItem({ item }) {
      runs.push(item.itemUuid);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      if (options.gated?.(item.itemUuid) ?? true) await new Promise<void>((resolve) => gates.set(item.itemUuid, resolve));
      running--;
      if (options.fail?.(item.itemUuid)) throw ApplicationFailure.nonRetryable('settlement.preparationRunning', 'Conflict');
      return { classesImported: null, trainersPrepared: 3 };
    },
  };
  /** Waits until the item's run has started, then lets it finish. */
  const finish = async (itemUuid: string) => {
    for (let tries = 0; !gates.has(itemUuid); tries++) {
      if (tries > 200) throw new Error(`item ${itemUuid} never started`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    gates.get(itemUuid)!();
  };
  const started = async (itemUuid: string) => {
    for (let tries = 0; !gates.has(itemUuid); tries++) {
      if (tries > 200) throw new Error(`item ${itemUuid} never started`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { activities, runs, marks, finish, started, mostAtOnce: () => mostAtOnce };
}

const item = (overrides: Partial<TEnqueueArgs> = {}): TEnqueueArgs => ({
  itemUuid: randomUUID(),
  importType: 'recalculate_billing',
  settlementUuid: randomUUID(),
  userUuid: randomUUID(),
  locale: 'de',
  ...overrides,
});

describe('importQueueWorkflow', () => {
  const temporal = useWorkflowTestEnvironment();

  async function withQueue<T>(activities: ImportQueueActivities, body: (handle: WorkflowHandle<typeof importQueueWorkflow>) => Promise<T>, input: Partial<TImportQueueInput> = {}) {
    const studioGroupUuid = randomUUID();
    const { worker, taskQueue } = await temporal.createWorker({ activities });
    const start = () =>
      temporal.env.client.workflow.start(importQueueWorkflow, { args: [{ studioGroupUuid, ...input }], workflowId: importQueueWorkflowId(studioGroupUuid), taskQueue });
    return worker.runUntil(async () => {
      const handle = await start();
      try {
        return await body(handle);
      } finally {
        await handle.terminate('test over').catch(() => undefined);
      }
    });
  }

  it('runs the items one at a time, first in first out, and reports positions', async () => {
    const mock = mockActivities({ fail: (uuid) => uuid === third.itemUuid });
    const first = item();
    const second = item({ importType: 'update_location_data_and_recalculate_billing', studioUuid: randomUUID() });
    const third = item();
    await withQueue(mock.activities, async (handle) => {
      expect(await handle.executeUpdate(enqueueUpdate, { args: [first] })).toMatchObject({ position: 1, total: 1 });
      await mock.started(first.itemUuid);
      expect(await handle.executeUpdate(enqueueUpdate, { args: [second] })).toMatchObject({ position: 2, total: 2 });
      expect(await handle.executeUpdate(enqueueUpdate, { args: [third] })).toMatchObject({ position: 3, total: 3 });
      expect(await handle.query(itemStatusQuery, first.itemUuid)).toMatchObject({ status: 'processing', position: 1, total: 3, estimatedWaitMs: 0 });
      expect(await handle.query(itemStatusQuery, third.itemUuid)).toMatchObject({ status: 'pending', position: 3, total: 3 });

      await mock.finish(first.itemUuid);
      await mock.finish(second.itemUuid);
      await mock.finish(third.itemUuid);
      for (let tries = 0; (await handle.query(itemStatusQuery, third.itemUuid))?.status !== 'error'; tries++) {
        if (tries > 200) throw new Error('the third item did not end');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(mock.runs).toEqual([first.itemUuid, second.itemUuid, third.itemUuid]);
      expect(mock.mostAtOnce()).toBe(1);
      expect(await handle.query(itemStatusQuery, first.itemUuid)).toEqual({ status: 'completed', position: 0, total: 1, estimatedWaitMs: 0 });
      expect(mock.marks.map((mark) => [mark.itemUuid, mark.status])).toEqual([
        [first.itemUuid, 'processing'], [first.itemUuid, 'completed'],
        [second.itemUuid, 'processing'], [second.itemUuid, 'completed'],
        [third.itemUuid, 'processing'], [third.itemUuid, 'error'],
      ]);
      expect(mock.marks.at(-1)?.error).toBe('settlement.preparationRunning');
    });
  });

  it('cancels a waiting item and refuses to cancel the running, a finished or an unknown one', async () => {
    const mock = mockActivities();
    const running = item();
    const waiting = item();
    const next = item();
    await withQueue(mock.activities, async (handle) => {
      await handle.executeUpdate(enqueueUpdate, { args: [running] });
      await mock.started(running.itemUuid);
      await handle.executeUpdate(enqueueUpdate, { args: [waiting] });
      await handle.executeUpdate(enqueueUpdate, { args: [next] });

      expect(await refusal(handle.executeUpdate(cancelUpdate, { args: [{ itemUuid: running.itemUuid }] }))).toEqual({ type: 'Conflict', message: 'importQueue.cancelProcessing' });
      expect(await refusal(handle.executeUpdate(cancelUpdate, { args: [{ itemUuid: randomUUID() }] }))).toEqual({ type: 'NotFound', message: 'importQueue.notFound' });
      await handle.executeUpdate(cancelUpdate, { args: [{ itemUuid: waiting.itemUuid }] });
      expect(await handle.query(itemStatusQuery, waiting.itemUuid)).toMatchObject({ status: 'cancelled', position: 0 });
      expect(await handle.query(itemStatusQuery, next.itemUuid)).toMatchObject({ status: 'pending', position: 2, total: 2 });
      expect(await refusal(handle.executeUpdate(cancelUpdate, { args: [{ itemUuid: waiting.itemUuid }] }))).toEqual({ type: 'Conflict', message: 'importQueue.cancelFinished' });
      expect(await refusal(handle.executeUpdate(enqueueUpdate, { args: [running] }))).toEqual({ type: 'Conflict', message: 'importQueue.alreadyQueued' });
      expect(await refusal(handle.executeUpdate(enqueueUpdate, { args: [item({ importType: 'update_location_data_and_recalculate_billing' })] }))).toEqual({ type: 'Invalid', message: 'importQueue.studioRequired' });

      await mock.finish(running.itemUuid);
      await mock.finish(next.itemUuid);
      expect(mock.runs).toEqual([running.itemUuid, next.itemUuid]);
      expect(mock.marks).toContainEqual({ itemUuid: waiting.itemUuid, status: 'cancelled' });
    });
  });

  it('estimates the wait from the durations of recent runs (5 minutes an item without any)', async () => {
    const mock = mockActivities();
    const items = [item(), item(), item()];
    await withQueue(
      mock.activities,
      async (handle) => {
        await handle.executeUpdate(enqueueUpdate, { args: [items[0]!] });
        await mock.started(items[0]!.itemUuid);
        await handle.executeUpdate(enqueueUpdate, { args: [items[1]!] });
        await handle.executeUpdate(enqueueUpdate, { args: [items[2]!] });
        const average = 180_000;
        const second = (await handle.query(itemStatusQuery, items[1]!.itemUuid))!;
        const third = (await handle.query(itemStatusQuery, items[2]!.itemUuid))!;
        // The second waits for what remains of the running item; the third for one more average run.
        expect(second.estimatedWaitMs).toBeGreaterThan(average - 60_000);
        expect(second.estimatedWaitMs).toBeLessThanOrEqual(average);
        expect(third.estimatedWaitMs - second.estimatedWaitMs).toBe(average);
        await mock.finish(items[0]!.itemUuid);
        await mock.finish(items[1]!.itemUuid);
        await mock.finish(items[2]!.itemUuid);
      },
      { recentDurationsMs: [120_000, 240_000] },
    );

    const fresh = mockActivities();
    const [a, b] = [item(), item()];
    await withQueue(fresh.activities, async (handle) => {
      await handle.executeUpdate(enqueueUpdate, { args: [a] });
      await fresh.started(a.itemUuid);
      const queued = await handle.executeUpdate(enqueueUpdate, { args: [b] });
      expect(queued.position).toBe(2);
      expect(queued.estimatedWaitMs).toBeGreaterThan(DEFAULT_ITEM_DURATION_MS - 60_000);
      expect(queued.estimatedWaitMs).toBeLessThanOrEqual(DEFAULT_ITEM_DURATION_MS);
      await fresh.finish(a.itemUuid);
      await fresh.finish(b.itemUuid);
    });
  });

  it('continues as new after ITEMS_PER_RUN items, carrying the waiting ones over in order', async () => {
    const items = Array.from({ length: ITEMS_PER_RUN + 2 }, () => item());
    const mock = mockActivities({ gated: (uuid) => uuid === items[0]!.itemUuid });
    await withQueue(mock.activities, async (handle) => {
      await handle.executeUpdate(enqueueUpdate, { args: [items[0]!] });
      await mock.started(items[0]!.itemUuid);
      for (const queued of items.slice(1)) await handle.executeUpdate(enqueueUpdate, { args: [queued] });
      const firstRunId = (await handle.describe()).runId;
      await mock.finish(items[0]!.itemUuid);
      const last = items.at(-1)!.itemUuid;
      // 27 items through two runs: on a loaded 2-core machine this takes a while, so wait by time.
      await expect.poll(async () => (await handle.query(itemStatusQuery, last))?.status, { timeout: 90_000, interval: 100 }).toBe('completed');
      expect(mock.runs).toEqual(items.map((queued) => queued.itemUuid));
      expect((await handle.describe()).runId).not.toBe(firstRunId);
      // The new run knows only the items it carried over.
      expect(await handle.query(itemStatusQuery, items[0]!.itemUuid)).toBeNull();
    });
  }, 150_000);
});

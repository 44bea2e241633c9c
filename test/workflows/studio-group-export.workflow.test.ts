import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import type { GroupExportActivities, TFailGroupExportInput } from '../../activities/group-export';
import { studioGroupExportWorkflow } from '../../workflows/studio-group-export.workflow';
import { exportProgressQuery } from '../../workflows/studio-group-export.messages';
import { studioGroupExportWorkflowId } from '../../workflows/ids';
import { useWorkflowTestEnvironment } from './test-server';

// The studio-group export with mocked activities on the time-skipping test server: the ZIP is
// written once, kept for its retention and then deleted; a write that fails for good is recorded
// as failed with the activity's message and nothing is kept.

const DAY = 24 * 60 * 60 * 1000;

function mockActivities({ failWith }: { failWith?: string } = {}) {
  const calls: string[] = [];
  const failed: TFailGroupExportInput[] = [];
  let expiredAt: number | undefined;
  const activities: GroupExportActivities = {
    async writeGroupExport({ exportUuid }) {
      calls.push(`write ${exportUuid}`);
      if (failWith) throw ApplicationFailure.nonRetryable(failWith, 'Invalid');
      return { sizeBytes: 4096, sha256: 'a'.repeat(64), files: 12, expiresAt: new Date(Date.now() + 7 * DAY).toISOString() };
    },
    async failGroupExport(input) {
      calls.push(`fail ${input.exportUuid}`);
      failed.push(input);
    },
    async expireGroupExport({ exportUuid }) {
      calls.push(`expire ${exportUuid}`);
      expiredAt = Date.now();
    },
  };
  return { activities, calls, failed, expiredAt: () => expiredAt };
}

describe('studioGroupExportWorkflow', () => {
  const temporal = useWorkflowTestEnvironment();

  const start = async (mock: ReturnType<typeof mockActivities>) => {
    const exportUuid = randomUUID();
    const workflowId = studioGroupExportWorkflowId(exportUuid);
    const { worker, taskQueue } = await temporal.createWorker({ activities: mock.activities });
    return { exportUuid, workflowId, worker, taskQueue };
  };

  it('writes the ZIP once, keeps it seven days, then deletes it', async () => {
    const mock = mockActivities();
    const { exportUuid, workflowId, worker, taskQueue } = await start(mock);
    const startedAt = await temporal.env.currentTimeMs();
    const result = await worker.runUntil(async () => {
      const handle = await temporal.env.client.workflow.start(studioGroupExportWorkflow, { args: [{ exportUuid, studioGroupUuid: randomUUID(), locale: 'de' }], workflowId, taskQueue });
      // While the ZIP is kept, the progress query says so (the screen reads the row; ops read this).
      await temporal.env.sleep('1 day');
      expect(await handle.query(exportProgressQuery)).toEqual({ phase: 'kept' });
      return handle.result();
    });
    expect(result).toEqual({ exportUuid, status: 'expired', sizeBytes: 4096 });
    expect(mock.calls).toEqual([`write ${exportUuid}`, `expire ${exportUuid}`]);
    // The file goes at the end of its retention, not before (the test server skips the time).
    expect((await temporal.env.currentTimeMs()) - startedAt).toBeGreaterThanOrEqual(7 * DAY - 60_000);
    // RECORD_HISTORY=path writes this run's history for the replay test (test/fixtures/histories/).
    if (process.env.RECORD_HISTORY) writeFileSync(process.env.RECORD_HISTORY, historyToJSON(await temporal.env.client.workflow.getHandle(workflowId).fetchHistory()));
  });

  it('records a write that failed for good with its message, and keeps nothing', async () => {
    const mock = mockActivities({ failWith: 'No space left on device' });
    const { exportUuid, workflowId, worker, taskQueue } = await start(mock);
    const result = await worker.runUntil(temporal.env.client.workflow.execute(studioGroupExportWorkflow, { args: [{ exportUuid, studioGroupUuid: randomUUID(), locale: 'en' }], workflowId, taskQueue }));
    expect(result).toEqual({ exportUuid, status: 'failed', sizeBytes: null });
    expect(mock.calls).toEqual([`write ${exportUuid}`, `fail ${exportUuid}`]);
    expect(mock.failed).toEqual([{ exportUuid, message: 'No space left on device', locale: 'en' }]);
  });

  it('refuses an input without its export', async () => {
    const mock = mockActivities();
    const { workflowId, worker, taskQueue } = await start(mock);
    await expect(worker.runUntil(temporal.env.client.workflow.execute(studioGroupExportWorkflow, { args: [{ exportUuid: '', studioGroupUuid: randomUUID() }], workflowId, taskQueue }))).rejects.toThrow();
    expect(mock.calls).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { describe, expect, it } from 'vitest';
import type { MailActivities } from '../../activities/mail';
import type { PayoutActivities, TApplyBankFileResult } from '../../activities/payouts';
import { bankFileWorkflow } from '../../workflows/bank-file.workflow';
import { bankFileWorkflowId } from '../../workflows/ids';
import { useWorkflowTestEnvironment } from './test-server';

// One bank file with mocked activities on the time-skipping test server: the file is read, the
// trainers of failed payouts are told, their e-mails delivered, and the file finished — in that order;
// a file that broke off still tells the trainers of what its finished batches applied.

function mockActivities(applied: TApplyBankFileResult, emailUuids: string[]) {
  const calls: string[] = [];
  const activities: Pick<PayoutActivities, 'applyBankFile' | 'notifyFailedPayouts' | 'finishBankFile'> & Pick<MailActivities, 'deliverEmails'> = {
    async applyBankFile({ bankFileUuid }) {
      calls.push(`apply:${bankFileUuid}`);
      return applied;
    },
    async notifyFailedPayouts() {
      calls.push('notify');
      return { emailUuids, notified: emailUuids.length };
    },
    async deliverEmails({ emailUuids: uuids }) {
      calls.push(`deliver:${uuids.length}`);
      return uuids.map((emailUuid) => ({ emailUuid, status: 'sent' as const, delivery: 'smtp' as const, alreadySent: false }));
    },
    async finishBankFile() {
      calls.push('finish');
    },
  };
  return { activities, calls };
}

describe('bankFileWorkflow', () => {
  const temporal = useWorkflowTestEnvironment();

  const run = async (mock: ReturnType<typeof mockActivities>, bankFileUuid: string, record = false) => {
    const studioGroupUuid = randomUUID();
    const workflowId = bankFileWorkflowId(studioGroupUuid, randomUUID().replace(/-/g, ''));
    const { worker, taskQueue } = await temporal.createWorker({ activities: mock.activities });
    const result = await worker.runUntil(temporal.env.client.workflow.execute(bankFileWorkflow, { args: [{ bankFileUuid, studioGroupUuid }], workflowId, taskQueue }));
    // RECORD_HISTORY=path writes this run's history for the replay test (test/fixtures/histories/).
    if (process.env.RECORD_HISTORY && record) writeFileSync(process.env.RECORD_HISTORY, historyToJSON(await temporal.env.client.workflow.getHandle(workflowId).fetchHistory()));
    return result;
  };

  it('reads the file, tells the trainers of its two returns, delivers their e-mails and finishes', async () => {
    const bankFileUuid = randomUUID();
    const mock = mockActivities({ state: 'done', processed: 5, total: 5, paid: 3, rejected: 0, returned: 2, unmatched: 0 }, ['mail-1', 'mail-2']);
    const result = await run(mock, bankFileUuid, true);
    expect(mock.calls).toEqual([`apply:${bankFileUuid}`, 'notify', 'deliver:2', 'finish']);
    expect(result).toEqual({ state: 'done', processed: 5, paid: 3, rejected: 0, returned: 2, unmatched: 0, notified: 2, emailsDelivered: 2 });
  });

  it('a file that broke off is finished as failed, with no e-mail to deliver', async () => {
    const mock = mockActivities({ state: 'failed', processed: 0, total: null, paid: 0, rejected: 0, returned: 0, unmatched: 0 }, []);
    const result = await run(mock, randomUUID());
    expect(mock.calls.slice(1)).toEqual(['notify', 'finish']);
    expect(result.state).toBe('failed');
  });
});

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { describe, expect, it } from 'vitest';
import type { DocumentActivities, TRemindInput } from '../../activities/documents';
import type { MailActivities } from '../../activities/mail';
import { documentExpiryRemindersWorkflow } from '../../workflows/document-expiry-reminders.workflow';
import { documentExpiryRemindersWorkflowId } from '../../workflows/ids';
import { useWorkflowTestEnvironment } from './test-server';

// The day's expiry reminders with mocked activities on the time-skipping test server: every due
// document is reminded in turn, the e-mails are delivered in one step, a document already reminded
// is counted as such, and the day defaults to the workflow's own clock in Berlin time.

function mockActivities(due: TRemindInput[], alreadyReminded = new Set<string>()) {
  const asked: string[] = [];
  const reminded: string[] = [];
  const delivered: string[][] = [];
  const activities: Pick<DocumentActivities, 'listDocumentsDueForExpiryReminder' | 'remindDocumentExpiry'> & Pick<MailActivities, 'deliverEmails'> = {
    async listDocumentsDueForExpiryReminder({ today }) {
      asked.push(today);
      return { documents: due.map((entry) => ({ documentUuid: entry.documentUuid, expiresAt: entry.expiresAt })) };
    },
    async remindDocumentExpiry({ documentUuid }) {
      reminded.push(documentUuid);
      return { reminded: !alreadyReminded.has(documentUuid), emailUuid: `mail-${documentUuid}` };
    },
    async deliverEmails({ emailUuids }) {
      delivered.push(emailUuids);
      return emailUuids.map((emailUuid) => ({ emailUuid, status: 'queued' as const, delivery: 'outbox' as const, alreadySent: false }));
    },
  };
  return { activities, asked, reminded, delivered };
}

describe('documentExpiryRemindersWorkflow', () => {
  const temporal = useWorkflowTestEnvironment();

  const run = async (mock: ReturnType<typeof mockActivities>, input: { today?: string } = {}) => {
    const workflowId = documentExpiryRemindersWorkflowId(`${input.today ?? 'clock'}-${randomUUID()}`);
    const { worker, taskQueue } = await temporal.createWorker({ activities: mock.activities });
    const result = await worker.runUntil(temporal.env.client.workflow.execute(documentExpiryRemindersWorkflow, { args: [input], workflowId, taskQueue }));
    // RECORD_HISTORY=path writes this run's history for the replay test (test/fixtures/histories/).
    if (process.env.RECORD_HISTORY && input.today) writeFileSync(process.env.RECORD_HISTORY, historyToJSON(await temporal.env.client.workflow.getHandle(workflowId).fetchHistory()));
    return result;
  };

  it('reminds each due document once and delivers the e-mails together', async () => {
    const first = { documentUuid: randomUUID(), expiresAt: '2026-12-01' };
    const second = { documentUuid: randomUUID(), expiresAt: '2026-12-20' };
    const mock = mockActivities([first, second], new Set([second.documentUuid]));
    const result = await run(mock, { today: '2026-11-24' });
    expect(mock.asked).toEqual(['2026-11-24']);
    expect(mock.reminded).toEqual([first.documentUuid, second.documentUuid]);
    expect(mock.delivered).toEqual([[`mail-${first.documentUuid}`, `mail-${second.documentUuid}`]]);
    expect(result).toEqual({ due: 2, reminded: 1, emailsDelivered: 0, emailsInOutbox: 2 });
  });

  it('does nothing on a day without due documents, and takes the day from its own clock', async () => {
    const mock = mockActivities([]);
    const result = await run(mock);
    expect(result).toEqual({ due: 0, reminded: 0, emailsDelivered: 0, emailsInOutbox: 0 });
    expect(mock.asked).toHaveLength(1);
    expect(mock.asked[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mock.delivered).toEqual([]);
  });
});

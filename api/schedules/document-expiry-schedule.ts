import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { DOCUMENT_EXPIRY_REMINDERS_WORKFLOW, type TDocumentExpiryRemindersWorkflow } from '../../workflows/document-expiry-reminders.messages';
import { documentExpiryRemindersScheduleId, TASK_QUEUE } from '../../workflows/ids';

// The daily document expiry reminders: a Temporal schedule starts
// documentExpiryRemindersWorkflow every morning at 06:00 Berlin time. Created once per Temporal
// namespace (a second start finds it: ScheduleAlreadyRunning); on its creation it runs at once, so a
// fresh demo reminds of the seeded first-aid certificate. A day missed while Temporal was down is
// caught up within a day; runs never overlap.

export async function ensureDocumentExpirySchedule(client: Client, { taskQueue = TASK_QUEUE }: { taskQueue?: string } = {}): Promise<'created' | 'exists'> {
  try {
    await client.schedule.create<TDocumentExpiryRemindersWorkflow>({
      scheduleId: documentExpiryRemindersScheduleId(),
      spec: { calendars: [{ hour: 6, minute: 0 }], timezone: 'Europe/Berlin' },
      action: { type: 'startWorkflow', workflowType: DOCUMENT_EXPIRY_REMINDERS_WORKFLOW, args: [{}], taskQueue, workflowId: documentExpiryRemindersScheduleId() },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
      state: { triggerImmediately: true, note: 'Document expiry reminders, 30 days before a document expires.' },
    });
    return 'created';
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return 'exists';
    throw error;
  }
}

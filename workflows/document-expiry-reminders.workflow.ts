import { proxyActivities } from '@temporalio/workflow';
import type { DocumentActivities } from '../activities/documents';
import type { MailActivities } from '../activities/mail';
import type { TDocumentExpiryRemindersInput, TDocumentExpiryRemindersResult } from './document-expiry-reminders.messages';
import { FEW_EMAILS_DELIVERY, OUTBOX_RECORD, SHORT_WRITE } from './activity-options';

// One day's expiry reminders (admin 5 'document expiration'), started each morning by the
// Temporal schedule `document-expiry-reminders` (workflows/ids.ts). Each approved document expiring
// within 30 days gets one reminder per expiry date (the activity checks and records it), so a
// day's run repeated, or two days' runs, never remind twice.

const { listDocumentsDueForExpiryReminder } = proxyActivities<DocumentActivities>(SHORT_WRITE);
const { remindDocumentExpiry } = proxyActivities<DocumentActivities>(OUTBOX_RECORD);
const { deliverEmails } = proxyActivities<MailActivities>(FEW_EMAILS_DELIVERY);

/** The workflow's clock as a Berlin calendar day (deterministic: workflow time; no Intl time zones in the sandbox needed). */
function berlinToday(now: Date): string {
  // Central European time: UTC+1, UTC+2 from the last Sunday of March to the last Sunday of October (01:00 UTC).
  const year = now.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return new Date(Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1));
  };
  const summer = now >= lastSunday(2) && now < lastSunday(9);
  return new Date(now.getTime() + (summer ? 2 : 1) * 3_600_000).toISOString().slice(0, 10);
}

export async function documentExpiryRemindersWorkflow(input: TDocumentExpiryRemindersInput): Promise<TDocumentExpiryRemindersResult> {
  const today = input.today ?? berlinToday(new Date());
  const { documents } = await listDocumentsDueForExpiryReminder({ today });
  const emailUuids: string[] = [];
  let reminded = 0;
  for (const document of documents) {
    const result = await remindDocumentExpiry(document);
    if (result.reminded) reminded++;
    if (result.emailUuid) emailUuids.push(result.emailUuid);
  }
  const deliveries = emailUuids.length > 0 ? await deliverEmails({ emailUuids }) : [];
  return {
    due: documents.length,
    reminded,
    emailsDelivered: deliveries.filter((delivery) => delivery.delivery === 'smtp').length,
    emailsInOutbox: deliveries.filter((delivery) => delivery.delivery === 'outbox').length,
  };
}

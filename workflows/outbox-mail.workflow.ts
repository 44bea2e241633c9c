import { proxyActivities } from '@temporalio/workflow';
import type { MailActivities } from '../activities/mail';
import type { TOutboxMailInput, TOutboxMailResult } from './outbox-mail.messages';
import { FEW_EMAILS_DELIVERY } from './activity-options';

// E-mails already recorded in the outbox by the API (in the transaction of what they tell about),
// handed to SMTP once that transaction committed: retried while the server is unavailable, each
// sent at most once (deliverEmails); without SMTP they stay on the Outbox page. Started with a
// business-key id, e.g. `trainer-data-changed-mail-{trainerUuid}-{changedAt}`.

const { deliverEmails } = proxyActivities<MailActivities>(FEW_EMAILS_DELIVERY);

export async function outboxMailWorkflow({ emailUuids }: TOutboxMailInput): Promise<TOutboxMailResult> {
  const results = emailUuids.length > 0 ? await deliverEmails({ emailUuids }) : [];
  const count = (delivery: string) => results.filter((result) => result.delivery === delivery).length;
  return { delivered: count('smtp'), inOutbox: count('outbox'), failed: count('failed') };
}

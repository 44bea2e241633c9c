import { proxyActivities } from '@temporalio/workflow';
import type { MailActivities } from '../activities/mail';
import type { TContactRequestMailInput, TContactRequestMailResult } from './contact-request-mail.messages';
import { FEW_EMAILS_DELIVERY } from './activity-options';

// The contact form's two e-mails (spec admin 2.23): `contact-request-mail-{contactRequestUuid}`.
// The API records both in the outbox in the same transaction as the request; this hands them to
// SMTP, retried while the server is unavailable, each sent at most once (deliverEmails).

const { deliverEmails } = proxyActivities<MailActivities>(FEW_EMAILS_DELIVERY);

export async function contactRequestMailWorkflow({ emailUuids }: TContactRequestMailInput): Promise<TContactRequestMailResult> {
  const results = emailUuids.length > 0 ? await deliverEmails({ emailUuids }) : [];
  return {
    delivered: results.filter((result) => result.delivery === 'smtp').length,
    inOutbox: results.filter((result) => result.delivery === 'outbox').length,
    failed: results.filter((result) => result.delivery === 'failed').length,
  };
}

import { proxyActivities } from '@temporalio/workflow';
import type { CreditNoteActivities } from '../activities/credit-notes';
import type { MailActivities } from '../activities/mail';
import type { TAccountingEmailInput, TAccountingEmailResult } from './accounting-email.messages';

// The accounting e-mail of a credit-note run (spec admin 2.9, 3 "Accounting e-mail"):
// `accounting-email-{runUuid}-{requestUuid}`, one per form submission. It records the e-mail for
// each recipient in the outbox (idempotent by run and request) and hands them to SMTP; without an
// SMTP server they stay in the outbox for the admin to read.

const NON_RETRYABLE = ['ZodError', 'NotFound', 'Invalid'];
const { sendAccountingEmail } = proxyActivities<CreditNoteActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE },
});
const { deliverEmails } = proxyActivities<MailActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20, nonRetryableErrorTypes: NON_RETRYABLE },
});

export async function accountingEmailWorkflow(input: TAccountingEmailInput): Promise<TAccountingEmailResult> {
  const { emailUuids } = await sendAccountingEmail(input);
  const results = emailUuids.length > 0 ? await deliverEmails({ emailUuids }) : [];
  return {
    emailUuids,
    delivered: results.filter((result) => result.delivery === 'smtp').length,
    inOutbox: results.filter((result) => result.delivery === 'outbox').length,
    failed: results.filter((result) => result.delivery === 'failed').length,
  };
}

import { proxyActivities } from '@temporalio/workflow';
import type { CreditNoteActivities } from '../activities/credit-notes';
import type { MailActivities } from '../activities/mail';
import type { TAccountingEmailInput, TAccountingEmailResult } from './accounting-email.messages';
import { FEW_EMAILS_DELIVERY, OUTBOX_RECORD } from './activity-options';

// The accounting e-mail of a credit-note run (spec admin 2.9, 3 "Accounting e-mail"):
// `accounting-email-{runUuid}-{requestUuid}`, one per form submission. It records the e-mail for
// each recipient in the outbox (idempotent by run and request) and hands them to SMTP; without an
// SMTP server they stay in the outbox for the admin to read.

const { sendAccountingEmail } = proxyActivities<CreditNoteActivities>(OUTBOX_RECORD);
const { deliverEmails } = proxyActivities<MailActivities>(FEW_EMAILS_DELIVERY);

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

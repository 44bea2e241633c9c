import { proxyActivities } from '@temporalio/workflow';
import type { MailActivities } from '../activities/mail';
import type { PayoutActivities } from '../activities/payouts';
import type { TBankFileWorkflowInput, TBankFileWorkflowResult } from './bank-file.messages';
import { CREDIT_NOTE_BATCH, FEW_EMAILS_DELIVERY, SHORT_WRITE } from './activity-options';

// One uploaded bank file (camt.053, camt.054 or pain.002) read to its end: `bank-file-{group}-{SHA-256
// of the file}`, so the same file reaches the same run. The reading is one long
// activity that heartbeats and resumes from what it committed (activities/payouts); then the
// trainers of rejected or returned payouts are told, and their e-mails delivered.

const { applyBankFile } = proxyActivities<PayoutActivities>(CREDIT_NOTE_BATCH);
const { notifyFailedPayouts, finishBankFile } = proxyActivities<PayoutActivities>(SHORT_WRITE);
const { deliverEmails } = proxyActivities<MailActivities>(FEW_EMAILS_DELIVERY);

export async function bankFileWorkflow({ bankFileUuid }: TBankFileWorkflowInput): Promise<TBankFileWorkflowResult> {
  const applied = await applyBankFile({ bankFileUuid });
  // A file that broke off still told what its finished batches applied: those trainers are told too.
  const { emailUuids, notified } = await notifyFailedPayouts({ bankFileUuid });
  const deliveries = emailUuids.length > 0 ? await deliverEmails({ emailUuids }) : [];
  await finishBankFile({ bankFileUuid });
  return {
    state: applied.state,
    processed: applied.processed,
    paid: applied.paid,
    rejected: applied.rejected,
    returned: applied.returned,
    unmatched: applied.unmatched,
    notified,
    emailsDelivered: deliveries.filter((delivery) => delivery.delivery === 'smtp').length,
  };
}

import { proxyActivities } from '@temporalio/workflow';
import type { MailActivities } from '../activities/mail';
import type { AccountMailActivities } from '../activities/mail/account-mail';
import type { TAccountEmailInput, TAccountEmailResult } from './account-email.messages';
import { FEW_EMAILS_DELIVERY, OUTBOX_RECORD } from './activity-options';

// One e-mail with a signed link (invitation, e-mail confirmation, password reset):
// `account-email-{purpose}-{tokenUuid}`. It records the e-mail in the outbox under the link's key and
// hands it to SMTP once; without an SMTP server it stays in the outbox.

const { queueAccountEmail } = proxyActivities<AccountMailActivities>(OUTBOX_RECORD);
const { deliverEmail } = proxyActivities<MailActivities>(FEW_EMAILS_DELIVERY);

export async function accountEmailWorkflow(input: TAccountEmailInput): Promise<TAccountEmailResult> {
  const { emailUuid } = await queueAccountEmail(input);
  const { delivery } = await deliverEmail({ emailUuid });
  return { emailUuid, delivery };
}

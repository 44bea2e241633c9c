import type { MikroORM } from '@mikro-orm/postgresql';
import { createImportActivities } from './import';
import { createImportQueueActivities } from './import-queue';
import { createPrepareActivities } from './prepare';
import { createReviewActivities } from './review';
import { createCancellationActivities } from './credit-notes/cancellation';
import { createCreditNoteActivities, writeFileAtomic } from './credit-notes';
import { createMailActivities, createMailer, type Mailer } from './mail';
import { createAccountMailActivities } from './mail/account-mail';
import { readEnv } from '../config/env';
import { createDocumentActivities } from './documents';
import { createPayoutActivities } from './payouts';

// Every activity the worker registers, merged from the capability groups. Each group gets what it
// needs from these dependencies; the worker builds them once per process.
export type ActivityDeps = {
  orm: MikroORM;
  /** The configured data directory (uploads, generated files). */
  dataDir: string;
  /** E-mail transport; default from SMTP_URL and MAIL_FROM (no SMTP_URL: e-mails stay in the outbox). */
  mailer?: Mailer;
  /** Base of the e-mails' deep links; default PUBLIC_URL. */
  publicUrl?: string;
};

/** The mail activities' dependencies, from the environment unless given. */
function mailDeps(deps: ActivityDeps) {
  const env = readEnv();
  return { orm: deps.orm, dataDir: deps.dataDir, mailer: deps.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom }), publicUrl: deps.publicUrl ?? env.publicUrl };
}

export function createActivities(deps: ActivityDeps) {
  const mail = createMailActivities(mailDeps(deps));
  return {
    ...createImportActivities(deps),
    ...createImportQueueActivities(deps),
    ...createPrepareActivities(deps),
    ...mail,
    ...createAccountMailActivities(mailDeps(deps)),
    ...createReviewActivities({ orm: deps.orm, queueEmails: mail.queueEmails }),
    ...createDocumentActivities({ orm: deps.orm, queueEmail: mail.queueEmail }),
    ...createCreditNoteActivities({ orm: deps.orm, dataDir: deps.dataDir, queueEmail: mail.queueEmail, queueEmails: mail.queueEmails }),
    ...createPayoutActivities({ orm: deps.orm, dataDir: deps.dataDir, queueEmails: mail.queueEmails }),
    ...createCancellationActivities({ orm: deps.orm, dataDir: deps.dataDir, queueEmail: mail.queueEmail, writeFile: writeFileAtomic }),
  };
}

export type Activities = ReturnType<typeof createActivities>;

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { OutgoingEmail, StudioGroup, Trainer, User } from '../../../db/entities';
import { outboxKey } from '../../../db/outbox-key';
import { translate, type Locale } from '../../../domain/messages';
import { normalizeIban } from '../../../domain/validation';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { fitLength } from '../../../domain/text';
import { readEnv } from '../../../config/env';
import { TASK_QUEUE, trainerDataChangedMailWorkflowId } from '../../../workflows/ids';
import { OUTBOX_MAIL_WORKFLOW, type TOutboxMailWorkflow } from '../../../workflows/outbox-mail.messages';

// Our rule for the admin trainer workflowState (the spec leaves transitions open): it is staff's
// review of a trainer's billing data. A change of personal, bank or tax data by the trainer in the
// portal sets 'changed' and tells the group's staff (an e-mail recorded in the outbox with the change,
// handed to SMTP by outboxMailWorkflow after the commit); a changed IBAN
// is not paid until staff approve it (Trainer.ibanChangedAt; the credit-note run refuses such a
// trainer) — a taken-over portal account must not be able to redirect payouts.

const BANK_FIELDS = new Set(['iban', 'bic']);
const TAX_FIELDS = new Set(['taxNumber', 'vatId', 'vatLiable']);

const same = (field: string, before: unknown, after: unknown) => {
  if (field === 'iban') return normalizeIban(typeof before === 'string' ? before : '') === normalizeIban(typeof after === 'string' ? after : '');
  const norm = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);
  return norm(before) === norm(after);
};

/** The staff e-mails recorded about one trainer record's change, to hand to SMTP after the commit. */
export type StaffNotice = { trainerUuid: string; changedAt: Date; emailUuids: string[] };

/**
 * Call before the portal's values are assigned to the linked trainer records (they still hold the
 * old values): marks each record whose data really changes and records one e-mail per staff member.
 * Answers the recorded e-mails; once the transaction committed, `deliverStaffNotices` sends them.
 */
export async function recordTrainerDataChange(em: EntityManager, trainers: Trainer[], changes: Record<string, string | boolean | null>): Promise<StaffNotice[]> {
  const now = new Date();
  const notices: StaffNotice[] = [];
  for (const trainer of trainers) {
    const changed = Object.entries(changes).filter(([field, value]) => !same(field, (trainer as Record<string, unknown>)[field], value)).map(([field]) => field);
    if (changed.length === 0) continue;
    trainer.workflowState = 'changed';
    if (changed.includes('iban')) trainer.ibanChangedAt = now;
    const kinds = new Set(changed.map((field) => (BANK_FIELDS.has(field) ? 'bank' : TAX_FIELDS.has(field) ? 'tax' : 'personal')));
    notices.push({ trainerUuid: trainer.uuid, changedAt: now, emailUuids: await notifyStaff(em, trainer, [...kinds], now) });
  }
  return notices;
}

/**
 * Hands the recorded staff e-mails to SMTP (outboxMailWorkflow, one run per trainer record and
 * change). Call after the commit. Should Temporal be unreachable, the change stands and the e-mails
 * wait on the Outbox page.
 */
export async function deliverStaffNotices(temporal: Client, notices: StaffNotice[]): Promise<void> {
  for (const notice of notices) {
    if (notice.emailUuids.length === 0) continue;
    try {
      await temporal.workflow.start<TOutboxMailWorkflow>(OUTBOX_MAIL_WORKFLOW, {
        taskQueue: TASK_QUEUE,
        workflowId: trainerDataChangedMailWorkflowId(notice.trainerUuid, notice.changedAt),
        args: [{ emailUuids: notice.emailUuids }],
      });
    } catch (error) {
      console.error(`[trainer-data-change] staff e-mails of trainer ${notice.trainerUuid} not handed to Temporal`, error);
    }
  }
}

async function notifyStaff(em: EntityManager, trainer: Trainer, kinds: string[], now: Date): Promise<string[]> {
  const group = await em.findOneOrFail(StudioGroup, trainer.studioGroup.id);
  const staff = await em.find(User, { role: 'staff', staffStudioGroups: group.id });
  const name = trainerDisplayName(trainer);
  const emailUuids: string[] = [];
  for (const user of staff) {
    const locale: Locale = user.locale === 'en' ? 'en' : 'de';
    const what = kinds.map((kind) => translate(locale, `trainerOverview.changedMail.${kind}`)).join(', ');
    const link = `${readEnv().publicUrl}/${locale}/admin/trainer/${trainer.id}/edit`;
    const email = em.create(OutgoingEmail, {
      idempotencyKey: outboxKey({ studioGroupUuid: group.uuid, purpose: 'trainer-data-changed', reference: `${trainer.uuid}:${user.uuid}:${now.getTime()}` }),
      toAddress: user.email,
      // The subject column holds 255 characters; a trainer's name alone may take 400.
      subject: fitLength(translate(locale, 'trainerOverview.changedMail.subject', { trainer: name })),
      textBody: translate(locale, 'trainerOverview.changedMail.body', { trainer: name, what, link }),
    });
    emailUuids.push(email.uuid);
  }
  return emailUuids;
}

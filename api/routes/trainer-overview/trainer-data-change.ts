import type { EntityManager } from '@mikro-orm/postgresql';
import { OutgoingEmail, StudioGroup, Trainer, User } from '../../../db/entities';
import { outboxKey } from '../../../activities/mail/outbox-key';
import { translate, type Locale } from '../../../domain/messages';
import { normalizeIban } from '../../../domain/validation';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { readEnv } from '../../../config/env';

// Our rule for the admin trainer workflowState (the spec leaves transitions open): it is staff's
// review of a trainer's billing data. A change of personal, bank or tax data by the trainer in the
// portal sets 'changed' and tells the group's staff (an e-mail through the outbox); a changed IBAN
// is not paid until staff approve it (Trainer.ibanChangedAt; the credit-note run refuses such a
// trainer) — a taken-over portal account must not be able to redirect payouts.

const BANK_FIELDS = new Set(['iban', 'bic']);
const TAX_FIELDS = new Set(['taxNumber', 'vatId', 'vatLiable']);

const same = (field: string, before: unknown, after: unknown) => {
  if (field === 'iban') return normalizeIban(typeof before === 'string' ? before : '') === normalizeIban(typeof after === 'string' ? after : '');
  const norm = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);
  return norm(before) === norm(after);
};

/**
 * Call before the portal's values are assigned to the linked trainer records (they still hold the
 * old values): marks each record whose data really changes and records one e-mail per staff member.
 */
export async function recordTrainerDataChange(em: EntityManager, trainers: Trainer[], changes: Record<string, string | boolean | null>): Promise<void> {
  const now = new Date();
  for (const trainer of trainers) {
    const changed = Object.entries(changes).filter(([field, value]) => !same(field, (trainer as Record<string, unknown>)[field], value)).map(([field]) => field);
    if (changed.length === 0) continue;
    trainer.workflowState = 'changed';
    if (changed.includes('iban')) trainer.ibanChangedAt = now;
    const kinds = new Set(changed.map((field) => (BANK_FIELDS.has(field) ? 'bank' : TAX_FIELDS.has(field) ? 'tax' : 'personal')));
    await notifyStaff(em, trainer, [...kinds], now);
  }
}

async function notifyStaff(em: EntityManager, trainer: Trainer, kinds: string[], now: Date) {
  const group = await em.findOneOrFail(StudioGroup, trainer.studioGroup.id);
  const staff = await em.find(User, { role: 'staff', staffStudioGroups: group.id });
  const name = trainerDisplayName(trainer);
  for (const user of staff) {
    const locale: Locale = user.locale === 'en' ? 'en' : 'de';
    const what = kinds.map((kind) => translate(locale, `trainerOverview.changedMail.${kind}`)).join(', ');
    const link = `${readEnv().publicUrl}/${locale}/admin/trainer/${trainer.id}/edit`;
    em.create(OutgoingEmail, {
      idempotencyKey: outboxKey({ studioGroupUuid: group.uuid, purpose: 'trainer-data-changed', reference: `${trainer.uuid}:${user.uuid}:${now.getTime()}` }),
      toAddress: user.email,
      subject: translate(locale, 'trainerOverview.changedMail.subject', { trainer: name }),
      textBody: translate(locale, 'trainerOverview.changedMail.body', { trainer: name, what, link }),
    });
  }
}

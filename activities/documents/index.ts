import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { DateTime } from 'luxon';
import { Document, Notification, StudioGroupTrainer } from '../../db/entities';
import { reminderHorizon } from '../../domain/documents/expiry';
import { translate } from '../../domain/messages';
import { isoDateOf } from '../../domain/settlement/month';
import type { TQueueEmailInput, TQueueEmailResult } from '../mail';
import { ZListDueInput, ZRemindInput, type TListDueInput, type TListDueResult, type TRemindInput, type TRemindResult } from './documents.types';

export * from './documents.types';

// The expiry reminder (admin 5 'document expiration'): 30 days before an approved
// document expires, the trainer gets a portal notification and an e-mail — once per document and
// expiry date. Idempotent: the e-mail is recorded in the outbox under
// `{group}:document-expiry:{documentUuid}:{expiresAt}` (a retry finds the row), and the notification
// is written with `expiryRemindedFor = expiresAt` in one transaction under the document's row lock
// (a retry or a second day's run finds it set). A new approval with a new date is reminded again.

export type DocumentActivityDeps = {
  orm: MikroORM;
  queueEmail: (input: TQueueEmailInput) => Promise<TQueueEmailResult>;
};

const formatDate = (isoDate: string, locale: 'de' | 'en') => DateTime.fromISO(isoDate).toFormat(locale === 'de' ? 'dd.MM.yyyy' : 'MM/dd/yyyy');

export function createDocumentActivities({ orm, queueEmail }: DocumentActivityDeps) {
  return {
    /** Approved documents that expire from today to 30 days on and were not reminded for that date. */
    async listDocumentsDueForExpiryReminder(rawInput: TListDueInput): Promise<TListDueResult> {
      const parsed = ZListDueInput.safeParse(rawInput);
      if (!parsed.success) throw ApplicationFailure.nonRetryable('Invalid input: today must be YYYY-MM-DD.', 'Invalid');
      const { today } = parsed.data;
      const rows: Array<{ uuid: string; expires_at: string | Date }> = await orm.em.fork().execute(
        `select uuid, expires_at from document
          where approval_status = 'approved' and expires_at between ? and ?
            and (expiry_reminded_for is null or expiry_reminded_for <> expires_at)
          order by expires_at, id`,
        [today, reminderHorizon(today)],
      );
      return { documents: rows.map((row) => ({ documentUuid: row.uuid, expiresAt: isoDateOf(row.expires_at) })) };
    },

    /** One document's reminder: the outbox e-mail (delivered by the workflow's next step) and the portal notification. */
    async remindDocumentExpiry(rawInput: TRemindInput): Promise<TRemindResult> {
      const parsed = ZRemindInput.safeParse(rawInput);
      if (!parsed.success) throw ApplicationFailure.nonRetryable('Invalid input: documentUuid and expiresAt are required.', 'Invalid');
      const { documentUuid, expiresAt } = parsed.data;
      const em = orm.em.fork();
      const document = await em.findOne(Document, { uuid: documentUuid }, { populate: ['category', 'studioGroup', 'trainerAccount'] });
      // Deleted, decided again or given another date since it was listed: nothing to remind of (for this date).
      if (!document || document.approvalStatus !== 'approved' || !document.expiresAt || isoDateOf(document.expiresAt) !== expiresAt) return { reminded: false, emailUuid: null };
      if (document.expiryRemindedFor && isoDateOf(document.expiryRemindedFor) === expiresAt) return { reminded: false, emailUuid: null };

      const account = document.trainerAccount;
      const link = await em.findOne(StudioGroupTrainer, { studioGroup: document.studioGroup, trainerAccount: account }, { populate: ['trainer'] });
      const path = `/trainer/studio/${document.studioGroup.uuid}/documents`;
      const params = { fileName: document.fileName, category: document.category.name, date: { date: expiresAt } };
      const queued = await queueEmail({
        studioGroupUuid: document.studioGroup.uuid,
        purpose: 'document-expiry',
        reference: `${document.uuid}:${expiresAt}`,
        recipient: link ? { kind: 'trainer', trainerUuid: link.trainer.uuid } : { kind: 'address', email: account.email, locale: account.language, name: account.firstname },
        subjectKey: 'mail.documentExpiry.subject',
        bodyKey: 'mail.documentExpiry.body',
        params,
        link: { path, labelKey: 'mail.documentExpiry.action' },
      });

      const reminded = await em.transactional(async (tx) => {
        const locked = await tx.findOneOrFail(Document, { id: document.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (locked.expiryRemindedFor && isoDateOf(locked.expiryRemindedFor) === expiresAt) return false;
        tx.create(Notification, {
          trainerAccount: account.id,
          studioGroup: document.studioGroup.id,
          message: translate(account.language, 'documents.notification.expiring', { fileName: document.fileName, category: document.category.name, date: formatDate(expiresAt, account.language) }),
          link: path,
        });
        locked.expiryRemindedFor = expiresAt;
        await tx.flush();
        return true;
      });
      return { reminded, emailUuid: queued.queued ? queued.emailUuid : null };
    },
  };
}

export type DocumentActivities = ReturnType<typeof createDocumentActivities>;

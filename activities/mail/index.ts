import path from 'node:path';
import fs from 'node:fs';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { activityContext } from '../shared/activity-context';
import { isPermanentResponseCode } from 'nodemailer/lib/errors';
import { z } from 'zod';
import { studioGroupRoom } from '../../contracts/events';
import { OUTBOX_CHANGED_EVENT, type TOutboxChangedEvent } from '../../contracts/outbox.contract';
import { OutgoingEmail, StudioGroup, StudioGroupTrainer, Trainer } from '../../db/entities';
import { EVENTS_CHANNEL } from '../../db/events';
import { isMessageKey, type Locale } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import {
  ZDeliverEmailInput,
  ZDeliverEmailsInput,
  ZQueueEmailInput,
  type TDeliverEmailInput,
  type TDeliverEmailResult,
  type TDeliverEmailsInput,
  type TQueueEmailInput,
  type TQueueEmailResult,
} from './mail.types';
import { fromDomain, MAIL_CONNECTIONS, type Mailer, type OutgoingMessage } from './mailer';
import { outboxKey, parseOutboxKey } from './outbox-key';
import { renderEmail } from './template';

export * from './mail.types';
export { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mailer';
export { outboxKey, outboxKeyPrefix, parseOutboxKey } from './outbox-key';
export { renderEmail } from './template';

// E-mail delivery in two idempotent steps, so a workflow can retry either:
//
// 1. queueEmail records the e-mail (rendered in the recipient's language) in outgoing_email under
//    its idempotency key `{studioGroupUuid}:{purpose}:{reference}` before anything is sent. The
//    first call wins: a second call with the same key answers the row already there.
// 2. deliverEmail sends one row, at most once: it locks the row, sends only a row not `sent` yet,
//    and marks it `sent` in the same transaction. A retry overlapping a slow attempt waits for the
//    lock and then finds the row sent. (A crash between the server's "250 OK" and the commit can
//    still send twice; the Message-ID is the row's uuid, so the copy is recognisable as one.)
//
// Status model (within the entity's queued | sent | failed):
// - queued: recorded, not accepted by a mail server. With no SMTP_URL it stays queued for good:
//   deliverEmail answers delivery 'outbox' and the admin reads the e-mail on the Outbox page.
//   A temporary failure (connection, timeout, 4xx, authentication) also leaves it queued, with the
//   error noted, and fails the activity so Temporal retries it.
// - sent: accepted by the SMTP server (sentAt). Never sent again.
// - failed: the server refused this message for good (5xx on the envelope or the message), or an
//   attachment is missing; `error` holds why. deliverEmail does not throw then, so the workflow can
//   report it; calling deliverEmail again (a deliberate resend) tries once more.

export type MailActivityDeps = {
  orm: MikroORM;
  mailer: Mailer;
  /** The web app's address, for the deep links (PUBLIC_URL). */
  publicUrl: string;
  /** Relative attachment paths are read from here. */
  dataDir?: string;
};

/** Nodemailer's error codes of a refusal of this message (not of the connection or the log-in). */
const MESSAGE_REFUSED_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

const nonRetryable = (type: string, message: string) => ApplicationFailure.nonRetryable(message, type);

function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw nonRetryable('Invalid', `Invalid mail activity input: ${issue?.path.join('.') || 'input'} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}

const ZAddress = z.email();
const usableAddress = (value: string | null | undefined) => {
  const address = value?.trim();
  return address && ZAddress.safeParse(address).success ? address : null;
};

/** The subject column holds 255 characters. */
const fitSubject = (subject: string) => (subject.length <= 255 ? subject : `${subject.slice(0, 254)}…`);

/** Tells the group's Outbox page to refetch; inside a transaction NOTIFY goes out on commit. */
async function notifyOutboxChanged(em: EntityManager, row: OutgoingEmail) {
  const studioGroupUuid = parseOutboxKey(row.idempotencyKey)?.studioGroupUuid;
  if (!studioGroupUuid) return;
  const data: TOutboxChangedEvent = { studioGroupUuid, emailUuid: row.uuid, status: row.status };
  await em.execute('select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ topic: studioGroupRoom(studioGroupUuid), event: OUTBOX_CHANGED_EVENT, data })]);
}

type Recipient = { address: string | null; locale: Locale; name: string | null; trainerName: string | null };

async function resolveRecipient(em: EntityManager, studioGroup: StudioGroup, recipient: z.infer<typeof ZQueueEmailInput>['recipient']): Promise<Recipient> {
  if (recipient.kind === 'address') {
    return { address: recipient.email, locale: recipient.locale, name: recipient.name ?? null, trainerName: null };
  }
  const trainer = await em.findOne(Trainer, { uuid: recipient.trainerUuid, studioGroup });
  if (!trainer) throw nonRetryable('NotFound', `Trainer ${recipient.trainerUuid} not found in studio group ${studioGroup.uuid}.`);
  const link = await em.findOne(StudioGroupTrainer, { trainer }, { populate: ['trainerAccount'] });
  const account = link?.trainerAccount;
  return {
    // The linked account's address is the one the trainer keeps up to date and logs in with.
    address: usableAddress(account?.email) ?? usableAddress(trainer.email),
    // A trainer without a portal account has chosen no language; the studio groups are German.
    locale: account?.language ?? 'de',
    name: account?.firstname?.trim() || trainer.firstname?.trim() || null,
    trainerName: trainerDisplayName(trainer),
  };
}

function toResult(row: OutgoingEmail, created: boolean): TQueueEmailResult {
  return { queued: true, emailUuid: row.uuid, idempotencyKey: row.idempotencyKey, created, status: row.status, to: row.toAddress, subject: row.subject };
}

export function createMailActivities({ orm, mailer, publicUrl, dataDir }: MailActivityDeps) {
  const baseUrl = publicUrl.replace(/\/+$/, '');
  const attachmentPath = (filePath: string) => (path.isAbsolute(filePath) || !dataDir ? filePath : path.join(dataDir, filePath));

  const mailActivities = {
    /** Records an e-mail in the outbox under its idempotency key (see above); sends nothing. */
    async queueEmail(rawInput: TQueueEmailInput): Promise<TQueueEmailResult> {
      const input = parseInput(ZQueueEmailInput, rawInput);
      for (const key of [input.subjectKey, input.bodyKey, input.link?.labelKey]) {
        if (key !== undefined && !isMessageKey(key)) throw nonRetryable('Invalid', `Unknown message key '${key}'.`);
      }
      const idempotencyKey = outboxKey(input);
      const em = orm.em.fork();
      const existing = await em.findOne(OutgoingEmail, { idempotencyKey });
      if (existing) return toResult(existing, false);

      const studioGroup = await em.findOne(StudioGroup, { uuid: input.studioGroupUuid });
      if (!studioGroup) throw nonRetryable('NotFound', `Studio group ${input.studioGroupUuid} not found.`);
      const recipient = await resolveRecipient(em, studioGroup, input.recipient);
      if (!recipient.address) return { queued: false, reason: 'noEmailAddress' };

      const rendered = renderEmail({
        locale: recipient.locale,
        studioGroupName: studioGroup.name,
        recipientName: recipient.name,
        subjectKey: input.subjectKey,
        bodyKey: input.bodyKey,
        params: { ...input.params, ...(recipient.trainerName ? { trainer: recipient.trainerName } : {}) },
        note: input.note,
        link: input.link ? { url: `${baseUrl}/${recipient.locale}${input.link.path}`, labelKey: input.link.labelKey } : null,
        subjectText: input.subjectText,
        bodyHtml: input.bodyHtml,
      });

      try {
        const row = await em.transactional(async (tem) => {
          const created = tem.create(OutgoingEmail, {
            idempotencyKey,
            toAddress: recipient.address!,
            subject: fitSubject(rendered.subject),
            textBody: rendered.text,
            htmlBody: rendered.html,
            attachments: input.attachments,
            status: 'queued',
          });
          await tem.flush();
          await notifyOutboxChanged(tem, created);
          return created;
        });
        return toResult(row, true);
      } catch (error) {
        // A concurrent attempt recorded the same key first: its row is the e-mail.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        const row = await orm.em.fork().findOneOrFail(OutgoingEmail, { idempotencyKey });
        return toResult(row, false);
      }
    },

    /** Sends a recorded e-mail once through the SMTP server; without one it stays in the outbox (see above). */
    async deliverEmail(rawInput: TDeliverEmailInput): Promise<TDeliverEmailResult> {
      const { emailUuid } = parseInput(ZDeliverEmailInput, rawInput);
      const em = orm.em.fork();
      const outcome = await em.transactional(async (tem): Promise<{ result: TDeliverEmailResult; retry?: unknown }> => {
        // The row lock serialises overlapping attempts: the second one waits and then finds it sent.
        const row = await tem.findOne(OutgoingEmail, { uuid: emailUuid }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!row) throw nonRetryable('NotFound', `E-mail ${emailUuid} not found.`);
        if (row.status === 'sent') return { result: { emailUuid, status: 'sent', delivery: 'smtp', alreadySent: true } };
        if (mailer.kind === 'outbox' || !mailer.send) return { result: { emailUuid, status: row.status, delivery: 'outbox', alreadySent: false } };

        const fail = async (error: string): Promise<{ result: TDeliverEmailResult }> => {
          row.status = 'failed';
          row.error = error;
          await tem.flush();
          await notifyOutboxChanged(tem, row);
          return { result: { emailUuid, status: 'failed', delivery: 'failed', alreadySent: false, error } };
        };

        const missing = row.attachments.find((attachment) => !fs.existsSync(attachmentPath(attachment.filePath)));
        if (missing) return fail(`Attachment ${missing.fileName} not found.`);

        const message: OutgoingMessage = {
          messageId: `<${row.uuid}@${fromDomain(mailer.from)}>`,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          attachments: row.attachments.map((attachment) => ({
            filename: attachment.fileName,
            path: attachmentPath(attachment.filePath),
            ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
          })),
        };
        try {
          await mailer.send(message);
        } catch (error) {
          const { code, responseCode, message: text } = error as { code?: string; responseCode?: number; message?: string };
          const description = text ?? String(error);
          if (code && MESSAGE_REFUSED_CODES.has(code) && typeof responseCode === 'number' && isPermanentResponseCode(responseCode)) {
            return fail(description);
          }
          // Temporary (the server is down, busy, or refuses our log-in until it is fixed): note it, keep the row queued, retry.
          row.error = description;
          await tem.flush();
          return { result: { emailUuid, status: 'queued', delivery: 'smtp', alreadySent: false, error: description }, retry: error };
        }
        row.status = 'sent';
        row.sentAt = new Date();
        row.error = null;
        await tem.flush();
        await notifyOutboxChanged(tem, row);
        return { result: { emailUuid, status: 'sent', delivery: 'smtp', alreadySent: false } };
      });
      if (outcome.retry !== undefined) throw ApplicationFailure.retryable(outcome.result.error ?? 'The e-mail could not be sent.', 'MailServerUnavailable');
      return outcome.result;
    },

    /**
     * Delivers a batch (a workflow's e-mails of one step) with a heartbeat after each. An e-mail
     * sent earlier is not sent again (its row says so), so a retried batch sends only the rest; the
     * batch is retried while the SMTP server is unavailable.
     */
    async deliverEmails(rawInput: TDeliverEmailsInput): Promise<TDeliverEmailResult[]> {
      const { emailUuids } = parseInput(ZDeliverEmailsInput, rawInput);
      // MAIL_CONNECTIONS at a time over the pooled transport; each e-mail locks only its own row.
      const results = new Array<TDeliverEmailResult>(emailUuids.length);
      let next = 0;
      let delivered = 0;
      // The first failure (the server unavailable) stops the batch: nobody takes a next e-mail, and
      // the retry sends what is left.
      let failure: { error: unknown } | undefined;
      await Promise.all(
        Array.from({ length: Math.min(MAIL_CONNECTIONS, emailUuids.length) }, async () => {
          for (let index = next++; index < emailUuids.length && !failure; index = next++) {
            try {
              results[index] = await mailActivities.deliverEmail({ emailUuid: emailUuids[index]! });
              activityContext()?.heartbeat({ delivered: ++delivered });
            } catch (error) {
              failure ??= { error };
            }
          }
        }),
      );
      if (failure) throw failure.error;
      return results;
    },
  };
  return mailActivities;
}

export type MailActivities = ReturnType<typeof createMailActivities>;

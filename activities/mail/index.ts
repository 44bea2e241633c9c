import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { heartbeatEvery } from '../shared/activity-context';
import { notifyAll } from '../../db/writes/settlement-log';
import { sql } from '../../db/queries/sql';
import { pooledTransaction } from '../../db/queries/pooled-transaction';
import { EVENTS_CHANNEL } from '../../db/events';
import { isPermanentResponseCode } from 'nodemailer/lib/errors';
import { z } from 'zod';
import { studioGroupRoom } from '../../contracts/events';
import { OUTBOX_CHANGED_EVENT, type TOutboxChangedEvent } from '../../contracts/outbox.contract';
import { OutgoingEmail, type OutgoingEmailAttachment, type OutgoingEmailStatus } from '../../db/entities';
import { isMessageKey, type Locale } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import { fitLength } from '../../domain/text';
import {
  ZDeliverEmailInput,
  ZDeliverEmailsInput,
  ZQueueEmailInput,
  ZQueueEmailsInput,
  type TDeliverEmailInput,
  type TDeliverEmailResult,
  type TDeliverEmailsInput,
  type TQueueEmailInput,
  type TQueueEmailResult,
  type TQueueEmailsInput,
} from './mail.types';
import { fromDomain, MAIL_CONNECTIONS, type Mailer } from './mailer';
import { outboxKey, parseOutboxKey } from '../../db/outbox-key';
import { renderEmail } from './template';

export * from './mail.types';
export { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mailer';
export { renderEmail } from './template';

// E-mail delivery in two idempotent steps, so a workflow can retry either:
//
// 1. queueEmail records the e-mail (rendered in the recipient's language) in outgoing_email under
//    its idempotency key `{studioGroupUuid}:{purpose}:{reference}` before anything is sent. The
//    first call wins: a second call with the same key answers the row already there.
// 2. deliverEmail sends one row, at most once: it locks the row, sends only a row not `sent` yet,
//    and marks it `sent` in the same transaction. A retry overlapping a slow attempt waits for the
//    lock and then finds the row sent.
// queueEmails does the same for a batch (a month's 1,000 previews or credit notes): one statement
// finds the recipients, one insert records the rows. deliverEmails sends a batch over several
// connections, each e-mail in its own transaction, so what the server accepted is recorded at once
// (a worker killed in the middle of a batch leaves only the unsent e-mails queued). A crash between
// the server's "250 OK" and that commit can still send one twice; the Message-ID is the row's uuid,
// so the copy is recognisable as one.
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

/** The event that tells a group's Outbox page to refetch (none for a row of no studio group). */
function outboxChangedPayload(row: Pick<OutgoingEmail, 'uuid' | 'idempotencyKey' | 'status'>): string | null {
  const studioGroupUuid = parseOutboxKey(row.idempotencyKey)?.studioGroupUuid;
  if (!studioGroupUuid) return null;
  const data: TOutboxChangedEvent = { studioGroupUuid, emailUuid: row.uuid, status: row.status };
  return JSON.stringify({ topic: studioGroupRoom(studioGroupUuid), event: OUTBOX_CHANGED_EVENT, data });
}

/** Tells the groups' Outbox pages to refetch, one statement for all rows; inside a transaction NOTIFY goes out on commit. */
async function notifyOutboxChanged(em: EntityManager, rows: Array<Pick<OutgoingEmail, 'uuid' | 'idempotencyKey' | 'status'>>) {
  await notifyAll(em, rows.flatMap((row) => outboxChangedPayload(row) ?? []));
}

/**
 * Delivery's two statements, prepared once per connection: the row read under its lock, and its
 * outcome recorded with the Outbox pages' event (NOTIFY, sent on commit; no event when $5 is null).
 */
const LOCK_FOR_DELIVERY = { name: 'tp_outbox_lock_for_delivery', text: `select uuid, idempotency_key, status, to_address, subject, text_body, html_body, attachments from outgoing_email where id = $1 for update` };
const RECORD_DELIVERY = {
  name: 'tp_outbox_record_delivery',
  text: `with recorded as (
           update outgoing_email set status = $1::text, error = $2::text, sent_at = case when $1::text = 'sent' then now() else sent_at end, updated_at = now() where id = $3::int)
         select pg_notify($4::text, $5::text) where $5::text is not null`,
};

type Recipient = { address: string | null; locale: Locale; name: string | null; trainerName: string | null };
type QueueInput = z.infer<typeof ZQueueEmailInput>;
type TrainerRecipientRow = {
  uuid: string;
  studio_group_uuid: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  account_email: string | null;
  account_language: Locale | null;
  account_firstname: string | null;
};

/** The studio groups and the trainer recipients of a batch, one statement each. */
async function resolveRecipients(em: EntityManager, inputs: QueueInput[]): Promise<Array<{ studioGroupName: string; recipient: Recipient }>> {
  const groups = await sql<{ uuid: string; name: string }>(em, 'select uuid, name from studio_group where uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))', [JSON.stringify([...new Set(inputs.map((input) => input.studioGroupUuid))])]);
  const groupNames = new Map(groups.map((group) => [group.uuid, group.name]));
  const trainerUuids = inputs.flatMap((input) => (input.recipient.kind === 'trainer' ? [input.recipient.trainerUuid] : []));
  const trainers =
    trainerUuids.length === 0
      ? []
      : await sql<TrainerRecipientRow>(
          em,
          `select t.uuid, g.uuid as studio_group_uuid, t.email, t.firstname, t.lastname, t.company_name, t.source_id,
                  ta.email as account_email, ta.language as account_language, ta.firstname as account_firstname
             from trainer t
             join studio_group g on g.id = t.studio_group_id
             left join studio_group_trainer sgt on sgt.trainer_id = t.id
             left join trainer_account ta on ta.id = sgt.trainer_account_id
            where t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
          [JSON.stringify([...new Set(trainerUuids)])],
        );
  const trainerOf = new Map(trainers.map((trainer) => [`${trainer.studio_group_uuid}:${trainer.uuid}`, trainer]));
  return inputs.map((input) => {
    const studioGroupName = groupNames.get(input.studioGroupUuid);
    if (studioGroupName === undefined) throw nonRetryable('NotFound', `Studio group ${input.studioGroupUuid} not found.`);
    const { recipient } = input;
    if (recipient.kind === 'address') return { studioGroupName, recipient: { address: recipient.email, locale: recipient.locale, name: recipient.name ?? null, trainerName: null } };
    const trainer = trainerOf.get(`${input.studioGroupUuid}:${recipient.trainerUuid}`);
    if (!trainer) throw nonRetryable('NotFound', `Trainer ${recipient.trainerUuid} not found in studio group ${input.studioGroupUuid}.`);
    return {
      studioGroupName,
      recipient: {
        // The linked account's address is the one the trainer keeps up to date and logs in with.
        address: usableAddress(trainer.account_email) ?? usableAddress(trainer.email),
        // A trainer without a portal account has chosen no language; the studio groups are German.
        locale: trainer.account_language ?? 'de',
        name: trainer.account_firstname?.trim() || trainer.firstname?.trim() || null,
        trainerName: trainerDisplayName({ companyName: trainer.company_name, firstname: trainer.firstname, lastname: trainer.lastname, sourceId: trainer.source_id }),
      },
    };
  });
}

type OutboxRow = { uuid: string; idempotency_key: string; status: OutgoingEmail['status']; to_address: string; subject: string };
/** What delivering a row reads (under its lock). */
type DeliveryRow = OutboxRow & { text_body: string; html_body: string | null; attachments: OutgoingEmailAttachment[] | null };
const OUTBOX_COLUMNS = 'uuid, idempotency_key, status, to_address, subject';

function toResult(row: OutboxRow, created: boolean): TQueueEmailResult {
  return { queued: true, emailUuid: row.uuid, idempotencyKey: row.idempotency_key, created, status: row.status, to: row.to_address, subject: row.subject };
}

export function createMailActivities({ orm, mailer, publicUrl, dataDir }: MailActivityDeps) {
  const baseUrl = publicUrl.replace(/\/+$/, '');
  const attachmentPath = (filePath: string) => (path.isAbsolute(filePath) || !dataDir ? filePath : path.join(dataDir, filePath));

  /** Records the e-mails not recorded yet (the first call of a key wins) and answers every one's row, in input order. */
  async function queueAll(inputs: QueueInput[]): Promise<TQueueEmailResult[]> {
    for (const input of inputs) {
      for (const key of [input.subjectKey, input.bodyKey, input.link?.labelKey]) {
        if (key !== undefined && !isMessageKey(key)) throw nonRetryable('Invalid', `Unknown message key '${key}'.`);
      }
    }
    const keys = inputs.map((input) => outboxKey(input));
    const rowsOf = async (em: EntityManager, wanted: string[]) =>
      new Map((await sql<OutboxRow>(em, `select ${OUTBOX_COLUMNS} from outgoing_email where idempotency_key = any(array(select value from jsonb_array_elements_text(?::jsonb)))`, [JSON.stringify(wanted)])).map((row) => [row.idempotency_key, row]));
    const existing = await rowsOf(orm.em.fork(), keys);
    // A key twice in one batch is one e-mail: the first input's.
    const seen = new Set(existing.keys());
    const missing = inputs.flatMap((input, index) => {
      const key = keys[index]!;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ input, key }];
    });
    const created = new Map<string, OutboxRow>();
    const noAddress = new Set<string>();
    if (missing.length > 0) {
      await orm.em.fork().transactional(async (tem) => {
        const recipients = await resolveRecipients(
          tem,
          missing.map(({ input }) => input),
        );
        const records = missing.flatMap(({ input, key }, index) => {
          const { studioGroupName, recipient } = recipients[index]!;
          if (!recipient.address) {
            noAddress.add(key);
            return [];
          }
          const rendered = renderEmail({
            locale: recipient.locale,
            studioGroupName,
            recipientName: recipient.name,
            subjectKey: input.subjectKey,
            bodyKey: input.bodyKey,
            params: { ...input.params, ...(recipient.trainerName ? { trainer: recipient.trainerName } : {}) },
            note: input.note,
            link: input.link ? { url: `${baseUrl}/${recipient.locale}${input.link.path}`, labelKey: input.link.labelKey } : null,
            subjectText: input.subjectText,
            bodyHtml: input.bodyHtml,
          });
          return [
            {
              uuid: randomUUID(),
              idempotency_key: key,
              to_address: recipient.address,
              // The subject column holds 255 characters.
              subject: fitLength(rendered.subject),
              text_body: rendered.text,
              html_body: rendered.html,
              attachments: input.attachments,
            },
          ];
        });
        if (records.length === 0) return;
        // A key recorded meanwhile by a concurrent attempt is skipped here and answered below.
        const inserted = await sql<OutboxRow>(
          tem,
          `insert into outgoing_email (uuid, idempotency_key, to_address, subject, text_body, html_body, attachments, status, created_at, updated_at)
           select r.uuid, r.idempotency_key, r.to_address, r.subject, r.text_body, r.html_body, coalesce(r.attachments, '[]'::jsonb), 'queued', now(), now()
             from rows from (jsonb_to_recordset(?::jsonb) as (uuid uuid, idempotency_key text, to_address text, subject text, text_body text, html_body text, attachments jsonb))
                  with ordinality as r(uuid, idempotency_key, to_address, subject, text_body, html_body, attachments, n)
            order by r.n
           on conflict (idempotency_key) do nothing
           returning ${OUTBOX_COLUMNS}`,
          [JSON.stringify(records)],
        );
        for (const row of inserted) created.set(row.idempotency_key, row);
        await notifyOutboxChanged(
          tem,
          inserted.map((row) => ({ uuid: row.uuid, idempotencyKey: row.idempotency_key, status: row.status })),
        );
      });
    }
    const late = keys.filter((key) => !existing.has(key) && !created.has(key) && !noAddress.has(key));
    const concurrent = late.length > 0 ? await rowsOf(orm.em.fork(), late) : new Map<string, OutboxRow>();
    return keys.map((key) => {
      const row = created.get(key);
      if (row) return toResult(row, true);
      const other = existing.get(key) ?? concurrent.get(key);
      if (other) return toResult(other, false);
      return { queued: false, reason: 'noEmailAddress' };
    });
  }

  /**
   * Sends the rows of a batch not sent yet, MAIL_CONNECTIONS at a time over the pooled transport,
   * each in a transaction of its own: the row is locked (an overlapping attempt waits, then finds it
   * sent), handed to the server, and recorded sent in the commit right after the server's "250 OK".
   * One transaction for the whole batch would record nothing until the last e-mail: a worker killed
   * in the middle (or a database outage) left every e-mail it had sent queued, and the retry sent
   * them all again. The first temporary failure (the server unavailable) stops the batch: nobody
   * takes a next e-mail, the failure is noted on the row, and the activity fails so that the retry
   * sends the rest.
   */
  async function deliverAll(emailUuids: string[]): Promise<TDeliverEmailResult[]> {
    if (emailUuids.length === 0) return [];
    const rows = await orm.em.fork().find(OutgoingEmail, { uuid: { $in: [...new Set(emailUuids)] } }, { fields: ['id', 'uuid', 'status'], orderBy: { id: 'asc' } });
    const rowOf = new Map(rows.map((row) => [row.uuid, row]));
    const absent = emailUuids.find((uuid) => !rowOf.has(uuid));
    if (absent) throw nonRetryable('NotFound', `E-mail ${absent} not found.`);
    const resultOf = new Map<string, TDeliverEmailResult>();
    const send = mailer.kind === 'smtp' ? mailer.send : undefined;
    const pending: number[] = [];
    for (const row of rows) {
      if (row.status === 'sent') resultOf.set(row.uuid, { emailUuid: row.uuid, status: 'sent', delivery: 'smtp', alreadySent: true });
      else if (!send) resultOf.set(row.uuid, { emailUuid: row.uuid, status: row.status, delivery: 'outbox', alreadySent: false });
      else pending.push(row.id);
    }

    let retry: { error: unknown; description: string } | undefined;
    let delivered = 0;
    /** One e-mail: locked, sent, recorded, committed. Answers whether this call sent it. */
    const deliverOne = (id: number) =>
      // Two prepared statements on a pooled connection, not an entity manager's transaction: per
      // e-mail, MikroORM's fork and transaction and knex's query building cost the worker more CPU
      // than handing the message to the SMTP server.
      pooledTransaction(orm, async (query): Promise<boolean> => {
        const [row] = await query<DeliveryRow>({ ...LOCK_FOR_DELIVERY, values: [id] });
        if (!row) throw new Error(`E-mail ${id} not found.`);
        if (row.status === 'sent') {
          resultOf.set(row.uuid, { emailUuid: row.uuid, status: 'sent', delivery: 'smtp', alreadySent: true });
          return false;
        }
        /** Records the outcome on the row: 'sent' or 'failed' (the Outbox pages are told), or a temporary error (the status stays). */
        const record = async (status: OutgoingEmailStatus, error: string | null, notify = true) => {
          const payload = notify ? outboxChangedPayload({ uuid: row.uuid, idempotencyKey: row.idempotency_key, status }) : null;
          await query({ ...RECORD_DELIVERY, values: [status, error, id, EVENTS_CHANNEL, payload] });
        };
        const fail = async (error: string) => {
          await record('failed', error);
          resultOf.set(row.uuid, { emailUuid: row.uuid, status: 'failed', delivery: 'failed', alreadySent: false, error });
          return false;
        };
        const attachments = row.attachments ?? [];
        const missing = attachments.find((attachment) => !fs.existsSync(attachmentPath(attachment.filePath)));
        if (missing) return fail(`Attachment ${missing.fileName} not found.`);
        try {
          await send!({
            messageId: `<${row.uuid}@${fromDomain(mailer.from)}>`,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body ?? undefined,
            attachments: attachments.map((attachment) => ({
              filename: attachment.fileName,
              path: attachmentPath(attachment.filePath),
              ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
            })),
          });
        } catch (error) {
          const { code, responseCode, message: text } = error as { code?: string; responseCode?: number; message?: string };
          const description = text ?? String(error);
          if (code && MESSAGE_REFUSED_CODES.has(code) && typeof responseCode === 'number' && isPermanentResponseCode(responseCode)) return fail(description);
          // Temporary (the server is down, busy, or refuses our log-in until it is fixed): note it
          // for the Outbox page, keep the row queued, retry.
          await record(row.status, description, false);
          retry ??= { error, description };
          return false;
        }
        await record('sent', null);
        resultOf.set(row.uuid, { emailUuid: row.uuid, status: 'sent', delivery: 'smtp', alreadySent: false });
        return true;
      });

    let next = 0;
    const heartbeat = heartbeatEvery();
    await Promise.all(
      Array.from({ length: Math.min(MAIL_CONNECTIONS, pending.length) }, async () => {
        for (let index = next++; index < pending.length && !retry; index = next++) {
          if (await deliverOne(pending[index]!)) heartbeat({ delivered: ++delivered });
        }
      }),
    );
    if (retry) throw ApplicationFailure.retryable(retry.description || 'The e-mail could not be sent.', 'MailServerUnavailable');
    return emailUuids.map((uuid) => resultOf.get(uuid) ?? { emailUuid: uuid, status: 'queued', delivery: 'smtp', alreadySent: false });
  }

  const mailActivities = {
    /** Records an e-mail in the outbox under its idempotency key (see above); sends nothing. */
    async queueEmail(rawInput: TQueueEmailInput): Promise<TQueueEmailResult> {
      const [result] = await queueAll([parseInput(ZQueueEmailInput, rawInput)]);
      return result!;
    },

    /** queueEmail for a batch, in input order: one transaction, a few statements for all of them. */
    async queueEmails(rawInput: TQueueEmailsInput): Promise<TQueueEmailResult[]> {
      return queueAll(parseInput(ZQueueEmailsInput, rawInput).emails);
    },

    /** Sends a recorded e-mail once through the SMTP server; without one it stays in the outbox (see above). */
    async deliverEmail(rawInput: TDeliverEmailInput): Promise<TDeliverEmailResult> {
      const [result] = await deliverAll([parseInput(ZDeliverEmailInput, rawInput).emailUuid]);
      return result!;
    },

    /**
     * Delivers a batch (a workflow's e-mails of one step), heartbeating while it runs. An e-mail
     * sent earlier is not sent again (its row says so), so a retried batch sends only the rest; the
     * batch is retried while the SMTP server is unavailable.
     */
    async deliverEmails(rawInput: TDeliverEmailsInput): Promise<TDeliverEmailResult[]> {
      return deliverAll(parseInput(ZDeliverEmailsInput, rawInput).emailUuids);
    },
  };
  return mailActivities;
}

export type MailActivities = ReturnType<typeof createMailActivities>;

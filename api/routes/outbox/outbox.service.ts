import type { StudioGroup } from '../../../db/entities';
import { OutgoingEmail } from '../../../db/entities';
import { outboxKeyPrefix, parseOutboxKey } from '../../../db/outbox-key';
import type { TOutboxEmail, TOutboxEmailDetail, TOutboxList, TOutboxListQuery } from '../../../contracts/outbox.contract';
import { notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';

// The Outbox page's reads. outgoing_email has no studio group column: a group's e-mails are the
// rows whose idempotency key starts with `{studioGroupUuid}:` (db/outbox-key.ts).

const ofStudioGroup = (studioGroup: StudioGroup) => ({ idempotencyKey: { $like: `${outboxKeyPrefix(studioGroup.uuid)}%` } });

function toOutboxEmail(row: Omit<OutgoingEmail, 'htmlBody'>): TOutboxEmail {
  return {
    uuid: row.uuid,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    purpose: parseOutboxKey(row.idempotencyKey)?.purpose ?? '',
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    text: row.textBody,
    error: row.error ?? null,
    attachments: row.attachments.map((attachment) => ({ fileName: attachment.fileName })),
  };
}

/** The group's e-mails, newest first. */
export async function listOutbox(studioGroup: StudioGroup, query: TOutboxListQuery, delivery: TOutboxList['delivery']): Promise<TOutboxList> {
  const em = requestEntityManager();
  const where = { ...ofStudioGroup(studioGroup), ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await em.findAndCount(OutgoingEmail, where, {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    limit: query.limit,
    // The list shows the text part; the HTML part comes with the detail.
    exclude: ['htmlBody'],
  });
  return { delivery, total, emails: rows.map(toOutboxEmail) };
}

/** One e-mail of the group with its HTML part; another group's e-mail is 'not found' like a missing one. */
export async function getOutboxEmail(studioGroup: StudioGroup, uuid: string): Promise<TOutboxEmailDetail> {
  const row = await requestEntityManager().findOne(OutgoingEmail, { uuid, ...ofStudioGroup(studioGroup) });
  if (!row) throw notFound('mail.outbox.notFound');
  return { ...toOutboxEmail(row), html: row.htmlBody ?? null };
}

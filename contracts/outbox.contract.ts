import { z } from 'zod';

/**
 * What an e-mail is for; the middle part of its idempotency key and a column of the outbox page.
 * Workflows may use others (lower-case words with dashes); these are the ones the screens name.
 */
export const MAIL_PURPOSES = ['settlement-preview', 'credit-note', 'credit-note-cancellation', 'accounting', 'document-expiry'] as const;
export type TMailPurpose = (typeof MAIL_PURPOSES)[number];

// The Outbox page (/admin/outbox): the e-mails of a studio group, as recorded before they are sent.
// Status model: `queued` = recorded, not (yet) accepted by a mail server (with no SMTP_URL it stays
// so: the outbox is the delivery); `sent` = accepted by the SMTP server at `sentAt`; `failed` = the
// server refused it for good (`error` holds its answer).

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export const ZOutboxStatus = z.enum(OUTBOX_STATUSES);
export type TOutboxStatus = z.infer<typeof ZOutboxStatus>;

/** GET /api/v1/{g}/outbox?status=&limit= */
export const ZOutboxListQuery = z.object({
  status: ZOutboxStatus.optional(),
  /** Newest first; at most this many (the total says how many there are). */
  limit: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(1000, 'validation.invalid').default(500),
});
export type TOutboxListQuery = z.infer<typeof ZOutboxListQuery>;

export const ZOutboxParams = z.object({ uuid: z.uuid({ error: 'validation.uuid' }) });

export const ZOutboxEmail = z.object({
  uuid: z.string(),
  to: z.string(),
  subject: z.string(),
  status: ZOutboxStatus,
  /** What the e-mail is for (`settlement-preview`, `credit-note`, …), from its idempotency key. */
  purpose: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The text part, as the recipient reads it. */
  text: z.string(),
  error: z.string().nullable(),
  attachments: z.array(z.object({ fileName: z.string() })),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

export const ZOutboxList = z.object({
  /** How this installation delivers: through an SMTP server, or not at all (no SMTP_URL: the outbox is all there is). */
  delivery: z.enum(['smtp', 'outbox']),
  /** E-mails of the group with the status asked for, in all (the list holds at most `limit`). */
  total: z.number().int(),
  emails: z.array(ZOutboxEmail),
});
export type TOutboxList = z.infer<typeof ZOutboxList>;

/** GET /api/v1/{g}/outbox/{uuid}: one e-mail with its HTML part, to show it as the recipient sees it. */
export const ZOutboxEmailDetail = ZOutboxEmail.extend({ html: z.string().nullable() });
export type TOutboxEmailDetail = z.infer<typeof ZOutboxEmailDetail>;

/** socket.io, room `studio-group:{uuid}`: an e-mail of the group was recorded or its status changed. */
export type TOutboxChangedEvent = { studioGroupUuid: string; emailUuid: string; status: TOutboxStatus };
export const OUTBOX_CHANGED_EVENT = 'outbox:changed' as const;

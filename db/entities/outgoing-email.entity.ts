import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';

export const OUTGOING_EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutgoingEmailStatus = (typeof OUTGOING_EMAIL_STATUSES)[number];

export type OutgoingEmailAttachment = { fileName: string; filePath: string; contentType?: string };

/**
 * The outbox: an e-mail is recorded under its idempotency key before it is sent, so a retried
 * activity finds the row and sends it at most once.
 */
export const OutgoingEmail = defineEntity({
  name: 'OutgoingEmail',
  tableName: 'outgoing_email',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    idempotencyKey: p.string().unique(),
    toAddress: p.string(),
    subject: p.string(),
    textBody: p.text(),
    htmlBody: p.text().nullable(),
    attachments: p.json<OutgoingEmailAttachment[]>().default([]),
    status: p.enum([...OUTGOING_EMAIL_STATUSES]).default('queued'),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['status', 'createdAt'] }],
});
export type OutgoingEmail = InferEntity<typeof OutgoingEmail>;

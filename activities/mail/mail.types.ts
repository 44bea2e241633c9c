import { z } from 'zod';
import { MAIL_PURPOSES, type TMailPurpose } from '../../contracts/outbox.contract';

// Arguments and results of the mail activities, as zod schemas: the activities parse their argument
// with them, fields can be added without breaking running histories, and workflows import only the
// types (this file is deterministic: no Node built-ins, no database).

const ZUuid = z.string().uuid();

export { MAIL_PURPOSES, type TMailPurpose };
export const ZMailPurpose = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'validation.invalid');

/**
 * A placeholder value of the subject or body. Months and dates are given as ISO dates and written
 * in the recipient's language by the template (the caller does not know it): `{ month: '2026-09-30' }`
 * becomes 'September 2026', `{ date: '2026-10-05' }` '05.10.2026' (de) or '10/05/2026' (en). A
 * string that is a message key is translated too.
 */
export const ZMailParam = z.union([
  z.string().max(1000),
  z.number(),
  z.object({ month: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/) }),
  z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  /** An amount in integer cents, written as euros in the recipient's language ('1.234,56 €'). */
  z.object({ cents: z.number().int() }),
]);
export type TMailParam = z.infer<typeof ZMailParam>;

/**
 * Who gets the e-mail. A trainer of the studio group: the address and language come from the portal
 * account linked to the trainer record (the address the trainer keeps and logs in with), else from
 * the record with German. An address: anyone else (the accountant), in the language given.
 */
export const ZMailRecipient = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trainer'), trainerUuid: ZUuid }),
  z.object({ kind: z.literal('address'), email: z.email(), name: z.string().max(200).optional(), locale: z.enum(['de', 'en']).default('de') }),
]);
export type TMailRecipient = z.input<typeof ZMailRecipient>;

export const ZMailAttachment = z.object({
  fileName: z.string().min(1).max(200),
  /** Absolute, or relative to the data directory (generated files live there). */
  filePath: z.string().min(1),
  contentType: z.string().optional(),
});

export const ZQueueEmailInput = z
  .object({
    studioGroupUuid: ZUuid,
    purpose: ZMailPurpose,
    /**
     * The business key of this e-mail within its purpose and studio group, e.g.
     * `{settlementUuid}:{trainerUuid}` or `{runUuid}:{trainerUuid}`. The outbox row is recorded under
     * `{studioGroupUuid}:{purpose}:{reference}`: a second call with the same key returns that row.
     */
    reference: z.string().min(1).max(170).regex(/^\S+$/),
    recipient: ZMailRecipient,
    /** Message keys (domain/messages) of the subject and the body; the body's blank lines separate paragraphs. */
    subjectKey: z.string().min(1),
    bodyKey: z.string().min(1),
    /** Placeholders of subject and body. `{studioGroup}` and `{trainer}` are filled in by the activity. */
    params: z.record(z.string(), ZMailParam).default({}),
    /** Free text the admin adds (the message of the preview step, spec 2.6), shown as it is. */
    note: z.string().max(5000).optional(),
    /**
     * The deep link: a path of the web app without the language, e.g.
     * `/trainer/studio/{studioGroupUuid}/credit-notes`. The e-mail links to
     * `{PUBLIC_URL}/{recipient's language}{path}`, with the message key of the button's text.
     */
    link: z
      .object({
        path: z.string().regex(/^\/(?![/\\])\S*$/, 'validation.invalid'),
        labelKey: z.string().min(1),
      })
      .optional(),
    attachments: z.array(ZMailAttachment).max(20).default([]),
    /**
     * A free subject (the admin's accounting e-mail, spec 3) instead of the subjectKey's text; the
     * keys stay required as the fallback wording.
     */
    subjectText: z.string().min(1).max(255).optional(),
    /**
     * A free body as HTML instead of the bodyKey's text (the admin's rich text). The caller must
     * have sanitised it: it goes into the e-mail as it is, without greeting and sign-off.
     */
    bodyHtml: z.string().max(100_000).optional(),
  })
  // Every e-mail to a trainer takes them to the page it is about.
  .refine((input) => input.recipient.kind !== 'trainer' || input.link !== undefined, { path: ['link'], message: 'validation.required' });
export type TQueueEmailInput = z.input<typeof ZQueueEmailInput>;

/** A batch of queueEmail (a step's e-mails to many trainers), recorded together. */
export const ZQueueEmailsInput = z.object({ emails: z.array(ZQueueEmailInput).max(1000) });
export type TQueueEmailsInput = z.input<typeof ZQueueEmailsInput>;

export type TOutgoingEmailStatus = 'queued' | 'sent' | 'failed';

export type TQueueEmailResult =
  | {
      queued: true;
      emailUuid: string;
      idempotencyKey: string;
      /** False when the key was already recorded: the existing row is answered, nothing new is written. */
      created: boolean;
      status: TOutgoingEmailStatus;
      to: string;
      subject: string;
    }
  | {
      /** The trainer has no e-mail address (neither a linked account nor one on the record). */
      queued: false;
      reason: 'noEmailAddress';
    };

export const ZDeliverEmailInput = z.object({ emailUuid: ZUuid });
export type TDeliverEmailInput = z.input<typeof ZDeliverEmailInput>;

export const ZDeliverEmailsInput = z.object({ emailUuids: z.array(ZUuid).max(1000) });
export type TDeliverEmailsInput = z.input<typeof ZDeliverEmailsInput>;

/**
 * How a delivery ended (the row's status model, documented in activities/mail/index.ts):
 * - `smtp`: handed to the SMTP server now (`sent`), or earlier (`alreadySent`, nothing sent again);
 * - `outbox`: no SMTP server configured; the row stays `queued` and the admin reads it on the
 *   Outbox page;
 * - `failed`: the server refused it for good (5xx); the row is `failed` with the server's answer.
 */
export type TDeliverEmailResult = {
  emailUuid: string;
  status: TOutgoingEmailStatus;
  delivery: 'smtp' | 'outbox' | 'failed';
  alreadySent: boolean;
  error?: string;
};

import { z } from 'zod';

// Arguments and results of the review activities (previews sent to trainers, approvals), as zod
// schemas: the activities parse their argument, the workflow imports only the types.

const ZUuid = z.string().uuid();
const ZLocale = z.enum(['de', 'en']).default('en');

export const ZCreateTrainerReviewsInput = z.object({
  settlementUuid: ZUuid,
  /** The sending (the API's stream follows it). */
  sendUuid: ZUuid,
  trainerUuids: z.array(ZUuid).min(1),
  /** Trainers of the sending before this batch and in all, for 'Send preview N of M'. */
  offset: z.number().int().min(0),
  total: z.number().int().min(1),
  /** The admin's text for the notification and e-mail (may be empty). */
  message: z.string().max(2000).default(''),
  userUuid: z.string().min(1),
  locale: ZLocale,
  /** false: the created trainers' e-mails are left to queuePreviewEmails (the workflow's delivery lane). */
  queueEmails: z.boolean().default(true),
});
export type TCreateTrainerReviewsInput = z.input<typeof ZCreateTrainerReviewsInput>;

/**
 * created: review, notification and e-mail made now (spec: 200); already_sent: an earlier sending
 * did (nothing again); not_connected: no portal account (spec: 204, no review); failed: see the log.
 */
export type TTrainerReviewOutcome = 'created' | 'already_sent' | 'not_connected' | 'failed';
export type TCreateTrainerReviewsResult = {
  trainers: Array<{ trainerUuid: string; outcome: TTrainerReviewOutcome; emailUuid?: string }>;
};

export const ZQueuePreviewEmailsInput = z.object({
  settlementUuid: ZUuid,
  /** The trainers createTrainerReviews answered 'created' for. */
  trainerUuids: z.array(ZUuid).min(1),
  message: z.string().max(2000).default(''),
});
export type TQueuePreviewEmailsInput = z.input<typeof ZQueuePreviewEmailsInput>;
/** The e-mails to deliver: those recorded and not sent yet (a retry's e-mails sent before are left out). */
export type TQueuePreviewEmailsResult = { emailUuids: string[] };

export const ZAnnouncePreviewSendFinishedInput = z.object({
  settlementUuid: ZUuid,
  sendUuid: ZUuid,
  created: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  locale: ZLocale,
});
export type TAnnouncePreviewSendFinishedInput = z.input<typeof ZAnnouncePreviewSendFinishedInput>;

export const ZRecordApprovalInput = z.object({
  settlementUuid: ZUuid,
  trainerUuid: ZUuid,
  by: z.enum(['trainer', 'company', 'location']),
  approved: z.boolean(),
  userUuid: z.string().min(1),
  /** The location (studio) of a 'location' approval. */
  studioUuid: ZUuid.optional(),
  locale: ZLocale,
});
export type TRecordApprovalInput = z.input<typeof ZRecordApprovalInput>;
export type TRecordApprovalResult = {
  /** The toggled kind's list (for a location: that studio's), newest first; timestamps in unix seconds. */
  entries: Array<{ approved: boolean; user: string; timestamp: number }>;
  /** Current company and trainer approval after the toggle. */
  company: boolean;
  trainer: boolean;
};

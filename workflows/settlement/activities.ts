import { proxyActivities } from '@temporalio/workflow';
import type { CreditNoteActivities } from '../../activities/credit-notes';
import type { MailActivities } from '../../activities/mail';
import type { PrepareActivities } from '../../activities/prepare';
import type { ReviewActivities } from '../../activities/review';
import { BATCH, COMMAND_WRITE, EMAIL_DELIVERY, SHORT_WRITE, SINGLE_TRAINER_STEP } from '../activity-options';

// The settlement workflow's activities, one proxyActivities per kind of call.

export const { freezeSettlementInvoiceData, markTrainersPrepared, recordTrainerReview, recordSettlementStatus, saveAdminPosition, removeAdminPosition } =
  proxyActivities<PrepareActivities>(SHORT_WRITE);
export const { recordApproval } = proxyActivities<ReviewActivities>(COMMAND_WRITE);
// The preparation (PREPARE_CHUNK_SIZE trainers an activity) and the preview sending
// (PREVIEW_SEND_CHUNK_SIZE trainers an activity, one transaction for the batch) are batch work that
// heartbeats as it goes; so does recording a batch's preview e-mails in the outbox.
export const { prepareTrainerLines, createTrainerReviews, queuePreviewEmails, announcePreviewSendFinished } = proxyActivities<PrepareActivities & ReviewActivities>(BATCH);
// Previews' e-mails are handed to SMTP in batches (each e-mail once, by its outbox row).
export const { deliverEmails } = proxyActivities<MailActivities>(EMAIL_DELIVERY);
// Wizard v1: the credit-note run's activities, one trainer a call.
export const v1Activities = proxyActivities<CreditNoteActivities>(SINGLE_TRAINER_STEP);

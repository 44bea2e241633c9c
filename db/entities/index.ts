import { AccountToken } from './account-token.entity';
import { AccountingFile } from './accounting-file.entity';
import { AdminPosition } from './admin-position.entity';
import { AuditLog } from './audit-log.entity';
import { AppSecret } from './app-secret.entity';
import { ApiSession } from './api-session.entity';
import { Approval } from './approval.entity';
import { Comment } from './comment.entity';
import { ContactRequest } from './contact-request.entity';
import { CreditNote } from './credit-note.entity';
import { CreditNoteCounter } from './credit-note-counter.entity';
import { ClassMonthFold, ClassMonthStale } from './class-month-fold.entity';
import { CreditNoteReportLine } from './credit-note-report-line.entity';
import { Document } from './document.entity';
import { DocumentCategory } from './document-category.entity';
import { ImportLog } from './import-log.entity';
import { ImportQueueItem } from './import-queue-item.entity';
import { Invitation } from './invitation.entity';
import { LoginLimiter } from './login-limiter.entity';
import { Mandant } from './mandant.entity';
import { Notification } from './notification.entity';
import { OutgoingEmail } from './outgoing-email.entity';
import { PaymentTypeRule } from './payment-type-rule.entity';
import { RateLimitCounter } from './rate-limit-counter.entity';
import { ReviewRow } from './review-row.entity';
import { Settlement } from './settlement.entity';
import { SettlementLine } from './settlement-line.entity';
import { SettlementLog } from './settlement-log.entity';
import { SettlementRun } from './settlement-run.entity';
import { SettlementTrainer } from './settlement-trainer.entity';
import { Studio } from './studio.entity';
import { StudioClass } from './studio-class.entity';
import { StudioGroup } from './studio-group.entity';
import { StudioGroupTrainer } from './studio-group-trainer.entity';
import { Trainer } from './trainer.entity';
import { TrainerAccount } from './trainer-account.entity';
import { TrainerMergeLog } from './trainer-merge-log.entity';
import { TrainerSourceAlias } from './trainer-source-alias.entity';
import { SmallBusinessNotice } from './small-business-notice.entity';
import { StaffInvitation } from './staff-invitation.entity';
import { StaffMembership } from './staff-membership.entity';
import { User } from './user.entity';

// Each entity is exported twice under one name: the schema (a value, for `em.find(Trainer, …)`)
// and its inferred type (for `let trainer: Trainer`).
export * from './common';
export * from './account-token.entity';
export * from './accounting-file.entity';
export * from './admin-position.entity';
export * from './audit-log.entity';
export * from './app-secret.entity';
export * from './api-session.entity';
export * from './approval.entity';
export * from './comment.entity';
export * from './contact-request.entity';
export * from './class-month-fold.entity';
export * from './credit-note.entity';
export * from './credit-note-counter.entity';
export * from './credit-note-report-line.entity';
export * from './document.entity';
export * from './document-category.entity';
export * from './import-log.entity';
export * from './import-queue-item.entity';
export * from './invitation.entity';
export * from './mandant.entity';
export * from './notification.entity';
export * from './outgoing-email.entity';
export * from './payment-type-rule.entity';
export * from './rate-limit-counter.entity';
export * from './login-limiter.entity';
export * from './review-row.entity';
export * from './settlement.entity';
export * from './settlement-line.entity';
export * from './settlement-log.entity';
export * from './settlement-run.entity';
export * from './settlement-trainer.entity';
export * from './studio.entity';
export * from './studio-class.entity';
export * from './studio-group.entity';
export * from './studio-group-trainer.entity';
export * from './trainer.entity';
export * from './trainer-account.entity';
export * from './trainer-merge-log.entity';
export * from './trainer-source-alias.entity';
export * from './small-business-notice.entity';
export * from './staff-invitation.entity';
export * from './staff-membership.entity';
export * from './user.entity';

/** Every entity, for the ORM config. */
export const entities = [
  Mandant,
  StudioGroup,
  Studio,
  User,
  ApiSession,
  TrainerAccount,
  Trainer,
  StudioGroupTrainer,
  Invitation,
  StudioClass,
  PaymentTypeRule,
  Settlement,
  SettlementTrainer,
  SettlementLine,
  AdminPosition,
  ReviewRow,
  Comment,
  Approval,
  SettlementRun,
  CreditNote,
  CreditNoteCounter,
  CreditNoteReportLine,
  ClassMonthFold,
  ClassMonthStale,
  AccountingFile,
  AppSecret,
  SettlementLog,
  Notification,
  SmallBusinessNotice,
  DocumentCategory,
  Document,
  ImportLog,
  ImportQueueItem,
  TrainerMergeLog,
  TrainerSourceAlias,
  ContactRequest,
  OutgoingEmail,
  RateLimitCounter,
  LoginLimiter,
  AccountToken,
  StaffMembership,
  StaffInvitation,
  AuditLog,
];

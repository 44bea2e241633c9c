import { z } from 'zod';
import { ZUuid } from './common.contract';
import { ZSettlementMonth } from './settlement.contract';

// Step 5 of the month close (spec admin 2.8–2.10, 3 "Accounting e-mail", 4 "Credit-note send
// stream", 7): a credit-note run per "send credit notes", its files and the accounting e-mail.
// The run streams the same NDJSON messages as the preview sending (ZSendStreamMessage of
// review.contract.ts): config with item_count, success / error per trainer, finished_studiogroup.

/** The files the accounting e-mail can carry; PAYOUT_RETURNS is not chosen by the group: it goes with every hand-off that has returns (decision 0150). */
export const ACCOUNTING_FILE_TYPES = ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'PAYOUT_RETURNS'] as const;
export const ZAccountingFileType = z.enum(ACCOUNTING_FILE_TYPES);
export type TAccountingFileType = z.infer<typeof ZAccountingFileType>;

/** Body of POST /settlement/trainer-credit-note/send. A run uuid is used once (a second send is refused). */
export const ZSendCreditNotesRequest = z.object({
  settlementUuid: ZUuid,
  /** Made by the screen (one per "send"); made by the server when missing. */
  settlementRunUuid: ZUuid.optional(),
  settlementMonth: ZSettlementMonth.optional(),
  trainersSelected: z.array(ZUuid).min(1, { error: 'settlement.emptySelection' }),
  apiSlug: z.string().optional(),
  userUuid: ZUuid.optional(),
  /**
   * The admin confirms billing trainers without VAT whose billing passes the small-business limit of
   * the current year (§19 UStG, 100,000 €; see GET …/small-business-limits). Without it such a run is
   * refused with 422 naming them; with it the settlement log records the confirmation.
   */
  confirmSmallBusinessLimit: z.boolean().optional(),
});
export type TSendCreditNotesRequest = z.input<typeof ZSendCreditNotesRequest>;

/** Body of POST /settlement/sepa-xml/create and /settlement/accounting-email/prepare. */
export const ZRunFilesRequest = z.object({
  settlementUuid: ZUuid,
  settlementRunUuid: ZUuid,
  settlementMonth: ZSettlementMonth.optional(),
  apiSlug: z.string().optional(),
  trainersSelected: z.array(ZUuid).optional(),
});
export type TRunFilesRequest = z.input<typeof ZRunFilesRequest>;

export const ZAttachmentStatus = z.object({
  status: z.enum(['success', 'error', 'not_set']),
  /** Where the screen downloads it (a path of this API; the browser signs it before opening). */
  filePathName: z.string().nullable(),
  /** The spec's error text when status is error. */
  message: z.string().optional(),
});
export type TAttachmentStatus = z.infer<typeof ZAttachmentStatus>;

/** The accounting e-mail entity of spec 3 (answer of /settlement/accounting-email/prepare). */
export const ZAccountingEmail = z.object({
  settlementUuid: ZUuid,
  settlementRunUuid: ZUuid,
  accountingEmailText: z.object({ subject: z.string(), body: z.string() }),
  /** The group's accountant (may be empty). */
  accountingEmailAddress: z.string(),
  /** The group's accounting files, and PAYOUT_RETURNS when this hand-off has returns. */
  accountingFiles: z.array(ZAccountingFileType),
  sepaXmlFile: ZAttachmentStatus,
  creditNotesZipFile: ZAttachmentStatus,
  studioCostsByMonthCsvFile: ZAttachmentStatus,
  /** The DATEV booking batch: not_set with a message when the group has no DATEV settings. */
  datevExtfFile: ZAttachmentStatus,
  /**
   * The returns CSV: the rejected and returned payouts no earlier accounting e-mail carried and
   * their repayments (decision 0150). success when there are any (then also listed in
   * accountingFiles), not_set with a message when there are none, error when it could not be written.
   */
  payoutReturnsCsvFile: ZAttachmentStatus,
});
export type TAccountingEmail = z.infer<typeof ZAccountingEmail>;

/** Answer of /settlement/sepa-xml/create: the run's SEPA file. */
export const ZSepaXmlResponse = z.object({ status: z.literal('success'), message: z.string(), sepaXmlFile: ZAttachmentStatus });

/** Body of POST /settlement/accounting-email/send (the form of 2.9). */
export const ZAccountingEmailSendRequest = z.object({
  settlementUuid: ZUuid,
  settlementRunUuid: ZUuid,
  /** One address or several, separated by commas or semicolons; each must be valid. */
  accountingEmailAddress: z.string().max(2000),
  accountingEmailSubject: z.string().trim().min(1, { error: 'creditNote.accountingMail.emptySubject' }).max(255),
  /** Rich text (HTML); sanitised on the server. */
  accountingEmailBody: z.string().max(100_000),
  emailAttachements: z.array(ZAccountingFileType).max(ACCOUNTING_FILE_TYPES.length).default([]),
});
export type TAccountingEmailSendRequest = z.input<typeof ZAccountingEmailSendRequest>;
export const ZAccountingEmailSendResponse = z.object({ status: z.literal('success'), message: z.string(), emailUuids: z.array(ZUuid) });

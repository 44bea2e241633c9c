import { z } from 'zod';
import { ZErrorResponse, ZEuros, ZIsoDate, ZUuid } from './common.contract';

// Payouts: the money loop closed with the bank's own files (DESIGN "Payouts"). A credit note is the
// invoice, a payout its payment: one per SEPA payment TrainerPay wrote, matched by the end-to-end id
// it wrote (the credit note number, `-R1` for the repayment). The admin uploads the bank's files
// (camt.053 statements, camt.054 notifications, pain.002 status reports); a workflow per file reads
// it and sets each payout paid, rejected or returned. A rejected or returned payout never voids the
// credit note: it is paid again once (the next credit-note run, or "pay again" now), under a new
// end-to-end id that `repays` the first.
//
// Routes (every one scoped to the studio group of the path; staff of that group only):
//   POST /api/v1/{studioGroupUuid}/bank-statement                       multipart `file` → 202 ZBankStatementAccepted
//   GET  /api/v1/{studioGroupUuid}/bank-statements                      → ZBankStatementList
//   GET  /api/v1/{studioGroupUuid}/bank-statement/{bankFileUuid}        → ZBankStatementDetail
//   GET  /api/v1/{studioGroupUuid}/payouts?status=&month=&search=&page=&itemsPerPage= → ZPayoutList
//   GET  /api/v1/{studioGroupUuid}/payouts.csv?status=&month=&search=   → text/csv (same filters, every row)
//   POST /api/v1/{studioGroupUuid}/payouts/pay-again  ZPayAgainRequest  → ZPayAgainResponse
// Refusals answer ZErrorResponse `{status, message}` in the caller's language; a second upload of a
// file already read answers 400 ZBankStatementAlreadyRead (when, by whom) and changes nothing.
// Live progress: socket.io event `payouts:bank-file` (ZBankFileProgressEvent) in the room
// `studio-group:{studioGroupUuid}`.

/** open = written to a SEPA file, no bank word yet; paid = booked; rejected = refused before booking (pain.002 RJCT); returned = booked, then sent back (camt return). */
export const PAYOUT_STATUSES = ['open', 'paid', 'rejected', 'returned'] as const;
export const ZPayoutStatus = z.enum(PAYOUT_STATUSES);
export type TPayoutStatus = z.infer<typeof ZPayoutStatus>;

/** The bank file kinds TrainerPay reads. */
export const BANK_FILE_KINDS = ['camt.053', 'camt.054', 'pain.002'] as const;
export const ZBankFileKind = z.enum(BANK_FILE_KINDS);
export type TBankFileKind = z.infer<typeof ZBankFileKind>;

/** stored = accepted, waiting for its workflow; reading = entries being matched; done = every entry applied or recorded unmatched; failed = the file could not be read to its end (message says why; nothing of it applied after the last finished batch). */
export const BANK_FILE_STATES = ['stored', 'reading', 'done', 'failed'] as const;
export const ZBankFileState = z.enum(BANK_FILE_STATES);
export type TBankFileState = z.infer<typeof ZBankFileState>;

/**
 * A payout's state as other answers show it beside a credit note or trainer (settlement summary,
 * credit-note run, the trainer portal's credit-note list, reports). `null` there = no payout (not
 * paid by SEPA, or issued before payouts were recorded).
 */
export const ZPayoutSummary = z.object({
  payoutUuid: ZUuid,
  status: ZPayoutStatus,
  /** The bank's booking date of the payment that reached the trainer (YYYY-MM-DD), when paid. */
  paidOn: ZIsoDate.nullable(),
  /** Why the bank rejected or returned it, in plain words of the caller's language; null otherwise. */
  reason: z.string().nullable(),
  /** The bank's ISO 20022 reason code of that reject/return (AC04, MS03, …), for staff screens; null otherwise. */
  reasonCode: z.string().nullable(),
  /** The end-to-end id of the SEPA payment (credit note number, `-R1` for a repayment). */
  endToEndId: z.string(),
  /** When this payout was rejected/returned and has been written again: the repayment's state. */
  repaidBy: z.object({ payoutUuid: ZUuid, status: ZPayoutStatus, endToEndId: z.string() }).nullable(),
});
export type TPayoutSummary = z.infer<typeof ZPayoutSummary>;

/** One payout as the payouts list answers it. */
export const ZPayout = z.object({
  uuid: ZUuid,
  status: ZPayoutStatus,
  endToEndId: z.string(),
  /** Euros. */
  amount: ZEuros,
  creditNoteNumber: z.string(),
  /** The settlement month (service period), YYYY-MM. */
  month: z.string(),
  settlementUuid: ZUuid,
  settlementRunUuid: ZUuid,
  trainerUuid: ZUuid,
  trainerName: z.string(),
  /** The creditor account the payment went to (as written in the SEPA file). */
  creditorIban: z.string(),
  creditorName: z.string(),
  /** MsgId and PmtInfId of the SEPA file that carried it. */
  sepaMessageId: z.string(),
  sepaPaymentInfoId: z.string(),
  /** Booking date (YYYY-MM-DD) of the bank's last word on it; null while open. */
  bookingDate: ZIsoDate.nullable(),
  /** The bank's own reference of the entry (AcctSvcrRef / transaction id). */
  bankReference: z.string().nullable(),
  /** ISO 20022 reason code of a reject/return (AC04, MS03, …). */
  reasonCode: z.string().nullable(),
  /** The reason in plain words, the caller's language. */
  reason: z.string().nullable(),
  /** The bank's charge for a return, euros; null when none was reported. */
  fee: ZEuros.nullable(),
  /** What came back of a returned payout, euros (the amount less what the banks kept); null unless returned (and for returns read before it was recorded). */
  returned: ZEuros.nullable(),
  /** The bank file that set the status; null while open. */
  bankFileUuid: ZUuid.nullable(),
  /** This payout pays again the rejected/returned payout with this uuid. */
  repaysPayoutUuid: ZUuid.nullable(),
  /** The repayment of this (rejected/returned) payout, once written. */
  repaidByPayoutUuid: ZUuid.nullable(),
  /**
   * Rejected/returned and not yet repaid: whether the trainer may be paid now (the one billing
   * eligibility rule), and if not, why in plain words (e.g. an IBAN change awaiting review).
   */
  mayBePaidAgain: z.boolean(),
  notPayableReason: z.string().nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPayout = z.infer<typeof ZPayout>;

const ZStatusFilter = z
  .union([ZPayoutStatus, z.array(ZPayoutStatus)], { error: 'payouts.statusInvalid' })
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** Query of GET /payouts and /payouts.csv. Every filter is optional; `status` may repeat. */
export const ZPayoutListQuery = z.object({
  status: ZStatusFilter.optional(),
  /** The settlement month, YYYY-MM. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'payouts.monthInvalid')
    .optional(),
  /** Part of the trainer's name, e-mail or the end-to-end id / credit note number. */
  search: z.string().trim().max(200, 'validation.invalid').optional(),
  page: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').default(1),
  itemsPerPage: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(500, 'validation.invalid').default(50),
});
export type TPayoutListQuery = z.infer<typeof ZPayoutListQuery>;
export type TPayoutListQueryInput = z.input<typeof ZPayoutListQuery>;

/** GET /payouts: newest settlement month first, then trainer name. */
export const ZPayoutList = z.object({
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  /** Payouts matching the filters in all. */
  totalItems: z.number().int(),
  /** Per status over the matching payouts (ignores the status filter), and their sums in euros. */
  totals: z.record(ZPayoutStatus, z.object({ count: z.number().int(), amount: ZEuros })),
  /** Rejected/returned payouts not yet repaid whose trainer may be paid now (what "pay again" would pay). */
  payableAgainCount: z.number().int(),
  items: z.array(ZPayout),
});
export type TPayoutList = z.infer<typeof ZPayoutList>;

/** Body of POST /payouts/pay-again. No list = every rejected/returned payout not yet repaid whose trainer may be paid. */
export const ZPayAgainRequest = z.object({
  payoutUuids: z.array(z.uuid({ error: 'validation.uuid' })).max(10_000, 'validation.invalid').optional(),
});
export type TPayAgainRequest = z.infer<typeof ZPayAgainRequest>;

/**
 * Answer of POST /payouts/pay-again (201): the repayments written and their SEPA file. A payout in
 * the list that cannot be paid again (not rejected/returned, already repaid, trainer may not be
 * paid) is refused with 422 naming it, and nothing is written.
 */
export const ZPayAgainResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** The SEPA pain.001 file of the repayments: a download path to sign (POST …/downloads/sign) and open. */
  sepaXmlFile: z.object({ downloadPath: z.string(), fileName: z.string(), messageId: z.string() }),
  /** Euros, the file's control sum. */
  total: ZEuros,
  repayments: z.array(ZPayout),
});
export type TPayAgainResponse = z.infer<typeof ZPayAgainResponse>;

/** An entry of a bank file that matched no payout of this group (or could not be applied), with why. */
export const ZUnmatchedBankEntry = z.object({
  /** The end-to-end id the bank reported, if any. */
  endToEndId: z.string().nullable(),
  amount: ZEuros.nullable(),
  /** The bank's booking date of the entry (YYYY-MM-DD); for a status report (pain.002), the day of the report. */
  bookingDate: ZIsoDate.nullable(),
  bankReference: z.string().nullable(),
  /** The bank's reason code, if the entry was a reject/return. */
  reasonCode: z.string().nullable(),
  /** What the reason code means, in plain words of the caller's language; null without a code. */
  reason: z.string().nullable(),
  /** The bank's own words on the entry (AddtlInf), as it sent them; null when none. */
  reasonText: z.string().nullable(),
  /** Why it was not applied, in plain words of the caller's language. */
  why: z.string(),
});
export type TUnmatchedBankEntry = z.infer<typeof ZUnmatchedBankEntry>;

export const ZBankFileCounts = z.object({
  /** Entries (transactions / payment statuses) the file holds that concern outgoing payments. */
  entries: z.number().int(),
  paid: z.number().int(),
  rejected: z.number().int(),
  returned: z.number().int(),
  /** Matched a payout that already had this outcome (from an earlier file): nothing changed. */
  unchanged: z.number().int(),
  unmatched: z.number().int(),
});
export type TBankFileCounts = z.infer<typeof ZBankFileCounts>;

/** A bank file as the list shows it. */
export const ZBankStatement = z.object({
  uuid: ZUuid,
  kind: ZBankFileKind,
  /** The full message name, e.g. camt.053.001.08. */
  version: z.string(),
  fileName: z.string(),
  messageId: z.string(),
  /** The account the file is about (the group's debtor IBAN). */
  account: z.string(),
  /** Statement sequence number (camt ElctrncSeqNb / LglSeqNb); null for pain.002. */
  sequence: z.string().nullable(),
  state: ZBankFileState,
  counts: ZBankFileCounts,
  /** Entries read so far and in all, while reading. */
  progress: z.object({ processed: z.number().int(), total: z.number().int().nullable() }),
  uploadedAt: z.string(),
  uploadedBy: z.object({ uuid: ZUuid, name: z.string() }).nullable(),
  finishedAt: z.string().nullable(),
  /** Why the file failed, in the caller's language. */
  message: z.string().nullable(),
});
export type TBankStatement = z.infer<typeof ZBankStatement>;

/** GET /bank-statements: newest upload first. */
export const ZBankStatementList = z.object({ items: z.array(ZBankStatement) });
export type TBankStatementList = z.infer<typeof ZBankStatementList>;

/** GET /bank-statement/{bankFileUuid}: the file with its unmatched entries. */
export const ZBankStatementDetail = ZBankStatement.extend({
  sha256: z.string(),
  unmatched: z.array(ZUnmatchedBankEntry),
});
export type TBankStatementDetail = z.infer<typeof ZBankStatementDetail>;

/** POST /bank-statement → 202: stored, its workflow started; follow it with GET /bank-statement/{uuid} or the socket event. */
export const ZBankStatementAccepted = z.object({
  status: z.literal('accepted'),
  message: z.string(),
  bankFileUuid: ZUuid,
  kind: ZBankFileKind,
  version: z.string(),
});
export type TBankStatementAccepted = z.infer<typeof ZBankStatementAccepted>;

/** POST /bank-statement → 400 when the same file (same identity: kind, MsgId, account, sequence) was already uploaded: nothing changes. */
export const ZBankStatementAlreadyRead = ZErrorResponse.extend({
  bankFileUuid: ZUuid,
  uploadedAt: z.string(),
  uploadedBy: z.object({ uuid: ZUuid, name: z.string() }).nullable(),
});
export type TBankStatementAlreadyRead = z.infer<typeof ZBankStatementAlreadyRead>;

/** Path params. */
export const ZBankStatementParams = z.object({ bankFileUuid: z.uuid({ error: 'validation.uuid' }) });

/** socket.io event `payouts:bank-file`, room `studio-group:{studioGroupUuid}`: a bank file's state or progress changed (refetch). */
export const BANK_FILE_PROGRESS_EVENT = 'payouts:bank-file' as const;
export const ZBankFileProgressEvent = z.object({
  studioGroupUuid: ZUuid,
  bankFileUuid: ZUuid,
  state: ZBankFileState,
  processed: z.number().int(),
  total: z.number().int().nullable(),
});
export type TBankFileProgressEvent = z.infer<typeof ZBankFileProgressEvent>;

/** Upload size cap of POST /bank-statement (bytes). A year of daily statements of a busy account stays far below. */
export const BANK_FILE_MAX_BYTES = 50 * 1024 * 1024;

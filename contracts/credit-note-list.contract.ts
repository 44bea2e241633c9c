import { z } from 'zod';
import { ZEuros, ZUuid } from './common.contract';
import { ZPayoutSummary } from './payouts.contract';

// Issued credit notes as the screens list them, their downloads, the trainer's self-billing
// consent and objection (admin 2.12 accounting files, 2.22; trainer portal 2 "Credit notes list").
//
// Downloads the browser opens by navigation carry no headers, so their URLs are signed (DESIGN
// "Security"): POST /api/v1/{g}/downloads/sign or POST /api/v2/downloads/sign with {path} answers
// {url} = path + `?token=…`, valid five minutes for the caller only. Every download route also
// takes the usual x-user/x-api-key headers.
//
// `{trainerUuid}` in the credit-note download paths is the Trainer record's uuid in that studio
// group (the same for the admin's and the trainer's link); `{month}` is the settlement month
// (the service period), YYYY-MM.

/** `YYYY-MM` (a month of a credit note group). */
export const ZYearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'downloads.yearMonth');

export const ZSignDownloadRequest = z.object({
  /** A download path of this server, e.g. /de/trainer/credit-note/download/{g},{month},{trainerUuid},{filename}. */
  path: z.string().min(1).max(2000).startsWith('/', 'downloads.pathNotDownload'),
});
export type TSignDownloadRequest = z.infer<typeof ZSignDownloadRequest>;
export const ZSignDownloadResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type TSignDownloadResponse = z.infer<typeof ZSignDownloadResponse>;

/** A file of a credit note month group (spec: id, invoiceNumber, filename). */
export const ZCreditNoteFile = z.object({
  id: ZUuid,
  invoiceNumber: z.string(),
  filename: z.string(),
  documentType: z.enum(['credit_note', 'cancellation']),
  issueDate: z.string(),
  grossCents: z.number().int(),
  /** The path to sign (stable). */
  downloadPath: z.string(),
  /** Signed when the list was read: valid five minutes (the screens sign afresh on click). */
  downloadUrl: z.string(),
  /** The path of the credit note's XRechnung, to sign like downloadPath. */
  xrechnungPath: z.string(),
  objectedAt: z.string().nullable(),
  objectionReason: z.string().nullable(),
  /** Number of the cancelling document when this credit note is cancelled. */
  cancelledBy: z.string().nullable(),
  /** What became of its payment (paid on …, returned: reason); null when it was not paid by SEPA. */
  payout: ZPayoutSummary.nullable(),
});
export type TCreditNoteFile = z.infer<typeof ZCreditNoteFile>;
export const ZCreditNoteMonthGroup = z.object({ month: ZYearMonth, files: z.array(ZCreditNoteFile) });
export type TCreditNoteMonthGroup = z.infer<typeof ZCreditNoteMonthGroup>;

/** GET /api/v2/{g}/trainer-account/{user}/credit-notes: newest month first. */
export const ZTrainerIssuedCreditNotesResponse = z.object({
  studioGroupUuid: ZUuid,
  studioGroupName: z.string(),
  studioGroupTrainerUuid: ZUuid,
  trainerUuid: ZUuid,
  /** Years with credit notes, newest first. */
  years: z.array(z.number().int()),
  creditNotes: z.array(ZCreditNoteMonthGroup),
});
export type TTrainerIssuedCreditNotesResponse = z.infer<typeof ZTrainerIssuedCreditNotesResponse>;

export const ZSelfBillingConsent = z.object({
  studioGroupUuid: ZUuid,
  consented: z.boolean(),
  /** ISO 8601 instant. */
  consentAt: z.string().nullable(),
  consentBy: z.object({ uuid: ZUuid, name: z.string() }).nullable(),
});
export type TSelfBillingConsent = z.infer<typeof ZSelfBillingConsent>;
export const ZSelfBillingConsentAnswer = z.object({ status: z.literal('success'), message: z.string(), consent: ZSelfBillingConsent });
export type TSelfBillingConsentAnswer = z.infer<typeof ZSelfBillingConsentAnswer>;

export const ZCreditNoteObjectionRequest = z.object({
  reason: z
    .string({ error: 'validation.required' })
    .transform((value) => value.replace(/[<>{}]/g, '').trim())
    .pipe(z.string().min(1, 'validation.required').max(2000, 'creditNoteList.reasonTooLong')),
});
export type TCreditNoteObjectionRequest = z.infer<typeof ZCreditNoteObjectionRequest>;
export const ZCreditNoteObjectionAnswer = z.object({ status: z.literal('success'), message: z.string(), creditNote: ZCreditNoteFile });
export type TCreditNoteObjectionAnswer = z.infer<typeof ZCreditNoteObjectionAnswer>;

/** A row of the admin credit-note list (2.22). */
export const ZAdminCreditNote = z.object({
  uuid: ZUuid,
  number: z.string(),
  documentType: z.enum(['credit_note', 'cancellation']),
  month: ZYearMonth,
  settlementUuid: ZUuid,
  settlementRunUuid: ZUuid,
  trainerUuid: ZUuid,
  /** Company, else person name. */
  trainerName: z.string(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  issueDate: z.string(),
  sentAt: z.string().nullable(),
  fileName: z.string(),
  downloadPath: z.string(),
  cancels: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  objection: z.object({ at: z.string(), reason: z.string(), by: z.string() }).nullable(),
});
export type TAdminCreditNote = z.infer<typeof ZAdminCreditNote>;

export const ZAdminCreditNotesQuery = z.object({
  month: ZYearMonth.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  trainerUuid: ZUuid.optional(),
});
export type TAdminCreditNotesQuery = z.infer<typeof ZAdminCreditNotesQuery>;

/** GET /api/v1/{g}/credit-notes: newest month first, plus every open objection (any year). */
export const ZAdminCreditNotesResponse = z.object({
  years: z.array(z.number().int()),
  creditNotes: z.array(ZAdminCreditNote),
  objections: z.array(ZAdminCreditNote),
});
export type TAdminCreditNotesResponse = z.infer<typeof ZAdminCreditNotesResponse>;

export const ACCOUNTING_FILE_DOWNLOADS = {
  SEPA_XML: 'sepa-xml',
  CREDIT_NOTES_ZIP: 'credit-notes-zip',
  STUDIO_COSTS_BY_MONTH: 'studio-costs-csv',
  /** DATEV booking batch (EXTF, category 21) and, beside it, the trainers as creditors (category 16). */
  DATEV_EXTF: 'datev-extf',
  DATEV_CREDITORS: 'datev-creditors',
  /** The failed payouts and repayments handed to the accountant with the run (decision 0150). */
  PAYOUT_RETURNS: 'payout-returns-csv',
} as const;

/** GET /api/v1/{g}/settlement/{settlementUuid}/runs: the accounting-files tab. */
export const ZSettlementRunFiles = z.object({
  uuid: ZUuid,
  timestamp: z.string(),
  status: z.enum(['running', 'finished', 'failed']),
  finishedAt: z.string().nullable(),
  /**
   * The run's documents per trainer, sum_gross in euros; `payout` is what became of the credit note's
   * payment (open, paid on …, returned/rejected with the bank's reason code), null for a cancellation
   * or a credit note not paid by SEPA.
   */
  trainers: z.array(z.object({ uuid: ZUuid, company_name: z.string(), sum_gross: ZEuros, credit_note_number: z.string(), payout: ZPayoutSummary.nullable() })),
  /** Euros. */
  sumGross: ZEuros,
  files: z.array(
    z.object({
      type: z.enum(['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'DATEV_CREDITORS', 'PAYOUT_RETURNS']),
      status: z.enum(['success', 'error', 'not_set', 'missing']),
      fileName: z.string().nullable(),
      /** Null when there is nothing to download. */
      downloadPath: z.string().nullable(),
    }),
  ),
});
export type TSettlementRunFiles = z.infer<typeof ZSettlementRunFiles>;
export const ZSettlementRunsResponse = z.array(ZSettlementRunFiles);

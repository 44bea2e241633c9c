import { z } from 'zod';

// Arguments and results of the credit-note run's activities (spec admin 2.8, 2.9, 3 "Accounting
// e-mail", 4 "Credit note flow", "Credit-note send stream", "Attachment status"), as zod schemas:
// the activities parse their argument, the workflow (`creditNoteRunWorkflow`) imports only the
// types. Deterministic: no Node built-ins, no database.

const ZUuid = z.string().uuid();
const ZLocale = z.enum(['de', 'en']).default('en');

/** Trainers per issueCreditNotes call: each is its own transaction with a PDF render, so a batch stays short. */
export const CREDIT_NOTE_CHUNK_SIZE = 25;

/** The files the accounting e-mail can carry; PAYOUT_RETURNS goes with every hand-off that has returns (decision 0150), whatever the group's accountingFiles list. */
export const ACCOUNTING_FILE_TYPES = ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'PAYOUT_RETURNS'] as const;
export const ZAccountingFileType = z.enum(ACCOUNTING_FILE_TYPES);
export type TAccountingFileType = z.infer<typeof ZAccountingFileType>;

export const ZStartCreditNoteRunInput = z.object({
  /** The run (workflow `credit-note-run-{runUuid}`); the SettlementRun row gets this uuid. */
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  /** All trainers of the run; their count is the stream's item_count. */
  trainerUuids: z.array(ZUuid),
  userUuid: z.string().min(1),
  locale: ZLocale,
});
export type TStartCreditNoteRunInput = z.input<typeof ZStartCreditNoteRunInput>;
export type TStartCreditNoteRunResult = { runUuid: string };

export const ZIssueCreditNotesInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  trainerUuids: z.array(ZUuid).min(1).max(CREDIT_NOTE_CHUNK_SIZE),
  /** Trainers of the run before this batch and in all (heartbeat and progress). */
  offset: z.number().int().min(0),
  total: z.number().int().min(1),
  locale: ZLocale,
});
export type TIssueCreditNotesInput = z.input<typeof ZIssueCreditNotesInput>;

/**
 * issued: numbered, rendered, stored and recorded now; already_issued: this run did it before (a
 * retry), answered from the row; refused: not billed (reason = a message key), no number used.
 */
export type TCreditNoteOutcome = 'issued' | 'already_issued' | 'refused';
export type TIssuedCreditNote = {
  trainerUuid: string;
  outcome: TCreditNoteOutcome;
  creditNoteUuid?: string;
  number?: string;
  grossCents?: number;
  /** Message key of a refusal (creditNote.refused*). */
  reason?: string;
};
export type TIssueCreditNotesResult = { trainers: TIssuedCreditNote[] };
/** Heartbeat details of issueCreditNotes. */
export type TIssueCreditNotesHeartbeat = { processed: number; total: number };

/** The PDFs of a batch recorded by recordCreditNotes (drawn after its numbering transaction). */
export const ZDrawCreditNotePdfsInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  trainerUuids: z.array(ZUuid).max(1000),
  /** The run's language, for a message to the admin (a full disk); histories recorded before it have none. */
  locale: ZLocale.optional(),
});
export type TDrawCreditNotePdfsInput = z.input<typeof ZDrawCreditNotePdfsInput>;
/** drawn: PDFs drawn by this call (0 when an earlier attempt drew them all). */
export type TDrawCreditNotePdfsResult = { drawn: number };

export const ZQueueCreditNoteEmailsInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  trainerUuids: z.array(ZUuid).max(1000),
  locale: ZLocale,
});
export type TQueueCreditNoteEmailsInput = z.input<typeof ZQueueCreditNoteEmailsInput>;
export type TQueueCreditNoteEmailsResult = {
  /** One entry per trainer with a credit note in this run (trainers without one are left out). */
  trainers: Array<{
    trainerUuid: string;
    /** The outbox row to deliver (also when an earlier attempt recorded it). */
    emailUuid?: string;
    /** no_email: the trainer has no e-mail address; the credit note stays unsent (logged as an error). */
    outcome: 'queued' | 'no_email';
    /** The outbox row's status: 'sent' when an earlier attempt delivered it already. */
    status?: 'queued' | 'sent' | 'failed';
  }>;
};

export const ZMarkCreditNotesSentInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  trainerUuids: z.array(ZUuid).max(1000),
  locale: ZLocale,
});
export type TMarkCreditNotesSentInput = z.input<typeof ZMarkCreditNotesSentInput>;
/** sent: credit notes of these trainers in this run that are marked sent (now or before). */
export type TMarkCreditNotesSentResult = { sent: number };

export const ZCreateRunFilesInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  locale: ZLocale,
});
export type TCreateRunFilesInput = z.input<typeof ZCreateRunFilesInput>;
/** The files a run writes: the accounting files and DATEV's creditor master data beside the booking batch. */
export type TRunFileType = TAccountingFileType | 'DATEV_CREDITORS';
export type TRunFile = {
  type: TRunFileType;
  /** success / error; not_set when the group's accountingFiles does not list the type (the file is still written), or, for PAYOUT_RETURNS, when there is no return to hand over (no file). */
  status: 'success' | 'error' | 'not_set';
  /** Relative to the data directory; null when the file could not be created. */
  filePath: string | null;
  /** The spec's attachment error text ('Error creating SEPA XML file!' …) in the input's locale. */
  error?: string;
};
export type TCreateRunFilesResult = {
  files: TRunFile[];
  /** Totals of the SEPA file (CtrlSum in cents, payments) and of the run's credit notes. */
  sepaControlSumCents?: number;
  sepaPayments?: number;
  creditNotes?: number;
};

export const ZFinishCreditNoteRunInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  issued: z.number().int().min(0),
  refused: z.number().int().min(0),
  locale: ZLocale,
});
export type TFinishCreditNoteRunInput = z.input<typeof ZFinishCreditNoteRunInput>;
/** The settlement's sums (lines of every billed trainer: credit_note_created / credit_note_send). */
export type TFinishCreditNoteRunResult = { netCents: number; vatCents: number; grossCents: number };

export const ZSendAccountingEmailInput = z.object({
  runUuid: ZUuid,
  settlementUuid: ZUuid,
  recipients: z.array(z.email()).min(1).max(20),
  subject: z.string().trim().min(1).max(255),
  /** The admin's rich text, already sanitised by the API (it goes into the e-mail as HTML). */
  bodyHtml: z.string().max(100_000),
  attachments: z.array(ZAccountingFileType).max(ACCOUNTING_FILE_TYPES.length).default([]),
  userUuid: z.string().min(1),
  locale: ZLocale,
  /** The admin's request (one per form submission): with the run it keys the outbox rows. */
  requestUuid: ZUuid,
});
export type TSendAccountingEmailInput = z.input<typeof ZSendAccountingEmailInput>;
export type TSendAccountingEmailResult = { emailUuids: string[] };

// The shapes of the bank's answers to a payout file, as the rest of TrainerPay sees them: the
// statement (camt.053), the debit/credit notification (camt.054) and the payment status report
// (pain.002), each in the two versions German banks send (camt .02 and .08, pain.002 .03 and .10).
// The reader (bank-file.ts) turns any of the six into one identity and a stream of entries; the
// matcher (bank-matching.ts) decides per payout: paid, rejected, returned or untouched. Pure: no
// database, no API; the caller loads the payouts and stores the outcomes.
import type { Readable } from 'node:stream';
import type { MessageKey, MessageParams } from '../messages';

export const BANK_FILE_MESSAGES = [
  'camt.053.001.02',
  'camt.053.001.08',
  'camt.054.001.02',
  'camt.054.001.08',
  'pain.002.001.03',
  'pain.002.001.10',
] as const;
/** The message and version, as in its namespace `urn:iso:std:iso:20022:tech:xsd:<message>`. */
export type BankFileMessage = (typeof BANK_FILE_MESSAGES)[number];
export type BankFileKind = 'camt.053' | 'camt.054' | 'pain.002';

/** What the file is and which account it speaks about: known before its first entry. */
export type BankFileIdentity = {
  message: BankFileMessage;
  kind: BankFileKind;
  /** GrpHdr/MsgId: the bank's id of this file (a second upload of the same file has the same one). */
  messageId: string;
  /** GrpHdr/CreDtTm as written (xs:dateTime). */
  createdAt: string;
  /** camt: Stmt|Ntfctn/Acct/Id/IBAN, normalised (no spaces, upper case); pain.002: null. */
  accountIban: string | null;
  /** camt: Acct/Ccy if the bank states it; null otherwise. */
  currency: string | null;
  /** camt: Stmt|Ntfctn/Id. */
  statementId: string | null;
  /** camt: ElctrncSeqNb (the bank's running number of statements). */
  electronicSequenceNumber: string | null;
  /** camt.053: LglSeqNb (the number printed on the paper statement). */
  legalSequenceNumber: string | null;
  /** camt: FrToDt as dates (YYYY-MM-DD), null when absent. */
  fromDate: string | null;
  toDate: string | null;
  /** pain.002: the payout file it answers (OrgnlGrpInfAndSts/OrgnlMsgId, OrgnlMsgNmId). */
  originalMessageId: string | null;
  originalMessageName: string | null;
  /** pain.002: the status of the whole payout file (GrpSts), null when the bank gives it per payment only. */
  groupStatus: string | null;
};

/** A reason the bank gives (RtrInf/Rsn, StsRsnInf/Rsn): an ISO code or a proprietary one, and its free text. */
export type BankReason = {
  /** The ISO 20022 External Return/Status Reason code (e.g. AC04), or null when only proprietary. */
  code: string | null;
  proprietary: string | null;
  /** AddtlInf lines joined with a space; null when none. */
  additionalInformation: string | null;
};

/**
 * One money movement on the account (camt.053/.054): one TxDtls, or one Ntry without TxDtls (a batch
 * booking the bank does not split). Amounts are positive integer cents; the direction is `creditDebit`.
 */
export type BankBooking = {
  type: 'booking';
  /** 1-based position of the Ntry in the file, and of the TxDtls in it (0 when the Ntry has none). */
  entryNumber: number;
  transactionNumber: number;
  /** NtryRef, if any. */
  entryReference: string | null;
  /**
   * Amount of this transaction in cents: TxDtls/Amt (v08), AmtDtls/TxAmt or InstdAmt, else the Ntry's
   * Amt when the Ntry holds this transaction alone; null when a batch's TxDtls does not state its own.
   */
  amountCents: number | null;
  currency: string;
  creditDebit: 'CRDT' | 'DBIT';
  /** RvslInd: the entry reverses an earlier one (a DBIT reversal is money coming back). */
  reversal: boolean;
  /** Sts (v02) or Sts/Cd (v08): BOOK, PDNG, INFO (or what the bank wrote). */
  status: string;
  bookingDate: string | null;
  valueDate: string | null;
  /**
   * The bank's reference for this movement: TxDtls/Refs/AcctSvcrRef, else Ntry/AcctSvcrRef, suffixed
   * `#<transactionNumber>` when several TxDtls share the Ntry's; null when the bank gives none.
   */
  bankReference: string | null;
  /** TxDtls/Refs/EndToEndId (our credit note number); null for 'NOTPROVIDED' or absent. */
  endToEndId: string | null;
  /** The payout file and payment block this movement belongs to (Btch or Refs MsgId/PmtInfId). */
  batchMessageId: string | null;
  batchPaymentInformationId: string | null;
  /** The Ntry: its total in cents and the number of transactions it says it books (NbOfTxs, or the TxDtls count). */
  entryAmountCents: number;
  entryTransactionCount: number;
  /** True when the Ntry carries no TxDtls: amountCents is the whole batch. */
  withoutDetails: boolean;
  /** The trainer's account and name (RltdPties/Cdtr; the Dbtr when a return names our account as creditor). */
  creditorIban: string | null;
  creditorName: string | null;
  /**
   * BkTxCd of the transaction (else of the Ntry): 'PMNT/ICDT/RRTN' (Domn/Fmly/SubFmly; RRTN is a
   * returned transfer), else the proprietary code (German banks: 'NTRF+159+…', 159 a return); null when none.
   */
  bankTransactionCode: string | null;
  /** RtrInf: set when the movement is a return of a payment. */
  returnReason: BankReason | null;
  /** Chrgs: the charges in cents (0 when none): the TxDtls', else the Ntry's when it holds one transaction. */
  chargesCents: number;
};

/** One status of a pain.002: for the whole file, one payment block, or one payout. */
export type PaymentStatus = {
  type: 'status';
  level: 'group' | 'paymentInformation' | 'transaction';
  /** 1-based position among the statuses of the file. */
  statusNumber: number;
  originalMessageId: string;
  /** OrgnlPmtInfId; null for the group status. */
  originalPaymentInformationId: string | null;
  /** OrgnlEndToEndId; null unless level is 'transaction'. */
  endToEndId: string | null;
  /** StsId, if any. */
  statusId: string | null;
  /** GrpSts / PmtInfSts / TxSts: ACCP, ACSC, ACSP, ACWC, RJCT, PDNG, PART, RCVD … */
  status: string;
  reasons: BankReason[];
  /** OrgnlTxRef/Amt/InstdAmt in cents and its currency; null when the bank does not repeat them. */
  amountCents: number | null;
  currency: string | null;
  /** OrgnlTxRef/CdtrAcct/Id/IBAN, normalised; null when absent. */
  creditorIban: string | null;
};

export type BankEntry = BankBooking | PaymentStatus;

/** A bank file being read: its identity at once, its entries as they are parsed (iterate once). */
export type BankFile = {
  identity: BankFileIdentity;
  entries: AsyncIterable<BankEntry>;
};

/** The bytes of an uploaded file, as a stream (fs.createReadStream, an upload) or chunks. */
export type BankFileSource = Readable | AsyncIterable<Buffer | Uint8Array | string>;

// --- matching ----------------------------------------------------------------------------------

export type PayoutStatus = 'open' | 'paid' | 'rejected' | 'returned' | 'repaid';

/** What TrainerPay paid: one payment of a pain.001 it sent. */
export type PayoutForMatching = {
  payoutUuid: string;
  /** The credit note number, the EndToEndId of the pain.001. */
  endToEndId: string;
  amountCents: number;
  /** Always EUR today; a file in another currency never matches. */
  currency: string;
  creditorIban: string;
  /** GrpHdr/MsgId and PmtInfId of the pain.001 the payout went out in. */
  sepaMessageId: string;
  paymentInformationId: string;
  status: PayoutStatus;
  /** How it got its status: the bank file and reference, or null for 'open' and manual changes. */
  statusSource: { fileMessageId: string; bankReference: string | null } | null;
};

/** An outcome applied by an earlier upload (what makes a second upload of a file harmless). */
export type EarlierOutcome = {
  payoutUuid: string;
  outcome: 'paid' | 'rejected' | 'returned';
  /** The bank file it came from (GrpHdr/MsgId) and the reference inside it (bankReference or pain.002 status key). */
  fileMessageId: string;
  bankReference: string | null;
};

/** Where an outcome or an issue comes from in the file, so the admin can find it. */
export type EntryPosition = {
  /** 'booking' entries: Ntry/TxDtls numbers; 'status': statusNumber. */
  entryNumber: number;
  transactionNumber: number;
  bankReference: string | null;
  endToEndId: string | null;
  amountCents: number | null;
  /** The booking date of a camt entry (YYYY-MM-DD); null for a pain.002 status (the caller dates it by the report). */
  bookingDate: string | null;
  /** The bank's reason (RtrInf/Rsn, StsRsnInf/Rsn): the ISO code, else the proprietary one, and its free text. */
  reasonCode: string | null;
  reasonText: string | null;
};

export type PayoutOutcome =
  | {
      outcome: 'paid';
      payoutUuid: string;
      bookingDate: string | null;
      valueDate: string | null;
      bankReference: string | null;
      /** True when the payout was confirmed inside a batch booking without details (by the batch's sum). */
      byBatchSum: boolean;
      position: EntryPosition;
    }
  | {
      outcome: 'rejected';
      payoutUuid: string;
      /** Which status of the pain.002 rejected it: the whole file, its payment block or the payout. */
      level: PaymentStatus['level'];
      reasonCode: string | null;
      reasonText: string | null;
      /** The key under which `earlier` records it: `<originalMessageId>/<level>/<id>`. */
      bankReference: string;
      position: EntryPosition;
    }
  | {
      outcome: 'returned';
      payoutUuid: string;
      reasonCode: string | null;
      reasonText: string | null;
      /** What came back (may be less than paid: see `partial`) and the fee the banks kept in cents. */
      returnedCents: number;
      feeCents: number;
      partial: boolean;
      bookingDate: string | null;
      bankReference: string | null;
      position: EntryPosition;
    };

/** Why an entry was not applied. The message key is in the catalogue (de, en) for the admin's screen. */
export type MatchIssue = {
  kind: 'unmatched' | 'mismatch' | 'duplicate' | 'contradiction';
  /** The payout concerned, when one was found. */
  payoutUuid: string | null;
  messageKey: MessageKey;
  params: MessageParams;
  position: EntryPosition;
};

export type MatchInput = {
  identity: BankFileIdentity;
  entries: readonly BankEntry[];
  payouts: readonly PayoutForMatching[];
  earlier: readonly EarlierOutcome[];
};

export type MatchResult = {
  /**
   * The changes to apply, in order: at most one of each kind per payout, so a payout may be paid and
   * returned by the same statement (paid first). A batch booking or a rejected file gives one per payout.
   */
  outcomes: PayoutOutcome[];
  /** Entries not applied, with the reason: never guessed, always shown. */
  issues: MatchIssue[];
  /** Entries that repeat an outcome already recorded (the same file uploaded again): nothing to do. */
  alreadyApplied: number;
  /** Entries that are not about our payouts (credits from others, fees, pending/info entries). */
  ignored: number;
  /** pain.002 acceptances (ACCP, ACSP, ACSC, ACWC): the bank took the payment; it is paid when a statement books it. */
  accepted: string[];
};

// --- the functions (implemented in bank-file.ts, bank-matching.ts, reason-codes.ts) ---------------

/** Reads a bank file as it streams in; throws BankFileError for anything that is not one of the six messages. */
export type ReadBankFile = (source: BankFileSource) => Promise<BankFile>;
/** Throws BankFileError when the file is about another account or currency than the studio group's. */
export type CheckBankFileFor = (identity: BankFileIdentity, account: { iban: string; currency: 'EUR' }) => void;
/** Pure, O(entries + payouts): decides per payout; see docs/decisions/0110. */
export type MatchBankEntries = (input: MatchInput) => MatchResult;
/** The plain-language text of an ISO reason code for a trainer, with a fallback for unknown codes. */
export type ReasonText = (code: string | null, locale: string) => string;

// Where they live (import from 'domain/payouts'):
//   readBankFile, readAllBankEntries, checkBankFileFor, parseAmountCents – bank-file.ts
//   BankFileError                    – bank-file-error.ts
//   matchBankEntries                 – bank-matching.ts
//   reasonText, reasonMessage, REASON_CODES – reason-codes.ts (texts in messages/bank-reason.messages.ts)
//   buildCamt053, buildCamt054, buildPain002, payoutFileEntry – bank-file-builders.ts (test files, demo data, bench)

export { creditNoteNumber, parseCreditNoteNumber, type CreditNoteNumberParts } from './number';
export {
  assertValidCreditNote,
  cancellationOf,
  creditNoteIssuer,
  creditNoteProblems,
  creditNoteRecipient,
  creditNoteTotals,
  InvalidCreditNoteError,
  ZCreditNoteDocument,
  ZCreditNoteLine,
  ZCreditNoteParty,
  ZCreditNoteRecipient,
  type TCreditNoteDocument,
  type TCreditNoteLine,
  type TCreditNoteParty,
  type TCreditNoteRateTotals,
  type TCreditNoteRecipient,
  type TCreditNoteTotals,
} from './document';
export { creditNoteTitle, formatVatRate, loadCreditNoteFonts, renderCreditNotePdf } from './pdf';

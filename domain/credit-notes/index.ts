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
export {
  BILLING_REFUSALS,
  billingEligibility,
  billingRefusalKey,
  billingRefusalParams,
  TRAINER_BILLING_REFUSALS,
  type BillingEligibility,
  type BillingFacts,
  type BillingRefusal,
} from './billing-eligibility';

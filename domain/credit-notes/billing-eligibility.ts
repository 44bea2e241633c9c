import { checkTrainerData, type TrainerDataField, type TrainerDataInput } from '../trainer-data';
import { translate, type Locale, type MessageKey } from '../messages';
import type { BillingRefusal } from './billing-refusals';

// May this trainer be paid by credit note (self-billed Gutschrift) in this studio group? The one
// answer every screen and step gives: the selection screen, the data check, the preview check, the
// API's check before a credit-note run starts, and the issue step that takes the numbers.
//
// The facts are those of ONE studio group: a self-billing agreement (§14 (2) Satz 2 UStG) is made
// between the issuing studio group and the trainer, so consent given to another group does not count.

export { BILLING_REFUSALS, TRAINER_BILLING_REFUSALS, type BillingRefusal } from './billing-refusals';

export type BillingFacts = {
  /** What the credit note would print: the settlement's snapshot once prepared, else the trainer record. */
  data: TrainerDataInput;
  /** 'Ist FTE': paid through payroll. */
  isEmployee: boolean;
  /** The trainer changed the IBAN in the portal and staff have not approved it yet. */
  ibanChangePending: boolean;
  /** Consent to self-billing with THIS studio group (portal link or written agreement). */
  selfBillingConsent: boolean;
  /** The trainer in the settlement asked about; absent when no settlement is asked about (selection screen, data check). */
  settlement?: {
    prepared: boolean;
    /** A credit note of an earlier run exists (credit_note_created / credit_note_send). */
    issued: boolean;
    /** With trainer review: the company's latest approval; null when the settlement has no trainer review. */
    approvedByCompany: boolean | null;
  };
};

export type BillingEligibility = {
  billable: boolean;
  /** Every reason that applies, in BILLING_REFUSALS order; empty when billable. */
  reasons: BillingRefusal[];
  /** The data items missing or invalid (for incompleteData). */
  missing: TrainerDataField[];
};

export function billingEligibility(facts: BillingFacts): BillingEligibility {
  const { settlement } = facts;
  // Not prepared in the settlement: there is no snapshot to judge; nothing else is said.
  if (settlement && !settlement.prepared) return { billable: false, reasons: ['notInSettlement'], missing: [] };
  const check = checkTrainerData(facts.data);
  const reasons: BillingRefusal[] = [];
  // Issued in an earlier run: a second credit note needs a cancellation of the first.
  if (settlement?.issued) reasons.push('alreadyIssued');
  if (!check.complete) reasons.push('incompleteData');
  // An employee ('Ist FTE') is paid through payroll, never by credit note.
  if (facts.isEmployee) reasons.push('employee');
  // An IBAN changed in the portal is paid only once staff approved it (a taken-over account must not redirect payouts).
  if (facts.ibanChangePending) reasons.push('ibanNotApproved');
  // §14 (2) UStG: self-billing needs the trainer's prior consent, given to this studio group.
  if (!facts.selfBillingConsent) reasons.push('noConsent');
  if (settlement && settlement.approvedByCompany === false) reasons.push('notApproved');
  return { billable: reasons.length === 0, reasons, missing: check.missing };
}

/** The message key of a refusal: the same text wherever the refusal is told. */
export const billingRefusalKey = (reason: BillingRefusal): MessageKey => `creditNote.refused.${reason}`;

/** The refusal's message parameters besides {trainer}: the missing items in the reader's language. */
export function billingRefusalParams(locale: Locale | string, reason: BillingRefusal, eligibility: Pick<BillingEligibility, 'missing'>): Record<string, string> {
  if (reason !== 'incompleteData') return {};
  return { fields: eligibility.missing.map((item) => translate(locale, `settlement.item.${item}`)).join(', ') };
}

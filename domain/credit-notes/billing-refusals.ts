// The reasons of the billing-eligibility rule (billing-eligibility.ts), apart from it so the API's
// contracts and the web app can name them without the rule's imports.

/** Why a trainer is not billed, in the order the issue step tells them (the first is its refusal). */
export const BILLING_REFUSALS = ['notInSettlement', 'alreadyIssued', 'incompleteData', 'employee', 'ibanNotApproved', 'noConsent', 'notApproved'] as const;
export type BillingRefusal = (typeof BILLING_REFUSALS)[number];

/** The refusals that are the trainer's own facts with the group, whatever settlement asks. */
export const TRAINER_BILLING_REFUSALS: readonly BillingRefusal[] = ['incompleteData', 'employee', 'ibanNotApproved', 'noConsent'];

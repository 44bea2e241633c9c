import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import { BILLING_REFUSALS, billingEligibility, billingRefusalKey, billingRefusalParams, type BillingFacts } from './billing-eligibility';

const completeData: BillingFacts['data'] = {
  street: 'Hauptstraße',
  houseNumber: '1',
  postalCode: '10115',
  city: 'Berlin',
  iban: 'DE89370400440532013000',
  taxNumber: '12/345/67890',
  taxNumberMandatory: false,
  vatId: null,
};

const billable: BillingFacts = { data: completeData, isEmployee: false, ibanChangePending: false, selfBillingConsent: true };
const inSettlement = { prepared: true, issued: false, approvedByCompany: true };

describe('billing eligibility', () => {
  it('bills a trainer with complete data, consent to this group and no other hold', () => {
    expect(billingEligibility(billable)).toEqual({ billable: true, reasons: [], missing: [] });
    expect(billingEligibility({ ...billable, settlement: inSettlement }).billable).toBe(true);
    // Without trainer review no approval is needed.
    expect(billingEligibility({ ...billable, settlement: { ...inSettlement, approvedByCompany: null } }).billable).toBe(true);
  });

  it('refuses without consent to self-billing with this studio group (§14 (2) UStG)', () => {
    expect(billingEligibility({ ...billable, selfBillingConsent: false })).toEqual({ billable: false, reasons: ['noConsent'], missing: [] });
  });

  it('names every reason that applies, in the order the issue step tells the first', () => {
    const eligibility = billingEligibility({
      data: { ...completeData, street: ' ', iban: 'DE00 0000' },
      isEmployee: true,
      ibanChangePending: true,
      selfBillingConsent: false,
      settlement: { prepared: true, issued: true, approvedByCompany: false },
    });
    expect(eligibility.billable).toBe(false);
    expect(eligibility.reasons).toEqual(['alreadyIssued', 'incompleteData', 'employee', 'ibanNotApproved', 'noConsent', 'notApproved']);
    expect(eligibility.missing).toEqual(['street', 'iban']);
    expect(eligibility.reasons).toEqual(BILLING_REFUSALS.filter((reason) => eligibility.reasons.includes(reason)));
  });

  it('says only "not in the settlement" for a trainer who is not prepared in it', () => {
    expect(billingEligibility({ ...billable, selfBillingConsent: false, settlement: { ...inSettlement, prepared: false } })).toEqual({ billable: false, reasons: ['notInSettlement'], missing: [] });
  });

  it('asks about approval and earlier credit notes only when a settlement is asked about', () => {
    expect(billingEligibility({ ...billable, isEmployee: true }).reasons).toEqual(['employee']);
    expect(billingEligibility({ ...billable, settlement: { ...inSettlement, approvedByCompany: false } }).reasons).toEqual(['notApproved']);
  });

  it('tells each reason with one message in both languages, the missing items in the reader’s words', () => {
    for (const reason of BILLING_REFUSALS) {
      expect(translate('en', billingRefusalKey(reason), { trainer: 'Anna Test', fields: 'x' })).toMatch(/^Credit note for Anna Test has not been created: /);
      expect(translate('de', billingRefusalKey(reason), { trainer: 'Anna Test', fields: 'x' })).toMatch(/^Gutschrift für Anna Test wurde nicht erstellt: /);
    }
    const eligibility = billingEligibility({ ...billable, data: { ...completeData, city: null, taxNumber: null } });
    expect(translate('en', billingRefusalKey('incompleteData'), { trainer: 'Anna Test', ...billingRefusalParams('en', 'incompleteData', eligibility) })).toBe(
      'Credit note for Anna Test has not been created: the trainer data is incomplete (City, Tax no.).',
    );
    expect(translate('de', billingRefusalKey('incompleteData'), { trainer: 'Anna Test', ...billingRefusalParams('de', 'incompleteData', eligibility) })).toBe(
      'Gutschrift für Anna Test wurde nicht erstellt: Die Trainerdaten sind unvollständig (Ort, Steuernr.).',
    );
    expect(translate('en', billingRefusalKey('noConsent'), { trainer: 'Anna Test' })).toBe(
      'Credit note for Anna Test has not been created: the trainer has not consented to self-billing for this studio group.',
    );
    expect(billingRefusalParams('en', 'noConsent', eligibility)).toEqual({});
  });
});

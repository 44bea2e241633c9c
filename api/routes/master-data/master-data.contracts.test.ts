import { describe, expect, it } from 'vitest';
import { ZCreatePaymentTypeRuleRequest, ZUpdatePaymentTypeRuleRequest } from '../../../contracts/payment-type-rule.contract';
import { ZStudioGroupSettingsRequest } from '../../../contracts/studio-group-settings.contract';
import { ZUpdateTrainerRequest } from '../../../contracts/trainer.contract';
import { masterDataMessages } from '../../../domain/messages/master-data.messages';
import { isMessageKey } from '../../../domain/messages';

// The contracts the API and the web forms share: what they accept, how they normalise, and that every
// message they can give is a catalogue key in German and English.

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.success ? null : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };

const trainer = {
  firstname: 'Mia',
  lastname: 'Berg',
  companyName: '',
  email: '',
  street: 'Torstraße',
  houseNumber: '1',
  postalCode: '10119',
  city: 'Berlin',
  country: 'de',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  taxNumber: '',
  taxNumberMandatory: false,
  vatId: '136695976',
  vatLiable: true,
};

describe('trainer contract', () => {
  it('normalises what the admin typed: IBAN, BIC, VAT ID with the country prefix, blanks to null', () => {
    expect(ZUpdateTrainerRequest.parse(trainer)).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      vatId: 'DE136695976',
      country: 'DE',
      companyName: null,
      email: null,
      taxNumber: null,
    });
  });

  it('allows incomplete address and bank data but refuses wrong data', () => {
    expect(ZUpdateTrainerRequest.safeParse({ ...trainer, street: '', iban: '', bic: null }).success).toBe(true);
    expect(firstIssue(ZUpdateTrainerRequest.safeParse({ ...trainer, postalCode: '101191' }))).toEqual({ path: 'postalCode', message: 'validation.postalCodeInvalid' });
    expect(firstIssue(ZUpdateTrainerRequest.safeParse({ ...trainer, iban: 'DE89 3704 0044 0532 0130 01' }))).toEqual({ path: 'iban', message: 'validation.ibanInvalid' });
    expect(firstIssue(ZUpdateTrainerRequest.safeParse({ ...trainer, vatId: 'DE123' }))).toEqual({ path: 'vatId', message: 'validation.vatIdInvalid' });
    expect(firstIssue(ZUpdateTrainerRequest.safeParse({ ...trainer, email: 'nope' }))).toEqual({ path: 'email', message: 'validation.email' });
    expect(firstIssue(ZUpdateTrainerRequest.safeParse({ ...trainer, firstname: ' ' }))).toEqual({ path: 'firstname', message: 'validation.notEmpty' });
  });
});

const rule = { name: 'Yoga', validFrom: '2026-01-01', kind: 'hourly', hourlyCents: 3500 };

describe('payment type rule contract', () => {
  it('drops amounts that do not belong to the kind or the booked-slot mode', () => {
    expect(ZCreatePaymentTypeRuleRequest.parse({ ...rule, flatCents: 100, bookedSlotMode: 'none', perSlotCents: 50, bookedSlotThreshold: 3 })).toMatchObject({
      hourlyCents: 3500,
      flatCents: null,
      perSlotCents: null,
      bookedSlotThreshold: null,
      trainerId: null,
      studioUuid: null,
      validTo: null,
      category: null,
    });
  });

  it('refuses negative or fractional amounts, missing amounts, min above max, descending tiers and a validTo before validFrom', () => {
    const cases: Array<[object, string, string]> = [
      [{ hourlyCents: -1 }, 'hourlyCents', 'masterData.rule.amountNegative'],
      [{ hourlyCents: 0.5 }, 'hourlyCents', 'masterData.rule.amountNotCents'],
      [{ hourlyCents: null }, 'hourlyCents', 'masterData.rule.hourlyRequired'],
      [{ kind: 'flat' }, 'flatCents', 'masterData.rule.flatRequired'],
      [{ minCents: 500, maxCents: 400 }, 'minCents', 'masterData.rule.minAboveMax'],
      [{ bookedSlotMode: 'per_slot', bookedSlotThreshold: 5, perSlotCents: -50 }, 'perSlotCents', 'masterData.rule.amountNegative'],
      [{ bookedSlotMode: 'fixed_bonus', fixedBonusCents: 500 }, 'bookedSlotThreshold', 'masterData.rule.thresholdRequired'],
      [{ bookedSlotMode: 'tiers', tiers: [] }, 'tiers', 'masterData.rule.tiersRequired'],
      [{ bookedSlotMode: 'tiers', tiers: [{ fromBookedSlots: 10, bonusCents: 1 }, { fromBookedSlots: 10, bonusCents: 2 }] }, 'tiers.1.fromBookedSlots', 'masterData.rule.tiersAscending'],
      [{ validTo: '2025-12-31' }, 'validTo', 'masterData.rule.validToBeforeValidFrom'],
      [{ validFrom: '2026-02-29' }, 'validFrom', 'masterData.notCalendarDate'],
      // PostgreSQL has no year 0: refused here as a 400, not by the database as a 500.
      [{ validFrom: '0000-01-01' }, 'validFrom', 'masterData.notCalendarDate'],
      [{ hourlyCents: 10_000_001 }, 'hourlyCents', 'masterData.rule.amountTooLarge'],
    ];
    for (const [change, path, message] of cases) {
      expect(firstIssue(ZCreatePaymentTypeRuleRequest.safeParse({ ...rule, ...change })), JSON.stringify(change)).toEqual({ path, message });
    }
  });

  it('lets an edit end a rule the day before its change applies, not earlier', () => {
    const { validFrom: _validFrom, ...values } = rule;
    expect(ZUpdatePaymentTypeRuleRequest.safeParse({ ...values, effectiveFrom: '2026-03-01', validTo: '2026-02-28' }).success).toBe(true);
    expect(firstIssue(ZUpdatePaymentTypeRuleRequest.safeParse({ ...values, effectiveFrom: '2026-03-01', validTo: '2026-02-27' }))).toEqual({
      path: 'validTo',
      message: 'masterData.rule.validToBeforeEffectiveFrom',
    });
    expect(firstIssue(ZUpdatePaymentTypeRuleRequest.safeParse(values))).toMatchObject({ path: 'effectiveFrom' });
  });

  it('reports an edit whose effectiveFrom is no calendar day on that field (found by the fuzz suite: it threw)', () => {
    const { validFrom: _validFrom, ...values } = rule;
    expect(firstIssue(ZUpdatePaymentTypeRuleRequest.safeParse({ ...values, effectiveFrom: '2026-13-45', validTo: '2026-02-27' }))).toMatchObject({ path: 'effectiveFrom' });
  });
});

describe('studio group settings contract', () => {
  const settings = {
    companyName: 'Demo GmbH',
    street: 'Torstraße',
    houseNumber: '1',
    postalCode: '10119',
    city: 'Berlin',
    country: 'DE',
    taxNumber: '',
    vatId: 'de 136 695 976',
    iban: 'DE89370400440532013000',
    bic: '',
    accountingEmail: 'Buchhaltung@Demo.test',
    accountingFiles: ['SEPA_XML'],
    vatRateBasisPoints: 1900,
    creditNotePrefix: 'GS-2',
    sourceSystem: 'csv',
  };

  it('accepts and normalises a valid form', () => {
    expect(ZStudioGroupSettingsRequest.parse(settings)).toMatchObject({ vatId: 'DE136695976', taxNumber: null, bic: null, accountingEmail: 'buchhaltung@demo.test' });
  });

  it('needs a tax number or a VAT ID and refuses out-of-range rates, bad prefixes and unknown files', () => {
    expect(firstIssue(ZStudioGroupSettingsRequest.safeParse({ ...settings, vatId: null }))).toEqual({ path: 'taxNumber', message: 'masterData.settings.taxNumberOrVatId' });
    expect(firstIssue(ZStudioGroupSettingsRequest.safeParse({ ...settings, vatRateBasisPoints: -1 }))).toEqual({ path: 'vatRateBasisPoints', message: 'masterData.settings.vatRate' });
    expect(firstIssue(ZStudioGroupSettingsRequest.safeParse({ ...settings, vatRateBasisPoints: 1900.5 }))).toEqual({ path: 'vatRateBasisPoints', message: 'masterData.settings.vatRate' });
    expect(firstIssue(ZStudioGroupSettingsRequest.safeParse({ ...settings, creditNotePrefix: 'ABCDEFGHIJK' }))).toEqual({ path: 'creditNotePrefix', message: 'masterData.settings.creditNotePrefix' });
    expect(firstIssue(ZStudioGroupSettingsRequest.safeParse({ ...settings, accountingFiles: ['SEPA_XML', 'SEPA_XML'] }))).toEqual({ path: 'accountingFiles', message: 'masterData.settings.accountingFileTwice' });
  });
});

describe('master-data messages', () => {
  it('has every message in both languages with the same placeholders, and every contract message is a key', () => {
    const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(masterDataMessages)) {
      expect(text.de.length, key).toBeGreaterThan(0);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
      expect(isMessageKey(key)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ZReviewPersonalData, type ReviewFormValues } from './review-form';

const valid: ReviewFormValues = {
  firstname: 'Tina',
  lastname: 'Trainer',
  email: 'tina@example.com',
  trainerCompanyName: '',
  trainerStreet: 'Hauptstraße',
  trainerHouse: '1',
  trainerZip: '10115',
  trainerCity: 'Berlin',
  trainerLand: 'Deutschland',
  trainerIban: 'de89 3704 0044 0532 0130 00',
  trainerBic: '',
  istaxrelevant: false,
  trainerTaxno: '12/345/67890',
  trainerUstidno: '',
};

const reasons = (values: Partial<ReviewFormValues>) => {
  const result = ZReviewPersonalData.safeParse({ ...valid, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('review personal-data form', () => {
  it('sends the IBAN normalised and leaves out phone and language', () => {
    const parsed = ZReviewPersonalData.parse(valid);
    expect(parsed.trainerIban).toBe('DE89370400440532013000');
    expect(parsed).not.toHaveProperty('trainerPhone');
    expect(parsed).not.toHaveProperty('language');
  });

  it('requires IBAN and tax number here', () => {
    expect(reasons({ trainerIban: '', trainerTaxno: ' ' })).toEqual({ trainerIban: 'validation.required', trainerTaxno: 'validation.required' });
  });

  it('refuses a bad IBAN checksum, a six-digit postal code and a VAT ID of the wrong format', () => {
    expect(reasons({ trainerIban: 'DE89370400440532013001' })).toEqual({ trainerIban: 'validation.ibanInvalid' });
    expect(reasons({ trainerZip: '101155' })).toEqual({ trainerZip: 'validation.postalCodeInvalid' });
    expect(reasons({ trainerUstidno: 'DE12345' })).toEqual({ trainerUstidno: 'validation.vatIdInvalid' });
  });
});

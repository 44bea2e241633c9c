import { describe, expect, it } from 'vitest';
import { checkTrainerData, type TrainerDataInput } from './completeness';

const complete: TrainerDataInput = {
  street: 'Torstraße',
  houseNumber: '12a',
  postalCode: '10119',
  city: 'Berlin',
  iban: 'DE89 3704 0044 0532 0130 00',
  taxNumber: '11/222/33333',
  taxNumberMandatory: true,
  vatId: null,
};

describe('checkTrainerData', () => {
  it('finds complete data complete (IBAN checked after normalising)', () => {
    expect(checkTrainerData(complete)).toEqual({ complete: true, missing: [], taxNumberMissingButOptional: false });
    expect(checkTrainerData({ ...complete, iban: ' de89-3704-0044-0532-0130-00 ' }).complete).toBe(true);
  });

  it('lists every missing or blank address field in screen order', () => {
    expect(checkTrainerData({ ...complete, city: '  ', street: null, postalCode: undefined, houseNumber: '' })).toEqual({
      complete: false,
      missing: ['street', 'houseNumber', 'postalCode', 'city'],
      taxNumberMissingButOptional: false,
    });
  });

  it('counts an invalid IBAN as missing', () => {
    expect(checkTrainerData({ ...complete, iban: 'DE88 3704 0044 0532 0130 00' }).missing).toEqual(['iban']);
    expect(checkTrainerData({ ...complete, iban: null }).missing).toEqual(['iban']);
  });

  it('requires the tax number where it is mandatory, else the tax number or the VAT ID, and notes an optional one missing', () => {
    expect(checkTrainerData({ ...complete, taxNumber: '' })).toEqual({ complete: false, missing: ['taxNumber'], taxNumberMissingButOptional: false });
    expect(checkTrainerData({ ...complete, taxNumber: '', vatId: 'DE123456789' })).toEqual({ complete: false, missing: ['taxNumber'], taxNumberMissingButOptional: false });
    expect(checkTrainerData({ ...complete, taxNumber: null, taxNumberMandatory: false, vatId: 'DE123456789' })).toEqual({
      complete: true,
      missing: [],
      taxNumberMissingButOptional: true,
    });
    expect(checkTrainerData({ ...complete, taxNumberMandatory: false }).taxNumberMissingButOptional).toBe(false);
  });

  it('counts the tax number missing when neither it nor a VAT ID is there: no credit note (an e-invoice) can be made', () => {
    expect(checkTrainerData({ ...complete, taxNumber: null, taxNumberMandatory: false, vatId: ' ' })).toEqual({
      complete: false,
      missing: ['taxNumber'],
      taxNumberMissingButOptional: false,
    });
  });

  it('does not judge the postal code format here: the spec asks only for a non-empty one', () => {
    expect(checkTrainerData({ ...complete, postalCode: '1234' }).complete).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS } from './message-keys';
import { ZIban, ZOptionalBic, ZOptionalVatId, ZPostalCode, zOptionalVatId } from './schemas';

/** The message keys of a failed parse, or the parsed value. */
function outcome(schema: z.ZodType, value: unknown): { value: unknown } | { errors: string[] } {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { errors: result.error.issues.map((issue) => issue.message) };
}

describe('ZIban', () => {
  it('outputs the normalised IBAN', () => {
    expect(outcome(ZIban, ' de89 3704 0044 0532 0130 00 ')).toEqual({ value: 'DE89370400440532013000' });
  });

  it('answers message keys: required when empty or missing, ibanInvalid when wrong', () => {
    expect(outcome(ZIban, '')).toEqual({ errors: [VALIDATION_MESSAGE_KEYS.required] });
    expect(outcome(ZIban, '   ')).toEqual({ errors: ['validation.required'] });
    expect(outcome(ZIban, undefined)).toEqual({ errors: ['validation.required'] });
    expect(outcome(ZIban, 'DE88 3704 0044 0532 0130 00')).toEqual({ errors: ['validation.ibanInvalid'] });
  });
});

describe('ZOptionalBic', () => {
  it("gives '' for a missing BIC and the upper-case BIC otherwise", () => {
    expect(outcome(ZOptionalBic, undefined)).toEqual({ value: '' });
    expect(outcome(ZOptionalBic, null)).toEqual({ value: '' });
    expect(outcome(ZOptionalBic, ' ')).toEqual({ value: '' });
    expect(outcome(ZOptionalBic, 'deutdeff')).toEqual({ value: 'DEUTDEFF' });
  });

  it('answers bicInvalid for a malformed BIC', () => {
    expect(outcome(ZOptionalBic, 'DEUT')).toEqual({ errors: ['validation.bicInvalid'] });
    expect(outcome(ZOptionalBic, 42)).toEqual({ errors: ['validation.bicInvalid'] });
  });
});

describe('ZOptionalVatId', () => {
  it("gives '' for a missing VAT ID and the compact VAT ID otherwise", () => {
    expect(outcome(ZOptionalVatId, undefined)).toEqual({ value: '' });
    expect(outcome(ZOptionalVatId, '')).toEqual({ value: '' });
    expect(outcome(ZOptionalVatId, 'de 136 695 976')).toEqual({ value: 'DE136695976' });
  });

  it('answers vatIdInvalid for wrong check digits or a missing prefix without country hint', () => {
    expect(outcome(ZOptionalVatId, 'DE136695977')).toEqual({ errors: ['validation.vatIdInvalid'] });
    expect(outcome(ZOptionalVatId, '136695976')).toEqual({ errors: ['validation.vatIdInvalid'] });
    expect(outcome(zOptionalVatId('DE'), '136695976')).toEqual({ value: 'DE136695976' });
  });
});

describe('ZPostalCode', () => {
  it('accepts five digits and answers message keys otherwise', () => {
    expect(outcome(ZPostalCode, ' 10115 ')).toEqual({ value: '10115' });
    expect(outcome(ZPostalCode, '')).toEqual({ errors: ['validation.required'] });
    expect(outcome(ZPostalCode, undefined)).toEqual({ errors: ['validation.required'] });
    expect(outcome(ZPostalCode, '1011')).toEqual({ errors: ['validation.postalCodeInvalid'] });
    expect(outcome(ZPostalCode, 'D-10115')).toEqual({ errors: ['validation.postalCodeInvalid'] });
  });
});

import { describe, expect, it } from 'vitest';
import { isValidGermanPostalCode } from './postal-code';

describe('isValidGermanPostalCode', () => {
  it('accepts exactly five digits, leading zero included', () => {
    expect(isValidGermanPostalCode('10115')).toBe(true);
    expect(isValidGermanPostalCode('01067')).toBe(true);
    expect(isValidGermanPostalCode(' 80331 ')).toBe(true);
  });

  it('refuses other lengths, letters, prefixes and empty input', () => {
    for (const value of ['1011', '101150', 'D-10115', '1011a', '10 115', '', null, undefined, '１０１１５']) {
      expect(isValidGermanPostalCode(value)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isSepaIban, isValidBic, isValidIban, normalizeBic, normalizeIban } from './bank';

describe('normalizeIban', () => {
  it('gives the electronic format: no spaces or hyphens, upper case', () => {
    expect(normalizeIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(normalizeIban('DE89-3704-0044-0532-0130-00')).toBe('DE89370400440532013000');
    expect(normalizeIban('DE89\u00a03704\t0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normalizeIban(null)).toBe('');
    expect(normalizeIban(undefined)).toBe('');
  });
});

describe('isValidIban', () => {
  it('accepts valid IBANs in any spacing and case', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
  });

  it('refuses wrong check digits, wrong length and empty input', () => {
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 0')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban(null)).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });
});

describe('isSepaIban', () => {
  it('tells IBANs a SEPA transfer can reach from others', () => {
    expect(isSepaIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isSepaIban('CH93 0076 2011 6238 5295 7')).toBe(true);
    expect(isSepaIban('BR18 0036 0305 0000 1000 9795 493C 1')).toBe(false);
    expect(isSepaIban('DE88 3704 0044 0532 0130 00')).toBe(false);
  });
});

describe('BIC', () => {
  it('normalises and accepts 8- and 11-character BICs', () => {
    expect(normalizeBic(' deut de ff ')).toBe('DEUTDEFF');
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('deutdeff')).toBe(true);
  });

  it('refuses wrong lengths, unknown countries and empty input', () => {
    expect(isValidBic('DEUTDE')).toBe(false);
    expect(isValidBic('DEUTDEFF5')).toBe(false);
    expect(isValidBic('DEUTXXFF')).toBe(false);
    expect(isValidBic('')).toBe(false);
    expect(isValidBic(null)).toBe(false);
  });
});

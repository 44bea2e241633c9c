import { describe, expect, it } from 'vitest';
import { isValidVatId, normalizeVatId } from './vat-id';

describe('isValidVatId', () => {
  it('treats an empty VAT ID as valid: it is optional', () => {
    expect(isValidVatId('')).toBe(true);
    expect(isValidVatId('   ')).toBe(true);
    expect(isValidVatId(null)).toBe(true);
    expect(isValidVatId(undefined)).toBe(true);
  });

  it('accepts EU VAT IDs with valid check digits, in any spacing and case', () => {
    expect(isValidVatId('DE136695976')).toBe(true);
    expect(isValidVatId('de 136 695 976')).toBe(true);
    expect(isValidVatId('DE-136.695.976')).toBe(true);
    expect(isValidVatId('ATU13585627')).toBe(true);
    expect(isValidVatId('FR40303265045')).toBe(true);
    expect(isValidVatId('NL004495445B01')).toBe(true);
    expect(isValidVatId('EL094259216')).toBe(true);
  });

  it('refuses wrong check digits, wrong formats and non-EU schemes', () => {
    expect(isValidVatId('DE136695977')).toBe(false);
    expect(isValidVatId('DE13669597')).toBe(false);
    expect(isValidVatId('XX136695976')).toBe(false);
    expect(isValidVatId('12/345/67890')).toBe(false); // a German tax number is not a VAT ID
    expect(isValidVatId('51824753556')).toBe(false); // an Australian ABN
    expect(isValidVatId('CHE-123.456.788 MWST')).toBe(false); // Swiss UID
  });

  it('takes the prefix from the country hint when the value has none', () => {
    expect(isValidVatId('136695976')).toBe(false);
    expect(isValidVatId('136695976', 'DE')).toBe(true);
    expect(isValidVatId('136695976', 'de')).toBe(true);
    expect(isValidVatId('094259216', 'GR')).toBe(true);
    expect(isValidVatId('136695976', 'AT')).toBe(false);
    // A value with a prefix keeps it: an Austrian VAT ID stays valid for a trainer living in Germany.
    expect(isValidVatId('ATU13585627', 'DE')).toBe(true);
    expect(isValidVatId('136695976', 'Deutschland')).toBe(false);
  });
});

describe('normalizeVatId', () => {
  it('compacts and prefixes', () => {
    expect(normalizeVatId(' de 136.695.976 ')).toBe('DE136695976');
    expect(normalizeVatId('136695976', 'DE')).toBe('DE136695976');
    expect(normalizeVatId('094259216', 'GR')).toBe('EL094259216');
    expect(normalizeVatId('', 'DE')).toBe('');
  });
});

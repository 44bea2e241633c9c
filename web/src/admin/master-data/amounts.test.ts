import { describe, expect, it } from 'vitest';
import { formatHundredthsForInput, formatPercent, formatPercentForInput, parseHundredths } from './amounts';

describe('parseHundredths', () => {
  it('reads German amounts with a decimal comma and dots between thousands', () => {
    expect(parseHundredths('12,50', 'de')).toEqual({ ok: true, value: 1250 });
    expect(parseHundredths('1.234,56 €', 'de')).toEqual({ ok: true, value: 123456 });
    expect(parseHundredths('1.250', 'de')).toEqual({ ok: true, value: 125000 });
    expect(parseHundredths('0,29', 'de')).toEqual({ ok: true, value: 29 });
    expect(parseHundredths('40', 'de')).toEqual({ ok: true, value: 4000 });
    expect(parseHundredths(',5', 'de')).toEqual({ ok: true, value: 50 });
  });

  it('reads English amounts, and a lone separator before one or two digits as the decimal one in either language', () => {
    expect(parseHundredths('1,234.56', 'en')).toEqual({ ok: true, value: 123456 });
    expect(parseHundredths('12.5', 'en')).toEqual({ ok: true, value: 1250 });
    expect(parseHundredths('12.50', 'de')).toEqual({ ok: true, value: 1250 });
    expect(parseHundredths('12,50', 'en')).toEqual({ ok: true, value: 1250 });
  });

  it('is exact where floats are not', () => {
    expect(parseHundredths('0,29', 'de')).toEqual({ ok: true, value: 29 });
    expect(parseHundredths('1.005,07', 'de')).toEqual({ ok: true, value: 100507 });
    expect(parseHundredths('19,99', 'es')).toEqual({ ok: true, value: 1999 });
  });

  it('answers null for blank and refuses negatives, letters and fractions of a cent', () => {
    expect(parseHundredths('  ', 'de')).toEqual({ ok: true, value: null });
    expect(parseHundredths('-5', 'de')).toEqual({ ok: false, reason: 'negative' });
    expect(parseHundredths('abc', 'de')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseHundredths('1,2,3', 'de')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseHundredths('12,505', 'de')).toEqual({ ok: false, reason: 'tooManyDecimals' });
    expect(parseHundredths('99999999999999999', 'de')).toEqual({ ok: false, reason: 'tooLarge' });
  });
});

describe('formatting for inputs', () => {
  it('writes cents back the way the parser reads them', () => {
    expect(formatHundredthsForInput(1250, 'de')).toBe('12,50');
    expect(formatHundredthsForInput(123456, 'en')).toBe('1234.56');
    expect(formatHundredthsForInput(5, 'de')).toBe('0,05');
    expect(formatHundredthsForInput(null, 'de')).toBe('');
    for (const cents of [0, 1, 29, 1999, 100507]) expect(parseHundredths(formatHundredthsForInput(cents, 'de'), 'de')).toEqual({ ok: true, value: cents });
  });

  it('shows VAT rates as percentages', () => {
    expect(formatPercentForInput(1900, 'de')).toBe('19');
    expect(formatPercentForInput(1950, 'de')).toBe('19,5');
    expect(formatPercentForInput(725, 'en')).toBe('7.25');
    expect(formatPercent(1900, 'de')).toBe('19 %');
    expect(parseHundredths('19,5', 'de')).toEqual({ ok: true, value: 1950 });
  });
});

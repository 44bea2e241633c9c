import type { AppLocale } from '../../shared/i18n/locales';

// Euros and percentages as the admin types them, to integer hundredths (cents, basis points) and
// back — by string arithmetic, never through a float, so 0,29 € is 29 cents and not 28.999….

export type ParsedHundredths = { ok: true; value: number | null } | { ok: false; reason: 'invalid' | 'negative' | 'tooManyDecimals' | 'tooLarge' };

/** German and Spanish write a decimal comma; English a decimal point. */
const decimalCommaLocales: readonly AppLocale[] = ['de', 'es'];
const usesDecimalComma = (locale: AppLocale) => decimalCommaLocales.includes(locale);

/**
 * '1.234,56' (de) or '1,234.56' (en) → 123456; blank → null. A lone separator followed by one or two
 * digits is the decimal separator in either language ('12.50' in German is 12,50, not 1.250).
 */
export function parseHundredths(text: string, locale: AppLocale): ParsedHundredths {
  const compact = text.replace(/\s|\u00a0|€|%|eur/gi, '');
  if (compact === '') return { ok: true, value: null };
  if (compact.startsWith('-')) return { ok: false, reason: 'negative' };
  let decimal = usesDecimalComma(locale) ? ',' : '.';
  const other = decimal === ',' ? '.' : ',';
  const otherCount = compact.split(other).length - 1;
  if (!compact.includes(decimal) && otherCount === 1 && /[.,]\d{1,2}$/.test(compact)) decimal = other;
  const group = decimal === ',' ? '.' : ',';
  const [whole, fraction = '', ...rest] = compact.split(decimal);
  if (rest.length > 0) return { ok: false, reason: 'invalid' };
  const digits = whole.split(group).join('');
  if (!/^\d+$/.test(digits) && !(digits === '' && fraction !== '')) return { ok: false, reason: 'invalid' };
  if (!/^\d*$/.test(fraction)) return { ok: false, reason: 'invalid' };
  if (fraction.length > 2) return { ok: false, reason: 'tooManyDecimals' };
  const value = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) return { ok: false, reason: 'tooLarge' };
  return { ok: true, value };
}

/** 123456 → '1234,56' (de) / '1234.56' (en): what an input shows, without grouping. */
export function formatHundredthsForInput(value: number | null | undefined, locale: AppLocale): string {
  if (value === null || value === undefined) return '';
  const whole = Math.trunc(value / 100);
  const fraction = String(Math.abs(value % 100)).padStart(2, '0');
  return `${whole}${usesDecimalComma(locale) ? ',' : '.'}${fraction}`;
}

/** Basis points as a percentage for an input: 1900 → '19', 1950 → '19,5' (de). */
export function formatPercentForInput(basisPoints: number, locale: AppLocale): string {
  const text = formatHundredthsForInput(basisPoints, locale);
  return text.replace(/[.,]00$/, '').replace(/([.,]\d)0$/, '$1');
}

/** Basis points as a percentage to read: 1900 → '19 %' (de) / '19%' (en). */
export function formatPercent(basisPoints: number, locale: AppLocale): string {
  return `${formatPercentForInput(basisPoints, locale)}${locale === 'en' ? '%' : ' %'}`;
}

// Money is integer cents everywhere (DESIGN "Domain rules"): VAT is rounded once per line and every
// total is a sum of lines, so the screen, the credit note PDF, the SEPA file and the CSV reconcile
// to the cent. Nothing here uses floating-point arithmetic on amounts.

/** VAT rates are basis points: 1900 = 19 %, 700 = 7 %. */
export const BASIS_POINTS_PER_UNIT = 10_000;

export type MoneyTotals = { netCents: number; vatCents: number; grossCents: number };

export const ZERO_TOTALS: Readonly<MoneyTotals> = Object.freeze({ netCents: 0, vatCents: 0, grossCents: 0 });

/** Throws unless `value` is a safe integer: a fractional "cent" is always a bug upstream. */
export function assertCents(value: number, what = 'amount'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer number of cents, got ${value}`);
}

/**
 * numerator × multiplier / denominator, rounded half away from zero, exactly.
 *
 * Half away from zero (not half up towards +∞) so a deduction mirrors a bonus: VAT of −10.50 € at
 * 19 % is −2.00 € just as VAT of +10.50 € is +2.00 €. Within the safe-integer range the product is an
 * exact double and `%` on doubles is exact, so (product − remainder) / denominator is exact too;
 * beyond it BigInt takes over.
 */
export function mulDivRoundHalfAwayFromZero(numerator: number, multiplier: number, denominator: number): number {
  assertCents(numerator, 'numerator');
  assertCents(multiplier, 'multiplier');
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`denominator must be a positive integer, got ${denominator}`);
  const product = numerator * multiplier;
  if (Number.isSafeInteger(product)) {
    const magnitude = Math.abs(product);
    const remainder = magnitude % denominator;
    const quotient = (magnitude - remainder) / denominator;
    const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
    // `0 - rounded`, not `-rounded`: never hand out −0.
    return product < 0 ? 0 - rounded : rounded;
  }
  return bigMulDivRoundHalfAwayFromZero(numerator, multiplier, denominator);
}

function bigMulDivRoundHalfAwayFromZero(numerator: number, multiplier: number, denominator: number): number {
  const product = BigInt(numerator) * BigInt(multiplier);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const bigDenominator = BigInt(denominator);
  let quotient = magnitude / bigDenominator;
  if ((magnitude % bigDenominator) * 2n >= bigDenominator) quotient += 1n;
  const result = Number(negative ? -quotient : quotient);
  if (!Number.isSafeInteger(result)) throw new RangeError('result exceeds the safe integer range of cents');
  return result;
}

/** VAT of one line: net × rate / 10000, rounded half away from zero to whole cents. */
export function vatCents(netCents: number, rateBasisPoints: number): number {
  assertCents(netCents, 'netCents');
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`rateBasisPoints must be a non-negative integer, got ${rateBasisPoints}`);
  }
  return mulDivRoundHalfAwayFromZero(netCents, rateBasisPoints, BASIS_POINTS_PER_UNIT);
}

/** Sum of integer cents; throws on a non-integer or when the sum leaves the safe range. */
export function sumCents(values: Iterable<number>): number {
  let sum = 0;
  for (const value of values) {
    assertCents(value);
    sum += value;
  }
  assertCents(sum, 'sum');
  return sum;
}

/** Component-wise sum of totals (net, VAT and gross each summed on its own, never recomputed). */
export function sumTotals(totals: Iterable<MoneyTotals>): MoneyTotals {
  let netCents = 0;
  let vatCentsSum = 0;
  let grossCents = 0;
  for (const item of totals) {
    netCents += item.netCents;
    vatCentsSum += item.vatCents;
    grossCents += item.grossCents;
  }
  assertCents(netCents, 'net sum');
  assertCents(vatCentsSum, 'VAT sum');
  assertCents(grossCents, 'gross sum');
  return { netCents, vatCents: vatCentsSum, grossCents };
}

/**
 * Cents as euros for a JSON answer (DESIGN "Money in answers"): `centsToEuros(4375)` → 43.75.
 * Built from the integer parts as a decimal literal, never `cents / 100`, so the number is the
 * double nearest to the exact two-decimal amount (what JSON.stringify prints back as "43.75").
 */
export function centsToEuros(cents: number): number {
  assertCents(cents, 'cents');
  const magnitude = Math.abs(cents);
  const centsPart = magnitude % 100;
  // `0 +` turns a −0 (from "-0.00") into 0.
  return 0 + Number(`${cents < 0 ? '-' : ''}${(magnitude - centsPart) / 100}.${String(centsPart).padStart(2, '0')}`);
}

/** The inverse of centsToEuros, for euros read back from an answer or a form: exact to the cent. */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`euros must be a finite number, got ${euros}`);
  const cents = Math.round(euros * 100);
  if (centsToEuros(cents) !== euros) throw new RangeError(`euros must have at most two decimals, got ${euros}`);
  return cents;
}

const euroFormatters = new Map<string, Intl.NumberFormat>();

function euroFormatter(locale: string): Intl.NumberFormat {
  let formatter = euroFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    euroFormatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Cents as a euro amount in the given locale: `formatEuro(123456)` → '1.234,56 €'.
 * The amount goes to Intl as an exact decimal string ("1234.56"), not as cents / 100.
 */
export function formatEuro(cents: number, locale = 'de-DE'): string {
  assertCents(cents, 'cents');
  const magnitude = Math.abs(cents);
  const centsPart = magnitude % 100;
  const decimal = `${cents < 0 ? '-' : ''}${(magnitude - centsPart) / 100}.${String(centsPart).padStart(2, '0')}` as const;
  return euroFormatter(locale).format(decimal as Intl.StringNumericLiteral);
}

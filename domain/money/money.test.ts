import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, formatEuro, mulDivRoundHalfAwayFromZero, sumCents, sumTotals, vatCents } from './money';

/** Reference: exact rational arithmetic with BigInt, rounding half away from zero. */
function referenceVat(netCents: number, rateBasisPoints: number): number {
  const product = BigInt(netCents) * BigInt(rateBasisPoints);
  const magnitude = product < 0n ? -product : product;
  let quotient = magnitude / 10_000n;
  if ((magnitude % 10_000n) * 2n >= 10_000n) quotient += 1n;
  return Number(product < 0n ? -quotient : quotient);
}

// Intl puts a no-break space between amount and sign in de-DE.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('vatCents', () => {
  it('computes 19 % and 7 % of whole amounts', () => {
    expect(vatCents(10_000, 1900)).toBe(1900);
    expect(vatCents(4_500, 700)).toBe(315);
    expect(vatCents(0, 1900)).toBe(0);
    expect(vatCents(12_345, 0)).toBe(0);
  });

  it('rounds an exact half cent up', () => {
    // 10.50 € × 19 % = 1.995 € → 2.00 €
    expect(vatCents(1_050, 1900)).toBe(200);
    // 0.50 € × 7 % = 0.035 € → 0.04 €; 0.50 € × 1 % = 0.005 € → 0.01 €
    expect(vatCents(50, 700)).toBe(4);
    expect(vatCents(50, 100)).toBe(1);
  });

  it('rounds just below a half cent down and just above up', () => {
    // 0.26 € × 19 % = 0.0494 € → 0.05 €; 0.02 € × 19 % = 0.0038 € → 0.00 €
    expect(vatCents(26, 1900)).toBe(5);
    expect(vatCents(2, 1900)).toBe(0);
    // 49.99 € × 1 % = 0.4999 € → 0.50 €; 0.49 € × 1 % = 0.0049 € → 0.00 €
    expect(vatCents(4_999, 100)).toBe(50);
    expect(vatCents(49, 100)).toBe(0);
  });

  it('is exact where float arithmetic on euros is not', () => {
    // 10.05 € × 10 % = 1.005 €; in floats 10.05 * 0.1 = 1.0050000000000001 but 1.005 * 100 = 100.49999999999999.
    expect(vatCents(1_005, 1000)).toBe(101);
    expect(vatCents(150, 1900)).toBe(29); // 28.5 cents
    expect(vatCents(3_150, 1900)).toBe(599); // 598.5 cents
    // Math.round rounds −598.5 to −598; a deduction must get −599.
    expect(Math.round((-3_150 * 1900) / 10_000)).toBe(-598);
    expect(vatCents(-3_150, 1900)).toBe(-599);
  });

  it('mirrors a deduction: negative net gets the negated VAT of the positive net', () => {
    expect(vatCents(-1_050, 1900)).toBe(-200);
    expect(vatCents(-50, 100)).toBe(-1);
    expect(vatCents(-26, 1900)).toBe(-5);
    expect(vatCents(-2, 1900)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (net, rate) => {
        expect(vatCents(-net, rate)).toBe(0 - vatCents(net, rate));
      }),
    );
  });

  it('agrees with exact BigInt arithmetic, also beyond the float-safe product range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 10_000 }), (net, rate) => {
        expect(vatCents(net, rate)).toBe(referenceVat(net, rate));
      }),
    );
    expect(vatCents(900_719_925_474_099, 1900)).toBe(referenceVat(900_719_925_474_099, 1900));
  });

  it('refuses fractional cents and negative rates', () => {
    expect(() => vatCents(10.5, 1900)).toThrow(RangeError);
    expect(() => vatCents(100, 19.5)).toThrow(RangeError);
    expect(() => vatCents(100, -1900)).toThrow(RangeError);
  });
});

describe('mulDivRoundHalfAwayFromZero', () => {
  it('prices 45 minutes of an hourly rate with half-cent rounding', () => {
    expect(mulDivRoundHalfAwayFromZero(4_500, 45, 60)).toBe(3_375);
    expect(mulDivRoundHalfAwayFromZero(1_001, 1, 60)).toBe(17); // 16.68
    expect(mulDivRoundHalfAwayFromZero(30, 1, 60)).toBe(1); // 0.5
    expect(mulDivRoundHalfAwayFromZero(29, 1, 60)).toBe(0);
  });
});

describe('sumCents and sumTotals', () => {
  it('adds integer cents and refuses fractions', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([199, -50, 1])).toBe(150);
    expect(sumCents(new Set([1, 2, 3]))).toBe(6);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });

  it('sums each of net, VAT and gross on its own', () => {
    expect(
      sumTotals([
        { netCents: 1_050, vatCents: 200, grossCents: 1_250 },
        { netCents: -1_050, vatCents: -200, grossCents: -1_250 },
        { netCents: 100, vatCents: 19, grossCents: 119 },
      ]),
    ).toEqual({ netCents: 100, vatCents: 19, grossCents: 119 });
  });
});

describe('formatEuro', () => {
  it('formats German style by default', () => {
    expect(formatEuro(123_456)).toBe(nbsp('1.234,56 €'));
    expect(formatEuro(5)).toBe(nbsp('0,05 €'));
    expect(formatEuro(0)).toBe(nbsp('0,00 €'));
    expect(formatEuro(-1_050)).toBe(nbsp('-10,50 €'));
  });

  it('formats other locales and large amounts without float error', () => {
    expect(formatEuro(123_456, 'en-GB')).toBe('€1,234.56');
    expect(formatEuro(Number.MAX_SAFE_INTEGER)).toBe(nbsp('90.071.992.547.409,91 €'));
  });
});

describe('centsToEuros', () => {
  it('answers euros with two decimals as JSON prints them', () => {
    expect(centsToEuros(4_375)).toBe(43.75);
    expect(JSON.stringify(centsToEuros(210_334))).toBe('2103.34');
    expect(centsToEuros(5)).toBe(0.05);
    expect(centsToEuros(10)).toBe(0.1);
    expect(centsToEuros(0)).toBe(0);
    expect(Object.is(centsToEuros(0), 0)).toBe(true);
    expect(centsToEuros(-1_050)).toBe(-10.5);
    expect(centsToEuros(-5)).toBe(-0.05);
  });

  it('is exact where cents / 100 is not, and round-trips every amount', () => {
    // 1.1 + 2.2 style errors never reach an answer: the literal is parsed once.
    expect(centsToEuros(30)).toBe(0.3);
    expect(centsToEuros(Number.MAX_SAFE_INTEGER)).toBe(90_071_992_547_409.91);
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
        const euros = centsToEuros(cents);
        const text = JSON.stringify(euros);
        expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(eurosToCents(euros)).toBe(cents);
        expect(formatEuro(cents)).toBe(formatEuro(eurosToCents(Number(text))));
      }),
    );
  });

  it('refuses fractional cents, and eurosToCents refuses a third decimal', () => {
    expect(() => centsToEuros(1.5)).toThrow(RangeError);
    expect(() => eurosToCents(1.005)).toThrow(RangeError);
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { vatCents } from '../money';
import { studioCostsCsv, type StudioCostLine } from './studio-costs-csv';

// The accountant's CSV: one row per studio and VAT rate, and a totals row that reconciles to the
// cent with the lines it was made from.

const line = (studioName: string, netCents: number, vatRateBasisPoints = 1900): StudioCostLine => {
  const vat = vatCents(netCents, vatRateBasisPoints);
  return { studioName, vatRateBasisPoints, netCents, vatCents: vat, grossCents: netCents + vat };
};

const lines: StudioCostLine[] = [
  line('München Zentrum', 4_500),
  line('Berlin Mitte', 123_456),
  line('Berlin Mitte', 1_050),
  line('Berlin Mitte', 1_050, 700),
  line('Köln', 3_375, 0),
  line('Berlin Mitte', -1_050),
];

/** Parses the CSV back as a spreadsheet would, without the byte order mark. */
function rows(csv: string, delimiter: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return parse(csv.slice(1), { delimiter, relax_column_count: false });
}

/** '1234,56' or '-10.50' → cents, without float parsing. */
const cents = (text: string) => {
  const match = /^(-?)(\d+)[.,](\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};

describe('studioCostsCsv', () => {
  it('writes German CSV for Excel: BOM, semicolons, decimal comma, one row per studio and rate, a totals row', () => {
    const csv = studioCostsCsv(lines, 'de');
    expect(csv).toContain('\r\n');
    expect(rows(csv, ';')).toEqual([
      ['Studio', 'Netto', 'MwSt. %', 'MwSt.', 'Brutto'],
      ['Berlin Mitte', '10,50', '7', '0,74', '11,24'],
      // 1234.56 + 10.50 - 10.50 at 19 %: VAT 234.57 + 2.00 - 2.00.
      ['Berlin Mitte', '1234,56', '19', '234,57', '1469,13'],
      ['Köln', '33,75', '0', '0,00', '33,75'],
      ['München Zentrum', '45,00', '19', '8,55', '53,55'],
      ['Summe', '1323,81', '', '243,86', '1567,67'],
    ]);
  });

  it('writes English CSV with commas and a decimal point', () => {
    expect(rows(studioCostsCsv(lines, 'en'), ',')).toEqual([
      ['Studio', 'Net', 'VAT %', 'VAT', 'Gross'],
      ['Berlin Mitte', '10.50', '7', '0.74', '11.24'],
      ['Berlin Mitte', '1234.56', '19', '234.57', '1469.13'],
      ['Köln', '33.75', '0', '0.00', '33.75'],
      ['München Zentrum', '45.00', '19', '8.55', '53.55'],
      ['Total', '1323.81', '', '243.86', '1567.67'],
    ]);
  });

  it('quotes names with separators and defuses names Excel would run as formulas', () => {
    const parsed = rows(studioCostsCsv([line('Studio; "Nord"', 100), line('=HYPERLINK("x")', 100), line('Yoga, Süd', 100)], 'de'), ';');
    expect(parsed.map((row) => row[0])).toEqual(['Studio', "'=HYPERLINK(\"x\")", 'Studio; "Nord"', 'Yoga, Süd', 'Summe']);
  });

  it('has only the header and a zero totals row for no lines', () => {
    expect(rows(studioCostsCsv([], 'de'), ';')).toEqual([
      ['Studio', 'Netto', 'MwSt. %', 'MwSt.', 'Brutto'],
      ['Summe', '0,00', '', '0,00', '0,00'],
    ]);
  });

  it('totals row and studio rows always add up to the sums of the input, to the cent', () => {
    const arbitraryLine = fc
      .record({
        studioName: fc.constantFrom('Berlin Mitte', 'Köln', 'München', 'Ärzte-Studio', 'a;b'),
        netCents: fc.integer({ min: -5_000_000, max: 50_000_000 }),
        vatRateBasisPoints: fc.constantFrom(0, 700, 1900),
      })
      .map(({ studioName, netCents, vatRateBasisPoints }) => line(studioName, netCents, vatRateBasisPoints));
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 60 }), fc.constantFrom('de' as const, 'en' as const), (input, locale) => {
        const parsed = rows(studioCostsCsv(input, locale), locale === 'de' ? ';' : ',');
        const body = parsed.slice(1, -1);
        const totals = parsed.at(-1)!;
        const sum = (pick: (entry: StudioCostLine) => number) => input.reduce((total, entry) => total + pick(entry), 0);
        expect(cents(totals[1])).toBe(sum((entry) => entry.netCents));
        expect(cents(totals[3])).toBe(sum((entry) => entry.vatCents));
        expect(cents(totals[4])).toBe(sum((entry) => entry.grossCents));
        expect(body.reduce((total, row) => total + cents(row[4]), 0)).toBe(sum((entry) => entry.grossCents));
        expect(new Set(body.map((row) => `${row[0]}|${row[2]}`)).size).toBe(body.length);
      }),
    );
  });
});

import { stringify } from 'csv-stringify/sync';
import { defuseFormula } from '../csv';
import { translate, type Locale, type MessageKey } from '../messages';
import { sumTotals, type MoneyTotals } from '../money';

// The "studio costs per month" CSV of the accounting e-mail (spec 3 and 9, STUDIO_COSTS_BY_MONTH):
// what each studio cost this month, one row per studio and VAT rate, so the accountant can book it
// per cost centre and tax rate. Rows are sums of the settlement lines, never recomputed VAT, so the
// totals row equals the credit notes' totals to the cent. Written for Excel: UTF-8 with a byte order
// mark, and for 'de' the German separator ';' with a decimal comma.

export type StudioCostLine = MoneyTotals & { studioName: string; vatRateBasisPoints: number };

export type StudioCostRow = MoneyTotals & { studioName: string; vatRateBasisPoints: number };

const BOM = '\uFEFF';
const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** One row per studio and VAT rate, by studio name (German collation) and rate, plus the totals. */
export function studioCostRows(lines: readonly StudioCostLine[]): { rows: StudioCostRow[]; totals: MoneyTotals } {
  const groups = new Map<string, { studioName: string; vatRateBasisPoints: number; lines: StudioCostLine[] }>();
  for (const line of lines) {
    const key = JSON.stringify([line.studioName, line.vatRateBasisPoints]);
    const group = groups.get(key) ?? { studioName: line.studioName, vatRateBasisPoints: line.vatRateBasisPoints, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const rows = [...groups.values()]
    .map((group) => ({ studioName: group.studioName, vatRateBasisPoints: group.vatRateBasisPoints, ...sumTotals(group.lines) }))
    .sort(
      (a, b) =>
        collator.compare(a.studioName, b.studioName) ||
        (a.studioName < b.studioName ? -1 : a.studioName > b.studioName ? 1 : 0) ||
        a.vatRateBasisPoints - b.vatRateBasisPoints,
    );
  return { rows, totals: sumTotals(lines) };
}

/** Cents as a plain decimal for a spreadsheet: 123456 → '1234,56' (de) / '1234.56' (en); no thousands separator. */
export function csvAmount(cents: number, locale: Locale): string {
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(magnitude / 100)}${locale === 'de' ? ',' : '.'}${String(magnitude % 100).padStart(2, '0')}`;
}

/** A VAT rate as a percentage number: 1900 → '19', 750 → '7,5' (de) / '7.5' (en). */
function csvRate(rateBasisPoints: number, locale: Locale): string {
  const fraction = String(rateBasisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${Math.trunc(rateBasisPoints / 100)}${locale === 'de' ? ',' : '.'}${fraction}` : String(Math.trunc(rateBasisPoints / 100));
}

/** The CSV text (with BOM): header, one row per studio and VAT rate, and a totals row. */
export function studioCostsCsv(lines: readonly StudioCostLine[], locale: Locale): string {
  const { rows, totals } = studioCostRows(lines);
  const t = (key: MessageKey) => translate(locale, key);
  const records: string[][] = [
    [t('studioCostsCsv.studio'), t('studioCostsCsv.net'), t('studioCostsCsv.vatRate'), t('studioCostsCsv.vat'), t('studioCostsCsv.gross')],
    ...rows.map((row) => [
      defuseFormula(row.studioName),
      csvAmount(row.netCents, locale),
      csvRate(row.vatRateBasisPoints, locale),
      csvAmount(row.vatCents, locale),
      csvAmount(row.grossCents, locale),
    ]),
    [t('studioCostsCsv.total'), csvAmount(totals.netCents, locale), '', csvAmount(totals.vatCents, locale), csvAmount(totals.grossCents, locale)],
  ];
  return BOM + stringify(records, { delimiter: locale === 'de' ? ';' : ',', record_delimiter: 'windows' });
}

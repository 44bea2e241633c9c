import { stringify } from 'csv-stringify/browser/esm/sync';
import { DateTime } from 'luxon';
import { defuseFormula } from '../../../../domain/csv';
import { centsToEuros, eurosToCents } from '../../../../domain/money';
import { formatEuros } from '../../shared/format';
import type { ColumnKind, ColumnSpec } from './columns';

// How a report cell reads on screen and in the CSV. The CSV is German whatever the UI language:
// ';' between fields, decimal comma without thousands separators, dates as dd.MM.yyyy, UTF-8 with a byte-order mark so spreadsheet programs open umlauts right.

type Say = (key: string) => string;

const asDate = (value: string) => DateTime.fromISO(value, { zone: 'Europe/Berlin' });

/** Screen text of a value (money through the app's one formatter). */
export function cellText(kind: ColumnKind, value: unknown, say: Say, intlLocale: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return formatEuros(Number(value));
    case 'percent':
      return `${String(value).replace('.', ',')} %`;
    case 'int':
      return String(value);
    case 'date':
      return asDate(String(value)).toFormat('dd.MM.yyyy');
    case 'datetime':
      return asDate(String(value)).toFormat('dd.MM.yyyy HH:mm');
    case 'month':
      return asDate(String(value)).setLocale(intlLocale).toFormat('LLLL yyyy');
    case 'billing':
      return say(`billing.${String(value)}`);
    case 'outcome':
      return say(`outcome.${String(value)}`);
    case 'payout':
      return say(`payout.${String(value)}`);
    case 'text':
      return String(value);
  }
}

/** A cents-exact decimal comma number: 1234.5 → '1234,50'. */
export function germanDecimal(euros: number): string {
  const cents = eurosToCents(euros);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function csvValue(kind: ColumnKind, value: unknown, say: Say): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return germanDecimal(Number(value));
    case 'percent':
      return String(value).replace('.', ',');
    case 'int':
      return String(value);
    case 'month':
    case 'date':
      return asDate(String(value)).toFormat('dd.MM.yyyy');
    case 'datetime':
      return asDate(String(value)).toFormat('dd.MM.yyyy HH:mm');
    case 'billing':
    case 'outcome':
    case 'payout':
      return cellText(kind, value, say, 'de-DE');
    case 'text':
      return defuseFormula(String(value));
  }
}

/** The CSV text (with BOM) of the rows as the grid shows them, and the grand-total row. */
export function reportCsv({ columns, rows, total, header, say }: { columns: ColumnSpec[]; rows: Array<Record<string, unknown>>; total: Record<string, unknown> | null; header: (column: ColumnSpec) => string; say: Say }): string {
  const records = [columns.map(header), ...rows.map((row) => columns.map((column) => csvValue(column.kind, row[column.field], say)))];
  if (total) records.push(columns.map((column) => (column.total ? csvValue(column.kind, total[column.field], say) : String(total[column.field] ?? ''))));
  return `\uFEFF${stringify(records, { delimiter: ';', record_delimiter: '\r\n' })}`;
}

/** Sums of the total columns over rows, in cents for money so the total is exact. */
export function totalsOf(columns: ColumnSpec[], rows: Array<Record<string, unknown>>): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const column of columns) {
    if (!column.total) continue;
    if (column.kind === 'money') sums[column.field] = centsToEuros(rows.reduce((sum, row) => sum + eurosToCents(Number(row[column.field] ?? 0)), 0));
    else sums[column.field] = rows.reduce((sum, row) => sum + Number(row[column.field] ?? 0), 0);
  }
  return sums;
}

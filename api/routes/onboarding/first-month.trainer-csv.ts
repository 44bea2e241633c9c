import { parse } from 'csv-parse/sync';
import type { MessageKey, MessageParams } from '../../../domain/messages';
import type { TTrainerCsvColumn } from '../../../contracts/first-month.contract';
import { ZUpdateTrainerRequest, type TUpdateTrainerValues } from '../../../contracts/trainer.contract';
import { isValidVatId } from '../../../domain/validation';

// The trainer CSV of a new studio group (domain/source-systems/README.md, "Trainer CSV"): one row per
// trainer with the data a credit note and a payout need. Every row is checked with the trainer form's
// own contract (the IBAN, BIC, VAT ID, postal code and e-mail validators), so a file cannot store what
// the edit form would refuse. Pure: the caller saves, all rows or none.

/** More rows than any studio group has trainers: a bigger file is a mistake, not a group. */
export const MAX_TRAINER_CSV_ROWS = 5000;

const REQUIRED_COLUMNS: readonly TTrainerCsvColumn[] = ['source_id', 'first_name', 'last_name'];

/** The form field a column fills. */
const FIELD_OF = {
  first_name: 'firstname',
  last_name: 'lastname',
  company_name: 'companyName',
  email: 'email',
  street: 'street',
  house_number: 'houseNumber',
  postal_code: 'postalCode',
  city: 'city',
  country: 'country',
  iban: 'iban',
  bic: 'bic',
  tax_number: 'taxNumber',
  tax_number_mandatory: 'taxNumberMandatory',
  vat_id: 'vatId',
  vat_liable: 'vatLiable',
} as const satisfies Record<Exclude<TTrainerCsvColumn, 'source_id'>, keyof TUpdateTrainerValues>;
type Field = (typeof FIELD_OF)[keyof typeof FIELD_OF];
const COLUMN_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([column, field]) => [field, column])) as Record<Field, TTrainerCsvColumn>;

export type TrainerCsvError = { line: number; column: TTrainerCsvColumn | null; reason: MessageKey; params?: MessageParams };

/** A row's values; a field whose cell was blank is absent: the upload keeps what TrainerPay has. */
export type TrainerCsvRow = { line: number; sourceId: string; values: Partial<TUpdateTrainerValues> };

export type ParseTrainersCsvResult = { ok: true; rows: TrainerCsvRow[] } | { ok: false; errors: TrainerCsvError[] };

/** What the parser needs to know of trainers already stored, by source id: a blank name or country there keeps theirs. */
export type KnownTrainer = { country: string | null };

const YES = new Set(['yes', 'ja', 'true', '1', 'x', 'y', 'j']);
const NO = new Set(['no', 'nein', 'false', '0', 'n']);

function detectDelimiter(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

/**
 * Parses and checks a trainer CSV: every row good (and returned), or every bad cell of every row
 * reported with its line and column. Line numbers count the header as line 1.
 */
export function parseTrainersCsv(text: string, known: ReadonlyMap<string, KnownTrainer>): ParseTrainersCsvResult {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter: detectDelimiter(text), info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    return { ok: false, errors: [{ line: (error as { lines?: number }).lines ?? 1, column: null, reason: 'firstMonth.csv.notCsv', params: { detail: (error as Error).message } }] };
  }
  if (records.length === 0) return { ok: false, errors: [{ line: 1, column: null, reason: 'firstMonth.csv.empty' }] };

  const [headerRecord, ...dataRecords] = records;
  const header = headerRecord!.record.map((name) => name.trim().toLowerCase());
  const columnIndex = new Map<string, number>();
  header.forEach((name, index) => columnIndex.has(name) || columnIndex.set(name, index));
  const missing = REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) return { ok: false, errors: [{ line: 1, column: null, reason: 'firstMonth.csv.missingColumns', params: { columns: missing.join(', ') } }] };
  if (dataRecords.length === 0) return { ok: false, errors: [{ line: 1, column: null, reason: 'firstMonth.csv.noRows' }] };

  const errors: TrainerCsvError[] = [];
  const rows: TrainerCsvRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of dataRecords) {
    const line = info.lines;
    const cell = (column: TTrainerCsvColumn) => {
      const index = columnIndex.get(column);
      return index === undefined ? '' : (record[index] ?? '').trim();
    };
    const rowErrors: TrainerCsvError[] = [];
    if (record.length > header.length) rowErrors.push({ line, column: null, reason: 'firstMonth.csv.tooManyFields', params: { fields: record.length, header: header.length } });

    const sourceId = cell('source_id');
    if (!sourceId) rowErrors.push({ line, column: 'source_id', reason: 'validation.required' });
    else if (firstLineOf.has(sourceId)) rowErrors.push({ line, column: 'source_id', reason: 'firstMonth.csv.duplicateSourceId', params: { sourceId, first: firstLineOf.get(sourceId)! } });
    else firstLineOf.set(sourceId, line);
    const stored = sourceId ? known.get(sourceId) : undefined;

    const yesNo = (column: 'tax_number_mandatory' | 'vat_liable', fallback: boolean) => {
      const text = cell(column).toLowerCase();
      if (text === '') return fallback;
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      rowErrors.push({ line, column, reason: 'firstMonth.csv.yesNo' });
      return fallback;
    };
    // A new trainer needs both names (as the edit form does); a stored one keeps them when blank.
    for (const column of ['first_name', 'last_name'] as const) {
      if (!stored && !cell(column)) rowErrors.push({ line, column, reason: 'validation.required' });
    }
    const parsed = ZUpdateTrainerRequest.safeParse({
      firstname: cell('first_name') || 'kept',
      lastname: cell('last_name') || 'kept',
      companyName: cell('company_name'),
      email: cell('email'),
      street: cell('street'),
      houseNumber: cell('house_number'),
      postalCode: cell('postal_code'),
      city: cell('city'),
      country: cell('country') || stored?.country || 'DE',
      iban: cell('iban'),
      bic: cell('bic'),
      taxNumber: cell('tax_number'),
      taxNumberMandatory: yesNo('tax_number_mandatory', true),
      vatId: cell('vat_id'),
      vatLiable: yesNo('vat_liable', true),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'vatId') continue;
        const column = COLUMN_OF[issue.path[0] as Field] ?? null;
        rowErrors.push({ line, column, reason: issue.message as MessageKey });
      }
    }
    // The form checks the VAT ID only once every other field passed; a file's row names every error at once.
    const vatId = cell('vat_id');
    if (vatId && !isValidVatId(vatId, cell('country').toUpperCase() || stored?.country || 'DE')) rowErrors.push({ line, column: 'vat_id', reason: 'validation.vatIdInvalid' });
    if (rowErrors.length > 0 || !parsed.success) {
      errors.push(...rowErrors);
      continue;
    }
    const values: Partial<TUpdateTrainerValues> = {};
    for (const [column, field] of Object.entries(FIELD_OF) as [TTrainerCsvColumn, Field][]) {
      // A blank cell of a stored trainer is a gap in the file, not a deletion; a new one gets the defaults.
      if (cell(column) === '' && stored) continue;
      (values as Record<string, unknown>)[field] = parsed.data[field];
    }
    rows.push({ line, sourceId, values });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, rows };
}

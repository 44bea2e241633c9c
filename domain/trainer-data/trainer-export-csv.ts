import { stringify } from 'csv-stringify/sync';
import { defuseFormula } from '../csv';
import type { TrainerSnapshot } from './trainer-facts';

// The trainer export (spec admin 2.20, 7 POST /admin/trainer/export): master and bank data of the
// selected trainers as a CSV a German spreadsheet program opens right — UTF-8 with BOM, ';' between
// fields, decimal comma, dates as dd.mm.yyyy.

const BOM = '\uFEFF';

/** The trainer's master and bank data as the settlement snapshot names them, plus the overview's facts. */
export type TrainerExportRow = Omit<TrainerSnapshot, 'id' | 'taxNumberMandatory'> & {
  /** The VAT rate the trainer is billed at, in basis points (1900 = 19 %; 0 when not liable). */
  vatRateBasisPoints: number;
  isEmployee: boolean;
  workflowState: string;
  keywords: readonly string[];
  accountConnected: boolean;
  updatedAt: Date | null;
};

export const TRAINER_EXPORT_HEADER = [
  'Trainer-ID',
  'UUID',
  'Vorname',
  'Nachname',
  'Firma',
  'E-Mail',
  'Straße',
  'Hausnr.',
  'PLZ',
  'Ort',
  'Land',
  'IBAN',
  'BIC',
  'Steuernummer',
  'USt-IdNr.',
  'Umsatzsteuerpflichtig',
  'MwSt-Satz %',
  'Ist FTE',
  'Status',
  'Keywords',
  'Account verbunden',
  'Aktualisiert',
] as const;

const yesNo = (value: boolean) => (value ? 'Ja' : 'Nein');

/** 1900 → '19,00' (decimal comma, two places). */
export function germanPercent(basisPoints: number): string {
  const sign = basisPoints < 0 ? '-' : '';
  const abs = Math.abs(basisPoints);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** dd.mm.yyyy in Europe/Berlin, '' when there is no date. */
export function germanDate(value: Date | null): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(value);
}

const safeCell = (value: string | null | undefined) => defuseFormula(value ?? '');

export function trainerExportCsv(rows: readonly TrainerExportRow[]): string {
  const records = rows.map((row) => [
    safeCell(row.sourceId),
    row.uuid,
    safeCell(row.firstname),
    safeCell(row.lastname),
    safeCell(row.companyName),
    safeCell(row.email),
    safeCell(row.street),
    safeCell(row.houseNumber),
    safeCell(row.postalCode),
    safeCell(row.city),
    safeCell(row.country),
    safeCell(row.iban),
    safeCell(row.bic),
    safeCell(row.taxNumber),
    safeCell(row.vatId),
    yesNo(row.vatLiable),
    germanPercent(row.vatLiable ? row.vatRateBasisPoints : 0),
    yesNo(row.isEmployee),
    row.workflowState,
    safeCell(row.keywords.join(', ')),
    yesNo(row.accountConnected),
    germanDate(row.updatedAt),
  ]);
  return BOM + stringify([[...TRAINER_EXPORT_HEADER], ...records], { delimiter: ';', record_delimiter: 'windows' });
}

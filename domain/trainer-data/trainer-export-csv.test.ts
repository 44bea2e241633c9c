import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { germanPercent, trainerExportCsv, TRAINER_EXPORT_HEADER, type TrainerExportRow } from './trainer-export-csv';

const row: TrainerExportRow = {
  sourceId: 'T-1',
  uuid: '00000000-0000-4000-8000-000000000001',
  firstname: 'Anna',
  lastname: 'Müller',
  companyName: '=SUM(A1)',
  email: 'anna@example.test',
  street: 'Hauptstraße',
  houseNumber: '1a',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  iban: 'DE89370400440532013000',
  bic: null,
  taxNumber: '21/815/08150',
  vatId: null,
  vatLiable: true,
  vatRateBasisPoints: 1900,
  isEmployee: false,
  workflowState: 'approved',
  keywords: ['Yoga', 'Pilates'],
  accountConnected: true,
  updatedAt: new Date('2026-03-04T23:30:00Z'),
};

describe('trainer export CSV', () => {
  it('is German CSV: BOM, semicolons, decimal comma, dd.mm.yyyy, formulas defused', () => {
    const csv = trainerExportCsv([row, { ...row, vatLiable: false, isEmployee: true }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const records = parse(csv.slice(1), { delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([...TRAINER_EXPORT_HEADER]);
    const first = Object.fromEntries(TRAINER_EXPORT_HEADER.map((name, index) => [name, records[1]![index]]));
    expect(first).toMatchObject({ Nachname: 'Müller', Firma: "'=SUM(A1)", IBAN: 'DE89370400440532013000', 'MwSt-Satz %': '19,00', 'Ist FTE': 'Nein', Keywords: 'Yoga, Pilates', Aktualisiert: '05.03.2026' });
    expect(records[2]![16]).toBe('0,00');
    expect(records[2]![17]).toBe('Ja');
  });
  it('writes percentages with a decimal comma', () => {
    expect(germanPercent(700)).toBe('7,00');
    expect(germanPercent(1950)).toBe('19,50');
  });
});

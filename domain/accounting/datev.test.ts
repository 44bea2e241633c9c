import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_BATCH_COLUMNS,
  creditorAccountOf,
  CREDITOR_MASTER_DATA_COLUMNS,
  DATEV_HEADER_FIELDS,
  datevAmount,
  datevBookingBatch,
  datevCreditorMasterData,
  DatevFormatError,
  datevSettingsProblem,
  fiscalYearStartOf,
  type DatevBooking,
  type DatevSettings,
} from './datev';
import { datevFields } from './datev.test-support';

const settings: DatevSettings = { chart: 'SKR03', consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, expenseAccount: 3100, creditorRangeStart: 70000, creditorRangeEnd: 99999 };
const createdAt = new Date('2026-12-01T09:30:15.123Z');

const booking = (overrides: Partial<DatevBooking> = {}): DatevBooking => ({
  documentType: 'credit_note',
  number: 'GS-2026-00001',
  issueDate: '2026-12-01',
  grossCents: 119_000,
  vatRateBasisPoints: 1900,
  creditorAccount: 70001,
  text: 'Gutschrift 11/2026 Jürgen Weiß',
  serviceDate: '2026-11-30',
  ...overrides,
});

describe('DATEV booking batch (EXTF 700, category 21)', () => {
  const batch = datevBookingBatch({
    settings,
    createdAt,
    title: 'Gutschriften 11/2026',
    bookings: [
      booking(),
      booking({ number: 'GS-2026-00002', grossCents: 45_050, vatRateBasisPoints: 0, creditorAccount: 70002, text: 'Gutschrift 11/2026 Zoë Müller' }),
      booking({ number: 'GS-2026-00003', grossCents: 10_700, vatRateBasisPoints: 700, creditorAccount: 70003 }),
      booking({ documentType: 'cancellation', number: 'GS-2026-00004', grossCents: -20_000, creditorAccount: 70004, text: 'Storno GS-2026-00000' }),
      booking({ number: 'GS-2026-00005', grossCents: 0 }),
    ],
  });
  const lines = batch.text.split('\r\n');

  it('has the header of format version 700, category 21, format version 13, with 31 fields and the settings', () => {
    const header = datevFields(lines[0]!);
    expect(header).toHaveLength(DATEV_HEADER_FIELDS);
    expect(header.slice(0, 6)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13', '20261201093015123']);
    expect(header[10]).toBe('29098'); // Beraternummer
    expect(header[11]).toBe('55003'); // Mandantennummer
    expect(header[12]).toBe('20260101'); // WJ-Beginn
    expect(header[13]).toBe('4'); // Sachkontenlänge
    expect(header[14]).toBe('20261201'); // Datum vom
    expect(header[15]).toBe('20261201'); // Datum bis
    expect(header[16]).toBe('"Gutschriften 11/2026"');
    expect(header[18]).toBe('1'); // Buchungstyp Finanzbuchführung
    expect(header[21]).toBe('"EUR"');
    expect(header[26]).toBe('"03"');
  });

  it('has the 125 columns of format version 13 and every booking as many fields', () => {
    expect(BOOKING_BATCH_COLUMNS).toHaveLength(125);
    expect(datevFields(lines[1]!)).toHaveLength(125);
    const rows = lines.slice(2).filter(Boolean);
    expect(rows).toHaveLength(4); // the 0,00 booking is left out
    for (const row of rows) expect(datevFields(row)).toHaveLength(125);
    expect(batch.text.endsWith('\r\n')).toBe(true);
  });

  it('books the gross with its sign, the creditor against the expense account, the tax key and the number', () => {
    const [first, exempt, reduced, cancellation] = lines.slice(2, 6).map(datevFields);
    const column = (row: string[] | undefined, name: string) => row![BOOKING_BATCH_COLUMNS.indexOf(name)];
    expect(column(first, 'Umsatz (ohne Soll/Haben-Kz)')).toBe('1190,00');
    expect(column(first, 'Soll/Haben-Kennzeichen')).toBe('"H"');
    expect(column(first, 'Konto')).toBe('70001');
    expect(column(first, 'Gegenkonto (ohne BU-Schlüssel)')).toBe('3100');
    expect(column(first, 'BU-Schlüssel')).toBe('"9"');
    expect(column(first, 'Belegdatum')).toBe('0112');
    expect(column(first, 'Belegfeld 1')).toBe('"GS-2026-00001"');
    expect(column(first, 'Buchungstext')).toBe('"Gutschrift 11/2026 Jürgen Weiß"');
    expect(column(first, 'Leistungsdatum')).toBe('30112026');
    expect(column(exempt, 'BU-Schlüssel')).toBe('""');
    expect(column(exempt, 'Umsatz (ohne Soll/Haben-Kz)')).toBe('450,50');
    expect(column(reduced, 'BU-Schlüssel')).toBe('"8"');
    expect(column(cancellation, 'Umsatz (ohne Soll/Haben-Kz)')).toBe('200,00');
    expect(column(cancellation, 'Soll/Haben-Kennzeichen')).toBe('"S"');
    expect(batch.sumCents).toBe(119_000 + 45_050 + 10_700 - 20_000);
  });

  it('is Windows-1252: umlauts and ß are one byte each, no UTF-8 sequences', () => {
    const umlautLine = batch.bytes.indexOf(Buffer.from([0xfc])); // ü
    expect(umlautLine).toBeGreaterThan(0);
    expect(batch.bytes.includes(Buffer.from([0xdf]))).toBe(true); // ß
    expect(batch.bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false);
    expect(iconv.decode(batch.bytes, 'win1252')).toBe(batch.text);
  });

  it('refuses what DATEV would refuse: settings out of range, two fiscal years, an unknown rate, nothing to book', () => {
    expect(datevSettingsProblem({ ...settings, consultantNumber: 999 })).toBe('datev.settings.consultantNumber');
    expect(datevSettingsProblem({ ...settings, creditorRangeStart: 7000 })).toBe('datev.settings.creditorRangeLength');
    expect(datevSettingsProblem({ ...settings, creditorRangeStart: 90000, creditorRangeEnd: 80000 })).toBe('datev.settings.creditorRangeOrder');
    const attempt = (bookings: DatevBooking[]) => () => datevBookingBatch({ settings, createdAt, title: 'x', bookings });
    expect(attempt([booking(), booking({ issueDate: '2027-01-02' })])).toThrow(DatevFormatError);
    expect(attempt([booking({ vatRateBasisPoints: 1600 })])).toThrow(/datev.unknownVatRate/);
    expect(attempt([booking({ grossCents: 0 })])).toThrow(/datev.noBookings/);
    expect(() => creditorAccountOf(settings, 30_000)).toThrow(/datev.creditorRangeFull/);
    expect(creditorAccountOf(settings, 17)).toBe(70017);
  });

  it('formats amounts and the fiscal year start as DATEV reads them', () => {
    expect(datevAmount(5)).toBe('0,05');
    expect(datevAmount(-123_456)).toBe('1234,56');
    expect(fiscalYearStartOf('2026-03-15', 7)).toBe('2025-07-01');
    expect(fiscalYearStartOf('2026-07-01', 7)).toBe('2026-07-01');
  });
});

describe('DATEV creditor master data (EXTF 700, category 16)', () => {
  const file = datevCreditorMasterData({
    settings: { ...settings, chart: 'SKR04', expenseAccount: 5900 },
    createdAt,
    creditors: [
      { account: 70002, firstname: 'Zoë', lastname: 'Müller', street: 'Hauptstraße', houseNumber: '5', postalCode: '10115', city: 'Berlin', country: 'DE', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
      { account: 70001, companyName: 'Yoga & Söhne GmbH', street: 'Am Markt', houseNumber: '1', postalCode: '80331', city: 'München', country: 'DE', iban: 'DE02120300000000202051', vatId: 'DE123456789' },
    ],
  });
  const lines = file.text.split('\r\n').filter(Boolean);

  it('has the header of category 16, format version 5 (31 fields) and 254 columns in every line', () => {
    const header = datevFields(lines[0]!);
    expect(header).toHaveLength(DATEV_HEADER_FIELDS);
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '16', '"Debitoren/Kreditoren"', '5']);
    expect(header[26]).toBe('"04"');
    expect(CREDITOR_MASTER_DATA_COLUMNS).toHaveLength(254);
    for (const line of lines.slice(1)) expect(datevFields(line)).toHaveLength(254);
  });

  it('names each trainer with address and IBAN, by account', () => {
    const column = (line: string, name: string) => datevFields(line)[CREDITOR_MASTER_DATA_COLUMNS.indexOf(name)];
    const [company, person] = lines.slice(2);
    expect(column(company!, 'Konto')).toBe('70001');
    expect(column(company!, 'Name (Adressatentyp Unternehmen)')).toBe('"Yoga & Söhne GmbH"');
    expect(column(company!, 'Adressatentyp')).toBe('2');
    expect(column(company!, 'EU-USt-IdNr.')).toBe('"123456789"');
    expect(column(person!, 'Name (Adressatentyp natürl. Person)')).toBe('"Müller"');
    expect(column(person!, 'Vorname (Adressatentyp natürl. Person)')).toBe('"Zoë"');
    expect(column(person!, 'Straße')).toBe('"Hauptstraße 5"');
    expect(column(person!, 'IBAN-Nr. 1')).toBe('"DE89370400440532013000"');
    expect(file.bytes.includes(Buffer.from([0xeb]))).toBe(true); // ë in Windows-1252
  });
});

describe('DATEV files opened in a spreadsheet', () => {
  it('neutralise trainer-typed formulas in the creditors file as the other CSV exports do', () => {
    const { text } = datevCreditorMasterData({
      settings,
      createdAt,
      creditors: [
        { account: 70001, firstname: '@SUM(1+1)', lastname: '=HYPERLINK("http://x")', street: '+Hauptstraße', city: '-Berlin', email: 'a@b.de' },
        { account: 70002, companyName: '=HYPERLINK("http://x")' },
      ],
    });
    const column = (line: string, name: string) => datevFields(line)[CREDITOR_MASTER_DATA_COLUMNS.indexOf(name)];
    const [person, company] = text.split('\r\n').filter(Boolean).slice(2);
    expect(column(person!, 'Name (Adressatentyp natürl. Person)')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(column(person!, 'Vorname (Adressatentyp natürl. Person)')).toBe('"\'@SUM(1+1)"');
    expect(column(person!, 'Kurzbezeichnung')).toBe('"\'@SUM(1+1) =HYP"');
    expect(column(person!, 'Straße')).toBe('"\'+Hauptstraße"');
    expect(column(person!, 'Ort')).toBe('"\'-Berlin"');
    expect(column(person!, 'E-Mail')).toBe('"a@b.de"');
    expect(column(company!, 'Name (Adressatentyp Unternehmen)')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(text).not.toMatch(/(^|;)"[=+\-@]/m);
  });
});

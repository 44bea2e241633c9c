import iconv from 'iconv-lite';
import { defuseFormula } from '../csv';
import { accountLengthOf, datevSettingsProblem, type DatevSettings } from './datev-settings';

export * from './datev-settings';

// The accountant's DATEV import (DATEV-Format "EXTF", header version 700): the booking batch
// (category 21 "Buchungsstapel", format version 13) with one booking per credit note and
// cancellation, and the master data of the trainers as creditors (category 16
// "Debitoren/Kreditoren", format version 5). As DATEV's format description
// (developer.datev.de, "DATEV-Format") prescribes: line 1 the header, line 2 the column names, then
// one line per record; Windows-1252, fields separated by ';', text in double quotes (a quote doubled),
// amounts without thousands separator and with a decimal comma, the booking date as TTMM (the year
// is the header's), other dates as TTMMJJJJ, lines ending CRLF. Positions, not names, are what
// DATEV reads, so every line has exactly as many fields as the column row.

/**
 * BU-Schlüssel (tax key) of a booking with input VAT, by the credit note's rate: DATEV's standard
 * keys, the same in SKR03 and SKR04 (8 = Vorsteuer 7 %, 9 = Vorsteuer 19 %). A trainer without VAT
 * (§19 UStG) gets no key: the gross is the expense.
 */
export const DATEV_INPUT_VAT_KEYS: Readonly<Record<number, string>> = { 700: '8', 1900: '9' };

export class DatevFormatError extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.name = 'DatevFormatError';
  }
}

/**
 * The trainer's creditor account: the range's start plus the trainer record's number (its id), so an
 * account never changes and never goes to another trainer. Past the range's end → an error.
 */
export function creditorAccountOf(settings: Pick<DatevSettings, 'creditorRangeStart' | 'creditorRangeEnd'>, trainerNumber: number): number {
  const account = settings.creditorRangeStart + trainerNumber;
  if (!Number.isSafeInteger(trainerNumber) || trainerNumber < 0 || account > settings.creditorRangeEnd) {
    throw new DatevFormatError('datev.creditorRangeFull', { start: settings.creditorRangeStart, end: settings.creditorRangeEnd });
  }
  return account;
}

// --- columns (DATEV-Format 700) -----------------------------------------------------------------

const numbered = (count: number, make: (n: number) => string[]) => Array.from({ length: count }, (_, index) => make(index + 1)).flat();

/** Category 21, format version 13: 125 columns. */
export const BOOKING_BATCH_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz', 'Konto',
  'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext', 'Postensperre',
  'Diverse Adressnummer', 'Geschäftspartnerbank', 'Sachverhalt', 'Zinssperre', 'Beleglink',
  ...numbered(8, (n) => [`Beleginfo - Art ${n}`, `Beleginfo - Inhalt ${n}`]),
  'KOST1 - Kostenstelle', 'KOST2 - Kostenstelle', 'Kost-Menge', 'EU-Land u. UStID (Bestimmung)', 'EU-Steuersatz (Bestimmung)', 'Abw. Versteuerungsart',
  'Sachverhalt L+L', 'Funktionsergänzung L+L', 'BU 49 Hauptfunktionstyp', 'BU 49 Hauptfunktionsnummer', 'BU 49 Funktionsergänzung',
  ...numbered(20, (n) => [`Zusatzinformation - Art ${n}`, `Zusatzinformation- Inhalt ${n}`]),
  'Stück', 'Gewicht', 'Zahlweise', 'Forderungsart', 'Veranlagungsjahr', 'Zugeordnete Fälligkeit', 'Skontotyp', 'Auftragsnummer', 'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)', 'EU-Land (Anzahlungen)', 'Sachverhalt L+L (Anzahlungen)', 'EU-Steuersatz (Anzahlungen)', 'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz', 'Buchungs GUID', 'KOST-Datum', 'SEPA-Mandatsreferenz', 'Skontosperre', 'Gesellschaftername', 'Beteiligtennummer', 'Identifikationsnummer',
  'Zeichnernummer', 'Postensperre bis', 'Bezeichnung SoBil-Sachverhalt', 'Kennzeichen SoBil-Buchung', 'Festschreibung', 'Leistungsdatum',
  'Datum Zuord. Steuerperiode', 'Fälligkeit', 'Generalumkehr (GU)', 'Steuersatz', 'Land', 'Abrechnungsreferenz', 'BVV-Position',
  'EU-Land u. UStID (Ursprung)', 'EU-Steuersatz (Ursprung)', 'Abw. Skontokonto',
];

const bankBlock = (n: number) => [
  `Bankleitzahl ${n}`, `Bankbezeichnung ${n}`, `Bank-Kontonummer ${n}`, `Länderkennzeichen ${n}`, `IBAN-Nr. ${n}`, 'Leerfeld', `SWIFT-Code ${n}`,
  `Abw. Kontoinhaber ${n}`, `Kennz. Hauptbankverb. ${n}`, `Bankverbindung ${n} Gültig von`, `Bankverbindung ${n} Gültig bis`,
];

/** Category 16, format version 5: 254 columns. */
export const CREDITOR_MASTER_DATA_COLUMNS: readonly string[] = [
  'Konto', 'Name (Adressatentyp Unternehmen)', 'Unternehmensgegenstand', 'Name (Adressatentyp natürl. Person)', 'Vorname (Adressatentyp natürl. Person)',
  'Name (Adressatentyp keine Angabe)', 'Adressatentyp', 'Kurzbezeichnung', 'EU-Mitgliedstaat', 'EU-USt-IdNr.', 'Anrede', 'Titel/Akad.Grad', 'Adelstitel',
  'Namensvorsatz', 'Adressart', 'Straße', 'Postfach', 'Postleitzahl', 'Ort', 'Land', 'Versandzusatz', 'Adresszusatz', 'Abweichende Anrede',
  'Abw. Zustellbezeichnung 1', 'Abw. Zustellbezeichnung 2', 'Kennz. Korrespondenzadresse', 'Adresse Gültig von', 'Adresse Gültig bis', 'Telefon',
  'Bemerkung (Telefon)', 'Telefon Geschäftsleitung', 'Bemerkung (Telefon GL)', 'E-Mail', 'Bemerkung (E-Mail)', 'Internet', 'Bemerkung (Internet)', 'Fax',
  'Bemerkung (Fax)', 'Sonstige', 'Bemerkung (Sonstige)',
  ...numbered(5, bankBlock),
  'Leerfeld', 'Briefanrede', 'Grußformel', 'Kundennummer', 'Steuernummer', 'Sprache', 'Ansprechpartner', 'Vertreter', 'Sachbearbeiter', 'Diverse-Konto',
  'Ausgabeziel', 'Währungssteuerung', 'Kreditlimit (Debitor)', 'Zahlungsbedingung', 'Fälligkeit in Tagen (Debitor)', 'Skonto in Prozent (Debitor)',
  'Kreditoren-Ziel 1 (Tage)', 'Kreditoren-Skonto 1 (%)', 'Kreditoren-Ziel 2 (Tage)', 'Kreditoren-Skonto 2 (%)', 'Kreditoren-Ziel 3 Brutto (Tage)',
  'Kreditoren-Ziel 4 (Tage)', 'Kreditoren-Skonto 4 (%)', 'Kreditoren-Ziel 5 (Tage)', 'Kreditoren-Skonto 5 (%)', 'Mahnung', 'Kontoauszug', 'Mahntext 1',
  'Mahntext 2', 'Mahntext 3', 'Kontoauszugstext', 'Mahnlimit Betrag', 'Mahnlimit %', 'Zinsberechnung', 'Mahnzinssatz 1', 'Mahnzinssatz 2', 'Mahnzinssatz 3',
  'Lastschrift', 'Leerfeld', 'Mandantenbank', 'Zahlungsträger',
  ...numbered(15, (n) => [`Indiv. Feld ${n}`]),
  'Abweichende Anrede (Rechnungsadresse)', 'Adressart (Rechnungsadresse)', 'Straße (Rechnungsadresse)', 'Postfach (Rechnungsadresse)',
  'Postleitzahl (Rechnungsadresse)', 'Ort (Rechnungsadresse)', 'Land (Rechnungsadresse)', 'Versandzusatz (Rechnungsadresse)', 'Adresszusatz (Rechnungsadresse)',
  'Abw. Zustellbezeichnung 1 (Rechnungsadresse)', 'Abw. Zustellbezeichnung 2 (Rechnungsadresse)', 'Adresse Gültig von (Rechnungsadresse)',
  'Adresse Gültig bis (Rechnungsadresse)',
  ...Array.from({ length: 5 }, (_, index) => bankBlock(index + 6)).flat(),
  'Nummer Fremdsystem', 'Insolvent',
  ...numbered(10, (n) => [`SEPA-Mandatsreferenz ${n}`]),
  'Verknüpftes OPOS-Konto', 'Mahnsperre bis', 'Lastschriftsperre bis', 'Zahlungssperre bis', 'Gebührenberechnung', 'Mahngebühr 1', 'Mahngebühr 2', 'Mahngebühr 3',
  'Pauschalenberechnung', 'Verzugspauschale 1', 'Verzugspauschale 2', 'Verzugspauschale 3', 'Alternativer Suchname', 'Status',
  'Anschrift manuell geändert (Korrespondenzadresse)', 'Anschrift individuell (Korrespondenzadresse)', 'Anschrift manuell geändert (Rechnungsadresse)',
  'Anschrift individuell (Rechnungsadresse)', 'Fristberechnung bei Debitor', 'Mahnfrist 1', 'Mahnfrist 2', 'Mahnfrist 3', 'Letzte Frist',
];

/** The header line has 31 fields in format version 700. */
export const DATEV_HEADER_FIELDS = 31;

// --- field formats ------------------------------------------------------------------------------

/**
 * A text field: quoted, a quote doubled, no line breaks, cut to DATEV's length. The files are CSV
 * and the accountant may open them in a spreadsheet, which runs a quoted "=…" too: a formula's
 * first character gets an apostrophe, as in every CSV the platform writes (counted in the length).
 */
export const datevText = (value: string | null | undefined, maxLength = 255) =>
  `"${defuseFormula((value ?? '').replace(/[\r\n\t]+/g, ' ').trim()).slice(0, maxLength).replace(/"/g, '""')}"`;

/** An amount without sign: 123456 → '1234,56' (no thousands separator, decimal comma). */
export function datevAmount(cents: number): string {
  const magnitude = Math.abs(cents);
  return `${Math.trunc(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}

const parts = (isoDate: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new DatevFormatError('datev.invalidDate', { date: isoDate });
  return { year: match[1]!, month: match[2]!, day: match[3]! };
};
/** YYYY-MM-DD → YYYYMMDD (header dates). */
export const datevHeaderDate = (isoDate: string) => Object.values(parts(isoDate)).join('');
/** YYYY-MM-DD → TTMM (Belegdatum: the year is the header's). */
export const datevBookingDate = (isoDate: string) => `${parts(isoDate).day}${parts(isoDate).month}`;
/** YYYY-MM-DD → TTMMJJJJ (Leistungsdatum and other full dates). */
export const datevFullDate = (isoDate: string) => `${parts(isoDate).day}${parts(isoDate).month}${parts(isoDate).year}`;

/** 'Erzeugt am': YYYYMMDDHHMMSSFFF (UTC of the given instant). */
export function datevTimestamp(at: Date): string {
  const iso = at.toISOString(); // 2026-11-24T13:45:01.123Z
  return iso.slice(0, 23).replace(/[-T:.]/g, '');
}

/** The first day of the fiscal year the date falls in (YYYY-MM-DD). */
export function fiscalYearStartOf(isoDate: string, startMonth: number): string {
  const { year, month } = parts(isoDate);
  const startYear = Number(month) >= startMonth ? Number(year) : Number(year) - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/** Windows-1252 bytes of the file (a character the code page lacks becomes '?', as DATEV's own export does). */
export const encodeWindows1252 = (text: string): Buffer => iconv.encode(text, 'win1252');

function headerLine(settings: DatevSettings, fields: { category: 21 | 16; formatName: string; formatVersion: number; createdAt: Date; fiscalYearStart: string; from?: string; to?: string; title?: string }): string {
  const header = [
    datevText('EXTF'), // Kennzeichen: data from a system other than DATEV's
    '700', // Versionsnummer
    String(fields.category), // Formatkategorie
    datevText(fields.formatName), // Formatname
    String(fields.formatVersion), // Formatversion
    datevTimestamp(fields.createdAt), // Erzeugt am
    '', // Importiert (DATEV sets it)
    datevText('RE'), // Herkunft
    datevText('TrainerPay'), // Exportiert von
    datevText(''), // Importiert von
    String(settings.consultantNumber), // Beraternummer
    String(settings.clientNumber), // Mandantennummer
    datevHeaderDate(fields.fiscalYearStart), // WJ-Beginn
    String(accountLengthOf(settings)), // Sachkontenlänge
    fields.from ? datevHeaderDate(fields.from) : '', // Datum vom
    fields.to ? datevHeaderDate(fields.to) : '', // Datum bis
    datevText(fields.title ?? '', 30), // Bezeichnung
    datevText(''), // Diktatkürzel
    fields.category === 21 ? '1' : '', // Buchungstyp: 1 = Finanzbuchführung
    fields.category === 21 ? '0' : '', // Rechnungslegungszweck: 0 = unabhängig
    fields.category === 21 ? '0' : '', // Festschreibung: 0 = the accountant may still change the bookings
    datevText(fields.category === 21 ? 'EUR' : ''), // WKZ
    '', // reserviert
    datevText(''), // Derivatskennzeichen
    '', // reserviert
    '', // reserviert
    datevText(settings.chart === 'SKR03' ? '03' : '04'), // Sachkontenrahmen
    '', // ID der Branchenlösung
    '', // reserviert
    datevText(''), // reserviert
    datevText(''), // Anwendungsinformation
  ];
  return header.join(';');
}

const CRLF = '\r\n';

// --- booking batch ------------------------------------------------------------------------------

export type DatevBooking = {
  /** 'credit_note' or 'cancellation'. */
  documentType: 'credit_note' | 'cancellation';
  /** Belegfeld 1: the document's number (36 characters at most). */
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** Signed: a cancellation carries the original's amounts negated. */
  grossCents: number;
  vatRateBasisPoints: number;
  creditorAccount: number;
  /** Buchungstext (60 characters at most), e.g. 'Gutschrift 11/2026 Anna Berg'. */
  text: string;
  /** Leistungsdatum: the last day of the service month (YYYY-MM-DD). */
  serviceDate: string;
};

/** The tax key of a rate: '' without VAT; an unknown rate cannot be booked with an automatic key. */
export function inputVatKeyOf(vatRateBasisPoints: number): string {
  if (vatRateBasisPoints === 0) return '';
  const key = DATEV_INPUT_VAT_KEYS[vatRateBasisPoints];
  if (!key) throw new DatevFormatError('datev.unknownVatRate', { rate: vatRateBasisPoints / 100 });
  return key;
}

/** One booking line: the creditor (Konto) against the expense account (Gegenkonto), 'H' for a credit note (the group owes the trainer), 'S' for its reversal. */
export function bookingRow(settings: DatevSettings, booking: DatevBooking): string[] {
  const cells = BOOKING_BATCH_COLUMNS.map(() => '');
  const set = (column: string, value: string) => {
    const index = BOOKING_BATCH_COLUMNS.indexOf(column);
    if (index < 0) throw new Error(`DATEV column ${column} unknown`);
    cells[index] = value;
  };
  set('Umsatz (ohne Soll/Haben-Kz)', datevAmount(booking.grossCents));
  set('Soll/Haben-Kennzeichen', datevText(booking.grossCents >= 0 ? 'H' : 'S'));
  set('WKZ Umsatz', datevText('EUR'));
  set('Konto', String(booking.creditorAccount));
  set('Gegenkonto (ohne BU-Schlüssel)', String(settings.expenseAccount));
  set('BU-Schlüssel', datevText(inputVatKeyOf(booking.vatRateBasisPoints)));
  set('Belegdatum', datevBookingDate(booking.issueDate));
  set('Belegfeld 1', datevText(booking.number, 36));
  set('Buchungstext', datevText(booking.text, 60));
  set('Leistungsdatum', datevFullDate(booking.serviceDate));
  return cells;
}

/**
 * The booking batch of a run: header, column row, a booking per document with a non-zero amount
 * (DATEV refuses 0,00). All documents must lie in one fiscal year (DATEV's rule for a batch).
 */
export function datevBookingBatch({ settings, bookings, createdAt, title }: { settings: DatevSettings; bookings: readonly DatevBooking[]; createdAt: Date; title: string }): {
  text: string;
  bytes: Buffer;
  bookings: number;
  /** Signed sum of the batch: credit ('H') positive. */
  sumCents: number;
} {
  const problem = datevSettingsProblem(settings);
  if (problem) throw new DatevFormatError(problem);
  const booked = bookings.filter((booking) => booking.grossCents !== 0);
  if (booked.length === 0) throw new DatevFormatError('datev.noBookings');
  const dates = booked.map((booking) => booking.issueDate).sort();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const fiscalYearStart = fiscalYearStartOf(from, settings.fiscalYearStartMonth);
  if (fiscalYearStartOf(to, settings.fiscalYearStartMonth) !== fiscalYearStart) throw new DatevFormatError('datev.spansFiscalYears', { from, to });
  const lines = [
    headerLine(settings, { category: 21, formatName: 'Buchungsstapel', formatVersion: 13, createdAt, fiscalYearStart, from, to, title }),
    BOOKING_BATCH_COLUMNS.join(';'),
    ...booked.map((booking) => bookingRow(settings, booking).join(';')),
  ];
  const text = lines.join(CRLF) + CRLF;
  return { text, bytes: encodeWindows1252(text), bookings: booked.length, sumCents: booked.reduce((sum, booking) => sum + booking.grossCents, 0) };
}

// --- creditor master data -----------------------------------------------------------------------

export type DatevCreditor = {
  account: number;
  companyName?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  street?: string | null;
  houseNumber?: string | null;
  postalCode?: string | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
  iban?: string | null;
  bic?: string | null;
  vatId?: string | null;
  taxNumber?: string | null;
  email?: string | null;
};

export function creditorRow(creditor: DatevCreditor): string[] {
  const cells = CREDITOR_MASTER_DATA_COLUMNS.map(() => '');
  const set = (column: string, value: string) => {
    const index = CREDITOR_MASTER_DATA_COLUMNS.indexOf(column);
    if (index < 0) throw new Error(`DATEV column ${column} unknown`);
    cells[index] = value;
  };
  const company = creditor.companyName?.trim();
  const personName = [creditor.firstname, creditor.lastname].filter(Boolean).join(' ').trim();
  set('Konto', String(creditor.account));
  if (company) {
    set('Name (Adressatentyp Unternehmen)', datevText(company, 50));
    set('Adressatentyp', '2');
  } else {
    set('Name (Adressatentyp natürl. Person)', datevText(creditor.lastname, 30));
    set('Vorname (Adressatentyp natürl. Person)', datevText(creditor.firstname, 30));
    set('Adressatentyp', '1');
  }
  set('Kurzbezeichnung', datevText(company || personName, 15));
  const vatId = creditor.vatId?.replace(/\s+/g, '').toUpperCase();
  if (vatId && /^[A-Z]{2}/.test(vatId)) {
    set('EU-Mitgliedstaat', datevText(vatId.slice(0, 2)));
    set('EU-USt-IdNr.', datevText(vatId.slice(2), 13));
  }
  set('Adressart', datevText('STR'));
  set('Straße', datevText([creditor.street, creditor.houseNumber].filter(Boolean).join(' '), 36));
  set('Postleitzahl', datevText(creditor.postalCode, 10));
  set('Ort', datevText(creditor.city, 30));
  set('Land', datevText(creditor.country ?? 'DE', 2));
  set('E-Mail', datevText(creditor.email, 60));
  const iban = creditor.iban?.replace(/\s+/g, '').toUpperCase();
  if (iban) {
    set('Länderkennzeichen 1', datevText(iban.slice(0, 2)));
    set('IBAN-Nr. 1', datevText(iban, 34));
    set('SWIFT-Code 1', datevText(creditor.bic?.trim().toUpperCase(), 11));
    set('Kennz. Hauptbankverb. 1', datevText('1'));
  }
  set('Steuernummer', datevText(creditor.taxNumber, 20));
  return cells;
}

/** The trainers as creditors (category 16), one line each, by account. */
export function datevCreditorMasterData({ settings, creditors, createdAt }: { settings: DatevSettings; creditors: readonly DatevCreditor[]; createdAt: Date }): { text: string; bytes: Buffer; creditors: number } {
  const problem = datevSettingsProblem(settings);
  if (problem) throw new DatevFormatError(problem);
  const sorted = [...creditors].sort((a, b) => a.account - b.account);
  const fiscalYearStart = fiscalYearStartOf(createdAt.toISOString().slice(0, 10), settings.fiscalYearStartMonth);
  const lines = [
    headerLine(settings, { category: 16, formatName: 'Debitoren/Kreditoren', formatVersion: 5, createdAt, fiscalYearStart }),
    CREDITOR_MASTER_DATA_COLUMNS.join(';'),
    ...sorted.map((creditor) => creditorRow(creditor).join(';')),
  ];
  const text = lines.join(CRLF) + CRLF;
  return { text, bytes: encodeWindows1252(text), creditors: sorted.length };
}

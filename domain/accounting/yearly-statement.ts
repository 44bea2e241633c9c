import PDFDocument from 'pdfkit';
import { translate, type Locale, type MessageKey, type MessageParams } from '../messages';
import { formatEuro, sumTotals, type MoneyTotals } from '../money';

// The trainer's yearly statement per studio group: every credit note and cancellation
// issued in a calendar year with net, VAT and gross, and the year's totals overall and per VAT
// rate — what a trainer needs for the income-tax and VAT returns. The amounts are the stored
// documents' sums (never recomputed), so the totals are the notes' totals to the cent.

export type YearlyStatementRateTotals = MoneyTotals & { vatRateBasisPoints: number };

export type YearlyStatementRow = MoneyTotals & {
  number: string;
  documentType: 'credit_note' | 'cancellation';
  /** The credit note a cancellation cancels. */
  cancelsNumber?: string | null;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** The settlement month's last day (YYYY-MM-DD). */
  serviceMonth: string;
  /** The document's sums per VAT rate. */
  byRate: YearlyStatementRateTotals[];
};

export type YearlyStatementParty = {
  name: string;
  street?: string | null;
  houseNumber?: string | null;
  postalCode?: string | null;
  city?: string | null;
  taxNumber?: string | null;
  vatId?: string | null;
};

export type YearlyStatement = {
  year: number;
  locale: Locale;
  studioGroup: YearlyStatementParty;
  trainer: YearlyStatementParty;
  rows: YearlyStatementRow[];
  /** YYYY-MM-DD. */
  createdOn: string;
};

/** The year's totals and, ascending by rate, the totals per VAT rate. */
export function yearlyStatementTotals(rows: readonly YearlyStatementRow[]): MoneyTotals & { byRate: YearlyStatementRateTotals[] } {
  const rates = new Map<number, YearlyStatementRateTotals[]>();
  for (const rate of rows.flatMap((row) => row.byRate)) rates.set(rate.vatRateBasisPoints, [...(rates.get(rate.vatRateBasisPoints) ?? []), rate]);
  const byRate = [...rates.entries()].sort(([a], [b]) => a - b).map(([vatRateBasisPoints, parts]) => ({ vatRateBasisPoints, ...sumTotals(parts) }));
  return { ...sumTotals(rows), byRate };
}

const COLUMNS = [
  { key: 'number', width: 95, align: 'left' },
  { key: 'date', width: 62, align: 'left' },
  { key: 'document', width: 110, align: 'left' },
  { key: 'period', width: 58, align: 'left' },
  { key: 'net', width: 60, align: 'right' },
  { key: 'vat', width: 55, align: 'right' },
  { key: 'gross', width: 65, align: 'right' },
] as const;

const dateOf = (isoDate: string, locale: Locale) => {
  const [year, month, day] = isoDate.split('-');
  return locale === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
};
const periodOf = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
const rateOf = (basisPoints: number, locale: Locale) => `${new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }).format(basisPoints / 100)} %`;

/** The statement as a PDF (A4, pdfkit's Helvetica; a page break repeats the table head). */
export function renderYearlyStatementPdf(statement: YearlyStatement): Promise<Buffer> {
  const { locale } = statement;
  const t = (key: MessageKey, params?: MessageParams) => translate(locale, key, params);
  const euro = (cents: number) => formatEuro(cents, locale === 'de' ? 'de-DE' : 'en-GB');
  const doc = new PDFDocument({ size: 'A4', margins: { top: 50, bottom: 60, left: 50, right: 50 }, info: { Title: t('yearlyStatement.title', { year: statement.year }), Producer: 'TrainerPay', CreationDate: new Date(`${statement.createdOn}T00:00:00Z`) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const party = (title: string, who: YearlyStatementParty, x: number, y: number) => {
    doc.font('Helvetica-Bold').fontSize(9).text(title, x, y, { width: 240 });
    doc.font('Helvetica').fontSize(10).text(who.name, { width: 240 });
    const street = [who.street, who.houseNumber].filter(Boolean).join(' ');
    if (street) doc.text(street, { width: 240 });
    const city = [who.postalCode, who.city].filter(Boolean).join(' ');
    if (city) doc.text(city, { width: 240 });
    if (who.taxNumber) doc.text(`${t('yearlyStatement.taxNumber')}: ${who.taxNumber}`, { width: 240 });
    if (who.vatId) doc.text(`${t('yearlyStatement.vatId')}: ${who.vatId}`, { width: 240 });
    return doc.y;
  };

  doc.font('Helvetica-Bold').fontSize(18).text(t('yearlyStatement.title', { year: statement.year }), left, 50);
  const top = doc.y + 12;
  const bottom = Math.max(party(t('yearlyStatement.trainer'), statement.trainer, left, top), party(t('yearlyStatement.issuer'), statement.studioGroup, left + 260, top));
  doc.font('Helvetica').fontSize(10).text(t('yearlyStatement.intro', { studioGroup: statement.studioGroup.name, year: statement.year }), left, bottom + 16, { width: 495 });
  doc.moveDown(1);

  const cells = (values: string[], { bold = false }: { bold?: boolean } = {}) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      head();
    }
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let height = 0;
    COLUMNS.forEach((column, index) => {
      doc.text(values[index] ?? '', x, y, { width: column.width - 4, align: column.align });
      height = Math.max(height, doc.y - y);
      x += column.width;
    });
    doc.x = left;
    doc.y = y + height + 3;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + 505, doc.y).lineWidth(0.5).stroke();
    doc.y += 3;
  };
  const head = () => {
    cells(COLUMNS.map((column) => t(`yearlyStatement.${column.key}` as MessageKey)), { bold: true });
    rule();
  };

  if (statement.rows.length === 0) {
    doc.font('Helvetica').fontSize(10).text(t('yearlyStatement.none', { year: statement.year }), left);
  } else {
    head();
    for (const row of statement.rows) {
      const kind = row.documentType === 'cancellation' ? t('yearlyStatement.cancellation', { number: row.cancelsNumber ?? '' }) : t('yearlyStatement.creditNote');
      cells([row.number, dateOf(row.issueDate, locale), kind, periodOf(row.serviceMonth), euro(row.netCents), euro(row.vatCents), euro(row.grossCents)]);
    }
    rule();
    const totals = yearlyStatementTotals(statement.rows);
    cells([t('yearlyStatement.total', { year: statement.year }), '', '', '', euro(totals.netCents), euro(totals.vatCents), euro(totals.grossCents)], { bold: true });
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(9);
    for (const rate of totals.byRate) {
      doc.text(t('yearlyStatement.byRate', { rate: rateOf(rate.vatRateBasisPoints, locale), net: euro(rate.netCents), vat: euro(rate.vatCents) }), left);
    }
  }
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(t('yearlyStatement.created', { date: dateOf(statement.createdOn, locale) }), left);
  doc.end();
  return done;
}

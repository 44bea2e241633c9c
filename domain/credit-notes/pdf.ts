import { friendlyFormatIBAN } from 'ibantools';
import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';
import { translate, type MessageKey, type MessageParams } from '../messages';
import { formatEuro } from '../money';
import { VAT_EXEMPTION_NOTE } from '../pay';
import { monthInstants, monthTitle, SETTLEMENT_TIME_ZONE } from '../settlement/month';
import { assertValidCreditNote, creditNoteTotals, type TCreditNoteDocument, type TCreditNoteLine, type TCreditNoteParty } from './document';

// The credit note PDF. It carries what §14 (4) UStG asks of a self-billed invoice: both parties'
// names and addresses, the trainer's tax number or VAT ID, issue date, number, service period, the
// classes, net per VAT rate, rate and VAT or the §19 exemption note, gross and the word "Gutschrift".
// A cancelling document never carries that word (a second "Gutschrift" would be a second invoice).
//
// The bytes are deterministic — same document, same Buffer — so a retried activity writes the same
// file with the same sha256, and the stored hash proves the document was not changed. That is why
// the PDF dates come from the issue date and only the built-in Helvetica is used (no font subsets
// with generated names, no system fonts that differ between machines).

const PAGE_MARGIN = { top: 50, bottom: 60, left: 50, right: 50 };
const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9;
const CELL_PADDING = 4;

type Column = { key: 'date' | 'studio' | 'class' | 'duration' | 'bookedSlots' | 'net'; width: number; align: 'left' | 'right' };
const COLUMNS: Column[] = [
  { key: 'date', width: 76, align: 'left' },
  { key: 'studio', width: 90, align: 'left' },
  { key: 'class', width: 159, align: 'left' },
  { key: 'duration', width: 48, align: 'right' },
  { key: 'bookedSlots', width: 44, align: 'right' },
  { key: 'net', width: 78, align: 'right' },
];

// Characters the standard PDF fonts can show (WinAnsiEncoding): Latin-1 plus a few typographic ones.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text as the built-in font can draw it: accents the font lacks are dropped ('ł' → 'l'), anything else becomes '?'. */
function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) {
      out += char;
      continue;
    }
    if (code < 0x20) {
      out += ' ';
      continue;
    }
    const base = char
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[łŁđĐħĦıøØ]/g, (c) => ({ ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ø: 'o', Ø: 'O' })[c]!);
    out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
  }
  return out;
}

/** A VAT rate in basis points as the locale writes a percentage number: 1900 → '19', 750 → '7,5' / '7.5'. */
export function formatVatRate(rateBasisPoints: number, locale: 'de' | 'en'): string {
  const whole = Math.trunc(rateBasisPoints / 100);
  const fraction = String(rateBasisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}${locale === 'de' ? ',' : '.'}${fraction}` : String(whole);
}

const numberLocale = (locale: 'de' | 'en') => (locale === 'de' ? 'de-DE' : 'en-GB');
const euro = (cents: number, locale: 'de' | 'en') => formatEuro(cents, numberLocale(locale));
const germanDate = (isoDate: string) => DateTime.fromISO(isoDate, { zone: SETTLEMENT_TIME_ZONE }).toFormat('dd.MM.yyyy');
const classDateTime = (instant: string) => DateTime.fromISO(instant, { setZone: true }).setZone(SETTLEMENT_TIME_ZONE).toFormat('dd.MM.yyyy HH:mm');

/** The document's title: 'Gutschrift', or for a cancellation a title that names the original without that word. */
export function creditNoteTitle(doc: Pick<TCreditNoteDocument, 'documentType' | 'locale' | 'cancelsNumber'>): string {
  return doc.documentType === 'cancellation'
    ? translate(doc.locale, 'creditNote.pdf.cancellationTitle', { number: doc.cancelsNumber ?? '' })
    : translate(doc.locale, 'creditNote.pdf.title');
}

/** Renders the credit note or cancellation as a PDF; throws InvalidCreditNoteError for an inconsistent document. */
export async function renderCreditNotePdf(doc: TCreditNoteDocument): Promise<Buffer> {
  assertValidCreditNote(doc);
  const t = (key: MessageKey, params?: MessageParams) => pdfText(translate(doc.locale, key, params));
  const title = pdfText(creditNoteTitle(doc));
  const issued = DateTime.fromISO(doc.issueDate, { zone: 'UTC' }).toJSDate();

  const pdf = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGIN,
    bufferPages: true,
    lang: doc.locale === 'de' ? 'de-DE' : 'en-GB',
    displayTitle: true,
    info: {
      Title: `${title} ${doc.number}`,
      Author: pdfText(doc.issuer.name),
      Subject: `${title} ${doc.number}`,
      Creator: 'TrainerPay',
      Producer: 'TrainerPay',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = PAGE_MARGIN.left;
  const contentWidth = pdf.page.width - PAGE_MARGIN.left - PAGE_MARGIN.right;
  const bottom = () => pdf.page.height - PAGE_MARGIN.bottom;

  // --- parties --------------------------------------------------------------------------------
  const partyLines = (party: TCreditNoteParty) => {
    const lines = [party.name, `${party.street} ${party.houseNumber}`.trim(), `${party.postalCode} ${party.city}`.trim()];
    if (party.country !== 'DE') lines.push(party.country);
    if (party.taxNumber) lines.push(translate(doc.locale, 'creditNote.pdf.taxNumber', { value: party.taxNumber }));
    if (party.vatId) lines.push(translate(doc.locale, 'creditNote.pdf.vatId', { value: party.vatId }));
    return lines.filter((line) => line !== '').map(pdfText);
  };
  const partyWidth = contentWidth / 2 - 10;
  const drawParty = (label: string, party: TCreditNoteParty, x: number, y: number) => {
    pdf.font(FONT_BOLD).fontSize(8).fillColor('#555555').text(label, x, y, { width: partyWidth });
    pdf.font(FONT).fontSize(BODY_SIZE).fillColor('black');
    const [name, ...rest] = partyLines(party);
    pdf.font(FONT_BOLD).text(name, x, pdf.y + 2, { width: partyWidth });
    pdf.font(FONT);
    for (const line of rest) pdf.text(line, x, pdf.y, { width: partyWidth });
    return pdf.y;
  };
  const top = PAGE_MARGIN.top;
  const issuerEnd = drawParty(t('creditNote.pdf.issuer'), doc.issuer, left, top);
  const recipientEnd = drawParty(t('creditNote.pdf.recipient'), doc.recipient, left + contentWidth / 2 + 10, top);
  let y = Math.max(issuerEnd, recipientEnd) + 28;

  // --- title and facts ------------------------------------------------------------------------
  pdf.font(FONT_BOLD).fontSize(18).text(title, left, y, { width: contentWidth });
  y = pdf.y + 4;
  const intro =
    doc.documentType === 'cancellation'
      ? t('creditNote.pdf.cancellationNote', { number: doc.cancelsNumber ?? '' })
      : t('creditNote.pdf.selfBillingNote');
  pdf.font(FONT).fontSize(BODY_SIZE).text(intro, left, y, { width: contentWidth });
  y = pdf.y + 10;

  const period = monthInstants(doc.serviceMonth);
  const facts: Array<[string, string]> = [
    [t('creditNote.pdf.number'), pdfText(doc.number)],
    [t('creditNote.pdf.issueDate'), germanDate(doc.issueDate)],
    [
      t('creditNote.pdf.servicePeriod'),
      t('creditNote.pdf.servicePeriodValue', {
        month: monthTitle(doc.serviceMonth, doc.locale),
        from: germanDate(period.firstDay),
        to: germanDate(period.lastDay),
      }),
    ],
  ];
  for (const [label, value] of facts) {
    pdf.font(FONT_BOLD).text(label, left, y, { width: 120 });
    pdf.font(FONT).text(value, left + 120, y, { width: contentWidth - 120 });
    y = pdf.y + 2;
  }
  y += 12;

  // --- the lines ------------------------------------------------------------------------------
  const cellTexts = (line: TCreditNoteLine): Record<Column['key'], string> => ({
    date: line.date ? classDateTime(line.date) : '',
    studio: pdfText(line.studioName ?? ''),
    class: line.kind === 'admin' ? t('creditNote.pdf.adminLine', { description: line.className }) : pdfText(line.className),
    duration: line.durationMinutes === null ? '' : t('creditNote.pdf.durationValue', { minutes: line.durationMinutes }),
    bookedSlots: line.bookedSlots === null ? '' : String(line.bookedSlots),
    net: pdfText(euro(line.netCents, doc.locale)),
  });
  const header: Record<Column['key'], string> = {
    date: t('creditNote.pdf.column.date'),
    studio: t('creditNote.pdf.column.studio'),
    class: t('creditNote.pdf.column.class'),
    duration: t('creditNote.pdf.column.duration'),
    bookedSlots: t('creditNote.pdf.column.bookedSlots'),
    net: t('creditNote.pdf.column.net'),
  };
  const rowHeight = (texts: Record<Column['key'], string>) =>
    Math.max(...COLUMNS.map((column) => pdf.heightOfString(texts[column.key] || ' ', { width: column.width - CELL_PADDING })));
  const drawRow = (texts: Record<Column['key'], string>, rowY: number) => {
    let x = left;
    for (const column of COLUMNS) {
      pdf.text(texts[column.key], x, rowY, { width: column.width - CELL_PADDING, align: column.align, lineBreak: true });
      x += column.width;
    }
  };
  const drawHeader = (headerY: number) => {
    pdf.font(FONT_BOLD).fontSize(BODY_SIZE);
    const height = rowHeight(header);
    drawRow(header, headerY);
    const lineY = headerY + height + 2;
    pdf.moveTo(left, lineY).lineTo(left + contentWidth, lineY).lineWidth(0.7).stroke();
    pdf.font(FONT);
    return lineY + 4;
  };
  const newPage = () => {
    pdf.addPage();
    return PAGE_MARGIN.top;
  };

  y = drawHeader(y);
  pdf.font(FONT).fontSize(BODY_SIZE);
  for (const line of doc.lines) {
    const texts = cellTexts(line);
    const height = rowHeight(texts);
    if (y + height > bottom()) y = drawHeader(newPage());
    drawRow(texts, y);
    y += height + 3;
  }
  pdf.moveTo(left, y).lineTo(left + contentWidth, y).lineWidth(0.7).stroke();
  y += 8;

  // --- totals ---------------------------------------------------------------------------------
  const totals = creditNoteTotals(doc);
  const exempt = !doc.recipient.vatLiable;
  const totalRows: Array<{ label: string; amount: number; bold?: boolean }> = [];
  if (exempt) {
    totalRows.push({ label: t('creditNote.pdf.netTotal'), amount: totals.netCents });
  } else {
    for (const rate of totals.byRate) {
      const percent = formatVatRate(rate.vatRateBasisPoints, doc.locale);
      totalRows.push({ label: t('creditNote.pdf.netAtRate', { rate: percent }), amount: rate.netCents });
      totalRows.push({ label: t('creditNote.pdf.vatAtRate', { rate: percent }), amount: rate.vatCents });
    }
  }
  totalRows.push({ label: t('creditNote.pdf.grossTotal'), amount: totals.grossCents, bold: true });

  const labelWidth = 220;
  const amountWidth = 90;
  const totalsX = left + contentWidth - labelWidth - amountWidth;
  const totalsHeight = totalRows.length * 14 + 10;
  if (y + totalsHeight > bottom()) y = newPage();
  for (const row of totalRows) {
    pdf.font(row.bold ? FONT_BOLD : FONT).fontSize(row.bold ? 10 : BODY_SIZE);
    pdf.text(row.label, totalsX, y, { width: labelWidth - CELL_PADDING, align: 'right' });
    pdf.text(pdfText(euro(row.amount, doc.locale)), totalsX + labelWidth, y, { width: amountWidth - CELL_PADDING, align: 'right' });
    y += 14;
  }
  y += 10;

  // --- notes ----------------------------------------------------------------------------------
  const notes: string[] = [];
  if (exempt) notes.push(pdfText(VAT_EXEMPTION_NOTE[doc.locale]));
  if (doc.documentType === 'credit_note') {
    notes.push(
      t('creditNote.pdf.payment', {
        amount: euro(totals.grossCents, doc.locale),
        iban: friendlyFormatIBAN(doc.payment.iban) ?? doc.payment.iban,
        date: germanDate(doc.payment.transferDate),
      }) + (doc.payment.bic ? ` ${t('creditNote.pdf.paymentBic', { bic: doc.payment.bic })}` : ''),
    );
  }
  pdf.font(FONT).fontSize(BODY_SIZE);
  for (const note of notes) {
    const height = pdf.heightOfString(note, { width: contentWidth });
    if (y + height > bottom()) y = newPage();
    pdf.text(note, left, y, { width: contentWidth });
    y = pdf.y + 6;
  }

  // --- page footers ---------------------------------------------------------------------------
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    pdf.switchToPage(range.start + index);
    // Writing below the bottom margin would make pdfkit start a new page; lift the margin meanwhile.
    pdf.page.margins.bottom = 0;
    const footer = t('creditNote.pdf.page', { number: doc.number, page: index + 1, pages: range.count });
    pdf.font(FONT).fontSize(8).fillColor('#555555').text(footer, left, pdf.page.height - 40, { width: contentWidth, align: 'right', lineBreak: false });
    pdf.fillColor('black');
    pdf.page.margins.bottom = PAGE_MARGIN.bottom;
  }
  pdf.end();
  return done;
}

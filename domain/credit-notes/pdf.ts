import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { friendlyFormatIBAN } from 'ibantools';
import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';
import { buildCreditNoteCii, servicePeriod } from '../e-invoice/cii';
import { translate, type MessageKey, type MessageParams } from '../messages';
import { formatEuro } from '../money';
import { VAT_EXEMPTION_NOTE } from '../pay';
import { SETTLEMENT_TIME_ZONE } from '../settlement/month';
import { useCachedGlyphs } from './pdf-font-subset';
import { assertValidCreditNote, creditNoteTotals, type TCreditNoteDocument, type TCreditNoteLine, type TCreditNoteParty } from './document';

// The credit note PDF. It carries what §14 (4) UStG asks of a self-billed invoice: both parties'
// names and addresses, the trainer's tax number or VAT ID, issue date, number, service period, the
// classes, net per VAT rate, rate and VAT or the §19 exemption note, gross and the word "Gutschrift".
// A cancelling document never carries that word (a second "Gutschrift" would be a second invoice).
//
// The bytes are deterministic — same document, same Buffer — so a retried activity writes the same
// file with the same sha256, and the stored hash proves the document was not changed. That is why
// the PDF dates come from the issue date and the font comes from a package (Arimo, metric-compatible
// with Helvetica, from @expo-google-fonts/arimo: the same bytes on every machine; pdfkit names its
// subsets from the font's id, not at random). PDF/A needs every font embedded, so the built-in
// Helvetica (never embedded) cannot be used.
//
// The PDF is a hybrid e-invoice (Factur-X 1.0 / ZUGFeRD 2, profile EN 16931): PDF/A-3b (embedded
// fonts, sRGB output intent, XMP metadata) carrying the CII XML of the same document as
// `factur-x.xml` with AFRelationship /Alternative, and the XMP declaring it in the fx: schema with
// its PDF/A extension schema. Drawn once, from the stored document alone, so the picture and the
// XML cannot disagree.

const PAGE_MARGIN = { top: 50, bottom: 60, left: 50, right: 50 };
const FONT = 'TP-Sans';
const FONT_BOLD = 'TP-Sans-Bold';

// The fonts, read and parsed once per process: parsing a TrueType font costs more than drawing a
// credit note, and a run draws 1,000 of them. pdfkit takes the parsed font as it is (it only reads
// it and writes a subset per document).
let parsedFonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
function fonts() {
  if (!parsedFonts) {
    const require = createRequire(import.meta.url);
    const font = (name: string) => fontkit.create(readFileSync(require.resolve(`@expo-google-fonts/arimo/${name}`))) as fontkit.Font;
    parsedFonts = { regular: font('400Regular/Arimo_400Regular.ttf'), bold: font('700Bold/Arimo_700Bold.ttf') };
  }
  return parsedFonts;
}

// pdfkit's view of a document's fonts (private fields): the font in use and the fonts by name.
type EmbeddedFont = { font: fontkit.Font; layoutCache?: Record<string, unknown>; subset: unknown };
type PdfFontState = { _font: EmbeddedFont; _fontFamilies: Record<string, EmbeddedFont> };

// The layout of a word (fontkit's shaping: glyphs and advances, scaled to 1000 units) depends on the
// font and the word alone, yet pdfkit keeps it per document and lays out every word afresh for each
// one: measuring and drawing the words was half of a credit note's CPU. The layouts are shared by
// the documents this process draws (pdfkit reads them and never changes them; which glyphs a
// document embeds is still decided per document, so its bytes do not change). Dropped every
// LAYOUTS_KEPT_FOR documents so the memory stays bounded: a month's names and amounts are not kept.
const LAYOUTS_KEPT_FOR = 250;
let sharedLayouts = new Map<fontkit.Font, Record<string, unknown>>();
let documentsDrawn = 0;

/** Opens the two fonts in the document (regular first: the subset names come from the order, and the same credit note must give the same bytes) with the shared layouts. */
function useFonts(pdf: PDFKit.PDFDocument) {
  if (documentsDrawn++ % LAYOUTS_KEPT_FOR === 0) sharedLayouts = new Map();
  const state = pdf as unknown as PdfFontState;
  pdf.registerFont(FONT, fonts().regular as unknown as Buffer);
  pdf.registerFont(FONT_BOLD, fonts().bold as unknown as Buffer);
  for (const name of [FONT, FONT_BOLD]) {
    pdf.font(name);
    // pdfkit does not remember the name of a font it found under its PostScript name (the regular
    // one, already open as the default font): without this, every pdf.font(FONT) would parse a
    // new subset and compare the fonts' name tables again.
    state._fontFamilies[name] = state._font;
    const layouts = sharedLayouts.get(state._font.font) ?? Object.create(null);
    sharedLayouts.set(state._font.font, layouts);
    state._font.layoutCache = layouts;
    useCachedGlyphs(state._font.subset, state._font.font);
  }
  pdf.font(FONT);
}

/** Reads and parses the fonts now (a render thread does it while it waits for its first document). */
export const loadCreditNoteFonts = () => void fonts();

/** The name of the embedded XML, as Factur-X and ZUGFeRD 2 require it. */
export const FACTUR_X_FILE_NAME = 'factur-x.xml';

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The XMP that declares the embedded invoice (Factur-X 1.0, chapter "PDF/A-3 XMP metadata"): the fx:
// properties and, since PDF/A only accepts known schemas, their PDF/A extension schema.
const FACTUR_X_XMP = `
        <rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>${[
                              ['DocumentFileName', 'name of the embedded XML invoice file'],
                              ['DocumentType', 'INVOICE'],
                              ['Version', 'The actual version of the Factur-X XML schema'],
                              ['ConformanceLevel', 'The conformance level of the embedded Factur-X data'],
                            ]
                              .map(
                                ([name, description]) => `
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>${name}</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>${description}</pdfaProperty:description>
                                </rdf:li>`,
                              )
                              .join('')}
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        `;

const FACTUR_X_COMPRESSION_LEVEL = 3;

/** pdfkit's indirect objects and the document's embedded-file registry (private or loosely typed). */
type PdfRef = { data: Record<string, unknown>; end: (chunk?: Uint8Array) => void };
type PdfAttachments = {
  ref: (data: Record<string, unknown>) => PdfRef;
  addNamedEmbeddedFile: (name: string, ref: PdfRef) => void;
  _root: { data: { AF?: PdfRef[] } };
};

/**
 * Embeds the Factur-X XML as pdfkit's `file()` does, object for object, with two differences that
 * cost less CPU per credit note: the MD5 checksum the embedded-file parameters carry comes from
 * node:crypto (pdfkit computes it in JavaScript, which cost more than drawing all the table rows'
 * text, and takes no checksum from its caller), and the XML is compressed here at a lower level
 * than pdfkit's zlib default (the XML is the PDF's largest stream, 80 KB for 60 classes and so
 * repetitive that level 3 gives 3.2 KB against 2.8 KB at the default, in a quarter of the time).
 * See docs/decisions/0085 for the internals this relies on.
 */
function attachFacturX(pdf: PDFKit.PDFDocument, xml: Buffer, issued: Date) {
  const doc = pdf as unknown as PdfAttachments;
  const embeddedFile = doc.ref({
    Type: 'EmbeddedFile',
    Params: { CreationDate: issued, ModDate: issued, CheckSum: new String(createHash('md5').update(xml).digest('hex')), Size: xml.byteLength },
    // A PDF name: pdfkit writes `text/xml` with its slash escaped.
    Subtype: 'text#2Fxml',
    // Set, pdfkit leaves the stream as it is written.
    Filter: 'FlateDecode',
  });
  embeddedFile.end(deflateSync(xml, { level: FACTUR_X_COMPRESSION_LEVEL }));
  const fileSpec = doc.ref({
    Type: 'Filespec',
    AFRelationship: 'Alternative',
    F: new String(FACTUR_X_FILE_NAME),
    EF: { F: embeddedFile },
    UF: new String(FACTUR_X_FILE_NAME),
    Desc: new String('Factur-X/ZUGFeRD invoice (EN 16931)'),
  });
  fileSpec.end();
  doc.addNamedEmbeddedFile(FACTUR_X_FILE_NAME, fileSpec);
  doc._root.data.AF = [...(doc._root.data.AF ?? []), fileSpec];
}

/** pdfkit's drawing of one line of text at (x, y) (private). */
type PdfLine = { _fragment: (text: string, x: number, y: number, options: { textWidth: number; wordCount: number }) => void };

/** pdfkit's PDF/A hooks (endSubset runs after the Info dictionary is written, before the XMP is). */
type PdfaHooks = { endSubset: () => void; info: Record<string, unknown>; _addColorOutputIntent: () => void };

// The sRGB profile of PDF/A's output intent, pdfkit's own file, compressed once per process: pdfkit
// reads it once but deflates it again in every document (to the same bytes, written here as they are).
let compressedSrgbProfile: Buffer | undefined;
function srgbProfile(): Buffer {
  if (!compressedSrgbProfile) {
    const require = createRequire(import.meta.url);
    compressedSrgbProfile = deflateSync(readFileSync(path.join(path.dirname(require.resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc')));
  }
  return compressedSrgbProfile;
}

/** pdfkit's `_addColorOutputIntent`, object for object, with the profile compressed once. */
function addSrgbOutputIntent(pdf: PDFKit.PDFDocument) {
  const doc = pdf as unknown as PdfAttachments & { _root: { data: { OutputIntents?: PdfRef[] } } };
  const profile = doc.ref({ Length: 0, N: 3, Filter: 'FlateDecode' });
  profile.end(srgbProfile());
  const intent = doc.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    Info: new String('sRGB IEC61966-2.1'),
    OutputConditionIdentifier: new String('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  intent.end();
  doc._root.data.OutputIntents = [intent];
}

const BODY_SIZE = 9;
const CELL_PADDING = 4;

/** What makes pdfkit break a line whatever its width (and the soft hyphen it may turn into a hyphen). */
const LINE_BREAKING = /[\n\r\v\f\u0085\u2028\u2029\u00ad]/;
/** A text this close to its cell's width takes the wrapper (which sums the words' widths its own way). */
const ONE_LINE_SLACK = 0.01;

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
const germanDate = (isoDate: string) => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return day ? `${day[3]}.${day[2]}.${day[1]}` : DateTime.fromISO(isoDate, { zone: SETTLEMENT_TIME_ZONE }).toFormat('dd.MM.yyyy');
};
// A class's start in German local time ('dd.MM.yyyy HH:mm'), drawn for every line: luxon's parse and
// zone conversion cost more than the rest of a line. Germany's offset from UTC is looked up once per
// hour of UTC (it changes only on the hour) and the local time written from the shifted instant.
const HOUR_MS = 3_600_000;
const berlinOffsets = new Map<number, number>();
function berlinOffsetMs(millis: number): number {
  const hour = Math.floor(millis / HOUR_MS);
  let offset = berlinOffsets.get(hour);
  if (offset === undefined) {
    if (berlinOffsets.size > 10_000) berlinOffsets.clear();
    offset = DateTime.fromMillis(hour * HOUR_MS, { zone: SETTLEMENT_TIME_ZONE }).offset * 60_000;
    berlinOffsets.set(hour, offset);
  }
  return offset;
}
const two = (value: number) => String(value).padStart(2, '0');
function classDateTime(instant: string): string {
  const millis = Date.parse(instant);
  const local = new Date(millis + berlinOffsetMs(millis));
  return `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

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
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    // The embedded font from the start: pdfkit's default Helvetica would be parsed for every
    // document (and is not embedded, which PDF/A forbids).
    font: fonts().regular as unknown as string,
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
  // pdfkit's types know font files, not the parsed font it also takes.
  useFonts(pdf);
  // The e-invoice inside: the same document's CII XML (Factur-X EN 16931), dated like the PDF.
  attachFacturX(pdf, Buffer.from(buildCreditNoteCii(doc, { syntax: 'factur-x' }), 'utf8'), issued);
  // pdfkit writes the Info strings into the XMP as they are: escaped there (after the Info
  // dictionary got the plain text), and the Factur-X declaration added.
  const hooks = pdf as unknown as PdfaHooks;
  const endSubset = hooks.endSubset.bind(pdf);
  hooks.endSubset = () => {
    for (const key of ['Title', 'Author', 'Subject', 'Creator', 'Producer']) {
      if (typeof hooks.info[key] === 'string') hooks.info[key] = xmlEscape(hooks.info[key]);
    }
    pdf.appendXML(FACTUR_X_XMP);
    endSubset();
  };
  hooks._addColorOutputIntent = () => addSrgbOutputIntent(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = PAGE_MARGIN.left;
  const contentWidth = pdf.page.width - PAGE_MARGIN.left - PAGE_MARGIN.right;
  const bottom = () => pdf.page.height - PAGE_MARGIN.bottom;

  // Most texts fit on one line: those are measured and drawn without pdfkit's line wrapper (a line
  // breaker and an event emitter per text, once to measure and once to draw, were a fifth of a
  // credit note's CPU). The numbers are the wrapper's own — the line height added to the current y,
  // a right-aligned x as the width minus the text's, the x and y it leaves behind — so the bytes stay
  // those the wrapper writes. A text that needs more than one line, or would not fit above the
  // page's bottom margin (where the wrapper starts a new page), takes the wrapper.
  /** The text's width when it is drawn on one line within `width` (at `y`, when the caller has not made sure it is above the bottom margin), else null. */
  const oneLineWidth = (text: string, width: number, y?: number): number | null => {
    if (text !== text.trim() || LINE_BREAKING.test(text)) return null;
    if (y !== undefined && y + pdf.currentLineHeight(true) > pdf.page.maxY()) return null;
    const textWidth = pdf.widthOfString(text);
    return textWidth <= width - ONE_LINE_SLACK ? textWidth : null;
  };
  /** Draws a text at (x, y) within `width` as `pdf.text(text, x, y, { width, align })` does, leaving x and y where that leaves them. */
  const drawText = (text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left', measured = oneLineWidth(text, width, y)) => {
    if (measured === null) {
      pdf.text(text, x, y, { width, align });
      return;
    }
    // What pdf.text(…, { lineBreak: false }) calls for one line, without measuring the text twice more
    // (for the x it leaves behind, which is set here, and for underlines, which are not drawn).
    (pdf as unknown as PdfLine)._fragment(text, align === 'right' ? x + (width - measured) : x, y, { textWidth: measured, wordCount: 0 });
    pdf.x = x;
    pdf.y = y + pdf.currentLineHeight(true);
  };

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
    pdf.font(FONT_BOLD).fontSize(8).fillColor('#555555');
    drawText(label, x, y, partyWidth);
    pdf.font(FONT).fontSize(BODY_SIZE).fillColor('black');
    const [name, ...rest] = partyLines(party);
    pdf.font(FONT_BOLD);
    drawText(name!, x, pdf.y + 2, partyWidth);
    pdf.font(FONT);
    for (const line of rest) drawText(line, x, pdf.y, partyWidth);
    return pdf.y;
  };
  const top = PAGE_MARGIN.top;
  const issuerEnd = drawParty(t('creditNote.pdf.issuer'), doc.issuer, left, top);
  const recipientEnd = drawParty(t('creditNote.pdf.recipient'), doc.recipient, left + contentWidth / 2 + 10, top);
  let y = Math.max(issuerEnd, recipientEnd) + 28;

  // --- title and facts ------------------------------------------------------------------------
  pdf.font(FONT_BOLD).fontSize(18);
  drawText(title, left, y, contentWidth);
  y = pdf.y + 4;
  const intro =
    doc.documentType === 'cancellation'
      ? t('creditNote.pdf.cancellationNote', { number: doc.cancelsNumber ?? '' })
      : t('creditNote.pdf.selfBillingNote');
  pdf.font(FONT).fontSize(BODY_SIZE);
  drawText(intro, left, y, contentWidth);
  y = pdf.y + 10;

  const period = servicePeriod(doc.serviceMonth);
  const facts: Array<[string, string]> = [
    [t('creditNote.pdf.number'), pdfText(doc.number)],
    [t('creditNote.pdf.issueDate'), germanDate(doc.issueDate)],
    [
      t('creditNote.pdf.servicePeriod'),
      t('creditNote.pdf.servicePeriodValue', {
        month: period.title[doc.locale],
        from: germanDate(period.firstDay),
        to: germanDate(period.lastDay),
      }),
    ],
  ];
  for (const [label, value] of facts) {
    pdf.font(FONT_BOLD);
    drawText(label, left, y, 120);
    pdf.font(FONT);
    drawText(value, left + 120, y, contentWidth - 120);
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
  // A row's cells are measured once: the row's height and then its drawing take the same widths. A
  // row starts a new page when it does not fit above the bottom margin, so no cell needs to.
  type Cell = { text: string; width: number; measured: number | null };
  const measureRow = (texts: Record<Column['key'], string>): Cell[] =>
    COLUMNS.map((column) => {
      const width = column.width - CELL_PADDING;
      const text = texts[column.key];
      return { text, width, measured: oneLineWidth(text || ' ', width) };
    });
  const rowHeight = (cells: Cell[]) =>
    Math.max(
      ...cells.map(({ text, width, measured }) => {
        if (measured === null) return pdf.heightOfString(text || ' ', { width });
        const lineTop = pdf.y;
        return lineTop + pdf.currentLineHeight(true) - lineTop;
      }),
    );
  const drawRow = (cells: Cell[], rowY: number) => {
    let x = left;
    for (const [index, column] of COLUMNS.entries()) {
      const { text, width, measured } = cells[index]!;
      if (text === '') {
        pdf.x = x;
        pdf.y = rowY;
      } else {
        drawText(text, x, rowY, width, column.align, measured);
      }
      x += column.width;
    }
  };
  const drawHeader = (headerY: number) => {
    pdf.font(FONT_BOLD).fontSize(BODY_SIZE);
    const cells = measureRow(header);
    const height = rowHeight(cells);
    drawRow(cells, headerY);
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
    const cells = measureRow(cellTexts(line));
    const height = rowHeight(cells);
    if (y + height > bottom()) y = drawHeader(newPage());
    drawRow(cells, y);
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
    drawText(row.label, totalsX, y, labelWidth - CELL_PADDING, 'right');
    drawText(pdfText(euro(row.amount, doc.locale)), totalsX + labelWidth, y, amountWidth - CELL_PADDING, 'right');
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
    drawText(note, left, y, contentWidth);
    y = pdf.y + 6;
  }

  // --- page footers ---------------------------------------------------------------------------
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    pdf.switchToPage(range.start + index);
    // Writing below the bottom margin would make pdfkit start a new page; lift the margin meanwhile.
    pdf.page.margins.bottom = 0;
    const footer = t('creditNote.pdf.page', { number: doc.number, page: index + 1, pages: range.count });
    pdf.font(FONT).fontSize(8).fillColor('#555555');
    drawText(footer, left, pdf.page.height - 40, contentWidth, 'right');
    pdf.fillColor('black');
    pdf.page.margins.bottom = PAGE_MARGIN.bottom;
  }
  pdf.end();
  return done;
}

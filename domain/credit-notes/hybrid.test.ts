import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { schematronFailures, writeXmlFiles, xsdErrors } from '../../test/support/e-invoice-validation';
import { pdfText } from '../../test/support/pdf-text';
import { buildCreditNoteCii, ciiAmount } from '../e-invoice';
import { formatEuro } from '../money';
import { cancellationOf, creditNoteTotals, renderCreditNotePdf, type TCreditNoteDocument } from './index';
import { FACTUR_X_FILE_NAME } from './pdf';
import { adminLine, creditNoteDocument, exemptCreditNoteDocument } from './fixtures.test-support';

// The stored credit-note PDF is a hybrid e-invoice (Factur-X / ZUGFeRD, profile EN 16931): PDF/A-3
// with the CII XML of the same document embedded as factur-x.xml, declared in the XMP. A reader sees
// the §14 UStG Gutschrift, a machine reads the XML, and both say the same amounts to the cent.

async function readHybrid(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const attachments = (await document.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
  const metadata = await document.getMetadata();
  await document.destroy();
  const raw = pdf.toString('latin1');
  const xmp = /<x:xmpmeta[\s\S]*?<\/x:xmpmeta>/.exec(raw)?.[0] ?? '';
  return { attachments: attachments ?? {}, info: metadata.info as Record<string, unknown>, raw, xmp };
}

const amountOf = (xml: string, element: string) => new RegExp(`<ram:${element}(?: [^>]*)?>(-?\\d+\\.\\d{2})</ram:${element}>`).exec(xml)?.[1];

const documents: Record<string, TCreditNoteDocument> = {
  withVat: creditNoteDocument(),
  withoutVat: exemptCreditNoteDocument(),
  withAdmin: creditNoteDocument({ lines: [...creditNoteDocument().lines, adminLine('Bonus & Extras <Oktober>', 2_500)] }),
  cancellation: cancellationOf(creditNoteDocument(), { number: 'GS-2026-00043', issueDate: '2026-11-20' }),
};

describe('the credit-note PDF as a hybrid e-invoice', () => {
  it.each(Object.entries(documents))('%s: PDF/A-3b with factur-x.xml (AFRelationship Alternative) declared in the XMP', async (_name, doc) => {
    const pdf = await renderCreditNotePdf(doc);
    const { attachments, raw, xmp } = await readHybrid(pdf);
    expect(raw.startsWith('%PDF-1.7')).toBe(true);
    // PDF/A-3b: identification in the XMP, an output intent, every font embedded (no standard 14).
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(raw).toContain('/S /GTS_PDFA1');
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    // Factur-X: the file, its relationship, the catalog's /AF, the fx: properties and their schema.
    expect(Object.keys(attachments)).toEqual([FACTUR_X_FILE_NAME]);
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    // The embedded XML is the document's CII, byte for byte.
    const xml = Buffer.from(attachments[FACTUR_X_FILE_NAME]!.content).toString('utf8');
    expect(xml).toBe(buildCreditNoteCii(doc, { syntax: 'factur-x' }));
  });

  it('the embedded XML of every kind of document is valid (XSD, EN 16931 schematron: no fatal assert)', async () => {
    const embedded: Record<string, string> = {};
    for (const [name, doc] of Object.entries(documents)) {
      const { attachments } = await readHybrid(await renderCreditNotePdf(doc));
      embedded[name] = Buffer.from(attachments[FACTUR_X_FILE_NAME]!.content).toString('utf8');
    }
    const files = writeXmlFiles(embedded);
    for (const file of Object.values(files)) expect(xsdErrors(file)).toBe('');
    const fatal = Object.values(schematronFailures(Object.values(files))).flat().filter((assert) => assert.flag === 'fatal');
    expect(fatal).toEqual([]);
  }, 60_000);

  it.each(Object.entries(documents))('%s: the PDF still carries every §14 item and reconciles with the XML to the cent', async (_name, doc) => {
    const pdf = await renderCreditNotePdf(doc);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    const xml = Buffer.from((await readHybrid(pdf)).attachments[FACTUR_X_FILE_NAME]!.content).toString('utf8');
    const totals = creditNoteTotals(doc);
    // §14 (4) UStG: parties with addresses and tax data, number, date, service period, the word.
    for (const item of [doc.issuer.name, doc.recipient.name, 'Hauptstraße 1', '10115 Berlin', 'Lindenweg 2a', '80331 München', doc.number, doc.issueDate.split('-').reverse().join('.'), '01.10.2026 – 31.10.2026']) {
      expect(text).toContain(item.replace(/\s+/g, ' '));
    }
    expect(text).toContain(doc.recipient.taxNumber!);
    if (doc.documentType === 'credit_note') expect(text).toMatch(/\bGutschrift\b/);
    // Gross on the PDF = GrandTotal in the XML = the sum of the lines.
    expect(text).toContain(`Gesamtbetrag ${formatEuro(totals.grossCents, 'de-DE').replace(/\u00a0/g, ' ')}`);
    expect(amountOf(xml, 'GrandTotalAmount')).toBe(ciiAmount(totals.grossCents));
    expect(amountOf(xml, 'LineTotalAmount')).toBe(ciiAmount(doc.lines[0]!.netCents));
    expect(amountOf(xml, 'TaxBasisTotalAmount')).toBe(ciiAmount(totals.netCents));
    expect(amountOf(xml, 'TaxTotalAmount')).toBe(ciiAmount(doc.recipient.vatLiable ? totals.vatCents : 0));
    const lineTotals = [...xml.matchAll(/<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>(-?\d+\.\d{2})</g)].map((match) => match[1]);
    expect(lineTotals).toEqual(doc.lines.map((line) => ciiAmount(line.netCents)));
  });

  it('is still drawn deterministically (same document, same bytes, same hash)', async () => {
    const [first, second] = [await renderCreditNotePdf(documents.withAdmin!), await renderCreditNotePdf(documents.withAdmin!)];
    expect(first.equals(second)).toBe(true);
  });

  it('escapes names in the XMP (a studio group called "Fit & Fun <GmbH>")', async () => {
    const doc = creditNoteDocument({ issuer: { ...creditNoteDocument().issuer, name: 'Fit & Fun <GmbH>' } });
    const { xmp, info } = await readHybrid(await renderCreditNotePdf(doc));
    expect(xmp).toContain('<rdf:li>Fit &amp; Fun &lt;GmbH&gt;</rdf:li>');
    expect(info.Author).toBe('Fit & Fun <GmbH>');
  });
});

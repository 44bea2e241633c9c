import { describe, expect, it } from 'vitest';
import { VAT_EXEMPTION_NOTE } from '../pay';
import { cancellationOf, creditNoteTitle, formatVatRate, InvalidCreditNoteError, renderCreditNotePdf, type TCreditNoteDocument } from './index';
import { pdfPages, pdfText } from '../../test/support/pdf-text';
import { classLine, creditNoteDocument, exemptCreditNoteDocument } from './fixtures.test-support';


describe('renderCreditNotePdf', () => {
  it('prints what §14 UStG asks of a Gutschrift, in German', async () => {
    const text = await pdfText(await renderCreditNotePdf(creditNoteDocument()));
    expect(text).toContain('Gutschrift');
    expect(text).toContain('GS-2026-00042');
    // Both parties with address and tax data.
    expect(text).toContain('Demo Fitness GmbH');
    expect(text).toContain('Hauptstraße 1');
    expect(text).toContain('10115 Berlin');
    expect(text).toContain('USt-IdNr.: DE123456789');
    expect(text).toContain('Anna Müller');
    expect(text).toContain('Lindenweg 2a');
    expect(text).toContain('80331 München');
    expect(text).toContain('Steuernummer: 143/123/12345');
    // Date and service period.
    expect(text).toContain('Ausstellungsdatum 05.11.2026');
    expect(text).toContain('Oktober 2026 (01.10.2026 – 31.10.2026)');
    // One row per class: date and time in Germany (16:30 UTC is 18:30 CEST; 07:00 UTC on 27 Oct is 08:00 CET).
    expect(text).toMatch(/06\.10\.2026 18:30 Berlin Mitte Yoga Flow 60 Min\. 12 45,00 €/);
    expect(text).toMatch(/27\.10\.2026 08:00 Hamburg Altona Spinning Power 45 Min\. 20 33,75 €/);
    expect(text).toMatch(/30\.10\.2026 18:15 Berlin Mitte Pilates 60 Min\. 12 10,50 €/);
    expect(text).toContain('Verwaltung: Fahrtkosten -10,50 €');
    // Net per rate, rate and VAT, gross.
    expect(text).toContain('Nettobetrag zu 7 % USt. 10,50 €');
    expect(text).toContain('Umsatzsteuer 7 % 0,74 €');
    expect(text).toContain('Nettobetrag zu 19 % USt. 68,25 €');
    expect(text).toContain('Umsatzsteuer 19 % 12,96 €');
    expect(text).toContain('Gesamtbetrag 92,45 €');
    expect(text).not.toContain(VAT_EXEMPTION_NOTE.de);
    // Payment note.
    expect(text).toContain('Der Betrag von 92,45 € wird am 10.11.2026 auf das Konto IBAN DE89 3704 0044 0532 0130 00 überwiesen.');
    expect(text).toContain('GS-2026-00042 · Seite 1 von 1');
  });

  it('writes English with English amounts for an English-speaking trainer', async () => {
    const text = await pdfText(await renderCreditNotePdf(creditNoteDocument({ locale: 'en' })));
    expect(text).toContain('Credit note (self-billing)');
    expect(text).toContain('Self-billing (Gutschrift)');
    expect(text).toContain('October 2026');
    expect(text).toContain('Administration: Fahrtkosten -€10.50');
    expect(text).toContain('VAT 19 % €12.96');
    expect(text).toContain('Total amount €92.45');
    expect(text).toContain('page 1 of 1');
  });

  it('prints the §19 UStG note instead of VAT for a trainer not liable for VAT', async () => {
    for (const locale of ['de', 'en'] as const) {
      const text = await pdfText(await renderCreditNotePdf(exemptCreditNoteDocument({ locale })));
      expect(text.replace(/\s+/g, ' ')).toContain(VAT_EXEMPTION_NOTE[locale]);
      expect(text).not.toMatch(/Umsatzsteuer \d|VAT \d/);
      expect(text).toContain(locale === 'de' ? 'Gesamtbetrag 78,75 €' : 'Total amount €78.75');
    }
  });

  it('never calls a cancellation a Gutschrift', async () => {
    const cancellation = cancellationOf(creditNoteDocument(), { number: 'GS-2026-00043', issueDate: '2026-11-20' });
    expect(creditNoteTitle(cancellation)).toBe('Stornorechnung zu Beleg-Nr. GS-2026-00042');
    const buffer = await renderCreditNotePdf(cancellation);
    const text = await pdfText(buffer);
    expect(text).not.toMatch(/gutschrift/i);
    // Nor in the document properties (title, subject), which are stored uncompressed.
    expect(buffer.toString('latin1')).toContain('Stornorechnung');
    expect(buffer.toString('latin1')).not.toMatch(/gutschrift/i);
    expect(text).toContain('Stornorechnung zu Beleg-Nr. GS-2026-00042');
    expect(text).toContain('Beleg-Nr. GS-2026-00043');
    expect(text).toContain('Yoga Flow 60 Min. 12 -45,00 €');
    expect(text).toContain('Verwaltung: Fahrtkosten 10,50 €');
    expect(text).toContain('Gesamtbetrag -92,45 €');
    expect(text).not.toContain('überwiesen');

    const english = await pdfText(await renderCreditNotePdf({ ...cancellation, locale: 'en' }));
    expect(english).not.toMatch(/gutschrift/i);
    expect(english).toContain('Cancellation of credit note GS-2026-00042');
  });

  it('gives the same bytes for the same document', async () => {
    const first = await renderCreditNotePdf(creditNoteDocument());
    const second = await renderCreditNotePdf(creditNoteDocument());
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.equals(first)).toBe(true);
    const other = await renderCreditNotePdf(creditNoteDocument({ issueDate: '2026-11-06' }));
    expect(other.equals(first)).toBe(false);
  });

  it('breaks a long document into pages, each with the table header and a page number', async () => {
    const lines = Array.from({ length: 300 }, (_, index) =>
      classLine({
        className: index % 25 === 0 ? `Kurs ${index} mit einem sehr langen Namen, der in der Spalte umbricht` : `Kurs ${index}`,
        netCents: 1_000 + index,
        date: `2026-10-${String(1 + (index % 30)).padStart(2, '0')}T08:00:00.000Z`,
      }),
    );
    const doc: TCreditNoteDocument = creditNoteDocument({ lines });
    const started = performance.now();
    const buffer = await renderCreditNotePdf(doc);
    console.log(`300-line credit note: ${(performance.now() - started).toFixed(0)} ms, ${buffer.length} bytes`);
    const pages = await pdfPages(buffer);
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, index) => {
      expect(page).toContain('Datum Studio Kurs Dauer Gebucht Netto');
      expect(page).toContain(`GS-2026-00042 · Seite ${index + 1} von ${pages.length}`);
    });
    const text = pages.join('\n');
    for (let index = 0; index < 300; index++) expect(text).toContain(`Kurs ${index} `);
    expect(pages.at(-1)).toContain('Gesamtbetrag');
  });

  it('keeps names the built-in font cannot show readable', async () => {
    const doc = creditNoteDocument();
    const text = await pdfText(await renderCreditNotePdf({ ...doc, recipient: { ...doc.recipient, name: 'Łukasz Dąbrowski 🧘' } }));
    expect(text).toContain('Lukasz Dabrowski ?');
  });

  it('refuses an inconsistent document', async () => {
    const doc = creditNoteDocument();
    await expect(renderCreditNotePdf({ ...doc, lines: [{ ...doc.lines[0], grossCents: 1 }] })).rejects.toThrow(InvalidCreditNoteError);
  });
});

describe('formatVatRate', () => {
  it('writes basis points as the locale writes a percentage', () => {
    expect(formatVatRate(1900, 'de')).toBe('19');
    expect(formatVatRate(750, 'de')).toBe('7,5');
    expect(formatVatRate(750, 'en')).toBe('7.5');
    expect(formatVatRate(0, 'en')).toBe('0');
  });
});

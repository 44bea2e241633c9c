import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, PDF_DECODE_BUDGET, checkPdfContent, sanitizeDocumentFileName } from './upload-checks';
import { pdfBomb, pdfWithEmbeddedFile, pdfWithLaunchAction, pdfWithOpenActionJavaScript } from '../../test/support/hostile-pdfs';
import { NO_EXPIRATION_DATE, isExpired, parseExpirationDate, reminderHorizon } from './expiry';

const onePagePdf = async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  return pdf.save();
};

describe('checkPdfContent: the bytes decide', () => {
  it('accepts a readable PDF whatever it is called', async () => {
    expect(await checkPdfContent(await onePagePdf())).toEqual({ ok: true, value: { pages: 1 } });
  });

  it('refuses text, an image and an empty file however they are named', async () => {
    expect(await checkPdfContent(new TextEncoder().encode('not a pdf at all'))).toEqual({ ok: false, reason: 'documents.notPdf' });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(32).fill(0)]);
    expect(await checkPdfContent(png)).toEqual({ ok: false, reason: 'documents.notPdf' });
    expect(await checkPdfContent(new Uint8Array())).toEqual({ ok: false, reason: 'documents.fileMissing' });
  });

  it('refuses a file that starts like a PDF but cannot be read', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF');
    expect((await checkPdfContent(broken)).ok).toBe(false);
  });

  it('refuses more than 3 MB', async () => {
    const pdf = await onePagePdf();
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set(pdf);
    expect(await checkPdfContent(big)).toEqual({ ok: false, reason: 'documents.fileTooLarge' });
  });
});

describe('sanitizeDocumentFileName', () => {
  it('keeps a plain name and ends it in .pdf', () => {
    expect(sanitizeDocumentFileName('  Trainerlizenz  B.PDF ')).toEqual({ ok: true, value: 'Trainerlizenz B.pdf' });
    expect(sanitizeDocumentFileName('Erste Hilfe')).toEqual({ ok: true, value: 'Erste Hilfe.pdf' });
    expect(sanitizeDocumentFileName('Gewerbe<anmeldung>:"2026"?.pdf')).toEqual({ ok: true, value: 'Gewerbeanmeldung2026.pdf' });
    expect(sanitizeDocumentFileName('Zeile\nzwei\u0000.pdf')).toEqual({ ok: true, value: 'Zeilezwei.pdf' });
  });

  it('drops the bidi controls that make gpj.exe look like exe.jpg, and keeps umlauts', () => {
    expect(sanitizeDocumentFileName('Übungsleiter\u202Efdp.exe')).toEqual({ ok: true, value: 'Übungsleiterfdp.exe.pdf' });
    const controls = ['\u200E', '\u200F', '\u061C', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u2028', '\u0085'];
    expect(sanitizeDocumentFileName(`Lizenz${controls.join('')}.pdf`)).toEqual({ ok: true, value: 'Lizenz.pdf' });
  });

  it('never splits an emoji when shortening', () => {
    const result = sanitizeDocumentFileName(`${'x'.repeat(115)}${'😀'.repeat(10)}.pdf`);
    expect(result).toEqual({ ok: true, value: `${'x'.repeat(115)}😀.pdf` });
  });

  it('refuses a name with a path in it instead of cutting it down', () => {
    for (const name of ['../lizenz.pdf', '..\\..\\x.pdf', 'a/b.pdf', '/etc/passwd', 'C:\\temp\\x.pdf', 'C:x.pdf']) {
      expect(sanitizeDocumentFileName(name), name).toEqual({ ok: false, reason: 'documents.fileNamePath' });
    }
  });

  it('refuses a name that is nothing but dots, spaces or the extension', () => {
    for (const name of ['', '   ', '.pdf', '. .pdf']) expect(sanitizeDocumentFileName(name).ok, name).toBe(false);
  });

  it('shortens a very long name and keeps the extension', () => {
    const result = sanitizeDocumentFileName(`${'x'.repeat(300)}.pdf`);
    expect(result.ok && result.value.length).toBe(120);
    expect(result.ok && result.value.endsWith('.pdf')).toBe(true);
  });
});

describe('parseExpirationDate (admin 5)', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('no_expiration_date or empty means no expiry', () => {
    expect(parseExpirationDate(NO_EXPIRATION_DATE, now)).toEqual({ ok: true, expiresAt: null });
    expect(parseExpirationDate('', now)).toEqual({ ok: true, expiresAt: null });
  });
  it('a Unix timestamp is its Berlin calendar day, today allowed, yesterday refused', () => {
    const todayMidnightBerlin = Date.UTC(2026, 10, 23, 23, 0) / 1000;
    expect(parseExpirationDate(todayMidnightBerlin, now)).toEqual({ ok: true, expiresAt: '2026-11-24' });
    expect(parseExpirationDate(String(todayMidnightBerlin + 86_400 * 30), now)).toEqual({ ok: true, expiresAt: '2026-12-24' });
    expect(parseExpirationDate(todayMidnightBerlin - 1, now)).toEqual({ ok: false, reason: 'documents.expiryInPast' });
    expect(parseExpirationDate('tomorrow', now)).toEqual({ ok: false, reason: 'documents.expiryInvalid' });
  });
  it('expires the day after the expiry date; reminds within 30 days', () => {
    expect(isExpired('2026-11-24', '2026-11-24')).toBe(false);
    expect(isExpired('2026-11-23', '2026-11-24')).toBe(true);
    expect(isExpired(null, '2026-11-24')).toBe(false);
    expect(reminderHorizon('2026-11-24')).toBe('2026-12-24');
  });
});

describe('checkPdfContent: what a check may unpack, and active content', () => {
  it('refuses a PDF whose object stream inflates past the budget, without inflating it all', async () => {
    const bomb = await pdfBomb(PDF_DECODE_BUDGET.perStream * 8);
    expect(bomb.byteLength).toBeLessThan(MAX_DOCUMENT_BYTES);
    expect(await checkPdfContent(bomb)).toEqual({ ok: false, reason: 'documents.pdfTooMuchPackedData' });
  });

  it('refuses JavaScript run on opening, a launch action behind an escaped name, and an embedded file', async () => {
    expect(await checkPdfContent(await pdfWithOpenActionJavaScript())).toEqual({ ok: false, reason: 'documents.pdfActiveContent' });
    expect(await checkPdfContent(await pdfWithLaunchAction())).toEqual({ ok: false, reason: 'documents.pdfActiveContent' });
    expect(await checkPdfContent(await pdfWithEmbeddedFile())).toEqual({ ok: false, reason: 'documents.pdfActiveContent' });
  });

  it('accepts an ordinary PDF saved with object streams, and checks after a refused one start with a fresh budget', async () => {
    const pdf = await PDFDocument.create();
    for (let page = 0; page < 20; page++) pdf.addPage([200, 200]).drawText(`Seite ${page + 1}`);
    const bytes = await pdf.save({ useObjectStreams: true });
    expect(await checkPdfContent(bytes)).toEqual({ ok: true, value: { pages: 20 } });
    expect((await checkPdfContent(await pdfBomb(PDF_DECODE_BUDGET.total * 2))).ok).toBe(false);
    expect(await checkPdfContent(bytes)).toEqual({ ok: true, value: { pages: 20 } });
  });
});

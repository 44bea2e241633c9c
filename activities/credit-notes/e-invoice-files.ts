import path from 'node:path';
import { renderCreditNotePdf, type TCreditNoteDocument } from '../../domain/credit-notes';
import { buildCreditNoteCii, xrechnungFilePath } from '../../domain/e-invoice';
import { sha256, writeFileAtomic } from './credit-note-files';

// The XRechnung of a credit note (the CII XML with the German CIUS), stored beside its PDF when the
// PDF is drawn: the trainers who receive XRechnung get it attached to the credit-note e-mail (the
// outbox attaches files) and the run's ZIP carries it. Built from the same stored document as the
// PDF and its embedded XML, so the three cannot disagree; the download route serves this file.

export { xrechnungFileName, xrechnungFilePath } from '../../domain/e-invoice';

/** The XRechnung of a stored document (deterministic: same document, same bytes). */
export const buildXRechnung = (doc: TCreditNoteDocument) => buildCreditNoteCii(doc, { syntax: 'xrechnung' });

/** Writes the XRechnung beside the PDF (atomically; a retry writes the same bytes). */
export async function storeXRechnung(dataDir: string, doc: TCreditNoteDocument, pdfFilePath: string, xml = buildXRechnung(doc)): Promise<string> {
  const filePath = xrechnungFilePath(pdfFilePath);
  await writeFileAtomic(path.join(dataDir, filePath), xml);
  return filePath;
}

/** A stored document given as its JSON text (as the render threads get it), parsed; an object as it is. */
export const documentOf = (doc: TCreditNoteDocument | string): TCreditNoteDocument => (typeof doc === 'string' ? (JSON.parse(doc) as TCreditNoteDocument) : doc);

/** A credit note's files as a run stores them: the hybrid PDF, its sha256 and the XRechnung. */
export type RenderedCreditNote = { pdf: Buffer; sha256: string; xrechnung: string };

/** Draws a stored document's files (all CPU: run in the render pool's threads, pdf-pool.ts). */
export async function renderCreditNoteFiles(doc: TCreditNoteDocument): Promise<RenderedCreditNote> {
  const pdf = await renderCreditNotePdf(doc);
  return { pdf, sha256: sha256(pdf), xrechnung: buildXRechnung(doc) };
}

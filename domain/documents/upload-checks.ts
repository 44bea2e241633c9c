import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';

// What a trainer's upload must be (DESIGN "Security": PDF only, checked by content, 3 MB at most):
// the bytes decide, never the name or the declared type. Pure functions on the bytes, so the API
// route and the unit tests run the same checks.

/** 3 MB, as the upload modal's label says ('PDF (max. 3 MB)'); the server enforces it. */
export const MAX_DOCUMENT_BYTES = 3 * 1024 * 1024;
/** A stored name's length: the column holds 255, and a download's header must stay readable. */
export const MAX_DOCUMENT_NAME_LENGTH = 120;

export type UploadRefusal =
  | 'documents.fileMissing'
  | 'documents.fileTooLarge'
  | 'documents.notPdf'
  | 'documents.pdfUnreadable'
  | 'documents.pdfEncrypted'
  | 'documents.fileNamePath'
  | 'documents.fileNameEmpty';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: UploadRefusal };

/**
 * Characters a name must not carry: control characters (C0, DEL, C1), the line and paragraph
 * separators, and the bidi controls (LRM/RLM/ALM, embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069), with which `Rechnung\u202Efdp.exe` shows as `Rechnungexe.pdf` in a list.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what goes
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069<>:"|?*]/g;

/**
 * A file name as the trainer gave it → the name it is stored and shown under. A name with a path in
 * it (`../x.pdf`, `C:\\x.pdf`, `a/b.pdf`) is refused, not cut down: it says the client is not the app.
 * Control and bidi characters and the characters file systems refuse go; the name ends in `.pdf`.
 */
export function sanitizeDocumentFileName(raw: string): Checked<string> {
  const name = raw.normalize('NFC').trim();
  if (/[/\\]/.test(name) || name.includes('..') || /^[a-z]:/i.test(name)) return { ok: false, reason: 'documents.fileNamePath' };
  const cleaned = name.replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  const stem = cleaned.replace(/\.pdf$/i, '').replace(/^[.\s]+/, '').trim();
  if (!stem) return { ok: false, reason: 'documents.fileNameEmpty' };
  // Cut by characters, so a surrogate pair (an emoji) is never split into an unpaired half.
  return { ok: true, value: `${Array.from(stem).slice(0, MAX_DOCUMENT_NAME_LENGTH - 4).join('').trim()}.pdf` };
}

/**
 * The bytes must be a PDF (magic number and structure, by `file-type`) that a PDF reader can open
 * (parsed by pdf-lib, at least one page, not password-protected: staff must be able to read it).
 */
export async function checkPdfContent(bytes: Uint8Array): Promise<Checked<{ pages: number }>> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'documents.fileMissing' };
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'documents.fileTooLarge' };
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') return { ok: false, reason: 'documents.notPdf' };
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
    const pages = pdf.getPageCount();
    if (pages < 1) return { ok: false, reason: 'documents.pdfUnreadable' };
    return { ok: true, value: { pages } };
  } catch (error) {
    const name = (error as { name?: string; constructor?: { name?: string } }).constructor?.name ?? '';
    if (name === 'EncryptedPDFError' || /encrypted/i.test(String((error as Error).message))) return { ok: false, reason: 'documents.pdfEncrypted' };
    return { ok: false, reason: 'documents.pdfUnreadable' };
  }
}

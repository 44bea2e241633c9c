import { fileTypeFromBuffer } from 'file-type';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { DecodeBudgetExceeded, withDecodeBudget, type DecodeBudget } from './pdf-decode-budget';

// What a trainer's upload must be (DESIGN "Security": PDF only, checked by content, 3 MB at most):
// the bytes decide, never the name or the declared type. Pure functions on the bytes, so the API
// route and the unit tests run the same checks.

/** 3 MB, as the upload modal's label says ('PDF (max. 3 MB)'); the server enforces it. */
export const MAX_DOCUMENT_BYTES = 3 * 1024 * 1024;
/** A stored name's length: the column holds 255, and a download's header must stay readable. */
export const MAX_DOCUMENT_NAME_LENGTH = 120;

/**
 * What one check may unpack (decision 0065): pdf-lib inflates only a file's object and
 * cross-reference streams while loading, which hold the file's dictionaries, not its pages' content or
 * images; a 3 MB PDF's come to a few MB. 32 MB a stream and 64 MB a file leave ten times that and
 * keep a refused bomb under a second of one thread.
 */
export const PDF_DECODE_BUDGET: DecodeBudget = { perStream: 32 * 1024 * 1024, total: 64 * 1024 * 1024 };

export type UploadRefusal =
  | 'documents.fileMissing'
  | 'documents.fileTooLarge'
  | 'documents.notPdf'
  | 'documents.pdfUnreadable'
  | 'documents.pdfEncrypted'
  | 'documents.pdfTooMuchPackedData'
  | 'documents.pdfActiveContent'
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

// Active content a viewer may run or open (decision 0066): JavaScript (an action of kind JavaScript,
// its /JS code, the document's /JavaScript name tree), an action that launches a program, and files
// carried inside the PDF (the /EmbeddedFiles name tree, a file specification's /EF, an embedded file
// stream, a file attachment annotation). A licence or a registration needs none of them.
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'EmbeddedFiles', 'EF']);
const ACTIVE_NAMES = new Set(['JavaScript', 'Launch', 'EmbeddedFile', 'FileAttachment']);
/** Deeper than any real dictionary nests: a file built to nest forever is not walked to the end. */
const MAX_NESTING = 64;

function holdsActiveContent(value: PDFObject | undefined, depth = 0): boolean {
  if (!value || depth > MAX_NESTING) return depth > MAX_NESTING;
  if (value instanceof PDFRawStream) return holdsActiveContent(value.dict, depth + 1);
  // Names are compared decoded (pdf-lib turns `/J#53` into `/JS`), so an escaped name is no way round.
  if (value instanceof PDFName) return ACTIVE_NAMES.has(value.decodeText());
  if (value instanceof PDFArray) return value.asArray().some((item) => holdsActiveContent(item, depth + 1));
  if (value instanceof PDFDict) return value.entries().some(([key, item]) => ACTIVE_KEYS.has(key.decodeText()) || holdsActiveContent(item, depth + 1));
  return false;
}

/** Whether any object of the file carries JavaScript, a launch action or an embedded file. */
export const findsActiveContent = (pdf: PDFDocument) => pdf.context.enumerateIndirectObjects().some(([, object]) => holdsActiveContent(object)) || holdsActiveContent(pdf.context.trailerInfo.Root);

/**
 * The bytes must be a PDF (magic number and structure, by `file-type`) that a PDF reader can open
 * (parsed by pdf-lib, at least one page, not password-protected: staff must be able to read it),
 * that unpacks within PDF_DECODE_BUDGET and carries no active content. CPU-bound: the API runs it in
 * a worker thread with a time and memory cap (api/routes/documents/pdf-check-pool.ts), never on its event loop.
 */
export async function checkPdfContent(bytes: Uint8Array): Promise<Checked<{ pages: number }>> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'documents.fileMissing' };
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'documents.fileTooLarge' };
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') return { ok: false, reason: 'documents.notPdf' };
  try {
    const pdf = await withDecodeBudget(PDF_DECODE_BUDGET, () => PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false }));
    const pages = pdf.getPageCount();
    if (pages < 1) return { ok: false, reason: 'documents.pdfUnreadable' };
    if (findsActiveContent(pdf)) return { ok: false, reason: 'documents.pdfActiveContent' };
    return { ok: true, value: { pages } };
  } catch (error) {
    if (error instanceof DecodeBudgetExceeded) return { ok: false, reason: 'documents.pdfTooMuchPackedData' };
    const name = (error as { name?: string; constructor?: { name?: string } }).constructor?.name ?? '';
    if (name === 'EncryptedPDFError' || /encrypted/i.test(String((error as Error).message))) return { ok: false, reason: 'documents.pdfEncrypted' };
    return { ok: false, reason: 'documents.pdfUnreadable' };
  }
}

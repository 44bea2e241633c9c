import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

// PDFs an attacker uploads, built in the test (no binary fixtures): a decompression bomb and files
// that carry JavaScript, a launch action or an embedded file.

const encoder = new TextEncoder();

/** Deflates `size` zero bytes, a megabyte at a time, so the test never holds the inflated data. */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += block.length) {
    if (!deflate.write(block.subarray(0, Math.min(block.length, size - written)))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF with an object stream (which every PDF reader, and pdf-lib while loading, unpacks)
 * whose Flate data inflates to `inflatedBytes` zeros: about a thousandth of that on disk.
 */
export async function pdfBomb(inflatedBytes: number): Promise<Uint8Array> {
  const bomb = await deflatedZeros(inflatedBytes);
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Uint8Array | string) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const object = (body: string | Array<string | Uint8Array>) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    for (const part of Array.isArray(body) ? body : [body]) push(part);
    push('\nendobj\n');
  };
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  object([`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, bomb, '\nendstream']);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const file = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}

const onePage = async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  return pdf;
};

/** A one-page PDF that runs JavaScript when opened (/OpenAction of kind JavaScript). */
export async function pdfWithOpenActionJavaScript(): Promise<Uint8Array> {
  const pdf = await onePage();
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hi")') }));
  return pdf.save({ useObjectStreams: true });
}

/** A one-page PDF whose catalog launches a program, its key written with an escape (`/S /Laun#63h`). */
export async function pdfWithLaunchAction(): Promise<Uint8Array> {
  const pdf = await onePage();
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
  // The catalog is written as `/Type /Catalog`: the action goes beside it, its name escaped.
  return Buffer.from(bytes.replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /Laun#63h /F (calc.exe) >>'), 'latin1');
}

/** A one-page PDF with a file attached in its /EmbeddedFiles name tree. */
export async function pdfWithEmbeddedFile(): Promise<Uint8Array> {
  const pdf = await onePage();
  await pdf.attach(encoder.encode('MZ not really a program'), 'setup.exe', { mimeType: 'application/octet-stream' });
  return pdf.save();
}

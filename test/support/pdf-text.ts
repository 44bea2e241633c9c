import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// What a reader of a PDF sees: its text per page, read back with pdf.js (no-break spaces as spaces).
export async function pdfPages(buffer: Buffer | Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    pages.push(text.replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

export const pdfText = async (buffer: Buffer | Uint8Array) => (await pdfPages(buffer)).join('\n');

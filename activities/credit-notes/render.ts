import type { MikroORM } from '@mikro-orm/postgresql';
import path from 'node:path';
import type { TCreditNoteDocument } from '../../domain/credit-notes';
import { sql } from '../shared/sql';
import { sha256, writeFileAtomic } from './credit-note-files';
import { storeXRechnung } from './e-invoice-files';
import { PdfRenderPool } from './pdf-pool';

/** PDFs being drawn at once per activity (the pool has a thread per core). */
export const PDFS_IN_FLIGHT = 8;

/** A recorded credit note's PDF: its stored document and where it goes. */
export type PdfToStore = { doc: TCreditNoteDocument; filePath: string };

/** The PDF step of issuing: one render pool per worker process (the factory runs once per worker). */
export function createPdfStore({ orm, dataDir }: { orm: MikroORM; dataDir: string }) {
  const pdfPool = new PdfRenderPool();
  /**
   * Draws a recorded credit note's PDF from its stored document and writes it once: the hash is
   * set only where none is (a retry that finds it set leaves the file alone).
   */
  return async function storePdf(creditNoteUuid: string, { doc, filePath }: PdfToStore): Promise<void> {
    const pdf = await pdfPool.render(doc);
    // The XRechnung first: a PDF with its hash set means both files are there.
    await storeXRechnung(dataDir, doc, filePath);
    await writeFileAtomic(path.join(dataDir, filePath), pdf);
    await sql(orm.em.fork(), 'update credit_note set sha256 = ?, updated_at = now() where uuid = ? and sha256 is null', [sha256(pdf), creditNoteUuid]);
  };
}

export type StorePdf = ReturnType<typeof createPdfStore>;

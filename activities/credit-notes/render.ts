import type { MikroORM } from '@mikro-orm/postgresql';
import path from 'node:path';
import type { TCreditNoteDocument } from '../../domain/credit-notes';
import { sql } from '../shared/sql';
import { writeFileAtomic } from './credit-note-files';
import { storeXRechnung } from './e-invoice-files';
import { PdfRenderPool } from './pdf-pool';

/** PDFs being drawn at once per activity (the pool has a thread per core). */
export const PDFS_IN_FLIGHT = 8;

/** A recorded credit note's PDF: its stored document and where it goes. */
export type PdfToStore = { doc: TCreditNoteDocument; filePath: string };

/** A PDF written, with the hash to record. */
export type StoredPdf = { creditNoteUuid: string; sha256: string };

/** The PDF step of issuing: one render pool per worker process (the factory runs once per worker). */
export function createPdfStore({ orm, dataDir }: { orm: MikroORM; dataDir: string }) {
  const pdfPool = new PdfRenderPool();
  return {
    /** Starts the render threads ahead of the first PDF (loading TypeScript and the fonts takes seconds on a busy machine). */
    warm: () => pdfPool.start(),
    /** Draws a recorded credit note's PDF and XRechnung from its stored document (in the pool) and writes both. */
    async storePdf(creditNoteUuid: string, { doc, filePath }: PdfToStore): Promise<StoredPdf> {
      const { pdf, sha256, xrechnung } = await pdfPool.render(doc);
      // The XRechnung first: a PDF with its hash set means both files are there.
      await storeXRechnung(dataDir, doc, filePath, xrechnung);
      await writeFileAtomic(path.join(dataDir, filePath), pdf);
      return { creditNoteUuid, sha256 };
    },
    /**
     * Records the hashes of written PDFs in one update; set only where none is (a retry that finds it
     * set leaves it alone). A credit note without a hash has its files drawn again by the retry.
     */
    async recordHashes(stored: StoredPdf[]): Promise<void> {
      if (stored.length === 0) return;
      await sql(
        orm.em.fork(),
        `update credit_note c set sha256 = s.sha256, updated_at = now()
           from jsonb_to_recordset(?::jsonb) as s(uuid uuid, sha256 text)
          where c.uuid = s.uuid and c.sha256 is null`,
        [JSON.stringify(stored.map(({ creditNoteUuid, sha256 }) => ({ uuid: creditNoteUuid, sha256 })))],
      );
    },
  };
}

export type PdfStore = ReturnType<typeof createPdfStore>;

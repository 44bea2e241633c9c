import type { MikroORM } from '@mikro-orm/postgresql';
import path from 'node:path';
import type { TCreditNoteDocument } from '../../domain/credit-notes';
import { heartbeatEvery } from '../shared/activity-context';
import { settlementRowOf } from '../shared/settlement';
import { sql } from '../../db/queries/sql';
import { writeFileAtomic } from './credit-note-files';
import { ZDrawCreditNotePdfsInput, type TDrawCreditNotePdfsInput, type TDrawCreditNotePdfsResult } from './credit-note.types';
import { xrechnungFilePath } from './e-invoice-files';
import { PdfRenderPool } from './pdf-pool';
import { idArray } from '../../db/queries/id-array';
import { findRun } from './run-records';
import { isDiskFull, reportDiskFull } from './disk-full';

/** PDFs being drawn at once per activity (the pool has a thread per core). */
export const PDFS_IN_FLIGHT = 8;

/** A recorded credit note's PDF: its stored document (or the document's JSON text, as stored) and where it goes. */
export type PdfToStore = { doc: TCreditNoteDocument | string; filePath: string };

/** A PDF written, with the hash to record. */
export type StoredPdf = { creditNoteUuid: string; sha256: string };

/** The PDF step of issuing: one render pool per worker process (the factory runs once per worker). */
export function createPdfStore({ orm, dataDir }: { orm: MikroORM; dataDir: string }) {
  const pdfPool = new PdfRenderPool();
  const store = {
    /** Starts the render threads ahead of the first PDF (loading TypeScript and the fonts takes seconds on a busy machine). */
    warm: () => void pdfPool.start(),
    /** Draws a recorded credit note's PDF and XRechnung from its stored document (in the pool) and writes both. */
    async storePdf(creditNoteUuid: string, { doc, filePath }: PdfToStore): Promise<StoredPdf> {
      const { pdf, sha256, xrechnung } = await pdfPool.render(doc);
      // The XRechnung first: a PDF with its hash set means both files are there.
      await writeFileAtomic(path.join(dataDir, xrechnungFilePath(filePath)), xrechnung);
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
    /**
     * Draws and writes a batch's PDFs, PDFS_IN_FLIGHT at a time in the pool, then records their
     * hashes in one update; `onStored` after each (a heartbeat). Throws the first failure after the
     * others are recorded: the retry draws only the ones still without a hash.
     */
    async storePdfs(pdfs: Array<{ creditNoteUuid: string; pdf: PdfToStore }>, onStored?: () => void): Promise<number> {
      const drawing = new Set<Promise<void>>();
      const stored: StoredPdf[] = [];
      const failures: unknown[] = [];
      for (const { creditNoteUuid, pdf } of pdfs) {
        const job = store.storePdf(creditNoteUuid, pdf).then(
          (written) => {
            stored.push(written);
            onStored?.();
          },
          (error: unknown) => void failures.push(error),
        );
        drawing.add(job);
        void job.finally(() => drawing.delete(job));
        if (drawing.size >= PDFS_IN_FLIGHT) await Promise.race(drawing);
      }
      await Promise.all(drawing);
      await store.recordHashes(stored);
      if (failures.length > 0) throw failures[0];
      return stored.length;
    },
  };
  return store;
}

export type PdfStore = ReturnType<typeof createPdfStore>;

export function createRenderActivities({ orm, pdfStore, dataDir }: { orm: MikroORM; pdfStore: PdfStore; dataDir: string }) {
  return {
    /**
     * Draws the PDFs (and XRechnungen) of the run's recorded credit notes of these trainers that have
     * none yet (no hash), from their stored documents; a heartbeat after each. Idempotent: a retry,
     * or a second call, draws only what is still missing and answers how many it drew.
     */
    async drawCreditNotePdfs(rawInput: TDrawCreditNotePdfsInput): Promise<TDrawCreditNotePdfsResult> {
      const input = ZDrawCreditNotePdfsInput.parse(rawInput);
      pdfStore.warm();
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const run = await findRun(em, input.runUuid, settlement);
      // The documents as their JSON text: parsed in the render thread, not here (see PdfRenderPool.render).
      const undrawn = await sql<{ uuid: string; document: string; file_path: string }>(
        em,
        `select cn.uuid, cn.document::text as document, cn.file_path from credit_note cn join trainer t on t.id = cn.trainer_id
          where cn.settlement_run_id = ? and cn.document_type = 'credit_note' and cn.sha256 is null and cn.document is not null
            and t.uuid = any(?::uuid[])
          order by cn.number`,
        [run.id, idArray(input.trainerUuids)],
      );
      let drawn = 0;
      const heartbeat = heartbeatEvery();
      try {
        await pdfStore.storePdfs(
          undrawn.map((note) => ({ creditNoteUuid: note.uuid, pdf: { doc: note.document, filePath: note.file_path } })),
          () => heartbeat({ drawn: ++drawn, total: undrawn.length }),
        );
      } catch (error) {
        if (isDiskFull(error)) await reportDiskFull(orm, { settlementUuid: input.settlementUuid, runUuid: input.runUuid, dataDir, locale: input.locale, error });
        throw error;
      }
      return { drawn: undrawn.length };
    },
  };
}

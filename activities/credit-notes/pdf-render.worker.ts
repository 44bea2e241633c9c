import { parentPort } from 'node:worker_threads';
import { renderCreditNotePdf, type TCreditNoteDocument } from '../../domain/credit-notes';

// A worker thread of the PDF render pool (pdf-pool.ts): renders one credit-note document per
// message. pdfkit is plain JavaScript and CPU-bound, so rendering here keeps the activity's thread
// free for the database while the other core draws.

parentPort?.on('message', async ({ id, doc }: { id: number; doc: TCreditNoteDocument }) => {
  try {
    const pdf = await renderCreditNotePdf(doc);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) } });
  }
});

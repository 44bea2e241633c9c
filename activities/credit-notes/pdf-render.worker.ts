import { parentPort } from 'node:worker_threads';
import { loadCreditNoteFonts, type TCreditNoteDocument } from '../../domain/credit-notes';
import { documentOf, renderCreditNoteFiles } from './e-invoice-files';
import { startMemoryLog } from '../../config/memory-log';

// A worker thread of the PDF render pool (pdf-pool.ts): draws one credit-note document's files per
// message (PDF, its hash, the XRechnung). pdfkit and the XML are plain JavaScript and CPU-bound, so
// drawing here keeps the activity's thread free for the database while the other core draws.

// Ready before the first document arrives: the pool starts its threads when a run starts.
loadCreditNoteFonts();
startMemoryLog('render thread');

parentPort?.on('message', async ({ id, doc }: { id: number; doc: TCreditNoteDocument | string }) => {
  try {
    const { pdf, sha256, xrechnung } = await renderCreditNoteFiles(documentOf(doc));
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id, pdf: bytes, sha256, xrechnung }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) } });
  }
});

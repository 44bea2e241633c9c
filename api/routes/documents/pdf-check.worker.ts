import { parentPort } from 'node:worker_threads';
import { checkPdfContent } from '../../../domain/documents/upload-checks';

// The thread of the upload check (pdf-check-pool.ts): one uploaded file per message, answered with
// the check's result. pdf-lib parses in plain JavaScript, so here it holds this thread, never the API's.

parentPort?.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    parentPort!.postMessage({ id, result: await checkPdfContent(bytes) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

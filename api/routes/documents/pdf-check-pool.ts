import { Worker } from 'node:worker_threads';
import type { Checked } from '../../../domain/documents/upload-checks';

// Uploaded PDFs are checked off the API's event loop (DESIGN: "Uploads and other untrusted files are
// parsed off the API's event loop with a time and memory cap"): pdf-lib parses a file in plain
// JavaScript, and on the loop a crafted file held every tenant's requests for as long as it took.
// One thread per api process, checks one after another (uploads are rare; a queue is fairer than
// more threads on a shared machine), with a V8 heap cap (resourceLimits) and a wall-clock cap: a
// thread that runs out of either is ended and the next check starts a fresh one. What a check may
// inflate is capped inside it (domain/documents/pdf-decode-budget.ts), since unpacked streams are
// ArrayBuffers the heap cap does not count. As the credit-note render pool, the thread starts from a
// .mjs entry that registers tsx; unlike it, there is no fallback to the calling thread.

/** Wall-clock cap of one check: a real 3 MB PDF takes well under a second; this leaves room for a busy machine. */
export const PDF_CHECK_TIME_LIMIT_MS = 20_000;
/** V8 heap cap of the check thread: pdf-lib's objects for a 3 MB file take tens of MB. */
const PDF_CHECK_HEAP_MB = 256;

export type PdfCheckResult = Checked<{ pages: number }> | { ok: false; reason: 'documents.pdfCheckFailed' };

type Job = { id: number; bytes: Uint8Array; resolve: (result: PdfCheckResult) => void; reject: (error: Error) => void };
type Answer = { id: number; result?: PdfCheckResult; error?: string };

const ENTRY = new URL('./pdf-check.worker.mjs', import.meta.url);

export class PdfCheckPool {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;

  constructor(private readonly timeLimitMs = PDF_CHECK_TIME_LIMIT_MS) {}

  /**
   * Starts the thread ahead of a check (the screens an upload or a download starts from call it):
   * loading the check in a new thread takes a second or more on a busy machine.
   */
  warm(): void {
    this.thread();
  }

  /** The check of domain/documents/upload-checks.ts, in the thread; a check over its time or memory answers 'documents.pdfCheckFailed'. */
  check(bytes: Uint8Array): Promise<PdfCheckResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, resolve, reject });
      this.next();
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: PDF_CHECK_HEAP_MB, maxYoungGenerationSizeMb: 32 } });
    worker.unref();
    worker.on('message', ({ id, result, error }: Answer) => {
      if (this.running?.job.id !== id) return;
      const { job } = this.finish();
      if (result) job.resolve(result);
      else job.reject(new Error(`PDF check failed: ${error}`));
      this.next();
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), or the thread died otherwise: the file is refused, not retried.
    const died = (error?: unknown) => {
      if (this.worker !== worker) return;
      // Out of heap is what the cap is for; anything else (the thread cannot load) refuses every upload: say so.
      if (error instanceof Error && (error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') console.error(`documents: the PDF check thread failed: ${error.message}`);
      this.worker = undefined;
      if (!this.running) return;
      this.finish().job.resolve({ ok: false, reason: 'documents.pdfCheckFailed' });
      this.next();
    };
    worker.on('error', died);
    worker.on('exit', () => died());
    return (this.worker = worker);
  }

  private finish() {
    const running = this.running!;
    clearTimeout(running.timer);
    this.running = undefined;
    return running;
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = this.thread();
    const timer = setTimeout(() => {
      // Over time: the thread is ended (terminate stops even a loop that never yields) and replaced at the next check.
      this.worker = undefined;
      void worker.terminate();
      this.finish().job.resolve({ ok: false, reason: 'documents.pdfCheckFailed' });
      this.next();
    }, this.timeLimitMs);
    this.running = { job, timer };
    // A copy goes over (structured clone): the route keeps its bytes to store them.
    worker.postMessage({ id: job.id, bytes: job.bytes });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

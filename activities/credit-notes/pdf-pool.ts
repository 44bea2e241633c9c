import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TCreditNoteDocument } from '../../domain/credit-notes';
import { documentOf, renderCreditNoteFiles, type RenderedCreditNote } from './e-invoice-files';
import { renderWorkerEntry } from './render-worker-bundle';

// Credit-note PDFs are rendered off the activity's thread, in a small pool of worker threads (one
// per core): a hybrid PDF and its XRechnung cost several ms of CPU a document, so a run of 1,000
// credit notes would otherwise spend most of its time drawing on the one thread that also talks to
// PostgreSQL (the hash is taken there too). The bytes do not depend on where a document is drawn
// (the renderer is deterministic), and a pool that cannot start (no worker threads, no TypeScript
// loader) falls back to drawing in-process. The threads start from one bundled module
// (render-worker-bundle.ts).

type Pending = { resolve: (files: RenderedCreditNote) => void; reject: (error: Error) => void };

export class PdfRenderPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly load = new Map<Worker, number>();
  private nextId = 1;
  private broken = false;
  private starting: Promise<void> | undefined;

  constructor(private readonly size = Math.max(1, Math.min(4, os.availableParallelism()))) {}

  /** Starts the threads (they load the renderer and its fonts), so a run's first PDFs do not wait for that. */
  start(): Promise<void> {
    return (this.starting ??= this.spawn());
  }

  private async spawn(): Promise<void> {
    const entry = await renderWorkerEntry();
    try {
      for (let index = 0; index < this.size; index++) {
        const worker = new Worker(entry);
        worker.unref();
        worker.on('message', ({ id, pdf, sha256, xrechnung, error }: { id: number; pdf?: Uint8Array; sha256?: string; xrechnung?: string; error?: { name: string; message: string } }) => {
          const job = this.pending.get(id);
          this.pending.delete(id);
          this.load.set(worker, (this.load.get(worker) ?? 1) - 1);
          if (!job) return;
          if (error) job.reject(Object.assign(new Error(error.message), { name: error.name }));
          else job.resolve({ pdf: Buffer.from(pdf!.buffer, pdf!.byteOffset, pdf!.byteLength), sha256: sha256!, xrechnung: xrechnung! });
        });
        worker.on('error', (error) => this.fail(error));
        this.workers.push(worker);
        this.load.set(worker, 0);
      }
    } catch {
      this.broken = true;
    }
  }

  /** A worker died (it should not): its jobs and all later ones are drawn in-process. */
  private fail(error: Error): void {
    this.broken = true;
    for (const [id, job] of this.pending) {
      this.pending.delete(id);
      job.reject(error);
    }
    void this.close();
  }

  /**
   * The document's PDF, its hash and its XRechnung. The document may come as its JSON text (as
   * stored): then the thread parses it, and posting it is a copy of one string instead of a
   * structured clone of the document's object tree on the activity's thread.
   */
  async render(doc: TCreditNoteDocument | string): Promise<RenderedCreditNote> {
    await this.start();
    if (this.broken || this.workers.length === 0) return renderCreditNoteFiles(documentOf(doc));
    const worker = [...this.load.entries()].sort((a, b) => a[1] - b[1])[0]![0];
    this.load.set(worker, (this.load.get(worker) ?? 0) + 1);
    const id = this.nextId++;
    try {
      return await new Promise<RenderedCreditNote>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        worker.postMessage({ id, doc });
      });
    } catch (error) {
      // A worker that failed to load (e.g. no TypeScript loader): draw here instead.
      if (this.broken) return renderCreditNoteFiles(documentOf(doc));
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.starting;
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

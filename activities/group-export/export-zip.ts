import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';

// One ZIP written as a stream (docs/decisions/0140): each entry is read from its source (a file, or
// rows paged from PostgreSQL) through a hash into the archive, one entry at a time, and the archive
// goes through a second hash to the file. Backpressure reaches from the disk back to the query, so
// nothing larger than a page of rows or a file chunk is ever held.

export type ManifestFile = { path: string; size: number; sha256: string };

/** Counts and hashes what passes through. */
class Digest extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
}

export class ExportZip {
  private readonly zip = new ZipArchive({ zlib: { level: 6 } });
  private readonly whole = new Digest();
  private readonly written: Promise<void>;
  private failure: Error | undefined;
  readonly files: ManifestFile[] = [];

  /** `date`: every entry's time stamp (the export's start), so the entries say when the data was taken. */
  constructor(
    absolutePath: string,
    private readonly date: Date,
  ) {
    this.zip.on('warning', (error: Error) => (this.failure ??= error));
    this.zip.on('error', (error: Error) => (this.failure ??= error));
    this.written = pipeline(this.zip, this.whole, fs.createWriteStream(absolutePath, { flags: 'w' }));
    // Surfaced by add() or finish(); without a handler a failed write would be an unhandled rejection.
    this.written.catch((error: Error) => (this.failure ??= error));
  }

  /** Adds one entry and waits until the archive has taken all of it; answers its size and sha256. */
  async add(name: string, source: Readable | Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<ManifestFile> {
    if (this.failure) throw this.failure;
    const digest = new Digest();
    const input = source instanceof Readable ? source : Readable.from(source, { objectMode: false });
    const done = new Promise<void>((resolve, reject) => {
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== name) return;
        cleanUp();
        resolve();
      };
      const onError = (error: Error) => {
        cleanUp();
        reject(error);
      };
      const cleanUp = () => {
        this.zip.off('entry', onEntry);
        this.zip.off('error', onError);
        input.off('error', onError);
      };
      this.zip.on('entry', onEntry);
      this.zip.on('error', onError);
      input.on('error', onError);
    });
    this.zip.append(input.pipe(digest), { name, date: this.date });
    await done;
    if (this.failure) throw this.failure;
    const file = { path: name, size: digest.size, sha256: digest.hash.digest('hex') };
    this.files.push(file);
    return file;
  }

  /** Closes the archive and waits until every byte is on disk; answers the ZIP's size and sha256. */
  async finish(): Promise<{ size: number; sha256: string }> {
    await this.zip.finalize();
    await this.written;
    if (this.failure) throw this.failure;
    return { size: this.whole.size, sha256: this.whole.hash.digest('hex') };
  }

  /** Stops writing (a failed attempt); the caller deletes the partial file. */
  abort() {
    this.zip.abort();
  }
}

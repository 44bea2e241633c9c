import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';

// While pdf-lib loads a file it unpacks every object stream and cross-reference stream, each at once
// into one growing buffer, in plain JavaScript: a 1 MB upload whose object stream inflates to 1 GB
// of zeros held a thread for seconds and its memory by the gigabyte. Every decoder of pdf-lib
// (Flate, LZW, ASCIIHex, ASCII85, RunLength) grows its buffer through one method,
// `DecodeStream.prototype.ensureBuffer`, so the cap sits there: it counts what the decoder that
// really inflates is about to allocate, whatever filters a file chains and whatever its stream
// lengths claim, which a scan of the raw bytes beside pdf-lib could not promise. The budget belongs to
// the check that runs (AsyncLocalStorage: pdf-lib's load yields between objects, so two checks in
// one thread must not share a count); outside a check nothing changes.

export type DecodeBudget = {
  /** Bytes one stream may unpack to. */
  perStream: number;
  /** Bytes all streams of one file may unpack to together. */
  total: number;
};

/** Thrown inside pdf-lib's load when a file unpacks to more than its budget. */
export class DecodeBudgetExceeded extends Error {
  constructor() {
    super('The PDF unpacks to more data than a check may inflate.');
    this.name = 'DecodeBudgetExceeded';
  }
}

type Account = DecodeBudget & { used: number; exceeded: boolean };
type DecodeStreamPrototype = { ensureBuffer(this: { buffer: Uint8Array }, requested: number): Uint8Array };

const accounts = new AsyncLocalStorage<Account>();
let installed = false;

/** The decoders' common base class of the pdf-lib build Node loads (its `main`, CommonJS). */
function decodeStreamPrototype(): DecodeStreamPrototype {
  const require = createRequire(import.meta.url);
  const prototype = (require('pdf-lib/cjs/core/streams/DecodeStream.js') as { default?: { prototype?: Partial<DecodeStreamPrototype> } }).default?.prototype;
  // A pdf-lib that no longer grows its buffers here would slip the cap: fail closed, so every check refuses.
  if (typeof prototype?.ensureBuffer !== 'function') throw new Error('pdf-lib: DecodeStream.prototype.ensureBuffer not found; the decode budget cannot be enforced.');
  return prototype as DecodeStreamPrototype;
}

function install(): void {
  if (installed) return;
  const prototype = decodeStreamPrototype();
  const original = prototype.ensureBuffer;
  prototype.ensureBuffer = function ensureBuffer(requested) {
    const account = accounts.getStore();
    if (!account) return original.call(this, requested);
    const before = this.buffer.byteLength;
    // Checked before the allocation; pdf-lib grows a buffer to the next power of two of `requested`.
    if (requested > account.perStream || account.used + Math.max(0, requested - before) > account.total) {
      account.exceeded = true;
      throw new DecodeBudgetExceeded();
    }
    const buffer = original.call(this, requested);
    account.used += buffer.byteLength - before;
    return buffer;
  };
  installed = true;
}

/**
 * Runs `work` (a pdf-lib load) with every stream it unpacks counted against `budget`; throws
 * DecodeBudgetExceeded when any stream went over, also where pdf-lib caught the error itself (with
 * `throwOnInvalidObject: false` it skips an object it cannot parse and carries on: the budget, once
 * spent, stops each later stream at its first bytes).
 */
export async function withDecodeBudget<T>(budget: DecodeBudget, work: () => Promise<T>): Promise<T> {
  install();
  const account: Account = { ...budget, used: 0, exceeded: false };
  const result = await accounts.run(account, work).catch((error: unknown) => {
    if (account.exceeded) throw new DecodeBudgetExceeded();
    throw error;
  });
  if (account.exceeded) throw new DecodeBudgetExceeded();
  return result;
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Payload, PayloadCodec } from '@temporalio/common';

// Large Temporal payloads go over the wire and into histories compressed. A settlement workflow's
// state names every trainer several times (selected, prepared, sent a preview, approved, billed):
// ~2.3 MB of JSON for 10,000 trainers, past Temporal's 2 MB limit for one payload — the update that
// starts the credit-note run failed with it and left the workflow task failing. Brotli with a
// window larger than the payload finds the repeated lists (~9× smaller), so one payload's ceiling
// moves from ~9,000 trainers to tens of thousands. Payloads below the threshold — every payload of
// a group of up to about 1,000 trainers — stay as they are, readable in Temporal's UI and CLI, and
// cost nothing. Decoding passes through every payload without the marker: histories recorded
// before this replay unchanged.

/** Marker in a payload's metadata: its data is the brotli of the original data. */
const MARKER = 'trainerpay-compression';
const BROTLI = new TextEncoder().encode('br');
/** Payloads at least this large (bytes) are compressed: half Temporal's 512 KB warning. */
export const COMPRESS_FROM_BYTES = 256 * 1024;

const compress = promisify(zlib.brotliCompress);
const decompress = promisify(zlib.brotliDecompress);

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    // Quality 5: ~75 ms for 2.3 MB of state; higher qualities cost several times that for little more.
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    // A window as large as the payload (up to brotli's 16 MB): the repeats are lists of ~390 KB apart.
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(size + 1)))),
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

export const largePayloadCodec: PayloadCodec = {
  async encode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.all(
      payloads.map(async (payload) => {
        const data = payload.data;
        if (!data || data.length < COMPRESS_FROM_BYTES) return payload;
        return { metadata: { ...payload.metadata, [MARKER]: BROTLI }, data: new Uint8Array(await compress(data, brotliOptions(data.length))) };
      }),
    );
  },
  async decode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.all(
      payloads.map(async (payload) => {
        if (!payload.metadata?.[MARKER] || !payload.data) return payload;
        const { [MARKER]: _marker, ...metadata } = payload.metadata;
        return { metadata, data: new Uint8Array(await decompress(payload.data)) };
      }),
    );
  },
};

/** The data converter of every TrainerPay client and worker: both sides must agree on the codec. */
export const DATA_CONVERTER = { payloadCodecs: [largePayloadCodec] };

import { randomUUID } from 'node:crypto';
import { DefaultPayloadConverter } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, largePayloadCodec } from './temporal-payload-codec';

const converter = new DefaultPayloadConverter();

/** A settlement state as the workflow answers it, for this many trainers (every list full). */
function settlementState(trainers: number) {
  const uuids = Array.from({ length: trainers }, () => randomUUID());
  return {
    step: 4,
    selectedTrainerUuids: uuids,
    billedTrainerUuids: uuids,
    preparation: { phase: 'done', preparedTrainerUuids: uuids },
    previewSentTrainerUuids: uuids,
    approvals: Object.fromEntries(uuids.map((uuid) => [uuid, { company: true, trainer: true }])),
  };
}

describe('large payload codec', () => {
  it('leaves a payload below the threshold exactly as it is', async () => {
    const payload = converter.toPayload(settlementState(100));
    expect(payload.data!.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const [encoded] = await largePayloadCodec.encode([payload]);
    expect(encoded).toBe(payload);
    expect((await largePayloadCodec.decode([payload]))[0]).toBe(payload);
  });

  it('brings the state of 10,000 trainers under Temporal’s 512 KB warning and back to the same value', async () => {
    const state = settlementState(10_000);
    const payload = converter.toPayload(state);
    expect(payload.data!.length).toBeGreaterThan(2 * 1024 * 1024);
    const [encoded] = await largePayloadCodec.encode([payload]);
    expect(encoded!.data!.length).toBeLessThan(512 * 1024);
    const [decoded] = await largePayloadCodec.decode([encoded!]);
    expect(decoded!.metadata).toEqual(payload.metadata);
    expect(converter.fromPayload(decoded!)).toEqual(state);
  });

  it('decodes a payload written before compression existed (a recorded history) unchanged', async () => {
    const payload = converter.toPayload({ large: 'x'.repeat(COMPRESS_FROM_BYTES * 2) });
    expect((await largePayloadCodec.decode([payload]))[0]).toBe(payload);
  });
});

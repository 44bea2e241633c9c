import type { ZodType } from 'zod';
import { apiStream } from '../api/client';
import { readNdjson } from './ndjson';

/**
 * Calls a streamed endpoint and reads its newline-delimited JSON answer to the end, handing on each
 * line that matches the contract's message schema; other lines are skipped (spec 8). A refused
 * start (4xx, unreachable) rejects with the ApiError before any message.
 */
export async function readStream<Message>({
  path,
  body,
  schema,
  onMessage,
  signal,
}: {
  path: string;
  body: unknown;
  schema: ZodType<Message>;
  onMessage: (message: Message) => void;
  signal?: AbortSignal;
}) {
  const stream = await apiStream(path, { method: 'POST', body, signal });
  await readNdjson(
    stream,
    (value) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) onMessage(parsed.data);
    },
    signal,
  );
}

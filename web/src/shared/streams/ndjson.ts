/**
 * Splits a newline-delimited JSON stream into values. Lines that are not JSON are skipped
 * (spec 8: an unparseable stream chunk is skipped), and a line cut across two chunks is joined first.
 */
export function createNdjsonParser() {
  let buffer = '';
  const parseLines = (lines: string[]) => {
    const values: unknown[] = [];
    for (const line of lines) {
      const trimmed = line.trim();
      if (!trimmed) continue;
      try {
        values.push(JSON.parse(trimmed));
      } catch {
        // skipped on purpose
      }
    }
    return values;
  };
  return {
    push(chunk: string): unknown[] {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return parseLines(lines);
    },
    flush(): unknown[] {
      const rest = buffer;
      buffer = '';
      return parseLines([rest]);
    },
  };
}

/** Reads a streamed answer to its end, handing each JSON value to `onValue`. */
export async function readNdjson(body: ReadableStream<Uint8Array>, onValue: (value: unknown) => void, signal?: AbortSignal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createNdjsonParser();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true })).forEach(onValue);
    }
    parser.push(decoder.decode()).forEach(onValue);
    parser.flush().forEach(onValue);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}

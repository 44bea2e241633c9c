import { describe, expect, it } from 'vitest';
import { createNdjsonParser, readNdjson } from './ndjson';

describe('ndjson', () => {
  it('joins lines cut across chunks and skips what is not JSON', () => {
    const parser = createNdjsonParser();
    expect(parser.push('{"status":"config","stu')).toEqual([]);
    expect(parser.push('dio_count":2}\nnot json\n\n{"status":"info"}\n{"status":')).toEqual([
      { status: 'config', studio_count: 2 },
      { status: 'info' },
    ]);
    expect(parser.push('"success"}')).toEqual([]);
    expect(parser.flush()).toEqual([{ status: 'success' }]);
  });

  it('reads a byte stream to its end, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"message":"Köln"}\n{"message":"Zürich"}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 14)); // cuts "ö" in half
        controller.enqueue(bytes.slice(14));
        controller.close();
      },
    });
    const values: unknown[] = [];
    await readNdjson(body, (value) => values.push(value));
    expect(values).toEqual([{ message: 'Köln' }, { message: 'Zürich' }]);
  });
});

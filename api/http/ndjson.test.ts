import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { ndjsonStream } from './ndjson';

function fakeResponse() {
  const calls: string[] = [];
  const headers: Record<string, string> = {};
  const res = {
    status: (code: number) => (calls.push(`status ${code}`), res),
    type: (type: string) => ((headers['content-type'] = type), res),
    setHeader: (name: string, value: string) => ((headers[name] = value), res),
    flushHeaders: () => void calls.push('flush'),
    write: (line: string) => (calls.push(line), true),
    end: () => void calls.push('end'),
  };
  return { res: res as unknown as Response, calls, headers };
}

describe('ndjsonStream', () => {
  it('keeps messages that come before the answer is opened and writes them first, one JSON line each', () => {
    const { res, calls, headers } = fakeResponse();
    const stream = ndjsonStream<{ status: string }>(res);
    stream.write({ status: 'config' });
    expect(calls).toEqual([]);
    stream.open({ 'X-Import-Uuid': 'u1' });
    stream.write({ status: 'finished_studiogroup' });
    stream.end();
    expect(calls).toEqual(['status 200', 'flush', '{"status":"config"}\n', '{"status":"finished_studiogroup"}\n', 'end']);
    expect(headers).toEqual({ 'content-type': 'application/x-ndjson', 'Cache-Control': 'no-cache', 'X-Import-Uuid': 'u1' });
  });
});

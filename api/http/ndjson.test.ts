import type { Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEPALIVE_MS, ndjsonStream } from './ndjson';

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
    once: () => res,
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

  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes an empty line when the stream has been silent for KEEPALIVE_MS, and none after the end', () => {
    vi.useFakeTimers();
    const { res, calls } = fakeResponse();
    const stream = ndjsonStream<{ status: string }>(res);
    stream.open();
    vi.advanceTimersByTime(KEEPALIVE_MS);
    expect(calls).toEqual(['status 200', 'flush', '\n']);
    // A message within the interval is enough: no empty line beside it.
    stream.write({ status: 'success' });
    vi.advanceTimersByTime(KEEPALIVE_MS);
    expect(calls).toEqual(['status 200', 'flush', '\n', '{"status":"success"}\n']);
    stream.end();
    vi.advanceTimersByTime(3 * KEEPALIVE_MS);
    expect(calls.at(-1)).toBe('end');
    expect(calls.filter((call) => call === '\n')).toHaveLength(1);
  });
});

import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack';

// What anyone on the internet can send to the public calls (the log-in above all) without an
// account: every answer is a 4xx with `{status, message}` in the caller's language, never a 500.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ worker: false });
});
afterAll(async () => {
  await stack?.stop();
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: unknown };

/** A request as a client would write it byte for byte (fetch would fix up or refuse some of these headers). */
function send({ path = '/api/login', method = 'POST', headers = {}, body }: { path?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawAnswer> {
  const url = new URL(path, stack.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: the test says so by comparing with an object
        }
        resolve({ status: response.statusCode!, headers: response.headers, body: parsed });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('hostile request bodies', () => {
  it('refuses JSON nested 10,000 levels deep with 400 and a clear message, in the caller\'s language', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(await send({ body: deep })).toMatchObject({ status: 400, body: { status: 'error', message: 'The request is nested too deeply (more than 100 levels).', field: 'body' } });
    expect(await send({ body: deep, headers: { 'x-locale': 'de' } })).toMatchObject({ status: 400, body: { status: 'error', message: 'Die Anfrage ist zu tief verschachtelt (mehr als 100 Ebenen).' } });
    const deepObject = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    expect(await send({ path: '/api/request_form', body: deepObject })).toMatchObject({ status: 400, body: { status: 'error' } });
  });

  it('still names the field of a NUL character in ordinary nesting', async () => {
    expect(await send({ body: JSON.stringify({ email: 'a\u0000@b.de', password: 'x' }) })).toMatchObject({ status: 400, body: { status: 'error', field: 'email' } });
  });

  it('answers an unknown charset with 415', async () => {
    expect(await send({ headers: { 'content-type': 'application/json; charset=bogus' }, body: '{}' })).toMatchObject({
      status: 415,
      body: { status: 'error', message: 'The character set BOGUS of the request body is not supported; please send UTF-8.', field: 'body' },
    });
  });

  it('answers an unknown Content-Encoding with 415', async () => {
    expect(await send({ headers: { 'content-encoding': 'bogus' }, body: '{}' })).toMatchObject({
      status: 415,
      body: { status: 'error', message: 'The content encoding bogus of the request body is not supported.', field: 'body' },
    });
  });

  it('answers a gzip header over a plain body with 400, and reads a real gzip body', async () => {
    expect(await send({ headers: { 'content-encoding': 'gzip', 'x-locale': 'de' }, body: '{"email":"a@b.de","password":"x"}' })).toMatchObject({
      status: 400,
      body: { status: 'error', message: 'Der Inhalt der Anfrage ließ sich nicht wie im Content-Encoding angegeben entpacken.', field: 'body' },
    });
    const gzipped = zlib.gzipSync(JSON.stringify({ email: 'admin@demo.test', password: 'wrong' }));
    expect(await send({ headers: { 'content-encoding': 'gzip' }, body: gzipped })).toMatchObject({ status: 401 });
  });

  it('answers a body over the limit with 413', async () => {
    expect(await send({ body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) })).toMatchObject({ status: 413, body: { status: 'error', message: 'The request body is too large.' } });
  });

  it('answers broken JSON with 400', async () => {
    expect(await send({ body: '{"email":' })).toMatchObject({ status: 400, body: { status: 'error', message: 'The request body is not valid JSON.' } });
  });
});

import type { Response } from 'express';

// One writer for every streamed answer (the class import, the preview sending, the credit-note run):
// one JSON message a line. Messages that come before the answer is opened (the workflow may publish
// before it has accepted the request) wait and are written first, in order, once it is opened.
// A stream that has been silent for KEEPALIVE_MS gets an empty line: a large step (the files of
// 10,000 credit notes) can write nothing for minutes, and proxies and HTTP clients end an answer
// that is silent that long (nginx after 60 s, Node's fetch after 300 s). Readers skip empty lines
// (spec: a chunk that cannot be parsed as JSON is skipped).

/** How long a stream may stay silent before an empty line keeps it open (ms). */
export const KEEPALIVE_MS = 15_000;

export type NdjsonStream<T> = {
  /** Writes one message as a line; before `open` it waits in order. */
  write: (message: T) => void;
  /** Answers 200 with the stream's headers (plus `headers`, e.g. the run's uuid), then the waiting lines. */
  open: (headers?: Record<string, string>) => void;
  end: () => void;
};

export function ndjsonStream<T>(res: Response): NdjsonStream<T> {
  const waiting: string[] = [];
  let opened = false;
  let wroteSince = false;
  let keepalive: NodeJS.Timeout | undefined;
  const stopKeepalive = () => clearInterval(keepalive);
  return {
    write(message) {
      const line = `${JSON.stringify(message)}\n`;
      if (opened) {
        res.write(line);
        wroteSince = true;
      } else waiting.push(line);
    },
    open(headers = {}) {
      res.status(200).type('application/x-ndjson').setHeader('Cache-Control', 'no-cache');
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.flushHeaders();
      opened = true;
      for (const line of waiting.splice(0)) res.write(line);
      keepalive = setInterval(() => {
        if (!wroteSince) res.write('\n');
        wroteSince = false;
      }, KEEPALIVE_MS);
      keepalive.unref();
      res.once('close', stopKeepalive);
    },
    end() {
      stopKeepalive();
      res.end();
    },
  };
}

import type { Response } from 'express';

// One writer for every streamed answer (the class import, the preview sending, the credit-note run):
// one JSON message a line. Messages that come before the answer is opened (the workflow may publish
// before it has accepted the request) wait and are written first, in order, once it is opened.

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
  return {
    write(message) {
      const line = `${JSON.stringify(message)}\n`;
      if (opened) res.write(line);
      else waiting.push(line);
    },
    open(headers = {}) {
      res.status(200).type('application/x-ndjson').setHeader('Cache-Control', 'no-cache');
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.flushHeaders();
      opened = true;
      for (const line of waiting.splice(0)) res.write(line);
    },
    end() {
      res.end();
    },
  };
}

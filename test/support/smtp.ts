import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server inside the test process: what the worker's mailer hands over arrives here as
// raw MIME. A recipient whose address starts with 'refused' is refused for good (RFC 5321: 550).
//
// Fault tests switch it into two states a real mail server goes through:
// - refusing: new connections get `421 Service not available` and are closed; on connections a
//   pool kept open, MAIL FROM gets `451 Requested action aborted` (a temporary refusal, RFC 5321),
//   and so does the end of a message's DATA that began before the refusal: from `refuse(true)` on,
//   nothing counts as received, however far the client had come with it.
// - holding: a message's DATA is read but not answered until `release()`: the client waits for the
//   server's verdict, as it does on a slow server. Released with `accept` it is received; with
//   `refuse` it is answered 451 and never counts as received (the server never took it).

export type ReceivedMail = { envelopeTo: string[]; raw: string; messageId: string | undefined };

export type SmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Starts or ends the temporary refusal (421 at connect, 451 at MAIL FROM). */
  refuse: (refusing: boolean) => void;
  /** How many connection or MAIL FROM attempts were refused so far. */
  refusals: () => number;
  /** Holds every message from now on until `release`. */
  hold: () => void;
  /** Messages read and held, not answered yet. */
  held: () => number;
  /** Ends holding; answers the held messages (`accept`: received, `refuse`: 451, not received). */
  release: (verdict: 'accept' | 'refuse') => void;
  stop: () => Promise<void>;
};

const temporaryRefusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpServer(): Promise<SmtpServer> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let refusals = 0;
  let holding = false;
  let heldMessages: Array<(verdict: 'accept' | 'refuse') => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (!refusing) return callback();
      refusals++;
      callback(temporaryRefusal(421, 'Service not available, try again later'));
    },
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      refusals++;
      callback(temporaryRefusal(451, 'Requested action aborted: try again later'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const accept = () => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] });
          callback();
        };
        if (refusing) {
          refusals++;
          return callback(temporaryRefusal(451, 'Requested action aborted: try again later'));
        }
        if (!holding) return accept();
        heldMessages.push((verdict) => (verdict === 'accept' ? accept() : callback(temporaryRefusal(451, 'Requested action aborted: local error in processing'))));
      });
    },
  });
  // A client that dies mid-conversation (a killed worker) resets its connection: that is the
  // client's fault to survive, not an error of this process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (value) => void (refusing = value),
    refusals: () => refusals,
    hold: () => void (holding = true),
    held: () => heldMessages.length,
    release: (verdict) => {
      holding = false;
      const waiting = heldMessages;
      heldMessages = [];
      for (const answer of waiting) answer(verdict);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

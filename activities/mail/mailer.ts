import { createTransport } from 'nodemailer';

// The way out for e-mails: an SMTP transport when SMTP_URL is set, otherwise none, and the e-mails
// stay in the outbox table for the admin to read (the embedded start needs no mail server).

export const DEFAULT_MAIL_FROM = 'TrainerPay <no-reply@trainerpay.test>';

export type OutgoingMessage = {
  /** Deterministic per outbox row, so a receiver can tell a resent copy (after a crash) from a new e-mail. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments: { filename: string; path: string; contentType?: string }[];
};

export type Mailer = {
  /** `smtp` sends through the server of SMTP_URL; `outbox` sends nothing. */
  kind: 'smtp' | 'outbox';
  /** The From header, e.g. 'TrainerPay <no-reply@trainerpay.test>'. */
  from: string;
  /** Hands the message to the SMTP server; rejects with nodemailer's error (with `responseCode` when the server answered). */
  send?: (message: OutgoingMessage) => Promise<{ messageId: string; response: string }>;
  close: () => void;
};

/** E-mails handed to the SMTP server at once (deliverEmails) and connections kept open for them. */
export const MAIL_CONNECTIONS = 8;

/** Timeouts below nodemailer's defaults (2 min to connect, 10 min idle): an activity should fail and retry instead. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** The domain part of the From address, for Message-IDs. */
export function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'trainerpay.invalid';
}

export function createMailer({ smtpUrl, from = DEFAULT_MAIL_FROM }: { smtpUrl?: string; from?: string }): Mailer {
  if (!smtpUrl) return { kind: 'outbox', from, close: () => {} };
  // The URL's own settings (smtps://, ?connectionTimeout=…) win over the defaults here. Pooled: a
  // month's 1,000 previews or credit notes go out over a few kept-open connections, not one
  // connection (and greeting, EHLO, log-in) per e-mail.
  const transport = createTransport({ ...SMTP_TIMEOUTS, pool: true, maxConnections: MAIL_CONNECTIONS, maxMessages: 500, url: smtpUrl });
  return {
    kind: 'smtp',
    from,
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId, response: info.response };
    },
    close: () => transport.close(),
  };
}

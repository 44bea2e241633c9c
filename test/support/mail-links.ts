import type { ReceivedMail } from './smtp';

// Reads the signed link (invitation, password reset, e-mail confirmation) out of an e-mail that
// reached the SMTP sink, as a person clicking it would: the raw MIME is decoded (quoted-printable)
// and the first link of the kind is taken.

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

export type LinkKind = 'invitation' | 'reset-password' | 'confirm-email' | 'staff-invitation';

/** The link of the kind in the mail: its full URL and its token. */
export function linkOf(mail: ReceivedMail, kind: LinkKind): { url: string; token: string } {
  const match = new RegExp(`(https?://[^\\s"<>]+?/(?:de|en)/${kind}/([A-Za-z0-9._-]+))`).exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no ${kind} link in the mail to ${mail.envelopeTo.join(', ')}`);
  return { url: match[1]!, token: match[2]! };
}

/** Subject line as sent (RFC 2047 words decoded). */
export function subjectOf(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(mail.raw)?.[1] ?? '';
  return header.replace(/\r\n[ \t]+/g, ' ').replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=\s*/g, (_m, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Waits until `count` mails to the address arrived (the worker sends them in the background). */
export async function mailsTo(received: ReceivedMail[], address: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = received.filter((mail) => mail.envelopeTo.includes(address));
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`expected ${count} mail(s) to ${address}, got ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

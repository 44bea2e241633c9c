import crypto from 'node:crypto';
import { CONTACT_FORM_TOKEN_MAX_AGE_MS, CONTACT_MIN_FILL_MS } from '../../../contracts/contact-limits';

// The contact form's timing check, measured by the server: the page fetches a token when it shows
// the form, `{issued at, unix ms}.{HMAC}`, and sends it back with the form. The server reads how
// long the form was open from its own clock, so a bot cannot claim a fill time; the MAC (a key
// derived from the app's signing secret) stops it from back-dating one. Nothing is stored.

const formKey = (secret: Buffer) => crypto.createHmac('sha256', secret).update('contact-form-token').digest();
const mac = (secret: Buffer, issuedAt: number) => crypto.createHmac('sha256', formKey(secret)).update(`contact-form:${issuedAt}`).digest('base64url');

export function issueFormToken(secret: Buffer, now = Date.now()): string {
  return `${now}.${mac(secret, now)}`;
}

export type FormTokenCheck = 'ok' | 'invalid' | 'tooFast' | 'expired';

export function checkFormToken(secret: Buffer, token: string, now = Date.now()): FormTokenCheck {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(mac(secret, issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
  if (now - issuedAt < CONTACT_MIN_FILL_MS) return 'tooFast';
  if (now - issuedAt > CONTACT_FORM_TOKEN_MAX_AGE_MS) return 'expired';
  return 'ok';
}

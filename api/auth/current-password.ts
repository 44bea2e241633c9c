import type { Request } from 'express';
import type { User } from '../../db/entities';
import { verifyPassword } from '../../domain/passwords';
import { HttpError } from '../http/errors';
import type { LoginThrottle } from './login-throttle';
import { authOf } from './sessions';

// Changing the e-mail address, the password or the IBAN and deleting the account ask for the
// current password (DESIGN "Security"): whoever holds a stolen API key cannot take the account over
// (a new log-in address or password) nor redirect its payouts. A log-in in the last few minutes
// stands for it, since the password was just typed. Wrong passwords count as failed log-ins of the
// account, so a stolen session guesses no faster than the log-in form.

/** How recent a log-in stands for the current password. */
export const RECENT_LOG_IN_MS = 5 * 60_000;

/**
 * Passes when `currentPassword` is the user's password, or the session logged in within
 * RECENT_LOG_IN_MS; else refuses with 403 (missing or wrong, field `currentPassword`) or 429 (too
 * many wrong ones). Nothing is changed by a refusal.
 */
export async function confirmCurrentPassword({
  req,
  user,
  currentPassword,
  throttle,
}: {
  req: Request;
  user: User;
  currentPassword: string | undefined;
  throttle: LoginThrottle;
}): Promise<void> {
  if (!currentPassword) {
    if (Date.now() - authOf(req).signedInAt.getTime() <= RECENT_LOG_IN_MS) return;
    throw new HttpError(403, 'trainerAccount.currentPasswordRequired', 'currentPassword');
  }
  const attempt = { email: user.email, ip: req.ip ?? '' };
  const verdict = await throttle.check(attempt);
  if (!verdict.allowed) throw tooManyFailures(req, verdict.retryAfterSeconds);
  if (await verifyPassword(user.passwordHash, currentPassword)) return throttle.succeeded(attempt);
  await throttle.failed(attempt);
  throw new HttpError(403, 'trainerAccount.currentPasswordWrong', 'currentPassword');
}

/** The 429 of a throttled log-in or password check: how long to wait, in Retry-After and in whole minutes (at least one) in the message. */
export function tooManyFailures(req: Request, retryAfterSeconds: number): HttpError {
  req.res?.setHeader('retry-after', String(retryAfterSeconds));
  return new HttpError(429, 'auth.tooManyFailures', undefined, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}

import { DateTime } from 'luxon';

// Expiry of an approved document (admin 5: 'cannot be earlier than today; empty means no expiry and
// is sent as no_expiration_date, otherwise as a Unix timestamp'). Dates are the studio groups' own
// calendar days (Europe/Berlin), so a timestamp of local midnight is that day.

export const NO_EXPIRATION_DATE = 'no_expiration_date';
export const DOCUMENT_ZONE = 'Europe/Berlin';
/** The trainer is reminded this many days before a document expires (portal notification and e-mail). */
export const EXPIRY_REMINDER_DAYS = 30;

/** Today as YYYY-MM-DD in the studio groups' zone. */
export const todayIn = (now: Date, zone = DOCUMENT_ZONE) => DateTime.fromJSDate(now, { zone }).toISODate()!;

export type ParsedExpiration = { ok: true; expiresAt: string | null } | { ok: false; reason: 'documents.expiryInPast' | 'documents.expiryInvalid' };

/** `no_expiration_date` (or empty) → no expiry; a Unix timestamp (seconds) → its calendar day, not before today. */
export function parseExpirationDate(value: string | number | null | undefined, now: Date): ParsedExpiration {
  if (value === undefined || value === null || value === '' || value === NO_EXPIRATION_DATE) return { ok: true, expiresAt: null };
  const seconds = typeof value === 'number' ? value : /^-?\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(seconds)) return { ok: false, reason: 'documents.expiryInvalid' };
  const day = DateTime.fromSeconds(seconds, { zone: DOCUMENT_ZONE });
  if (!day.isValid || day.year > 2999) return { ok: false, reason: 'documents.expiryInvalid' };
  const expiresAt = day.toISODate()!;
  if (expiresAt < todayIn(now)) return { ok: false, reason: 'documents.expiryInPast' };
  return { ok: true, expiresAt };
}

/** Expired on the day after its expiry date: a licence valid until 31 March is valid on 31 March. */
export const isExpired = (expiresAt: string | null, today: string) => expiresAt !== null && expiresAt < today;

/** The last day of the reminder window that starts today (a document expiring on or before it is due a reminder). */
export const reminderHorizon = (today: string) => DateTime.fromISO(today, { zone: DOCUMENT_ZONE }).plus({ days: EXPIRY_REMINDER_DAYS }).toISODate()!;

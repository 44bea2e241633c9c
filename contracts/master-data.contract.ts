import { z } from 'zod';

// Field schemas shared by the master-data contracts (trainer, studio, payment type rule, studio
// group settings). Messages are catalogue keys (domain/messages/master-data.messages.ts).

/** A required line of text: trimmed, not empty, at most 255 characters (the column's length). */
export const ZRequiredText = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.notEmpty' })
  .max(255, { error: 'masterData.textTooLong' });

/** An optional line of text: trimmed; missing, null or blank is stored as null. */
export const ZOptionalText = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(255, { error: 'masterData.textTooLong' })
  .nullish()
  .transform((value) => (value ? value : null));

/** An optional e-mail address: blank is null, anything else must be an address; stored in lower case. */
export const ZOptionalEmail = z
  .string({ error: 'validation.email' })
  .trim()
  .toLowerCase()
  .max(255, { error: 'masterData.textTooLong' })
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, { error: 'validation.email' });

/** A required e-mail address, stored in lower case. */
export const ZRequiredEmail = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(255, { error: 'masterData.textTooLong' })
  .pipe(z.email({ error: 'validation.email' }));

/** ISO 3166-1 alpha-2, e.g. DE; stored in upper case. */
export const ZCountryCode = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'masterData.countryInvalid' });

/**
 * Years a master-data date may have. PostgreSQL has no year 0 ('0000-01-01' is refused by the
 * database, a 500), and a rule dated before 1900 is a typo, not history.
 */
const MIN_YEAR = 1900;

/** Whether YYYY-MM-DD names a real day (2026-02-30 does not) from 1900 on. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (Number(value.slice(0, 4)) < MIN_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date as YYYY-MM-DD. */
export const ZCalendarDate = z
  .string({ error: 'validation.isoDate' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.isoDate' })
  .refine(isCalendarDate, { error: 'masterData.notCalendarDate' });

/** The day before a YYYY-MM-DD date, as YYYY-MM-DD (calendar arithmetic in UTC, no time zones involved). */
export function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The success answer of a change (spec 7: status 'success' plus message). */
export const ZSuccess = z.object({ status: z.literal('success'), message: z.string() });

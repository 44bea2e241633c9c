import { z } from 'zod';
import { centsToEuros } from '../domain/money';

/**
 * Every non-success answer of the API: `{status, message}` (spec 7), plus the offending field for
 * 400s. Open to more: some refusals carry what the screen needs to help (the CSV upload's per-line
 * `errors`, a conflicting settlement's uuid).
 */
export const ZErrorResponse = z.looseObject({
  status: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZUuid = z.string().uuid();
/** A calendar date as the spec sends it: YYYY-MM-DD. */
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.isoDate');
export const ZLocale = z.enum(['de', 'en']);
export type TLocale = z.infer<typeof ZLocale>;

/**
 * Euros as a JSON number with at most two decimals (43.75): what every spec amount field answers.
 * Made by centsToEuros from integer cents; a value with a third decimal is refused.
 */
export const ZEuros = z
  .number()
  .refine((value) => Number.isFinite(value) && Number.isSafeInteger(Math.round(value * 100)) && centsToEuros(Math.round(value * 100)) === value, {
    error: 'validation.invalid',
  })
  .describe('Euros, at most two decimals (43.75), exact from integer cents.');

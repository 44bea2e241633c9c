import { z } from 'zod';

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

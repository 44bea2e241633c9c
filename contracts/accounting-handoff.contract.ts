import { z } from 'zod';
import { ZEuros, ZUuid } from './common.contract';

// The small-business (§19 UStG) limits shown in the billing step, and the yearly
// statements of a trainer (per studio group and year) for the admin's trainer page and the portal.

const ZLevel = z.enum(['ok', 'near', 'passed']);

/** GET /api/v1/{g}/settlement/{settlementUuid}/small-business-limits: the settlement's trainers billed without VAT. */
export const ZSmallBusinessLimitsResponse = z.object({
  /** The calendar year the credit notes are issued in now, and the limits in euros. */
  year: z.number().int(),
  limits: z.object({ previousYear: ZEuros, currentYear: ZEuros, nearPercent: z.number().int() }),
  trainers: z.array(
    z.object({
      trainerUuid: ZUuid,
      name: z.string(),
      /** Billed in the previous year, every studio group (euros, net). */
      previousYear: ZEuros,
      /** Billed this year on the platform so far (euros, net). */
      currentYearBilled: ZEuros,
      /** This settlement's amount for the trainer, not yet billed (euros, net; 0 once billed). */
      pending: ZEuros,
      /** currentYearBilled + pending. */
      currentYear: ZEuros,
      previousYearLevel: ZLevel,
      currentYearLevel: ZLevel,
      /** Billing this without VAT passes the current year's limit: `confirmSmallBusinessLimit` must be sent with the run. */
      blocking: z.boolean(),
    }),
  ),
});
export type TSmallBusinessLimitsResponse = z.infer<typeof ZSmallBusinessLimitsResponse>;

export const ZYearParam = z.coerce
  .number({ error: 'yearlyStatement.yearInvalid' })
  .int({ error: 'yearlyStatement.yearInvalid' })
  .min(2000, { error: 'yearlyStatement.yearInvalid' })
  .max(2999, { error: 'yearlyStatement.yearInvalid' });

/** The years with a credit note or cancellation of the trainer in the studio group, newest first. */
export const ZYearlyStatementYears = z.object({ years: z.array(z.number().int()) });
export type TYearlyStatementYears = z.infer<typeof ZYearlyStatementYears>;

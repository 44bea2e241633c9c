import { z } from 'zod';
import { ZEuros, ZIsoDate } from './common.contract';
import { ZPayoutStatus } from './payouts.contract';

// The reports of spec admin 2.14 under /api/v1/{g}: the path's {idMandant}/{idStudioGroup} must be
// the group of {g}; ranges are calendar dates (YYYY-MM-DD; month reports take the months of the two
// dates, the screens send their last days as spec 5 says), never reversed, at most 24 months.

/** Longest range of any report, in months (inclusive of both ends' months). */
export const REPORT_MAX_MONTHS = 24;
/** Longest range of the class list (a row per class), in days. */
export const CLASS_LIST_MAX_DAYS = 31;

const isCalendarDate = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const ZReportDate = ZIsoDate.refine(isCalendarDate, { error: 'report.notCalendarDate' });

/** Months from dateStart's month to dateEnd's month, both included. */
export const monthsSpanned = (dateStart: string, dateEnd: string) =>
  (Number(dateEnd.slice(0, 4)) - Number(dateStart.slice(0, 4))) * 12 + Number(dateEnd.slice(5, 7)) - Number(dateStart.slice(5, 7)) + 1;

export const daysSpanned = (dateStart: string, dateEnd: string) => Math.round((Date.parse(`${dateEnd}T00:00:00Z`) - Date.parse(`${dateStart}T00:00:00Z`)) / 86_400_000) + 1;

type TRange = { dateStart: string; dateEnd: string };
function checkRange(range: TRange, context: z.RefinementCtx, maxDays?: number) {
  if (range.dateEnd < range.dateStart) {
    context.addIssue({ code: 'custom', message: 'report.dateEndBeforeStart', path: ['dateEnd'] });
    return;
  }
  if (monthsSpanned(range.dateStart, range.dateEnd) > REPORT_MAX_MONTHS) context.addIssue({ code: 'custom', message: 'report.rangeTooLong', path: ['dateEnd'] });
  else if (maxDays !== undefined && daysSpanned(range.dateStart, range.dateEnd) > maxDays) context.addIssue({ code: 'custom', message: 'report.classRangeTooLong', path: ['dateEnd'] });
}

const ZRangeFields = z.object({ dateStart: ZReportDate, dateEnd: ZReportDate });
export const ZReportRangeQuery = ZRangeFields.superRefine((range, context) => checkRange(range, context));
export type TReportRangeQuery = z.infer<typeof ZReportRangeQuery>;

/** A range that may be left out (the report then covers everything); given, both ends are needed. */
export const ZOptionalRangeQuery = z.object({ dateStart: ZReportDate.optional(), dateEnd: ZReportDate.optional() }).superRefine((range, context) => {
  if (range.dateStart === undefined && range.dateEnd === undefined) return;
  if (range.dateStart === undefined || range.dateEnd === undefined) {
    context.addIssue({ code: 'custom', message: 'validation.required', path: [range.dateStart === undefined ? 'dateStart' : 'dateEnd'] });
    return;
  }
  checkRange({ dateStart: range.dateStart, dateEnd: range.dateEnd }, context);
});

export const ZClassListQuery = ZRangeFields.superRefine((range, context) => checkRange(range, context, CLASS_LIST_MAX_DAYS));

/** The balance reports: with `includePrepared=true` also the prepared months not billed yet. */
export const ZBalanceQuery = ZRangeFields.extend({
  includePrepared: z.enum(['true', 'false']).optional().describe('also the prepared, not yet billed trainers\' lines (rows marked billing: prepared)'),
}).superRefine((range, context) => checkRange(range, context));
export type TBalanceQuery = z.infer<typeof ZBalanceQuery>;

const ZId = z.coerce.number({ error: 'validation.invalid' }).int().positive().max(2_147_483_647);
export const ZReportPathParams = z.object({ idMandant: ZId, idStudioGroup: ZId });
export const ZReportSourcePathParams = ZReportPathParams.extend({ sourceSystem: z.string().min(1).max(50) });
export const ZClassesWithoutTrainerParams = ZReportPathParams.extend({ dateStart: ZReportDate, dateEnd: ZReportDate }).superRefine((range, context) => checkRange(range, context));

/** billed: lines of issued credit notes (cancellations net them out); prepared: a prepared month's lines not billed yet. */
export const ZBilling = z.enum(['billed', 'prepared']);
export type TBilling = z.infer<typeof ZBilling>;

/** Trainer balance row (spec 3): Netto, MwSt, Brutto in euros; MwSt_PRZ the VAT rate in percent. */
export const ZTrainerBalanceRow = z.object({
  mandant: z.string(),
  studio_groups_name: z.string(),
  /** The month's last day. */
  month: ZIsoDate,
  studio_name: z.string().optional(),
  trainer_name: z.string(),
  trainer_uuid: z.string(),
  class: z.string().optional(),
  /** Lines (classes and admin positions) counted. */
  line_count: z.number().int(),
  Netto: ZEuros,
  MwSt: ZEuros,
  MwSt_PRZ: z.number(),
  Brutto: ZEuros,
  billing: ZBilling,
  /**
   * What became of the payment of the trainer's credit note of the month (the last payout of its
   * repayment chain: a returned payout paid again reads `paid`); null for prepared rows and credit
   * notes without a payout.
   */
  payout_status: ZPayoutStatus.nullable(),
  /** The bank's booking date (YYYY-MM-DD) of its last word on that payout (paid, returned, rejected); null while open. */
  payout_booked_on: ZIsoDate.nullable(),
  /** The ISO 20022 reason code of a rejected/returned payout (AC04, MS03, …); null otherwise. */
  payout_reason_code: z.string().nullable(),
});
export type TTrainerBalanceRow = z.infer<typeof ZTrainerBalanceRow>;
export const ZTrainerBalanceResponse = z.array(ZTrainerBalanceRow);

export const ZStudioBalanceRow = z.object({
  mandant: z.string(),
  studio_groups_name: z.string(),
  month: ZIsoDate,
  /** 'Administration' for admin positions, as on the credit notes and the studio-costs CSV. */
  studio_name: z.string(),
  line_count: z.number().int(),
  Netto_Sum: ZEuros,
  MwSt_PRZ: z.number(),
  MwSt_Sum: ZEuros,
  Sum: ZEuros,
  billing: ZBilling,
});
export type TStudioBalanceRow = z.infer<typeof ZStudioBalanceRow>;
export const ZStudioBalanceResponse = z.array(ZStudioBalanceRow);

/** Class row (spec 3). class_date: the start as an ISO 8601 instant. */
export const ZClassRow = z.object({
  studio_name: z.string(),
  class_date: z.string(),
  class_name: z.string(),
  trainer_name: z.string().nullable(),
  trainer_api_id: z.string().nullable(),
  class_room: z.string().nullable(),
  class_slots: z.number().int(),
  class_booked_slots: z.number().int(),
  class_attendees: z.number().int(),
  class_duration: z.number().int(),
});
export type TClassRow = z.infer<typeof ZClassRow>;
export const ZClassListResponse = z.array(ZClassRow);

export const ZClassWithoutTrainerRow = z.object({
  id: z.number().int(),
  id_studio_groups_id: z.number().int(),
  id_mandant_id: z.number().int(),
  studio_name: z.string(),
  class_date: z.string(),
  class_name: z.string(),
  trainer_name: z.string().nullable(),
  /** Names of the further trainers the source system lists, comma-separated. */
  trainer_others: z.string().nullable(),
});
export type TClassWithoutTrainerRow = z.infer<typeof ZClassWithoutTrainerRow>;
export const ZClassesWithoutTrainerResponse = z.array(ZClassWithoutTrainerRow);

export const ZMultiTrainerClassRow = z.object({
  id: z.number().int(),
  class_date: z.string(),
  class_name: z.string(),
  studio_name: z.string(),
  trainer_name: z.string().nullable(),
  trainer_others: z.string(),
});
export type TMultiTrainerClassRow = z.infer<typeof ZMultiTrainerClassRow>;
export const ZMultiTrainerClassesResponse = z.array(ZMultiTrainerClassRow);

/** Why a class is paid or not: paid by the rule; no trainer, several trainers, no rule: not paid. */
export const ZRuleCheckOutcome = z.enum(['paid', 'no_trainer', 'several_trainers', 'no_rule']);
export type TRuleCheckOutcome = z.infer<typeof ZRuleCheckOutcome>;

/**
 * Payment-type-rule check (spec 2.14, columns ours): the classes of the range with the same rule,
 * studio, class name, category and duration in one row, the rule's fields and what it computes.
 * Amounts in euros; the `ptr_` fields are the rule's, null when unset or when no rule matches.
 */
export const ZRuleCheckRow = z.object({
  outcome: ZRuleCheckOutcome,
  studio_name: z.string(),
  class_name: z.string(),
  class_category: z.string().nullable(),
  class_duration: z.number().int(),
  class_count: z.number().int(),
  /** First and last class of the row (Berlin dates). */
  class_date: ZIsoDate,
  class_date_last: ZIsoDate,
  booked_slots_min: z.number().int(),
  booked_slots_max: z.number().int(),
  ptr_uuid: z.string().nullable(),
  ptr_name: z.string().nullable(),
  ptr_trainer_name: z.string().nullable(),
  ptr_studio_name: z.string().nullable(),
  ptr_category: z.string().nullable(),
  ptr_class_filter: z.string().nullable(),
  ptr_valid_from: ZIsoDate.nullable(),
  ptr_valid_to: ZIsoDate.nullable(),
  ptr_kind: z.enum(['flat', 'hourly']).nullable(),
  ptr_flat: ZEuros.nullable(),
  ptr_hourly_rate: ZEuros.nullable(),
  ptr_booked_slot_mode: z.string().nullable(),
  ptr_booked_slot_threshold: z.number().int().nullable(),
  ptr_per_slot: ZEuros.nullable(),
  /** Tiers as 'from 10: 5.00; from 20: 10.00'. */
  ptr_tiers: z.string().nullable(),
  ptr_fixed_bonus: ZEuros.nullable(),
  ptr_min: ZEuros.nullable(),
  ptr_max: ZEuros.nullable(),
  /** Flat amount or hourly rate × duration / 60, per class. */
  base_per_class: ZEuros.nullable(),
  /** Booked-slot extras over the row's classes. */
  extra_sum: ZEuros.nullable(),
  net_per_class_min: ZEuros.nullable(),
  net_per_class_max: ZEuros.nullable(),
  /** Classes whose pay the rule's minimum or maximum set. */
  clamped_count: z.number().int(),
  /** What the rule pays for the row's classes (0 when not paid). */
  net_sum: ZEuros,
});
export type TRuleCheckRow = z.infer<typeof ZRuleCheckRow>;
export const ZRuleCheckResponse = z.array(ZRuleCheckRow);

/** The settlement log grid (2.12) across the settlements of a month range. */
export const ZSettlementLogReportRow = z.object({
  timestamp: z.string(),
  proc: z.string(),
  trainer_uuid: z.string().nullable(),
  trainer_name: z.string().nullable(),
  status: z.string(),
  message: z.string(),
  settlement_uuid: z.string(),
  settlement_month: ZIsoDate,
});
export type TSettlementLogReportRow = z.infer<typeof ZSettlementLogReportRow>;
export const ZSettlementLogReportResponse = z.array(ZSettlementLogReportRow);

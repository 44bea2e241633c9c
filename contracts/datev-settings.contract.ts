import { z } from 'zod';
import { DATEV_CHARTS, datevSettingsProblem, type DatevSettings } from '../domain/accounting/datev-settings';

// The studio group's DATEV settings: what the accountant's DATEV import needs to take the
// run's booking batch and the trainers as creditors. Part of GET/PUT /api/v1/{g}/settings as
// `datev`: absent in a PUT keeps what is stored, null clears it (the DATEV file is then 'not_set').

const whole = (key: string, min: number, max: number) =>
  z
    .number({ error: key })
    .refine(Number.isSafeInteger, { error: key })
    .refine((value) => value >= min && value <= max, { error: key });

/** Which field a domain problem names. */
const PROBLEM_FIELD: Record<string, keyof DatevSettings> = {
  'datev.settings.consultantNumber': 'consultantNumber',
  'datev.settings.clientNumber': 'clientNumber',
  'datev.settings.fiscalYearStart': 'fiscalYearStartMonth',
  'datev.settings.expenseAccount': 'expenseAccount',
  'datev.settings.creditorRangeLength': 'creditorRangeStart',
  'datev.settings.creditorRangeOrder': 'creditorRangeEnd',
};

export const ZDatevSettings = z
  .object({
    /** Standard chart of accounts: SKR03 or SKR04. */
    chart: z.enum(DATEV_CHARTS, { error: 'datev.settings.chart' }),
    /** Beraternummer (1001–9999999). */
    consultantNumber: whole('datev.settings.consultantNumber', 1001, 9_999_999),
    /** Mandantennummer (1–99999). */
    clientNumber: whole('datev.settings.clientNumber', 1, 99_999),
    /** First month of the fiscal year, 1 = January. */
    fiscalYearStartMonth: whole('datev.settings.fiscalYearStart', 1, 12),
    /** The expense account of the trainers' fees, e.g. 3100 (SKR03) or 5900 (SKR04); its digits are the Sachkontenlänge. */
    expenseAccount: whole('datev.settings.expenseAccount', 1000, 99_999_999),
    /** First and last creditor account of the trainers: one digit longer than the expense account (e.g. 70000–99999). */
    creditorRangeStart: whole('datev.settings.creditorRangeLength', 10_000, 999_999_999),
    creditorRangeEnd: whole('datev.settings.creditorRangeLength', 10_000, 999_999_999),
  })
  .superRefine((settings, ctx) => {
    const problem = datevSettingsProblem(settings);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [PROBLEM_FIELD[problem] ?? 'chart'] });
  });
export type TDatevSettings = z.infer<typeof ZDatevSettings>;

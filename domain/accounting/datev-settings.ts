// The studio group's DATEV settings and the rules a DATEV import checks on them: pure and free of
// Node (the settings screen validates with them too); the file formats are in datev.ts.

export const DATEV_CHARTS = ['SKR03', 'SKR04'] as const;
export type DatevChart = (typeof DATEV_CHARTS)[number];

/** The studio group's DATEV settings (its consultant's numbers, chart and accounts). */
export type DatevSettings = {
  chart: DatevChart;
  /** Beraternummer: 1001–9999999. */
  consultantNumber: number;
  /** Mandantennummer: 1–99999. */
  clientNumber: number;
  /** First month of the fiscal year (1 = January). */
  fiscalYearStartMonth: number;
  /** The expense account the trainers' fees are booked to, e.g. 3100 (SKR03) / 5900 (SKR04) "Fremdleistungen". */
  expenseAccount: number;
  /** The creditor accounts of the trainers: one digit longer than the expense account, e.g. 70000–99999. */
  creditorRangeStart: number;
  creditorRangeEnd: number;
};

/** Suggested accounts per chart (DATEV's standard charts): "Fremdleistungen" and the usual creditor range. */
export const DATEV_DEFAULT_EXPENSE_ACCOUNT: Record<DatevChart, number> = { SKR03: 3100, SKR04: 5900 };
export const DATEV_DEFAULT_CREDITOR_RANGE = { start: 70000, end: 99999 } as const;

/** Sachkontenlänge: the digits of the expense account (4 in the standard charts). */
export const accountLengthOf = (settings: Pick<DatevSettings, 'expenseAccount'>) => String(settings.expenseAccount).length;

/** Every rule a DATEV import checks on the settings; the message key of the first broken one, or null. */
export function datevSettingsProblem(settings: DatevSettings): string | null {
  const int = (value: number, min: number, max: number) => Number.isSafeInteger(value) && value >= min && value <= max;
  if (!int(settings.consultantNumber, 1001, 9_999_999)) return 'datev.settings.consultantNumber';
  if (!int(settings.clientNumber, 1, 99_999)) return 'datev.settings.clientNumber';
  if (!int(settings.fiscalYearStartMonth, 1, 12)) return 'datev.settings.fiscalYearStart';
  if (!int(settings.expenseAccount, 1000, 99_999_999)) return 'datev.settings.expenseAccount';
  const personalLength = accountLengthOf(settings) + 1;
  const personal = (value: number) => Number.isSafeInteger(value) && String(value).length === personalLength && value >= 10 ** (personalLength - 1);
  if (!personal(settings.creditorRangeStart) || !personal(settings.creditorRangeEnd)) return 'datev.settings.creditorRangeLength';
  if (settings.creditorRangeStart > settings.creditorRangeEnd) return 'datev.settings.creditorRangeOrder';
  return null;
}


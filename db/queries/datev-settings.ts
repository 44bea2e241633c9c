import type { DatevChart, DatevSettings } from '../../domain/accounting';

// A studio group's DATEV settings as the domain takes them, or null while any number is missing
// (the run's DATEV file is then 'not_set'). Read by the settings screen and the run's files alike.

export type StoredDatevSettings = {
  datevChart?: DatevChart | null;
  datevConsultantNumber?: number | null;
  datevClientNumber?: number | null;
  datevFiscalYearStartMonth?: number | null;
  datevExpenseAccount?: number | null;
  datevCreditorRangeStart?: number | null;
  datevCreditorRangeEnd?: number | null;
};

export function datevSettingsOf(group: StoredDatevSettings): DatevSettings | null {
  const { datevChart, datevConsultantNumber, datevClientNumber, datevExpenseAccount, datevCreditorRangeStart, datevCreditorRangeEnd } = group;
  if (!datevChart || datevConsultantNumber == null || datevClientNumber == null || datevExpenseAccount == null || datevCreditorRangeStart == null || datevCreditorRangeEnd == null) return null;
  return {
    chart: datevChart,
    consultantNumber: datevConsultantNumber,
    clientNumber: datevClientNumber,
    fiscalYearStartMonth: group.datevFiscalYearStartMonth ?? 1,
    expenseAccount: datevExpenseAccount,
    creditorRangeStart: datevCreditorRangeStart,
    creditorRangeEnd: datevCreditorRangeEnd,
  };
}

import type { StudioGroup } from '../../../db/entities';
import type { TStudioGroupSettings, TStudioGroupSettingsValues } from '../../../contracts/studio-group-settings.contract';
import { datevSettingsOf } from '../../../db/queries/datev-settings';
import { requestEntityManager } from '../../http/entity-manager';

export function settingsOf(group: StudioGroup): TStudioGroupSettings {
  return {
    uuid: group.uuid,
    name: group.name,
    apiSlug: group.apiSlug,
    companyName: group.companyName,
    street: group.street,
    houseNumber: group.houseNumber,
    postalCode: group.postalCode,
    city: group.city,
    country: group.country,
    taxNumber: group.taxNumber ?? null,
    vatId: group.vatId ?? null,
    iban: group.iban ?? null,
    bic: group.bic ?? null,
    accountingEmail: group.accountingEmail ?? null,
    accountingFiles: [...group.accountingFiles],
    vatRateBasisPoints: group.vatRateBasisPoints,
    creditNotePrefix: group.creditNotePrefix,
    sourceSystem: group.sourceSystem,
    datev: datevSettingsOf(group),
    updatedAt: group.updatedAt.toISOString(),
  };
}

/**
 * Saves the group's settings. Credit notes issued from now on carry the new issuer data and prefix;
 * issued ones never change (DESIGN), and the number sequence of the year continues.
 */
export async function updateSettings(group: StudioGroup, values: TStudioGroupSettingsValues): Promise<TStudioGroupSettings> {
  const em = requestEntityManager();
  const { datev, ...values_ } = values;
  em.assign(group, values_);
  if (datev !== undefined) {
    group.datevChart = datev?.chart ?? null;
    group.datevConsultantNumber = datev?.consultantNumber ?? null;
    group.datevClientNumber = datev?.clientNumber ?? null;
    group.datevFiscalYearStartMonth = datev?.fiscalYearStartMonth ?? 1;
    group.datevExpenseAccount = datev?.expenseAccount ?? null;
    group.datevCreditorRangeStart = datev?.creditorRangeStart ?? null;
    group.datevCreditorRangeEnd = datev?.creditorRangeEnd ?? null;
  }
  await em.flush();
  return settingsOf(group);
}

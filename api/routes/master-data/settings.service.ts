import type { StudioGroup } from '../../../db/entities';
import type { TStudioGroupSettings, TStudioGroupSettingsValues } from '../../../contracts/studio-group-settings.contract';
import { requestEntityManager } from './entity-manager';

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
    updatedAt: group.updatedAt.toISOString(),
  };
}

/**
 * Saves the group's settings. Credit notes issued from now on carry the new issuer data and prefix;
 * issued ones never change (DESIGN), and the number sequence of the year continues.
 */
export async function updateSettings(group: StudioGroup, values: TStudioGroupSettingsValues): Promise<TStudioGroupSettings> {
  const em = requestEntityManager();
  em.assign(group, values);
  await em.flush();
  return settingsOf(group);
}

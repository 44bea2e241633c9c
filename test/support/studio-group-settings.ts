import type { TStudioGroupSettings } from '../../contracts/studio-group-settings.contract';

/** The settings form (PUT /settings) as the screen sends it back from what GET /settings answered, without the DATEV part. */
export const settingsFormOf = (settings: TStudioGroupSettings) => ({
  companyName: settings.companyName,
  street: settings.street,
  houseNumber: settings.houseNumber,
  postalCode: settings.postalCode,
  city: settings.city,
  country: settings.country,
  taxNumber: settings.taxNumber,
  vatId: settings.vatId,
  iban: settings.iban,
  bic: settings.bic,
  accountingEmail: settings.accountingEmail,
  accountingFiles: settings.accountingFiles,
  vatRateBasisPoints: settings.vatRateBasisPoints,
  creditNotePrefix: settings.creditNotePrefix,
  sourceSystem: settings.sourceSystem,
});

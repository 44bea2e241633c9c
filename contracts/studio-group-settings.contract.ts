import { z } from 'zod';
import { isValidVatId, normalizeVatId, ZIban, ZOptionalBic, ZPostalCode } from '../domain/validation';
import { ZDatevSettings } from './datev-settings.contract';
import { ZCountryCode, ZOptionalText, ZRequiredEmail, ZRequiredText, ZSuccess } from './master-data.contract';

// The studio group's own data: the issuer of every credit note (§14 UStG), the debtor of the SEPA
// file and the accountant's e-mail.

/** Spec 9: the files the accountant's e-mail can carry. */
export const ACCOUNTING_FILES = ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF'] as const;
export const ZAccountingFile = z.enum(ACCOUNTING_FILES, { error: 'masterData.settings.accountingFileUnknown' });

/** Where the group's classes come from: the `{source-system}` segment of the import calls. */
export const STUDIO_GROUP_SOURCE_SYSTEMS = ['demo', 'csv'] as const;

export const DEFAULT_VAT_RATE_BASIS_POINTS = 1900;

/** The fields of PUT /api/v1/{g}/settings, also the operator's onboarding form (contracts/onboarding.contract.ts). */
export const studioGroupSettingsFields = {
  companyName: ZRequiredText,
  street: ZRequiredText,
  houseNumber: ZRequiredText,
  postalCode: ZPostalCode,
  city: ZRequiredText,
  country: ZCountryCode,
  taxNumber: ZOptionalText,
  vatId: ZOptionalText,
  /** The account the SEPA file pays from; stored in electronic format. */
  iban: ZIban,
  /** Optional (pain.001.001.09 needs no debtor BIC); stored in upper case, null when blank. */
  bic: ZOptionalBic.transform((bic) => (bic === '' ? null : bic)),
  accountingEmail: ZRequiredEmail,
  accountingFiles: z
    .array(ZAccountingFile, { error: 'validation.invalid' })
    .refine((files) => new Set(files).size === files.length, { error: 'masterData.settings.accountingFileTwice' }),
  /** VAT rate for VAT-liable trainers in basis points: 1900 = 19 %. */
  vatRateBasisPoints: z
    .number({ error: 'masterData.settings.vatRate' })
    .min(0, { error: 'masterData.settings.vatRate' })
    .max(10_000, { error: 'masterData.settings.vatRate' })
    .refine(Number.isSafeInteger, { error: 'masterData.settings.vatRate' }),
  /** Credit note numbers read `{prefix}-{year}-{number}`. */
  creditNotePrefix: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,10}$/, { error: 'masterData.settings.creditNotePrefix' }),
  sourceSystem: z.enum(STUDIO_GROUP_SOURCE_SYSTEMS, { error: 'masterData.sourceSystemInvalid' }),
  /** The DATEV export's settings: absent keeps what is stored, null clears them. */
  datev: ZDatevSettings.nullable().optional(),
};

/** The issuer's tax data as a credit note needs it; for the settings and the onboarding form alike. */
export function refineIssuerTaxData(settings: { taxNumber: string | null; vatId: string | null; country: string }, ctx: z.RefinementCtx) {
  // A credit note must name the issuer's tax number or VAT ID (§14 (4) Nr. 2 UStG).
  if (!settings.taxNumber && !settings.vatId) ctx.addIssue({ code: 'custom', message: 'masterData.settings.taxNumberOrVatId', path: ['taxNumber'] });
  if (settings.vatId && !isValidVatId(settings.vatId, settings.country)) ctx.addIssue({ code: 'custom', message: 'validation.vatIdInvalid', path: ['vatId'] });
}

/** The VAT ID stored as the country's normalised form (null when blank). */
export const withNormalizedVatId = <T extends { vatId: string | null; country: string }>(settings: T): T => ({
  ...settings,
  vatId: settings.vatId ? normalizeVatId(settings.vatId, settings.country) : null,
});

/** PUT /api/v1/{g}/settings. */
export const ZStudioGroupSettingsRequest = z.object(studioGroupSettingsFields).superRefine(refineIssuerTaxData).transform(withNormalizedVatId);
export type TStudioGroupSettingsRequest = z.input<typeof ZStudioGroupSettingsRequest>;
export type TStudioGroupSettingsValues = z.output<typeof ZStudioGroupSettingsRequest>;

/** GET /api/v1/{g}/settings. Stored values may be incomplete (taxNumber, vatId, iban, accountingEmail may be null). */
export const ZStudioGroupSettings = z.object({
  uuid: z.string(),
  /** The group's name in TrainerPay (read-only here). */
  name: z.string(),
  apiSlug: z.string(),
  companyName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  taxNumber: z.string().nullable(),
  vatId: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountingEmail: z.string().nullable(),
  accountingFiles: z.array(z.enum(ACCOUNTING_FILES)),
  vatRateBasisPoints: z.number().int(),
  creditNotePrefix: z.string(),
  sourceSystem: z.enum(STUDIO_GROUP_SOURCE_SYSTEMS),
  /** Null until the accountant's DATEV numbers are set (the run's DATEV file is then 'not_set'). */
  datev: ZDatevSettings.nullable(),
  updatedAt: z.string(),
});
export type TStudioGroupSettings = z.infer<typeof ZStudioGroupSettings>;

export const ZStudioGroupSettingsSaved = ZSuccess.extend({ settings: ZStudioGroupSettings });
export type TStudioGroupSettingsSaved = z.infer<typeof ZStudioGroupSettingsSaved>;

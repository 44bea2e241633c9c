import { z } from 'zod';
import { LOCALES } from '../domain/messages/catalog';
import { ZDatevSettings } from './datev-settings.contract';
import { ZRequiredText, ZSuccess } from './master-data.contract';
import { ACCOUNTING_FILES, DEFAULT_VAT_RATE_BASIS_POINTS, STUDIO_GROUP_SOURCE_SYSTEMS, refineIssuerTaxData, studioGroupSettingsFields, withNormalizedVatId } from './studio-group-settings.contract';

// The operator console's onboarding of a studio group (/api/operator/...): create a group blank or
// from a contact request, edit it, mark it live, suspend and reactivate it, and the audit log of
// every such change. The group's own data uses the settings page's fields and validators, so a
// value the operator may enter is exactly one the group's admin may enter later.

/** docs/decisions/0125: set up until marked live (or its first credit-note run), suspended while suspended. */
export const STUDIO_GROUP_STATES = ['set_up', 'live', 'suspended'] as const;
export const ZStudioGroupState = z.enum(STUDIO_GROUP_STATES);
export type TStudioGroupState = z.infer<typeof ZStudioGroupState>;

export const ZStudioGroupUuidParams = z.object({ studioGroupUuid: z.uuid({ error: 'validation.uuid' }) });

/** The group's key in API paths: lower-case letters, digits and single hyphens, 3–40 characters. */
export const ZStudioGroupSlug = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'onboarding.slugFormat' })
  .min(3, { error: 'onboarding.slugFormat' })
  .max(40, { error: 'onboarding.slugFormat' });

export const ZStudioGroupLanguages = z
  .array(z.enum(LOCALES, { error: 'onboarding.languageUnknown' }), { error: 'validation.invalid' })
  .min(1, { error: 'onboarding.languagesRequired' })
  .refine((languages) => new Set(languages).size === languages.length, { error: 'onboarding.languageTwice' });

const groupFields = {
  /** The group's name in TrainerPay (unique, case-insensitive). */
  name: ZRequiredText,
  apiSlug: ZStudioGroupSlug,
  ...studioGroupSettingsFields,
  accountingFiles: studioGroupSettingsFields.accountingFiles.default([...ACCOUNTING_FILES]),
  vatRateBasisPoints: studioGroupSettingsFields.vatRateBasisPoints.default(DEFAULT_VAT_RATE_BASIS_POINTS),
  creditNotePrefix: studioGroupSettingsFields.creditNotePrefix.default('GS'),
  languages: ZStudioGroupLanguages.default(['de', 'en']),
};

/** POST /api/operator/studio-groups. */
export const ZCreateStudioGroupRequest = z
  .object({
    ...groupFields,
    /** The contact request it comes from: marked handled and linked to the new group. */
    contactRequestUuid: z.uuid({ error: 'validation.uuid' }).nullish(),
    /** The mandant to add it to (a customer's further group); absent: a new mandant named after the company. */
    mandantUuid: z.uuid({ error: 'validation.uuid' }).nullish(),
  })
  .superRefine(refineIssuerTaxData)
  .transform(withNormalizedVatId);
export type TCreateStudioGroupRequest = z.input<typeof ZCreateStudioGroupRequest>;
export type TCreateStudioGroupValues = z.output<typeof ZCreateStudioGroupRequest>;

/** PUT /api/operator/studio-groups/{studioGroupUuid}: every field of the form again. */
export const ZUpdateStudioGroupRequest = z.object(groupFields).superRefine(refineIssuerTaxData).transform(withNormalizedVatId);
export type TUpdateStudioGroupRequest = z.input<typeof ZUpdateStudioGroupRequest>;
export type TUpdateStudioGroupValues = z.output<typeof ZUpdateStudioGroupRequest>;

/** POST …/suspend. */
export const ZSuspendStudioGroupRequest = z.object({
  reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.notEmpty' }).max(1000, { error: 'onboarding.reasonTooLong' }),
});
export type TSuspendStudioGroupRequest = z.infer<typeof ZSuspendStudioGroupRequest>;

const ZLastSettlement = z
  .object({
    /** Last day of the settled month, YYYY-MM-DD. */
    month: z.string(),
    status: z.string(),
  })
  .nullable();

export const ZStudioGroupCounts = z.object({ staff: z.number().int(), trainers: z.number().int(), studios: z.number().int() });

export const ZMandantRef = z.object({ uuid: z.string(), name: z.string() });
export type TMandantRef = z.infer<typeof ZMandantRef>;

/** One row of the operator's list. */
export const ZOperatorStudioGroupSummary = z.object({
  uuid: z.string(),
  name: z.string(),
  apiSlug: z.string(),
  companyName: z.string(),
  mandant: ZMandantRef,
  state: ZStudioGroupState,
  counts: ZStudioGroupCounts,
  /** The newest settlement that is not deleted; null when none. */
  lastSettlement: ZLastSettlement,
  createdAt: z.string(),
});
export type TOperatorStudioGroupSummary = z.infer<typeof ZOperatorStudioGroupSummary>;

/** GET /api/operator/studio-groups. */
export const ZOperatorStudioGroupList = z.object({
  studioGroups: z.array(ZOperatorStudioGroupSummary),
  /** Every mandant, for the form's choice of one. */
  mandants: z.array(ZMandantRef),
});
export type TOperatorStudioGroupList = z.infer<typeof ZOperatorStudioGroupList>;

/** GET /api/operator/studio-groups/{studioGroupUuid}: everything the form shows, and the state. */
export const ZOperatorStudioGroup = ZOperatorStudioGroupSummary.extend({
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
  datev: ZDatevSettings.nullable(),
  languages: z.array(z.enum(LOCALES)),
  liveAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** The contact request it was created from, if any. */
  contactRequestUuid: z.string().nullable(),
  /** The logo's path (uploaded, else drawn from the initials). */
  logoPath: z.string(),
  updatedAt: z.string(),
});
export type TOperatorStudioGroup = z.infer<typeof ZOperatorStudioGroup>;

export const ZOperatorStudioGroupSaved = ZSuccess.extend({ studioGroup: ZOperatorStudioGroup });
export type TOperatorStudioGroupSaved = z.infer<typeof ZOperatorStudioGroupSaved>;

/** GET /api/operator/audit-log. */
export const ZAuditLogQuery = z.object({
  studioGroupUuid: z.uuid({ error: 'validation.uuid' }).optional(),
  limit: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(500, { error: 'validation.invalid' }).default(200),
});

export const ZAuditLogEntry = z.object({
  uuid: z.string(),
  at: z.string(),
  /** The actor's e-mail address at the time. */
  actor: z.string(),
  studioGroupUuid: z.string().nullable(),
  studioGroupName: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export const ZAuditLog = z.object({ entries: z.array(ZAuditLogEntry) });
export type TAuditLog = z.infer<typeof ZAuditLog>;

import { z } from 'zod';
import { TRAINER_DATA_FIELDS } from '../domain/trainer-data';
import { ZSuccess } from './master-data.contract';

// The admin trainer overview (spec admin 2.20, 3 "Admin trainer", 4), the trainer export
// (spec 7), staff's review of a trainer's billing data, the merge (2.21, 3 "Trainer merge option")
// and the data check (2.19, 3 "Data check result", 7). Messages are catalogue keys.

/** Spec 4: the admin trainer workflowState — staff's review of the trainer's billing data. */
export const ADMIN_TRAINER_STATES = ['new', 'approved', 'changed', 'rejected', 'pending'] as const;
export const ZAdminTrainerState = z.enum(ADMIN_TRAINER_STATES);
export type TAdminTrainerState = z.infer<typeof ZAdminTrainerState>;

const ZTrainerUuid = z.uuid({ error: 'validation.uuid' });

/** A keyword (the spec's trainerFilters entry): trimmed, 1–40 characters. */
export const ZTrainerFilter = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.notEmpty' }).max(40, { error: 'trainerOverview.keywordTooLong' }),
});

/** Spec 3 "Admin trainer": one row of GET /api/v1/{g}/trainer-overview. */
export const ZAdminTrainer = z.object({
  id: z.number().int(),
  trainerUuid: z.string(),
  trainerName: z.string(),
  isEmployee: z.boolean(),
  trainerEmailValid: z.boolean(),
  workflowState: ZAdminTrainerState,
  trainerAccountConnected: z.boolean(),
  trainerFilters: z.array(z.object({ name: z.string() })),
  /** ISO instant of the record's last change; null when never changed. */
  updatedDt: z.string().nullable(),
  /** The trainer changed the IBAN in the portal and staff have not approved it: the credit-note run refuses the trainer. */
  ibanChangePending: z.boolean(),
});
export type TAdminTrainer = z.infer<typeof ZAdminTrainer>;
export const ZAdminTrainerList = z.array(ZAdminTrainer);

/** The trainer page's review panel: the overview row plus who reviewed last. */
export const ZAdminTrainerDetail = ZAdminTrainer.extend({
  ibanChangedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type TAdminTrainerDetail = z.infer<typeof ZAdminTrainerDetail>;

export const ZTrainerUuidParams = z.object({ trainerUuid: ZTrainerUuid });

/** PUT /api/v1/{g}/trainer-overview/{trainerUuid}/settings: keywords and 'Ist FTE'. */
export const ZTrainerAdminSettingsRequest = z.object({
  isEmployee: z.boolean({ error: 'validation.invalid' }),
  trainerFilters: z.array(ZTrainerFilter, { error: 'validation.invalid' }).max(30, { error: 'trainerOverview.tooManyKeywords' }),
});
export type TTrainerAdminSettingsRequest = z.input<typeof ZTrainerAdminSettingsRequest>;

/** POST /api/v1/{g}/trainer-overview/{trainerUuid}/review: staff approve or reject the billing data. */
export const ZTrainerReviewRequest = z.object({ decision: z.enum(['approved', 'rejected'], { error: 'validation.invalid' }) });
export type TTrainerReviewRequest = z.infer<typeof ZTrainerReviewRequest>;

export const ZAdminTrainerSaved = ZSuccess.extend({ trainer: ZAdminTrainerDetail });
export type TAdminTrainerSaved = z.infer<typeof ZAdminTrainerSaved>;

/** POST /admin/trainer/export: the selected trainers (spec 7 `trainersExport`). */
export const ZTrainerExportRequest = z.object({
  trainersExport: z
    .array(ZTrainerUuid, { error: 'validation.invalid' })
    .min(1, { error: 'trainerOverview.exportEmpty' })
    .max(10_000, { error: 'validation.invalid' }),
});
export type TTrainerExportRequest = z.infer<typeof ZTrainerExportRequest>;

/** Spec 3 "Trainer merge option": id, trainerName, trainerEmail (plus the uuid the merge call takes). */
export const ZTrainerMergeOption = z.object({
  id: z.number().int(),
  trainerUuid: z.string(),
  trainerName: z.string(),
  trainerEmail: z.string().nullable(),
});
export type TTrainerMergeOption = z.infer<typeof ZTrainerMergeOption>;
export const ZTrainerMergeOptions = z.array(ZTrainerMergeOption);

/** POST /api/v1/{g}/trainer/merge: merges the second record into the first. */
export const ZTrainerMergeRequest = z
  .object({ trainerUuid: ZTrainerUuid, mergeTrainerUuid: ZTrainerUuid })
  .refine((body) => body.trainerUuid.toLowerCase() !== body.mergeTrainerUuid.toLowerCase(), { error: 'trainerOverview.merge.self', path: ['mergeTrainerUuid'] });
export type TTrainerMergeRequest = z.infer<typeof ZTrainerMergeRequest>;

export const ZTrainerMergeResponse = ZSuccess.extend({
  trainerUuid: z.string(),
  mergedTrainerUuid: z.string(),
  /** Rows moved to the kept trainer, per kind. */
  moved: z.record(z.string(), z.number().int()),
});
export type TTrainerMergeResponse = z.infer<typeof ZTrainerMergeResponse>;

// --- data check -------------------------------------------------------------------------------

/** The spec's path names the group by its integer id; its uuid is taken too. Must be the path's group. */
export const ZDataStatusParams = z.object({
  idStudioGroup: z.union([z.coerce.number().int().positive().max(2_147_483_647), z.uuid()], { error: 'validation.invalid' }),
});

export const UNCHECKED_TRAINER_REASONS = ['incompleteData', 'changedData', 'ibanNotApproved', 'noConsent', 'missingDocument', 'expiredDocument'] as const;

export const ZUncheckedTrainer = z.object({
  id: z.number().int(),
  name: z.string(),
  trainerUuid: z.string(),
  reasons: z.array(z.enum(UNCHECKED_TRAINER_REASONS)),
  missing: z.array(z.enum(TRAINER_DATA_FIELDS)),
  /** Mandatory document categories missing or expired. */
  documents: z.array(z.string()),
});
export type TUncheckedTrainer = z.infer<typeof ZUncheckedTrainer>;

export const ZClassWithoutRule = z.object({
  /** The spec's `class`: the class's name. */
  class: z.string(),
  id: z.number().int(),
  class_date: z.string(),
  studio_name: z.string(),
  category: z.string().nullable(),
  trainer_name: z.string().nullable(),
  trainer_id: z.number().int().nullable(),
});

export const STUDIO_GROUP_CHECKS = ['iban', 'bic', 'taxNumberOrVatId', 'address', 'accountingEmail', 'companyName'] as const;
export const ZStudioGroupCheck = z.object({ studio_group_name: z.string(), missing: z.array(z.enum(STUDIO_GROUP_CHECKS)) });

/** The object inside the CSVIMPORTCHECKER string (spec 3 "Data check result"). */
export const ZDataCheckResult = z.object({
  CALLCHECKER: z.object({
    unchecked_trainer: z.array(ZUncheckedTrainer),
    class_without_rule: z.array(ZClassWithoutRule),
    studio_group: z.array(ZStudioGroupCheck),
  }),
  /** The last complete month the class check looked at (last day, YYYY-MM-DD). */
  month: z.string(),
});
export type TDataCheckResult = z.infer<typeof ZDataCheckResult>;

/** GET /api/v1/{g}/data/status/{idStudioGroup}: the result as a JSON string, as the spec has it. */
export const ZDataStatusResponse = z.object({ CSVIMPORTCHECKER: z.string() });
export type TDataStatusResponse = z.infer<typeof ZDataStatusResponse>;

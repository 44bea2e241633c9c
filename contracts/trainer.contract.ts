import { z } from 'zod';
import { isValidGermanPostalCode, isValidIban, isValidVatId, normalizeIban, normalizeVatId, ZOptionalBic } from '../domain/validation';
import { TRAINER_DATA_FIELDS } from '../domain/trainer-data';
import { ZCountryCode, ZOptionalEmail, ZOptionalText, ZRequiredText, ZSuccess } from './master-data.contract';

// A studio group's trainer record as the admin maintains it (/admin/trainer/{id}/edit). Address,
// bank and tax data may be incomplete (the data check lists what is missing, spec 5), but whatever
// is filled in must be valid.

/** Optional German postal code: blank is null, else exactly five digits. */
const ZOptionalPostalCode = z
  .string({ error: 'validation.postalCodeInvalid' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidGermanPostalCode(value), { error: 'validation.postalCodeInvalid' });

/** Optional IBAN: blank is null, else it must be valid once normalised; the electronic format is stored. */
const ZOptionalIban = z
  .string({ error: 'validation.ibanInvalid' })
  .nullish()
  .transform((value) => ((value ?? '').trim() === '' ? null : normalizeIban(value)))
  .refine((iban) => iban === null || isValidIban(iban), { error: 'validation.ibanInvalid' });

/** PUT /api/v1/{g}/trainers/{id}: the whole form (personal, address, bank, tax). */
export const ZUpdateTrainerRequest = z
  .object({
    firstname: ZRequiredText,
    lastname: ZRequiredText,
    companyName: ZOptionalText,
    email: ZOptionalEmail,
    street: ZOptionalText,
    houseNumber: ZOptionalText,
    postalCode: ZOptionalPostalCode,
    city: ZOptionalText,
    country: ZCountryCode,
    iban: ZOptionalIban,
    bic: ZOptionalBic.transform((bic) => (bic === '' ? null : bic)),
    taxNumber: ZOptionalText,
    /** Whether the trainer cannot be billed without a tax number (spec 5). */
    taxNumberMandatory: z.boolean({ error: 'validation.invalid' }),
    /** Checked against the EU formats; a number without prefix takes the trainer's country. */
    vatId: ZOptionalText,
    /** Not liable: billed at 0 % with the §19 UStG note. */
    vatLiable: z.boolean({ error: 'validation.invalid' }),
  })
  .superRefine((trainer, ctx) => {
    if (trainer.vatId && !isValidVatId(trainer.vatId, trainer.country)) ctx.addIssue({ code: 'custom', message: 'validation.vatIdInvalid', path: ['vatId'] });
  })
  .transform((trainer) => ({ ...trainer, vatId: trainer.vatId ? normalizeVatId(trainer.vatId, trainer.country) : null }));
export type TUpdateTrainerRequest = z.input<typeof ZUpdateTrainerRequest>;
export type TUpdateTrainerValues = z.output<typeof ZUpdateTrainerRequest>;

/** Spec 5 (domain/trainer-data): what keeps a trainer from being billed ('Street, House no., Postal code, City, IBAN, Tax no.'). */
export const ZTrainerDataCompleteness = z.object({
  complete: z.boolean(),
  missing: z.array(z.enum(TRAINER_DATA_FIELDS)),
  /** 'Tax number is missing but marked as not mandatory' (a note, not a blocker). */
  taxNumberMissingButOptional: z.boolean(),
});
export type TTrainerDataCompleteness = z.infer<typeof ZTrainerDataCompleteness>;

const ZTrainerStudio = z.object({ uuid: z.string(), name: z.string() });

/** GET /api/v1/{g}/trainers: one row per trainer record of the group. */
export const ZTrainerListItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** The trainer's id in the booking system. */
  sourceId: z.string(),
  name: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  /** Studios where the trainer teaches (from the imported classes), by name. */
  studios: z.array(ZTrainerStudio),
  vatLiable: z.boolean(),
  dataCompleteness: ZTrainerDataCompleteness,
  /** Linked to a trainer portal account. */
  accountConnected: z.boolean(),
  updatedAt: z.string(),
});
export type TTrainerListItem = z.infer<typeof ZTrainerListItem>;
export const ZTrainerList = z.array(ZTrainerListItem);

/** GET /api/v1/{g}/trainers/{id}: the list row plus every field of the edit form. */
export const ZTrainerDetail = ZTrainerListItem.extend({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  taxNumber: z.string().nullable(),
  taxNumberMandatory: z.boolean(),
  vatId: z.string().nullable(),
});
export type TTrainerDetail = z.infer<typeof ZTrainerDetail>;

export const ZTrainerSaved = ZSuccess.extend({ trainer: ZTrainerDetail });
export type TTrainerSaved = z.infer<typeof ZTrainerSaved>;

/** The path parameter: the trainer's integer id, as in /admin/trainer/{id}/edit. */
export const ZTrainerIdParams = z.object({ id: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }) });

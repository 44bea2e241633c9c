import { z } from 'zod';
import { ZIban, ZOptionalBic, ZOptionalVatId, ZPostalCode } from '../domain/validation';
import { E_INVOICE_FORMATS } from '../domain/e-invoice/format';
import { ZLocale } from './common.contract';

// The trainer's own account in the portal (trainer portal, sections 3, 5 and 7). Field names are the
// spec's (trainerStreet, trainerIban, istaxrelevant, …). Every message is a catalogue key, so the
// web forms and the API's 400 answers say the same words.

/** A required line of text (spec 5: firstname, lastname, street, house number, city, country). */
const ZRequired = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(255, { error: 'trainerAccount.textTooLong' });

/** An optional line of text: missing, null or blank is stored as null. */
const ZOptional = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(255, { error: 'trainerAccount.textTooLong' })
  .nullish()
  .transform((value) => (value ? value : null));

const ZRequiredEmail = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required', abort: true })
  .max(255, { error: 'trainerAccount.textTooLong' })
  .pipe(z.email({ error: 'validation.email' }));

/** Personal tab (spec 7: personal group). */
export const ZTrainerPersonalData = z.object({
  firstname: ZRequired,
  lastname: ZRequired,
  email: ZRequiredEmail,
  trainerPhone: ZOptional,
  trainerCompanyName: ZOptional,
  trainerStreet: ZRequired,
  trainerHouse: ZRequired,
  trainerZip: ZPostalCode,
  trainerCity: ZRequired,
  trainerLand: ZRequired,
  language: ZLocale.optional(),
});
export type TTrainerPersonalData = z.input<typeof ZTrainerPersonalData>;

/** Bank tab: the IBAN is required there and stored normalised; a missing BIC is sent as ''. */
export const ZTrainerBankData = z.object({
  trainerIban: ZIban,
  trainerBic: ZOptionalBic,
});
export type TTrainerBankData = z.input<typeof ZTrainerBankData>;

/** Tax tab: the tax number is optional; a VAT ID is checked only when not empty. */
export const ZTrainerTaxData = z.object({
  istaxrelevant: z.boolean({ error: 'validation.invalid' }),
  trainerTaxno: ZOptional,
  trainerUstidno: ZOptionalVatId,
});
export type TTrainerTaxData = z.input<typeof ZTrainerTaxData>;

/** Tax tab, e-invoice part: the format of the credit notes the trainer receives by e-mail. */
export const ZTrainerEInvoiceData = z.object({ eInvoiceFormat: z.enum(E_INVOICE_FORMATS, { error: 'validation.invalid' }) });
export type TTrainerEInvoiceData = z.input<typeof ZTrainerEInvoiceData>;

/** Password tab (write only): not empty (spec 5), and at least 8 characters (the server's further rule). */
export const PASSWORD_MIN_LENGTH = 8;
export const ZTrainerPasswordData = z.object({
  plainPassword: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required', abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: 'trainerAccount.passwordTooShort' })
    .max(1024, { error: 'trainerAccount.passwordTooLong' }),
});
export type TTrainerPasswordData = z.input<typeof ZTrainerPasswordData>;

/**
 * The account's current password, not a field of the spec's groups: a change of the e-mail address,
 * the password or the IBAN, and the account's deletion, send it too (unless the session logged in a
 * few minutes ago). Never stored, never answered.
 */
export const ZCurrentPassword = z.object({ currentPassword: z.string({ error: 'validation.invalid' }).max(1024, { error: 'trainerAccount.passwordTooLong' }).optional() });

/**
 * PATCH /api/v2/trainer_accounts/{user} (merge-patch): any fields of the personal, bank, tax and
 * password groups; a field left out stays as it is, a field sent must be valid.
 */
export const ZTrainerAccountPatch = ZTrainerPersonalData.partial()
  .extend(ZTrainerBankData.partial().shape)
  .extend(ZTrainerTaxData.partial().shape)
  .extend(ZTrainerEInvoiceData.partial().shape)
  .extend(ZTrainerPasswordData.partial().shape)
  .extend(ZCurrentPassword.shape)
  .strict();
export type TTrainerAccountPatch = z.input<typeof ZTrainerAccountPatch>;
export type TTrainerAccountPatchValues = z.output<typeof ZTrainerAccountPatch>;

/** GET /api/v2/trainer_accounts/{user}: the account fields (spec 3); missing text is ''. */
export const ZTrainerAccount = z.object({
  uuid: z.string(),
  userUuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  trainerPhone: z.string(),
  trainerCompanyName: z.string(),
  trainerStreet: z.string(),
  trainerHouse: z.string(),
  trainerZip: z.string(),
  trainerCity: z.string(),
  trainerLand: z.string(),
  language: ZLocale,
  trainerIban: z.string(),
  trainerBic: z.string(),
  istaxrelevant: z.boolean(),
  trainerTaxno: z.string(),
  trainerUstidno: z.string(),
  eInvoiceFormat: z.enum(E_INVOICE_FORMATS),
  isVerified: z.boolean(),
});
export type TTrainerAccount = z.infer<typeof ZTrainerAccount>;

export const ZTrainerAccountSaved = z.object({ status: z.literal('success'), message: z.string(), account: ZTrainerAccount });
export type TTrainerAccountSaved = z.infer<typeof ZTrainerAccountSaved>;

/** A notification (spec 3); `approved` is null while unread, else when it was read. */
export const ZTrainerNotification = z.object({
  id: z.string(),
  studioGroupUuid: z.string(),
  studioGroupName: z.string(),
  studioGroupLogoPath: z.string(),
  message: z.string(),
  link: z.string(),
  approved: z.string().nullable(),
  created: z.object({ date: z.string() }),
});
export type TTrainerNotification = z.infer<typeof ZTrainerNotification>;

/**
 * GET /api/v2/trainer_account_notification_dto/{user}: the list itself, newest first (trainer spec 7
 * "notifications"). The unread count is not a field: it is the number with `approved` null (spec 4),
 * which the bell counts from the list.
 */
export const ZTrainerNotificationList = z.array(ZTrainerNotification);
export type TTrainerNotificationList = z.infer<typeof ZTrainerNotificationList>;

/** PATCH /api/v2/trainer_account_notification/approve/{user}: both are uuids. */
export const ZApproveNotificationRequest = z.object({
  idStudioGroup: z.uuid({ error: 'validation.uuid' }),
  idNotification: z.uuid({ error: 'validation.uuid' }),
});
export type TApproveNotificationRequest = z.infer<typeof ZApproveNotificationRequest>;

export const ZApproveNotificationAnswer = z.object({ status: z.literal('success'), notification: ZTrainerNotification });
export type TApproveNotificationAnswer = z.infer<typeof ZApproveNotificationAnswer>;

/** GET /api/v2/trainer_account_to_studio_groups_dto/{user}: the connected studio groups; the first is the default. */
export const ZConnectedStudioGroup = z.object({
  studioGroupUuid: z.string(),
  studioGroupName: z.string(),
  studioGroupCompanyName: z.string(),
  studioGroupLogoPath: z.string(),
  studioGroupTrainerUuid: z.string(),
});
export type TConnectedStudioGroup = z.infer<typeof ZConnectedStudioGroup>;
export const ZConnectedStudioGroupList = z.array(ZConnectedStudioGroup);

/** GET /api/v2/studio_groups/{uuid} (a trainer connected to it). */
export const ZStudioGroupNames = z.object({ uuid: z.string(), studioGroupsName: z.string(), studioGroupsCompanyName: z.string() });
export type TStudioGroupNames = z.infer<typeof ZStudioGroupNames>;

/** GET /api/v2/trainer_account/delete/get-token: a short-lived token that the delete call must bring back. */
export const ZDeleteAccountToken = z.object({ csrf_token: z.string() });
export type TDeleteAccountToken = z.infer<typeof ZDeleteAccountToken>;

/** POST /api/v2/trainer_account/delete-account. */
export const ZDeleteAccountRequest = z
  .object({ token: z.string({ error: 'trainerAccount.deleteTokenInvalid' }).min(1, { error: 'trainerAccount.deleteTokenInvalid' }).max(512) })
  .extend(ZCurrentPassword.shape);
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
export const ZDeleteAccountAnswer = z.object({ status: z.literal('success'), message: z.string() });
export type TDeleteAccountAnswer = z.infer<typeof ZDeleteAccountAnswer>;

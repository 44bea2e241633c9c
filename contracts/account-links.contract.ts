import { z } from 'zod';
import { ZRequiredText, ZSuccess } from './master-data.contract';
import { ZTrainerPasswordData } from './trainer-account.contract';

// Invitations, sign-up, studio connections, e-mail confirmation, password reset, referral
// and studio group logos (trainer portal 2, 3, 4, 7; admin trainer page and settings).

const ZEmailAddress = z.string().trim().toLowerCase().max(255).email('validation.email');
/** A signed link's token: `{uuid}.{expiry}.{signature}` (api/auth/account-links.ts). */
export const ZLinkToken = z.string().min(1, 'validation.required').max(200);
const ZUuidField = z.uuid({ error: 'validation.uuid' });

// --- admin: a trainer's invitation --------------------------------------------------------------

export const INVITATION_STATES = ['none', 'pending', 'accepted', 'declined', 'revoked', 'connected'] as const;
/** GET /api/v1/{g}/trainers/{id}/invitation: the trainer's latest invitation, or whether they are connected. */
export const ZTrainerInvitation = z.object({
  state: z.enum(INVITATION_STATES),
  invitationUuid: z.string().nullable(),
  email: z.string().nullable(),
  /** When the invitation was last sent (created or resent). */
  sentAt: z.string().nullable(),
  /** Until when the last link works. */
  linkExpiresAt: z.string().nullable(),
  /** The trainer record's e-mail, the form's default. */
  trainerEmail: z.string().nullable(),
  /** The connected account's e-mail when state is 'connected'. */
  connectedEmail: z.string().nullable(),
});
export type TTrainerInvitation = z.infer<typeof ZTrainerInvitation>;

export const ZInviteTrainerRequest = z.object({ email: ZEmailAddress });
export type TInviteTrainerRequest = z.input<typeof ZInviteTrainerRequest>;
export const ZTrainerInvitationSaved = ZSuccess.extend({ invitation: ZTrainerInvitation });
export type TTrainerInvitationSaved = z.infer<typeof ZTrainerInvitationSaved>;

// --- the invitation link (no log-in) --------------------------------------------------------------

export const ZLinkTokenBody = z.object({ token: ZLinkToken });
/** POST /api/account-links/invitation: what the invitation screen shows for a link. */
export const ZInvitationLinkInfo = z.object({
  studioGroupUuid: z.string(),
  studioGroupTrainerUuid: z.string(),
  studioGroupCompanyName: z.string(),
  studioGroupLogoPath: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** An account with this e-mail exists: the person logs in and accepts; otherwise they sign up here. */
  hasAccount: z.boolean(),
});
export type TInvitationLinkInfo = z.infer<typeof ZInvitationLinkInfo>;

export const ZInvitationSignUpRequest = z.object({
  token: ZLinkToken,
  firstname: ZRequiredText.max(255, 'trainerAccount.textTooLong'),
  lastname: ZRequiredText.max(255, 'trainerAccount.textTooLong'),
  password: ZTrainerPasswordData.shape.plainPassword,
  language: z.enum(['de', 'en']).default('de'),
});
export type TInvitationSignUpRequest = z.input<typeof ZInvitationSignUpRequest>;
/** The new account is logged in at once: the log-in answer. */
export const ZInvitationSignUpAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  userUuid: z.string(),
  apiKey: z.string(),
  role: z.literal('trainer'),
  locale: z.enum(['de', 'en']),
  name: z.string(),
  studioGroups: z.array(z.object({ uuid: z.string(), id: z.number(), mandantId: z.number(), apiSlug: z.string(), name: z.string() })),
});

// --- trainer: invitations and connections (trainer spec 7) ----------------------------------------

/** GET /api/v2/trainer_account/invitations/{user}: the pending invitations to the account's e-mail. */
export const ZPendingInvitation = z.object({
  studioGroupUuid: z.string(),
  studioGroupTrainerUuid: z.string(),
  studioGroupCompanyName: z.string(),
  studioGroupLogoPath: z.string(),
});
export type TPendingInvitation = z.infer<typeof ZPendingInvitation>;
export const ZPendingInvitationList = z.array(ZPendingInvitation);

/** POST /api/v2/trainer_account_to_studio_groups (ld+json): trainerUuid is the account's user uuid. */
export const ZStudioGroupLinkRequest = z.object({ trainerUuid: ZUuidField, studioGroupUuid: ZUuidField, studioGroupTrainerUuid: ZUuidField });
export type TStudioGroupLinkRequest = z.input<typeof ZStudioGroupLinkRequest>;
export const ZStudioGroupLinkAnswer = ZSuccess.extend({ studioGroupUuid: z.string(), studioGroupTrainerUuid: z.string() });

/** DELETE /api/v2/trainer_account/studio_group_connection (JSON). */
export const ZStudioGroupConnectionDelete = z.object({ trainerUuid: ZUuidField, studioGroupUuid: ZUuidField });
export type TStudioGroupConnectionDelete = z.input<typeof ZStudioGroupConnectionDelete>;

// --- e-mail confirmation, password reset ------------------------------------------------------------

/** GET /api/v2/trainer_account/email-verification/{user}: status 'success' means sent. */
export const ZEmailVerificationAnswer = z.object({ status: z.enum(['success', 'already_confirmed']), message: z.string() });
export const ZForgotPasswordRequest = z.object({ email: ZEmailAddress });
export const ZResetPasswordRequest = z.object({ token: ZLinkToken, password: ZTrainerPasswordData.shape.plainPassword });

// --- referral -------------------------------------------------------------------------------------

/** GET /api/v2/trainer_account/recommendation/{user} (trainer spec 3 "Referral data"), with the campaign's end. */
export const ZRecommendation = z.object({
  recommendationCode: z.string(),
  /** The last day of the referral campaign (YYYY-MM-DD, configuration REFERRAL_CAMPAIGN_END). */
  campaignEndsOn: z.string(),
  /** False after that day: the page says the programme has ended. */
  campaignActive: z.boolean(),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

// --- studio group logo --------------------------------------------------------------------------

/** The largest logo accepted, in bytes (before base64). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** PUT /api/v1/{g}/settings/logo: the image as base64 (PNG or JPEG, checked by its content). */
export const ZLogoUpload = z.object({ contentBase64: z.string().min(1, 'validation.required').max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 8, 'account.logo.tooLarge') });
/**
 * The group's logo: always a path (the uploaded logo, or one drawn from the group's initials until
 * one is uploaded); `studioGroupLogoUploaded` says which.
 */
export const ZLogoState = z.object({ studioGroupLogoPath: z.string(), studioGroupLogoUploaded: z.boolean() });
export type TLogoState = z.infer<typeof ZLogoState>;
export const ZLogoSaved = ZSuccess.extend(ZLogoState.shape);
export const ZLogoParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.png$/, 'validation.invalid') });

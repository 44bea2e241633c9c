import { z } from 'zod';
import { ZLoginResponse } from './auth.contract';
import { ZLocale } from './common.contract';
import { ZRequiredText, ZSuccess } from './master-data.contract';
import { ZTrainerPasswordData } from './trainer-account.contract';

// The staff of a studio group: members with their role, invitations by e-mail, and the public link
// that sets the invited person's password (docs/decisions/0130).

export const STAFF_ROLES = ['admin', 'accountant'] as const;
/** admin: everything staff can do; accountant: reads settlements, credit notes, reports, files and payouts, changes nothing. */
export const ZStaffRole = z.enum(STAFF_ROLES, { error: 'staff.roleUnknown' });
export type TStaffRole = z.infer<typeof ZStaffRole>;

const ZEmailAddress = z.string({ error: 'validation.required' }).trim().toLowerCase().max(255).email('validation.email');
const ZUuidField = z.uuid({ error: 'validation.uuid' });

export const ZStaffMember = z.object({
  userUuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: ZStaffRole,
  /** Member of the group since (ISO timestamp). */
  since: z.string(),
  /** The last log-in (ISO timestamp) if the account ever logged in. */
  lastLoginAt: z.string().nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZPendingStaffInvitation = z.object({
  invitationUuid: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: ZStaffRole,
  locale: ZLocale,
  /** When the invitation was sent (ISO timestamp). */
  sentAt: z.string(),
  /** Until when its link works (ISO timestamp); after that it is shown as expired until withdrawn. */
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TPendingStaffInvitation = z.infer<typeof ZPendingStaffInvitation>;

/** GET /api/v1/{g}/staff */
export const ZStaffList = z.object({
  members: z.array(ZStaffMember),
  invitations: z.array(ZPendingStaffInvitation),
});
export type TStaffList = z.infer<typeof ZStaffList>;

/** POST /api/v1/{g}/staff/invitations */
export const ZStaffInvitationRequest = z.object({
  email: ZEmailAddress,
  firstname: ZRequiredText,
  lastname: ZRequiredText,
  role: ZStaffRole,
  /** The language of the e-mail and of the new account. */
  locale: ZLocale.default('de'),
});
export type TStaffInvitationRequest = z.input<typeof ZStaffInvitationRequest>;

export const ZStaffInvitationSaved = ZSuccess.extend({ invitation: ZPendingStaffInvitation });
export type TStaffInvitationSaved = z.infer<typeof ZStaffInvitationSaved>;

export const ZStaffInvitationParams = z.object({ g: z.string(), invitationUuid: ZUuidField });
export const ZStaffMemberParams = z.object({ g: z.string(), userUuid: ZUuidField });

/** PUT /api/v1/{g}/staff/{userUuid} */
export const ZStaffRoleChange = z.object({ role: ZStaffRole });
export type TStaffRoleChange = z.infer<typeof ZStaffRoleChange>;
export const ZStaffMemberSaved = ZSuccess.extend({ member: ZStaffMember });
export type TStaffMemberSaved = z.infer<typeof ZStaffMemberSaved>;

// --- the e-mailed link (no log-in) ---------------------------------------------------------------

/** A signed link's token: `{uuid}.{expiry}.{signature}` (api/auth/account-links.ts). */
export const ZStaffInvitationTokenParams = z.object({ token: z.string().min(1, 'validation.required').max(200) });

export const STAFF_INVITATION_LINK_STATES = ['valid', 'expired', 'used'] as const;
/** GET /api/staff-invitation/{token}: what the page shows before the password is set. */
export const ZStaffInvitationLinkInfo = z.object({
  state: z.enum(STAFF_INVITATION_LINK_STATES),
  studioGroupName: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: ZStaffRole,
  locale: ZLocale,
  /** The address already has a staff account (of another group): its password accepts, no new one is set. */
  hasAccount: z.boolean(),
});
export type TStaffInvitationLinkInfo = z.infer<typeof ZStaffInvitationLinkInfo>;

/**
 * POST /api/staff-invitation/{token}: sets the password of the new staff account (or, for an
 * existing staff account of another group, its current password confirms it is theirs).
 */
export const ZStaffInvitationAcceptRequest = z.object({
  password: ZTrainerPasswordData.shape.plainPassword,
  firstname: ZRequiredText,
  lastname: ZRequiredText,
});
export type TStaffInvitationAcceptRequest = z.input<typeof ZStaffInvitationAcceptRequest>;

export const ZStaffInvitationAccepted = ZSuccess.extend(ZLoginResponse.shape);
export type TStaffInvitationAccepted = z.infer<typeof ZStaffInvitationAccepted>;

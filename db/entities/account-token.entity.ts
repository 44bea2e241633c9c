import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, uuidProperty } from './common';
import { Invitation } from './invitation.entity';
import { StaffInvitation } from './staff-invitation.entity';
import { User } from './user.entity';

export const ACCOUNT_TOKEN_PURPOSES = ['invitation', 'password-reset', 'email-confirmation', 'staff-invitation'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A link e-mailed to a person: an invitation to sign up or accept, a password reset, an e-mail
 * confirmation. The link carries this row's uuid, its expiry and an HMAC over both
 * (api/auth/account-links.ts), so a link cannot be forged or prolonged; `usedAt` makes it work once.
 */
export const AccountToken = defineEntity({
  name: 'AccountToken',
  tableName: 'account_token',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    purpose: p.enum([...ACCOUNT_TOKEN_PURPOSES]),
    /** The account a reset or confirmation is for; null for an invitation to a person without one. */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    invitation: () => p.manyToOne(Invitation).nullable().deleteRule('cascade'),
    /** A staff invitation's link (purpose 'staff-invitation'). */
    staffInvitation: () => p.manyToOne(StaffInvitation).nullable().deleteRule('cascade'),
    /** Lower-case: the address the link was sent to (for a confirmation, the address it confirms). */
    email: p.string(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
  }),
  indexes: [{ properties: ['user', 'purpose'] }, { properties: ['invitation'] }, { properties: ['staffInvitation'] }],
});
export type AccountToken = InferEntity<typeof AccountToken>;

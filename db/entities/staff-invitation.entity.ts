import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { LOCALES, createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { STAFF_ROLES } from './staff-membership.entity';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

export const STAFF_INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type StaffInvitationStatus = (typeof STAFF_INVITATION_STATUSES)[number];

/**
 * A studio group's admin (or an operator) invites a colleague by e-mail into the group's staff with
 * a role; the e-mailed link (an account_token of purpose 'staff-invitation') sets their password.
 */
export const StaffInvitation = defineEntity({
  name: 'StaffInvitation',
  tableName: 'staff_invitation',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup).deleteRule('cascade'),
    /** Lower-case. */
    email: p.string(),
    firstname: p.string(),
    lastname: p.string(),
    role: p.enum([...STAFF_ROLES]),
    locale: p.enum([...LOCALES]),
    status: p.enum([...STAFF_INVITATION_STATUSES]).default('pending'),
    invitedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
    respondedAt: p.datetime().nullable(),
  }),
  indexes: [
    { properties: ['studioGroup', 'status'] },
    // One open invitation per address and group.
    { name: 'staff_invitation_pending_unique', expression: `create unique index "staff_invitation_pending_unique" on "staff_invitation" ("studio_group_id", "email") where "status" = 'pending'` },
  ],
});
export type StaffInvitation = InferEntity<typeof StaffInvitation>;

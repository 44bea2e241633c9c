import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

/** What a staff user may do in one studio group (docs/decisions/0130). */
export const STAFF_ROLES = ['admin', 'accountant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A staff user's membership of a studio group, with their role there: an admin does everything
 * staff can do, an accountant reads and changes nothing. The pivot of `User.staffStudioGroups`.
 */
export const StaffMembership = defineEntity({
  name: 'StaffMembership',
  tableName: 'staff_membership',
  properties: (p) => ({
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    studioGroup: () => p.manyToOne(StudioGroup).primary().deleteRule('cascade'),
    role: p.enum([...STAFF_ROLES]).default('admin'),
    /** Member since. The database's default: memberships added through `User.staffStudioGroups` (the seed) insert only the two keys. */
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
  indexes: [{ properties: ['studioGroup'] }],
});
export type StaffMembership = InferEntity<typeof StaffMembership>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { LOCALES, createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StaffMembership } from './staff-membership.entity';
import { StudioGroup } from './studio-group.entity';

export const USER_ROLES = ['trainer', 'staff', 'operator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Anyone who logs in: a trainer (portal), staff of studio groups (back office) or an operator. */
export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    /** Stored lower-case; log-in looks it up lower-cased. */
    email: p.string().unique(),
    /** argon2id (domain/passwords). */
    passwordHash: p.string().hidden(),
    role: p.enum([...USER_ROLES]),
    locale: p.enum([...LOCALES]).default('de'),
    firstname: p.string(),
    lastname: p.string(),
    isVerified: p.boolean().default(false),
    /** The studio groups a staff user manages, each with their role there (StaffMembership); every admin call is scoped to one of them. */
    staffStudioGroups: () => p.manyToMany(StudioGroup).owner().pivotEntity(() => StaffMembership),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
});
export type User = InferEntity<typeof User>;

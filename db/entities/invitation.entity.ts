import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A studio group invites the portal user with this e-mail to link their account to a trainer record. */
export const Invitation = defineEntity({
  name: 'Invitation',
  tableName: 'invitation',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    trainer: () => p.manyToOne(Trainer),
    /** Lower-case. */
    email: p.string(),
    status: p.enum([...INVITATION_STATUSES]).default('pending'),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
    respondedAt: p.datetime().nullable(),
  }),
  indexes: [
    { properties: ['email', 'status'] },
    { properties: ['trainer'] },
    // One pending invitation per trainer record (Migration20261124132711_invitationsAndAccountTokens).
    { name: 'invitation_pending_trainer_unique', expression: `create unique index "invitation_pending_trainer_unique" on "invitation" ("trainer_id") where "status" = 'pending'` },
  ],
});
export type Invitation = InferEntity<typeof Invitation>;

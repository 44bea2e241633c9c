import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from './common';
import { SettlementTrainer } from './settlement-trainer.entity';
import { Studio } from './studio.entity';
import { User } from './user.entity';

export const APPROVAL_KINDS = ['trainer', 'company', 'location'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * One approval toggle of a trainer's settlement, appended, never updated: the newest row per kind
 * (and studio, for location approvals) is the current state, the rest is the history the spec's
 * approval lists show.
 */
export const Approval = defineEntity({
  name: 'Approval',
  tableName: 'approval',
  properties: (p) => ({
    id: idProperty(),
    settlementTrainer: () => p.manyToOne(SettlementTrainer).deleteRule('cascade'),
    kind: p.enum([...APPROVAL_KINDS]),
    /** Only for kind 'location'. */
    studio: () => p.manyToOne(Studio).nullable(),
    approved: p.boolean(),
    user: () => p.manyToOne(User),
    createdAt: createdAtProperty(),
  }),
  // The second one serves a trainer's newest row (`max(id)`, the approvals' seq): without it PostgreSQL
  // reads the primary key backwards until it meets the trainer's row, which at 10,000 trainers took
  // seconds for an approve-all and grew every toggle with the month's approvals.
  indexes: [{ properties: ['settlementTrainer', 'kind', 'createdAt'] }, { properties: ['settlementTrainer', 'id'] }],
});
export type Approval = InferEntity<typeof Approval>;

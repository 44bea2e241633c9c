import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

export const SETTLEMENT_VERSIONS = ['v1', 'v2'] as const;
export type SettlementVersion = (typeof SETTLEMENT_VERSIONS)[number];

export const SETTLEMENT_STATUSES = ['in_progress', 'completed', 'archived', 'deleted'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** One month's settlement of a studio group; its process lives in the `settlement-{uuid}` workflow. */
export const Settlement = defineEntity({
  name: 'Settlement',
  tableName: 'settlement',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    /** Last day of the settled month, YYYY-MM-DD. */
    month: p.date(),
    version: p.enum([...SETTLEMENT_VERSIONS]).default('v2'),
    /** Whether trainers review a preview before credit notes are created. */
    trainerReview: p.boolean().default(false),
    status: p.enum([...SETTLEMENT_STATUSES]).default('in_progress'),
    createdBy: () => p.manyToOne(User),
    completedAt: p.datetime().nullable(),
    archivedAt: p.datetime().nullable(),
    /**
     * Sums of the lines of all trainers, set when the credit notes are sent. bigint: a group of
     * 10,000 trainers pays more than int4's 21,474,836.47 EUR a month.
     */
    sumNetCents: p.bigint('number').nullable(),
    sumVatCents: p.bigint('number').nullable(),
    sumGrossCents: p.bigint('number').nullable(),
    /** The payment type rules used at preparation, so an approved month never changes. */
    rulesSnapshot: p.json<unknown>().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'month'] }],
});
export type Settlement = InferEntity<typeof Settlement>;

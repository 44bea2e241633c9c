import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { Settlement } from './settlement.entity';
import { User } from './user.entity';

export const SETTLEMENT_RUN_STATUSES = ['running', 'finished', 'failed'] as const;
export type SettlementRunStatus = (typeof SETTLEMENT_RUN_STATUSES)[number];

/** A credit-note run of a settlement (workflow `credit-note-run-{uuid}`). */
export const SettlementRun = defineEntity({
  name: 'SettlementRun',
  tableName: 'settlement_run',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    settlement: () => p.manyToOne(Settlement),
    createdBy: () => p.manyToOne(User),
    status: p.enum([...SETTLEMENT_RUN_STATUSES]).default('running'),
    finishedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['settlement', 'createdAt'] }],
});
export type SettlementRun = InferEntity<typeof SettlementRun>;

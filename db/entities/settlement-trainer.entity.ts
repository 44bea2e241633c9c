import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { Settlement } from './settlement.entity';
import { Trainer } from './trainer.entity';

/** Per-trainer workflow state within a settlement (spec admin 4). */
export const SETTLEMENT_TRAINER_STATES = [
  'new',
  'data_created',
  'preview_send',
  'credit_note_created',
  'credit_note_send',
  'approved',
] as const;
export type SettlementTrainerState = (typeof SETTLEMENT_TRAINER_STATES)[number];

/** A trainer billed in a settlement, with the sums of their lines. */
export const SettlementTrainer = defineEntity({
  name: 'SettlementTrainer',
  tableName: 'settlement_trainer',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    settlement: () => p.manyToOne(Settlement).deleteRule('cascade'),
    trainer: () => p.manyToOne(Trainer),
    workflowState: p.enum([...SETTLEMENT_TRAINER_STATES]).default('new'),
    sumNetCents: p.integer().default(0),
    sumVatCents: p.integer().default(0),
    sumGrossCents: p.integer().default(0),
    /** The trainer's personal data as frozen at preparation; the credit note prints this. */
    trainerSnapshot: p.json<Record<string, unknown>>().nullable(),
    preparedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['settlement', 'trainer'] }],
  // The trainer portal lists a trainer's settlements.
  indexes: [{ properties: ['trainer'] }],
});
export type SettlementTrainer = InferEntity<typeof SettlementTrainer>;

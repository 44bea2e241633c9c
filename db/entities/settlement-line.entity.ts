import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty } from './common';
import { SettlementTrainer } from './settlement-trainer.entity';
import { Studio } from './studio.entity';
import { StudioClass } from './studio-class.entity';

export const SETTLEMENT_LINE_KINDS = ['class', 'admin'] as const;
export type SettlementLineKind = (typeof SETTLEMENT_LINE_KINDS)[number];

/**
 * One paid line of a trainer's settlement: a class, or an admin position ('Administration' row).
 * VAT is computed per line (round half up) and every total is a sum of lines, so all documents
 * reconcile to the cent.
 */
export const SettlementLine = defineEntity({
  name: 'SettlementLine',
  tableName: 'settlement_line',
  properties: (p) => ({
    id: idProperty(),
    settlementTrainer: () => p.manyToOne(SettlementTrainer).deleteRule('cascade'),
    kind: p.enum([...SETTLEMENT_LINE_KINDS]),
    studioClass: () => p.manyToOne(StudioClass).nullable(),
    studio: () => p.manyToOne(Studio).nullable(),
    /** Stable key of the row; comments and reviews refer to it. */
    classHash: p.string(),
    classStartsAt: p.datetime().nullable(),
    className: p.string(),
    durationMinutes: p.integer().default(0),
    bookedSlots: p.integer().default(0),
    netCents: p.integer(),
    vatRateBasisPoints: p.integer(),
    vatCents: p.integer(),
    grossCents: p.integer(),
    /** The rule that priced the line, as it was. */
    ruleSnapshot: p.json<Record<string, unknown>>().nullable(),
    description: p.text().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['settlementTrainer'] }],
});
export type SettlementLine = InferEntity<typeof SettlementLine>;

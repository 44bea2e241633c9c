import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { Settlement } from './settlement.entity';
import { Trainer } from './trainer.entity';
import { User } from './user.entity';

export const ADMIN_POSITION_KINDS = ['bonus', 'deduction', 'travel'] as const;
export type AdminPositionKind = (typeof ADMIN_POSITION_KINDS)[number];

/** A manual line per trainer and settlement (bonus, deduction, travel); a deduction is negative. */
export const AdminPosition = defineEntity({
  name: 'AdminPosition',
  tableName: 'admin_position',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    settlement: () => p.manyToOne(Settlement).deleteRule('cascade'),
    trainer: () => p.manyToOne(Trainer),
    kind: p.enum([...ADMIN_POSITION_KINDS]),
    description: p.string(),
    netCents: p.integer(),
    createdBy: () => p.manyToOne(User),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['settlement', 'trainer'] }],
});
export type AdminPosition = InferEntity<typeof AdminPosition>;

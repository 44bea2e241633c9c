import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { idProperty } from './common';
import { Settlement } from './settlement.entity';

/** A progress event of a settlement (spec admin 2.12 log row), written by activities. */
export const SettlementLog = defineEntity({
  name: 'SettlementLog',
  tableName: 'settlement_log',
  properties: (p) => ({
    id: idProperty(),
    settlement: () => p.manyToOne(Settlement).deleteRule('cascade'),
    timestamp: p.datetime().onCreate(() => new Date()),
    proc: p.string(),
    trainerUuid: p.uuid().nullable(),
    status: p.string(),
    message: p.text(),
  }),
  indexes: [{ properties: ['settlement', 'timestamp'] }],
});
export type SettlementLog = InferEntity<typeof SettlementLog>;

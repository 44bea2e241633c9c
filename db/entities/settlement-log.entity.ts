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
    /**
     * Names the event the row reports (run, phase, trainer), so a retried activity that already
     * wrote it finds it and writes (and publishes) nothing twice; null for one-off rows.
     */
    eventKey: p.string().nullable(),
  }),
  indexes: [{ properties: ['settlement', 'timestamp'] }],
  uniques: [{ properties: ['settlement', 'eventKey'] }],
});
export type SettlementLog = InferEntity<typeof SettlementLog>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';

/**
 * A source-system trainer id that a merge (spec admin 2.21) folded into another record: the source
 * still sends it, and the import resolves it to the kept trainer instead of creating the merged-away
 * record again. Written in the merge's transaction; it follows the kept trainer into later merges.
 */
export const TrainerSourceAlias = defineEntity({
  name: 'TrainerSourceAlias',
  tableName: 'trainer_source_alias',
  properties: (p) => ({
    id: idProperty(),
    studioGroup: () => p.manyToOne(StudioGroup).deleteRule('cascade'),
    sourceId: p.string(),
    trainer: () => p.manyToOne(Trainer).deleteRule('cascade'),
    createdAt: createdAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'sourceId'] }],
  indexes: [{ properties: ['trainer'] }],
});
export type TrainerSourceAlias = InferEntity<typeof TrainerSourceAlias>;

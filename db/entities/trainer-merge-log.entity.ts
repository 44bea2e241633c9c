import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';
import { User } from './user.entity';

/**
 * The audit row of a trainer merge (spec admin 2.21): who merged which record into which, and what
 * moved. The merged record is gone afterwards, so its uuid, source id and name are kept here.
 */
export const TrainerMergeLog = defineEntity({
  name: 'TrainerMergeLog',
  tableName: 'trainer_merge_log',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup).deleteRule('cascade'),
    keptTrainer: () => p.manyToOne(Trainer).nullable().deleteRule('set null'),
    keptTrainerUuid: p.uuid(),
    mergedTrainerUuid: p.uuid(),
    mergedTrainerSourceId: p.string(),
    mergedTrainerName: p.string(),
    mergedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Rows moved per kind (classes, rules, positions, settlements, credit notes, …). */
    moved: p.json<Record<string, number>>(),
    createdAt: createdAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'createdAt'] }],
});
export type TrainerMergeLog = InferEntity<typeof TrainerMergeLog>;

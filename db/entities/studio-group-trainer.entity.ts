import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';
import { TrainerAccount } from './trainer-account.entity';
import { User } from './user.entity';

/**
 * Links a studio group's trainer record to a portal trainer account. It also records the trainer's
 * prior consent to self-billing for this studio group (§14 (2) UStG): who consented and when.
 */
export const StudioGroupTrainer = defineEntity({
  name: 'StudioGroupTrainer',
  tableName: 'studio_group_trainer',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    trainer: () => p.manyToOne(Trainer).unique(),
    trainerAccount: () => p.manyToOne(TrainerAccount),
    selfBillingConsentAt: p.datetime().nullable(),
    selfBillingConsentBy: () => p.manyToOne(User).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'trainerAccount'] }],
  indexes: [{ properties: ['trainerAccount'] }],
});
export type StudioGroupTrainer = InferEntity<typeof StudioGroupTrainer>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { TrainerAccount } from './trainer-account.entity';

/** A notification in the trainer portal; unread while approvedAt is null. */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notification',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    trainerAccount: () => p.manyToOne(TrainerAccount).deleteRule('cascade'),
    studioGroup: () => p.manyToOne(StudioGroup),
    message: p.text(),
    link: p.string(),
    approvedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['trainerAccount', 'createdAt'] }],
});
export type Notification = InferEntity<typeof Notification>;

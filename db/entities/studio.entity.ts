import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';

/** A studio (location, "club") of a studio group, imported from the source system. */
export const Studio = defineEntity({
  name: 'Studio',
  tableName: 'studio',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    /** The studio's id in the group's source system. */
    sourceId: p.string(),
    name: p.string(),
    city: p.string().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'sourceId'] }],
});
export type Studio = InferEntity<typeof Studio>;

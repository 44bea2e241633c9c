import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { Studio } from './studio.entity';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';

/**
 * A class (lesson) held in a studio, imported from the source system. A class with no trainer or
 * with other trainers besides the main one is reported and not paid until fixed.
 */
export const StudioClass = defineEntity({
  name: 'StudioClass',
  tableName: 'studio_class',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    studio: () => p.manyToOne(Studio),
    /** The class's id in the group's source system. */
    sourceId: p.string(),
    startsAt: p.datetime(),
    name: p.string(),
    category: p.string().nullable(),
    room: p.string().nullable(),
    slots: p.integer().default(0),
    bookedSlots: p.integer().default(0),
    attendees: p.integer().default(0),
    durationMinutes: p.integer(),
    /** The main trainer, who is paid. */
    trainer: () => p.manyToOne(Trainer).nullable(),
    /** Ids (Trainer.id) of further trainers the source system lists for the class. */
    otherTrainers: p.json<number[]>().default([]),
    importedAt: p.datetime(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studio', 'sourceId'] }],
  indexes: [{ properties: ['studioGroup', 'startsAt'] }, { properties: ['trainer', 'startsAt'] }],
});
export type StudioClass = InferEntity<typeof StudioClass>;

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
  indexes: [
    { properties: ['studioGroup', 'startsAt'] },
    { properties: ['trainer', 'startsAt'] },
    // The reports' partial and covering indexes (Migration20261124132800_reports), declared so the schema check keeps them.
    { name: 'studio_class_without_trainer_index', expression: `create index "studio_class_without_trainer_index" on "studio_class" ("studio_group_id", "starts_at") where "trainer_id" is null` },
    { name: 'studio_class_several_trainers_index', expression: `create index "studio_class_several_trainers_index" on "studio_class" ("studio_group_id", "starts_at") where "other_trainers" <> '[]'::jsonb` },
    {
      name: 'studio_class_rule_check_index',
      expression: `create index "studio_class_rule_check_index" on "studio_class" ("studio_group_id", "starts_at") include ("trainer_id", "studio_id", "name", "category", "duration_minutes", "booked_slots", "other_trainers")`,
    },
  ],
});
export type StudioClass = InferEntity<typeof StudioClass>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { idProperty } from './common';
import { Studio } from './studio.entity';
import { StudioGroup } from './studio-group.entity';

/**
 * A month's classes folded as the payment-type-rule check (spec admin 2.14) prices them: classes
 * that no rule can tell apart (same studio, name, category, duration, with or without a trainer,
 * several trainers, and the trainer itself where a rule of the group names that trainer) are one
 * row with their booked slots and how many classes had each. A year of a large group is ~10,000
 * rows instead of 720,000 classes.
 *
 * Kept by PostgreSQL, not by the code that writes classes: triggers on `studio_class` (any insert,
 * update or delete) and on `payment_type_rule` (a trainer named by a rule for the first time, or no longer)
 * mark the months they touch in `class_month_stale`, and the rule check folds a stale month again
 * before it reads it (api/routes/reports/rule-check.service.ts). Months are Berlin months.
 */
export const ClassMonthFold = defineEntity({
  name: 'ClassMonthFold',
  tableName: 'class_month_fold',
  properties: (p) => ({
    id: idProperty(),
    studioGroup: () => p.manyToOne(StudioGroup).deleteRule('cascade'),
    /** The first day of the month. */
    month: p.date(),
    /** The trainer, only where a rule of the group names them (else null: any trainer prices alike). */
    trainerKey: p.integer().nullable(),
    hasTrainer: p.boolean(),
    several: p.boolean(),
    studio: () => p.manyToOne(Studio).deleteRule('cascade'),
    name: p.string(),
    category: p.string().nullable(),
    durationMinutes: p.integer(),
    firstAt: p.datetime(),
    lastAt: p.datetime(),
    /** Booked slots, ascending, and how many classes had them (same length). */
    booked: p.json<number[]>(),
    classes: p.json<number[]>(),
  }),
  indexes: [{ properties: ['studioGroup', 'month'] }],
});
export type ClassMonthFold = InferEntity<typeof ClassMonthFold>;

/**
 * A month whose classes (or the trainers its rules name) changed since it was folded: the rule
 * check folds it again first. One row per group and month; the triggers take its row lock, so a
 * check never folds a month whose change is not yet committed (it reads that month's classes instead).
 */
export const ClassMonthStale = defineEntity({
  name: 'ClassMonthStale',
  tableName: 'class_month_stale',
  properties: (p) => ({
    id: idProperty(),
    studioGroup: () => p.manyToOne(StudioGroup).deleteRule('cascade'),
    month: p.date(),
    markedAt: p.datetime(),
  }),
  uniques: [{ properties: ['studioGroup', 'month'] }],
});
export type ClassMonthStale = InferEntity<typeof ClassMonthStale>;

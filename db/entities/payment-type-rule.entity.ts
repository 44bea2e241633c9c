import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { Studio } from './studio.entity';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';

export const PAYMENT_RULE_KINDS = ['flat', 'hourly'] as const;
export type PaymentRuleKind = (typeof PAYMENT_RULE_KINDS)[number];

export const BOOKED_SLOT_MODES = ['none', 'per_slot', 'tiers', 'fixed_bonus'] as const;
export type BookedSlotMode = (typeof BOOKED_SLOT_MODES)[number];

/** From `fromBookedSlots` booked slots on, the class earns `bonusCents` (the highest tier reached applies). */
export type BookedSlotTier = { fromBookedSlots: number; bonusCents: number };

/**
 * How a class is paid. Narrowed optionally to a trainer, a studio, a class category and a class-name
 * filter; the most specific rule valid on the class date wins. Rules are dated and never changed
 * retroactively: a new rate is a new rule from its start date (`replacesRule` points to the old one).
 */
export const PaymentTypeRule = defineEntity({
  name: 'PaymentTypeRule',
  tableName: 'payment_type_rule',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    name: p.string(),
    trainer: () => p.manyToOne(Trainer).nullable(),
    studio: () => p.manyToOne(Studio).nullable(),
    category: p.string().nullable(),
    /** Case-insensitive substring of the class name. */
    classNameFilter: p.string().nullable(),
    /** YYYY-MM-DD, inclusive. */
    validFrom: p.date(),
    /** YYYY-MM-DD, inclusive; null = open-ended. */
    validTo: p.date().nullable(),
    kind: p.enum([...PAYMENT_RULE_KINDS]),
    /** kind 'flat': amount per class. */
    flatCents: p.integer().nullable(),
    /** kind 'hourly': rate × duration / 60. */
    hourlyCents: p.integer().nullable(),
    bookedSlotMode: p.enum([...BOOKED_SLOT_MODES]).default('none'),
    /** per_slot: pay for each booked slot above it; fixed_bonus: bonus from it on. */
    bookedSlotThreshold: p.integer().nullable(),
    perSlotCents: p.integer().nullable(),
    tiers: p.json<BookedSlotTier[]>().nullable(),
    fixedBonusCents: p.integer().nullable(),
    minCents: p.integer().nullable(),
    maxCents: p.integer().nullable(),
    replacesRule: () => p.manyToOne(PaymentTypeRule).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'validFrom'] }],
});
export type PaymentTypeRule = InferEntity<typeof PaymentTypeRule>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from './common';
import { TrainerAccount } from './trainer-account.entity';

export const SMALL_BUSINESS_THRESHOLDS = ['previous_year_near', 'previous_year_passed', 'current_year_near', 'current_year_passed'] as const;
export type SmallBusinessThreshold = (typeof SMALL_BUSINESS_THRESHOLDS)[number];

/**
 * A small-business (§19 UStG) warning sent to a trainer account's portal: once per threshold and
 * calendar year, whichever studio group's run crossed it (the limits count the account's turnover
 * on the whole platform).
 */
export const SmallBusinessNotice = defineEntity({
  name: 'SmallBusinessNotice',
  tableName: 'small_business_notice',
  properties: (p) => ({
    id: idProperty(),
    trainerAccount: () => p.manyToOne(TrainerAccount).deleteRule('cascade'),
    year: p.integer(),
    threshold: p.enum([...SMALL_BUSINESS_THRESHOLDS]),
    /** The turnover the warning named, in cents. */
    turnoverCents: p.integer(),
    createdAt: createdAtProperty(),
  }),
  uniques: [{ properties: ['trainerAccount', 'year', 'threshold'] }],
});
export type SmallBusinessNotice = InferEntity<typeof SmallBusinessNotice>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty } from './common';
import { SettlementTrainer } from './settlement-trainer.entity';

/** A row of a trainer's settlement review (spec admin 3, "Review row"). */
export const ReviewRow = defineEntity({
  name: 'ReviewRow',
  tableName: 'review_row',
  properties: (p) => ({
    id: idProperty(),
    settlementTrainer: () => p.manyToOne(SettlementTrainer).deleteRule('cascade'),
    rowId: p.string(),
    /** JSON-like text with studio_name, date, class_name, class_booked_slot, netto, brutto; or 'trainer_feedback_overall'. */
    course: p.text(),
    trainerReviewComment: p.text().nullable(),
    companyApproved: p.boolean().default(false),
    companyComment: p.text().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['settlementTrainer', 'rowId'] }],
});
export type ReviewRow = InferEntity<typeof ReviewRow>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, uuidProperty } from './common';
import { SettlementTrainer } from './settlement-trainer.entity';
import { User } from './user.entity';

export const COMMENT_ROLES = ['ROLE_TRAINER', 'ROLE_ADMIN'] as const;
export type CommentRole = (typeof COMMENT_ROLES)[number];

export const COMMENT_MOODS = ['excited', 'loved', 'happy', 'sad', 'thumbsy'] as const;
export type CommentMood = (typeof COMMENT_MOODS)[number];

/** The comment thread key for feedback on the whole settlement rather than one class. */
export const OVERALL_FEEDBACK_HASH = 'trainer_feedback_overall';

/** A comment on a class line (or the overall feedback) of a trainer's settlement. */
export const Comment = defineEntity({
  name: 'Comment',
  tableName: 'comment',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    settlementTrainer: () => p.manyToOne(SettlementTrainer).deleteRule('cascade'),
    /** SettlementLine.classHash, or OVERALL_FEEDBACK_HASH. */
    classHash: p.string(),
    className: p.string().nullable(),
    classDatetime: p.datetime().nullable(),
    author: () => p.manyToOne(User),
    authorName: p.string(),
    role: p.enum([...COMMENT_ROLES]),
    mood: p.enum([...COMMENT_MOODS]).nullable(),
    /** Stripped of < > { } before saving; rendered as text. */
    text: p.text(),
    createdAt: createdAtProperty(),
  }),
  indexes: [{ properties: ['settlementTrainer', 'createdAt'] }],
});
export type Comment = InferEntity<typeof Comment>;

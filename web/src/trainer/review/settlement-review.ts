import type { TReviewRow, TTrainerSettlementReview } from '../../../../contracts/review.contract';

// The rules of the trainer's settlement review that its save follows (trainer portal 4, 5).

/** Spec 4: a review exists once the trainer wrote a comment or confirmed; then the save is a PUT. */
export const reviewExists = (review: Pick<TTrainerSettlementReview, 'review' | 'approved'>) =>
  review.approved || review.review.some((row) => (row.trainer_review_comment ?? '') !== '');

/** Spec 5: the characters < > { } are removed and the text trimmed. */
export const cleanReviewComment = (text: string) => text.replace(/[<>{}]/g, '').trim();

/**
 * The rows a save sends (spec 5: only non-empty comments): every row with a comment, and a row
 * whose stored comment was emptied (so a comment can be taken back). Company fields go back as read.
 */
export function reviewRowsToSend(rows: readonly TReviewRow[], comments: Readonly<Record<string, string>>): TReviewRow[] {
  return rows.flatMap((row) => {
    const text = cleanReviewComment(comments[row.row_id] ?? row.trainer_review_comment ?? '');
    const stored = row.trainer_review_comment ?? '';
    if (text === '' && stored === '') return [];
    return [{ ...row, trainer_review_comment: text === '' ? null : text }];
  });
}

import { describe, expect, it } from 'vitest';
import type { TReviewRow } from '../../../../contracts/review.contract';
import { cleanReviewComment, reviewExists, reviewRowsToSend } from './settlement-review';

const row = (row_id: string, trainer_review_comment: string | null = null): TReviewRow => ({
  row_id,
  course: '{}',
  trainer_review_comment,
  company_approved: row_id === 'a',
  company_comment: row_id === 'a' ? 'ok' : null,
});

describe('the settlement review save (trainer portal 4, 5)', () => {
  it('removes < > { } and trims a comment', () => {
    expect(cleanReviewComment('  <b>zwei {Kurse}</b> fehlen ')).toBe('bzwei Kurse/b fehlen');
  });

  it('sends only rows with a comment, and a row whose stored comment was emptied', () => {
    const rows = [row('a'), row('b', 'alt'), row('c', 'bleibt'), row('trainer_feedback_overall')];
    const sent = reviewRowsToSend(rows, { a: ' neu ', b: '  ', trainer_feedback_overall: '' });
    expect(sent.map((item) => [item.row_id, item.trainer_review_comment])).toEqual([
      ['a', 'neu'],
      ['b', null],
      ['c', 'bleibt'],
    ]);
    // The company's fields go back as they were read.
    expect(sent[0]).toMatchObject({ company_approved: true, company_comment: 'ok' });
  });

  it('is a PUT once a comment or the confirmation is stored (a POST before)', () => {
    expect(reviewExists({ review: [row('a'), row('b')], approved: false })).toBe(false);
    expect(reviewExists({ review: [row('a'), row('b', 'x')], approved: false })).toBe(true);
    expect(reviewExists({ review: [row('a')], approved: true })).toBe(true);
  });
});

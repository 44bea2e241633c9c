import { describe, expect, it } from 'vitest';
import { formatEuros } from '../../../shared/format';
import { parseCourse, rowsWithFeedback, sortReviewRows } from './review-course';

const row = (row_id: string, course: string, trainer_review_comment: string | null = null) => ({
  row_id,
  course,
  trainer_review_comment,
  company_approved: false,
  company_comment: null,
});

describe('review course (spec 2.7, 3)', () => {
  it('reads the JSON course text: studio, Berlin date, class, booked slots, net and gross', () => {
    const course = parseCourse(
      JSON.stringify({ studio_name: 'Mitte', date: '2026-01-15T17:30:00Z', class_name: 'Yoga', class_booked_slot: 12, netto: 45, brutto: 53.55 }),
    );
    expect(course).toEqual({ kind: 'class', studio: 'Mitte', date: '15.01.2026 18:30', className: 'Yoga', bookedSlots: '12', net: formatEuros(45), gross: formatEuros(53.55) });
  });

  it('knows the overall feedback row and shows any other text as it is', () => {
    expect(parseCourse('trainer_feedback_overall')).toEqual({ kind: 'overall' });
    expect(parseCourse('not json')).toEqual({ kind: 'text', text: 'not json' });
    expect(parseCourse(JSON.stringify({ studio_name: 'A', date: '15.01.2026 18:30', netto: '45,00 €' }))).toMatchObject({ date: '15.01.2026 18:30', net: '45,00 €' });
  });

  it('lists the rows with feedback, the overall row first', () => {
    const rows = [row('a', '{}', 'too short'), row('b', '{}', ' '), row('trainer_feedback_overall', 'trainer_feedback_overall', 'thanks')];
    expect(sortReviewRows(rowsWithFeedback(rows)).map((item) => item.row_id)).toEqual(['trainer_feedback_overall', 'a']);
  });
});

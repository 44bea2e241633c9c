import { DateTime } from 'luxon';
import { OVERALL_FEEDBACK, type TReviewRow } from '../../../../../contracts/review.contract';
import { formatEuros } from '../../../shared/format';

/** A review row's course as the table shows it (spec 3: JSON-like text, or the overall-feedback value). */
export type ReviewCourse =
  | { kind: 'overall' }
  | { kind: 'class'; studio: string; date: string; className: string; bookedSlots: string; net: string; gross: string }
  | { kind: 'text'; text: string };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Money in the course text: euros as a number (as every answer carries them), or already a euro string ('12,50 €'). */
const money = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? formatEuros(value) : text(value));

/** Course dates are DD.MM.YYYY HH:mm in German formatting, Berlin time (spec 9). */
export function formatCourseDate(value: unknown): string {
  const raw = text(value);
  if (!raw) return '';
  const date = DateTime.fromISO(raw, { zone: 'utc' });
  return date.isValid ? date.setZone('Europe/Berlin').toFormat('dd.MM.yyyy HH:mm') : raw;
}

export function parseCourse(course: string): ReviewCourse {
  if (course === OVERALL_FEEDBACK) return { kind: 'overall' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(course);
  } catch {
    return { kind: 'text', text: course };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'text', text: course };
  const fields = parsed as Record<string, unknown>;
  return {
    kind: 'class',
    studio: text(fields.studio_name),
    date: formatCourseDate(fields.date),
    className: text(fields.class_name),
    bookedSlots: text(fields.class_booked_slot),
    net: money(fields.netto),
    gross: money(fields.brutto),
  };
}

const hasText = (value: string | null) => Boolean(value && value.trim());

/** Rows the admin has something to look at: the trainer's feedback, or a comment of the company already. */
export const rowsWithFeedback = (rows: readonly TReviewRow[]) => rows.filter((row) => hasText(row.trainer_review_comment) || hasText(row.company_comment));

/** The overall-feedback row first, then the classes in their order. */
export const sortReviewRows = (rows: readonly TReviewRow[]) =>
  [...rows].sort((a, b) => Number(b.course === OVERALL_FEEDBACK || b.row_id === OVERALL_FEEDBACK) - Number(a.course === OVERALL_FEEDBACK || a.row_id === OVERALL_FEEDBACK));

import { idArray } from '../../../db/queries/id-array';
import type { EntityManager } from '@mikro-orm/postgresql';
import { centsToEuros } from '../../../domain/money';
import { trainerDisplayName, trainerName, type TrainerSnapshot } from '../../../domain/trainer-data';
import { cleanCommentText, OVERALL_FEEDBACK, type TReviewRow } from '../../../contracts/review.contract';
import { sql } from '../../../db/queries/sql';
import type { SettlementTrainer } from '../../../db/entities';
import { badRequest } from '../../http/errors';
import { addComment } from './comments';

// The review rows of a trainer's settlement (admin 2.7, 2.10 left column; trainer portal 3, 4, 7),
// as the trainer's review, the admin's feedback table and the preview check read them.
//
// The rows are created when the trainer's preview is sent (one per class line, row_id = the class
// hash, and one OVERALL_FEEDBACK row); the services read them and save their comments and company
// marks. A saved comment is also appended to the row's comment thread, so the review table and the
// threads of the preview check tell the same conversation. 'Approved' is an approval toggle
// (review.service `approve`), which appends the Approval rows read here.

export type ReviewRowSql = {
  id: number;
  settlement_trainer_id: number;
  row_id: string;
  course: string;
  trainer_review_comment: string | null;
  company_approved: boolean;
  company_comment: string | null;
  /** Of the matching line (null for the overall row). */
  class_name: string | null;
  class_starts_at: Date | null;
};

type CurrentApprovals = { company: boolean; trainer: boolean };

/**
 * The stored course text carries its amounts (netto, brutto) in integer cents, as the activity that
 * sends the preview writes it; answers carry euros like every amount field (DESIGN "Money in answers").
 */
export function courseInEuros(course: string): string {
  if (!course.startsWith('{')) return course;
  let parsed: unknown;
  try {
    parsed = JSON.parse(course);
  } catch {
    return course;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return course;
  const fields = { ...(parsed as Record<string, unknown>) };
  for (const key of ['netto', 'brutto']) {
    const value = fields[key];
    if (typeof value === 'number' && Number.isSafeInteger(value)) fields[key] = centsToEuros(value);
  }
  return JSON.stringify(fields);
}

export const toReviewRow = (row: ReviewRowSql): TReviewRow => ({
  row_id: row.row_id,
  course: courseInEuros(row.course),
  trainer_review_comment: row.trainer_review_comment,
  company_approved: row.company_approved,
  company_comment: row.company_comment,
});

/**
 * Review rows of settlement trainers, in the order of the screens: the overall feedback first, then
 * the class rows by location and time, then admin rows, then any row whose line is gone.
 */
export async function reviewRowsOf(em: EntityManager, settlementTrainerIds: number[]): Promise<ReviewRowSql[]> {
  if (settlementTrainerIds.length === 0) return [];
  return sql<ReviewRowSql>(
    em,
    `select rr.id, rr.settlement_trainer_id, rr.row_id, rr.course, rr.trainer_review_comment, rr.company_approved, rr.company_comment,
            l.class_name, l.class_starts_at
       from review_row rr
       left join lateral (
         select l.kind, l.class_name, l.class_starts_at, s.name as studio_name
           from settlement_line l left join studio s on s.id = l.studio_id
          where l.settlement_trainer_id = rr.settlement_trainer_id and l.class_hash = rr.row_id
          order by l.id limit 1) l on true
      where rr.settlement_trainer_id = any(?::int[])
      order by rr.settlement_trainer_id,
               case when rr.row_id = ? then 0 when l.kind = 'class' then 1 when l.kind = 'admin' then 2 else 3 end,
               l.studio_name, l.class_starts_at, rr.id`,
    [idArray(settlementTrainerIds), OVERALL_FEEDBACK],
  );
}

/** The newest company and trainer approval of each settlement trainer (Approval rows are appended). */
export async function currentApprovals(em: EntityManager, settlementTrainerIds: number[]): Promise<Map<number, CurrentApprovals>> {
  const result = new Map<number, CurrentApprovals>();
  if (settlementTrainerIds.length === 0) return result;
  const rows = await sql<{ settlement_trainer_id: number; kind: 'company' | 'trainer'; approved: boolean }>(
    em,
    `select distinct on (a.settlement_trainer_id, a.kind) a.settlement_trainer_id, a.kind, a.approved
       from approval a
      where a.settlement_trainer_id = any(?::int[]) and a.kind in ('company', 'trainer')
      order by a.settlement_trainer_id, a.kind, a.created_at desc, a.id desc`,
    [idArray(settlementTrainerIds)],
  );
  for (const id of settlementTrainerIds) result.set(id, { company: false, trainer: false });
  for (const row of rows) result.get(row.settlement_trainer_id)![row.kind] = row.approved;
  return result;
}

/**
 * The trainers of a settlement whose own newest approval says approved, by uuid. The settlement
 * workflow learns only the company's approvals (the trainer's toggle decides nothing there), so an
 * answer that shows the workflow's approvals takes the trainer's from here, where they are recorded.
 */
export async function trainersApprovedByThemselves(em: EntityManager, settlementId: number): Promise<Set<string>> {
  const rows = await sql<{ trainer_uuid: string }>(
    em,
    `select t.uuid as trainer_uuid
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
      where st.settlement_id = ?
        and (select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = 'trainer'
              order by a.created_at desc, a.id desc limit 1)`,
    [settlementId],
  );
  return new Set(rows.map((row) => row.trainer_uuid));
}

/** The trainer columns every review list selects (`trainer t` joined to `settlement_trainer st`). */
export const TRAINER_NAME_COLUMNS = 't.uuid as trainer_uuid, t.id as trainer_id, t.firstname, t.lastname, t.company_name, t.source_id, st.trainer_snapshot';

export type TrainerNameSql = {
  trainer_uuid: string;
  trainer_id: number;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  trainer_snapshot: unknown;
};

/** The settlement's snapshot of the trainer and the names the lists show: the snapshot's, else the live record's. */
export function trainerNamesOf(row: TrainerNameSql) {
  const snapshot = (row.trainer_snapshot ?? {}) as Partial<TrainerSnapshot>;
  const names = {
    firstname: snapshot.firstname ?? row.firstname,
    lastname: snapshot.lastname ?? row.lastname,
    companyName: snapshot.companyName ?? row.company_name,
    sourceId: snapshot.sourceId ?? row.source_id,
  };
  return { snapshot, displayName: trainerDisplayName(names), name: trainerName(names) };
}

// --- saving rows (the trainer's review and the admin's feedback table) --------------------------

export type SaveRowInput = { row_id: string; trainer_review_comment: string | null; company_approved: boolean; company_comment: string | null };

/** A comment as stored: cleaned, and null when nothing is left. */
export const cleanedOrNull = (text: string | null | undefined) => {
  const cleaned = cleanCommentText(text ?? '');
  return cleaned === '' ? null : cleaned;
};

/** Every row id of the request exists (400 naming the first unknown one); nothing is written before. */
export function matchRows(stored: ReviewRowSql[], input: SaveRowInput[]) {
  const byRowId = new Map(stored.map((row) => [row.row_id, row]));
  return input.map((item, index) => {
    const row = byRowId.get(item.row_id);
    if (!row) throw badRequest('review.rowNotFound', `review.${index}.row_id`, { row: item.row_id });
    return { row, item };
  });
}

type ThreadComment = { settlementTrainer: SettlementTrainer; row: ReviewRowSql; text: string; authorId: number; authorName: string; role: 'ROLE_TRAINER' | 'ROLE_ADMIN' };

/**
 * Appends a saved review comment to the row's thread (class hash = row id) through the comment
 * calls' own addComment, so it is stored and published live like any comment. A row whose class
 * line is gone (recalculated away) keeps its text but gets no thread entry.
 */
export async function appendToThread(em: EntityManager, comment: ThreadComment) {
  if (comment.row.row_id !== OVERALL_FEEDBACK && comment.row.class_name === null) return;
  await addComment(em, {
    settlementTrainer: comment.settlementTrainer,
    author: { userId: comment.authorId, name: comment.authorName, role: comment.role },
    request: { comment: comment.text, classHash: comment.row.row_id, className: '', mood: '' },
  });
}

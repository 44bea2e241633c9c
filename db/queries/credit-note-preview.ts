import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from './sql';
import type { CommentMood } from '../entities';
import type { TrainerLineWithStudio } from './settlement-lines';

// Everything the credit-note preview of one settlement trainer shows, read in one statement: the
// row with its settlement, group and trainer, the lines with their studio (in the review screens'
// order, as trainerLinesWithStudio's 'byStudio'), the comments and the approvals (newest first),
// built as JSON by PostgreSQL. The trainer's review screen and the admin's preview check call it on
// every look, so one round trip and no entity hydration.

export type PreviewComment = {
  uuid: string;
  class_hash: string;
  author_name: string;
  role: 'ROLE_TRAINER' | 'ROLE_ADMIN';
  mood: CommentMood | null;
  text: string;
  /** Milliseconds since the epoch (a Date's precision). */
  created_at: number;
};

export type PreviewApproval = {
  kind: 'trainer' | 'company' | 'location';
  approved: boolean;
  /** Milliseconds since the epoch (a Date's precision). */
  created_at: number;
  studio_uuid: string | null;
  firstname: string;
  lastname: string;
};

export type PreviewLine = Omit<TrainerLineWithStudio, 'settlement_trainer_id' | 'studio_source_id'>;

export type CreditNotePreviewData = {
  id: number;
  workflow_state: string;
  trainer_snapshot: Record<string, unknown> | null;
  settlement_uuid: string;
  /** YYYY-MM-DD, the month's last day. */
  settlement_month: string;
  studio_group_name: string;
  trainer_id: number;
  trainer_uuid: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  lines: PreviewLine[];
  comments: PreviewComment[];
  approvals: PreviewApproval[];
};

/**
 * A statement selecting the settlement trainer to preview: a column `id` (null or no row: none) and
 * any further columns the caller wants back (its checks), e.g. which of the keys were found.
 */
export type PreviewTarget = { sql: string; params: readonly unknown[] };

const PREVIEW_SQL = `
  select json_build_object(
    'id', st.id, 'workflow_state', st.workflow_state, 'trainer_snapshot', st.trainer_snapshot,
    'settlement_uuid', s.uuid, 'settlement_month', to_char(s.month, 'YYYY-MM-DD'), 'studio_group_name', g.name,
    'trainer_id', t.id, 'trainer_uuid', t.uuid, 'firstname', t.firstname, 'lastname', t.lastname, 'company_name', t.company_name, 'source_id', t.source_id,
    'lines', coalesce((
      select json_agg(json_build_object(
               'kind', l.kind, 'class_hash', l.class_hash, 'class_starts_at', l.class_starts_at, 'class_name', l.class_name, 'description', l.description,
               'duration_minutes', l.duration_minutes, 'booked_slots', l.booked_slots, 'net_cents', l.net_cents, 'vat_rate_basis_points', l.vat_rate_basis_points,
               'vat_cents', l.vat_cents, 'gross_cents', l.gross_cents, 'studio_uuid', ls.uuid, 'studio_name', ls.name)
             order by (l.kind = 'admin'), ls.name, l.class_starts_at, l.id)
        from settlement_line l left join studio ls on ls.id = l.studio_id
       where l.settlement_trainer_id = st.id), '[]'::json),
    'comments', coalesce((
      select json_agg(json_build_object(
               'uuid', c.uuid, 'class_hash', c.class_hash, 'author_name', c.author_name, 'role', c.role, 'mood', c.mood, 'text', c.text,
               'created_at', floor(extract(epoch from c.created_at) * 1000)::bigint)
             order by c.created_at desc, c.id desc)
        from comment c
       where c.settlement_trainer_id = st.id), '[]'::json),
    'approvals', coalesce((
      select json_agg(json_build_object(
               'kind', a.kind, 'approved', a.approved, 'created_at', floor(extract(epoch from a.created_at) * 1000)::bigint,
               'studio_uuid', ast.uuid, 'firstname', u.firstname, 'lastname', u.lastname)
             order by a.created_at desc, a.id desc)
        from approval a join app_user u on u.id = a.user_id left join studio ast on ast.id = a.studio_id
       where a.settlement_trainer_id = st.id), '[]'::json)
  ) as preview
    from settlement_trainer st
    join settlement s on s.id = st.settlement_id
    join studio_group g on g.id = s.studio_group_id
    join trainer t on t.id = st.trainer_id
   where st.id = target.id`;

/**
 * Resolves the target and reads its preview in one round trip. Answers the target's row (its `id`
 * and further columns; undefined when the target selects no row) and the preview (null when the
 * target's `id` is null).
 */
export async function creditNotePreviewData<T extends { id: number | null }>(
  em: EntityManager,
  target: PreviewTarget,
): Promise<{ target: T; preview: CreditNotePreviewData | null } | undefined> {
  // Prepared once per connection: planning this statement costs more than running it (docs/decisions/0101).
  const [row] = await sql<{ target: T; preview: CreditNotePreviewData | null }>(
    em,
    `with target as (${target.sql})
     select to_json(target) as target, (${PREVIEW_SQL}) as preview
       from target limit 1`,
    [...target.params],
    { prepared: true },
  );
  return row;
}

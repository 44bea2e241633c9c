import { idArray } from '../../../db/queries/id-array';
import { centsToEuros } from '../../../domain/money';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/queries/sql';
import type { StudioGroup } from '../../../db/entities';
import { creditNotePreviewData, type CreditNotePreviewData } from '../../../db/queries/credit-note-preview';
import { translate, type Locale } from '../../../domain/messages';
import { trainerDisplayName, type TrainerSnapshot } from '../../../domain/trainer-data';
import {
  ADMIN_LOCATION_UUID,
  OVERALL_FEEDBACK,
  type TApprovalEntry,
  type TApprovalValue,
  type TComment,
  type TCommentMood,
  type TCreditNotePreview,
  type TCreditNoteRow,
} from '../../../contracts/review.contract';
import { notFound } from '../../http/errors';
import { assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { PDF_CREATED_STATES } from './review-locks';
import { adminPreviewTarget, assertAdminTargetFound, trainerPreviewTarget } from './preview-targets';

// The credit-note preview of one trainer in one settlement (admin preview check 2.10, the trainer's
// review screen): the lines with their comment threads, the approval history and the sums. One
// statement resolves the caller's row and reads it all (db/queries/credit-note-preview.ts).

const unixSeconds = (date: Date | string | number) => Math.floor(new Date(date).getTime() / 1000);

export type ApprovalLists = { company: TApprovalEntry[]; trainer: TApprovalEntry[]; location: Record<string, TApprovalEntry[]> };

/** The approval history of settlement trainers, newest first per kind (and per studio for locations). */
export async function approvalListsOf(em: EntityManager, settlementTrainerIds: number[]): Promise<Map<number, ApprovalLists>> {
  const lists = new Map<number, ApprovalLists>(settlementTrainerIds.map((id) => [id, { company: [], trainer: [], location: {} }]));
  if (settlementTrainerIds.length === 0) return lists;
  const rows = await em.execute<
    Array<{ settlement_trainer_id: number; kind: 'trainer' | 'company' | 'location'; approved: boolean; created_at: Date; studio_uuid: string | null; firstname: string; lastname: string }>
  >(
    `select a.settlement_trainer_id, a.kind, a.approved, a.created_at, s.uuid as studio_uuid, u.firstname, u.lastname
       from approval a
       join app_user u on u.id = a.user_id
       left join studio s on s.id = a.studio_id
      where a.settlement_trainer_id = any(?::int[])
      order by a.created_at desc, a.id desc`,
    [idArray(settlementTrainerIds)],
  );
  for (const row of rows) {
    const list = lists.get(row.settlement_trainer_id);
    if (list) addApproval(list, row);
  }
  return lists;
}

type ApprovalRow = { kind: 'trainer' | 'company' | 'location'; approved: boolean; created_at: Date | number; studio_uuid: string | null; firstname: string; lastname: string };

/** Appends one approval row (rows come newest first) to its list. */
function addApproval(list: ApprovalLists, row: ApprovalRow): void {
  const entry: TApprovalEntry = { approved: row.approved, user: `${row.firstname} ${row.lastname}`.trim(), timestamp: unixSeconds(row.created_at) };
  if (row.kind === 'location') (list.location[row.studio_uuid ?? ADMIN_LOCATION_UUID] ??= []).push(entry);
  else list[row.kind].push(entry);
}

/** The spec's approval value: 'false' when never toggled. */
export const approvalValue = (entries: TApprovalEntry[]): TApprovalValue => (entries.length > 0 ? (entries as [TApprovalEntry, ...TApprovalEntry[]]) : 'false');

type CommentRow = {
  uuid: string;
  class_hash: string;
  class_name: string | null;
  author_name: string;
  role: 'ROLE_TRAINER' | 'ROLE_ADMIN';
  mood: TCommentMood | null;
  text: string;
  created_at: Date | number;
};

export const toComment = (row: Pick<CommentRow, 'uuid' | 'author_name' | 'role' | 'mood' | 'text' | 'created_at'>): TComment => ({
  uuid: row.uuid,
  name: row.author_name,
  role: row.role,
  timestamp: unixSeconds(row.created_at),
  comment: row.text,
  mood: row.mood ?? '',
});

/** The comment threads of a settlement trainer by class hash, newest first (optionally one hash only). */
export async function commentThreadsOf(em: EntityManager, settlementTrainerId: number, classHash?: string): Promise<Map<string, TComment[]>> {
  const rows = await sql<CommentRow>(
    em,
    `select uuid, class_hash, class_name, author_name, role, mood, text, created_at
       from comment where settlement_trainer_id = ?${classHash === undefined ? '' : ' and class_hash = ?'}
      order by created_at desc, id desc`,
    classHash === undefined ? [settlementTrainerId] : [settlementTrainerId, classHash],
    { prepared: true },
  );
  return threadsOf(rows);
}

/** Comment rows (newest first) as threads by class hash. */
function threadsOf(rows: ReadonlyArray<Pick<CommentRow, 'uuid' | 'class_hash' | 'author_name' | 'role' | 'mood' | 'text' | 'created_at'>>): Map<string, TComment[]> {
  const threads = new Map<string, TComment[]>();
  for (const row of rows) {
    const thread = threads.get(row.class_hash) ?? [];
    thread.push(toComment(row));
    threads.set(row.class_hash, thread);
  }
  return threads;
}

/** The trainer's preview of their own row (trainerSettlementTrainer's check): resolved and read in one statement. */
export async function trainerCreditNotePreview(em: EntityManager, userId: number, settlementUuid: string, studioGroupUuid: string, locale: Locale): Promise<TCreditNotePreview> {
  const row = await creditNotePreviewData(em, trainerPreviewTarget(userId, settlementUuid, studioGroupUuid));
  if (!row?.preview) throw notFound('settlement.notFound');
  return creditNotePreview(row.preview, locale);
}

/**
 * The admin's preview check (adminSettlementTrainer's checks, then the month the caller names, as
 * `settlementMonth` of the request):
 * resolved and read in one statement.
 */
export async function adminCreditNotePreview(
  em: EntityManager,
  query: { group: Pick<StudioGroup, 'id'>; settlementUuid: string; trainerUuid: string; settlementMonth?: string; locale: Locale },
): Promise<TCreditNotePreview> {
  const row = await creditNotePreviewData<{ trainer_id: number | null; settlement_id: number | null; id: number | null }>(
    em,
    adminPreviewTarget(query.group, query.settlementUuid, query.trainerUuid),
  );
  assertAdminTargetFound(row!.target, query.trainerUuid);
  const preview = row!.preview!;
  if (query.settlementMonth !== undefined) assertMonthMatches({ month: preview.settlement_month }, parseMonth(query.settlementMonth, 'settlementMonth'), query.locale);
  return creditNotePreview(preview, query.locale);
}

/** The preview of one settlement trainer as read. `locale` names the admin rows ('Administration: …'). */
export function creditNotePreview(data: CreditNotePreviewData, locale: Locale): TCreditNotePreview {
  const snapshot = (data.trainer_snapshot ?? {}) as Partial<TrainerSnapshot>;
  const names = { firstname: snapshot.firstname ?? data.firstname, lastname: snapshot.lastname ?? data.lastname, companyName: snapshot.companyName ?? data.company_name, sourceId: data.source_id };
  const companyName = trainerDisplayName(names);

  const lines = data.lines;
  const threads = threadsOf(data.comments);
  const approval: ApprovalLists = { company: [], trainer: [], location: {} };
  for (const row of data.approvals) addApproval(approval, row);
  // As reviewLockOf reads it: the newest company toggle, the credit note's states.
  const companyApproved = approval.company[0]?.approved === true;
  const pdfCreated = (PDF_CREATED_STATES as readonly string[]).includes(data.workflow_state);
  const lock = { locked: companyApproved || pdfCreated, pdfCreated };
  const administration = translate(locale, 'settlement.preview.administration');

  const footer = { sum_net: 0, sum_vat: 0, sum_gross: 0 };
  const rows: TCreditNoteRow[] = lines.map((line) => {
    footer.sum_net += line.net_cents;
    footer.sum_vat += line.vat_cents;
    footer.sum_gross += line.gross_cents;
    const admin = line.kind === 'admin';
    const className = admin ? [administration, line.description ?? line.class_name].filter(Boolean).join(': ') : line.class_name;
    return {
      class_hash: line.class_hash,
      studio_name: admin ? 'Admin' : (line.studio_name ?? ''),
      studio_uuid: admin ? ADMIN_LOCATION_UUID : (line.studio_uuid ?? ''),
      class_datetime: line.class_starts_at ? new Date(line.class_starts_at).toISOString() : null,
      class_name: className,
      class_duration: line.duration_minutes,
      class_booked_slot: line.booked_slots,
      value_net: centsToEuros(line.net_cents),
      value_vat: centsToEuros(line.vat_cents),
      value_gross: centsToEuros(line.gross_cents),
      vat_rate_basis_points: line.vat_rate_basis_points,
      trainer_uuid: data.trainer_uuid,
      trainer_company_name: companyName,
      comment: { class_hash: line.class_hash, class_name: className, comments: threads.get(line.class_hash) ?? [] },
    };
  });

  return {
    status: 'success',
    settlementUuid: data.settlement_uuid,
    settlementMonth: data.settlement_month,
    trainerUuid: data.trainer_uuid,
    trainerName: companyName,
    workflow_state: data.workflow_state as TCreditNotePreview['workflow_state'],
    locked: lock.locked,
    pdfCreated: lock.pdfCreated,
    credit_note_info: {
      approved_by_company: approvalValue(approval.company),
      approved_by_trainer: approvalValue(approval.trainer),
      approved_by_location: Object.keys(approval.location).length > 0 ? approval.location : 'false',
    },
    credit_note_rows: rows,
    // Summed in cents, converted once: the footer is the sum of the rows to the cent.
    credit_note_footer: { sum_net: centsToEuros(footer.sum_net), sum_vat: centsToEuros(footer.sum_vat), sum_gross: centsToEuros(footer.sum_gross), studio_group_name: data.studio_group_name },
    overall_feedback: { comments: threads.get(OVERALL_FEEDBACK) ?? [] },
  };
}

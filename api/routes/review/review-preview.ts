import { centsToEuros } from '../../../domain/money';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettlementTrainer } from '../../../db/entities';
import { trainerLinesWithStudio } from '../../../db/queries/settlement-lines';
import { translate, type Locale } from '../../../domain/messages';
import { trainerDisplayName, type TrainerSnapshot } from '../../../domain/trainer-data';
import { isoDateOf } from '../../../domain/settlement/month';
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
import { reviewLockOf } from './review-locks';

// The credit-note preview of one trainer in one settlement (admin preview check 2.10, the trainer's
// review screen): the lines with their comment threads, the approval history and the sums. A fixed
// number of queries whatever the number of lines (lines, comments, approvals, lock).

const unixSeconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

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
      where a.settlement_trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb))
      order by a.created_at desc, a.id desc`,
    [JSON.stringify(settlementTrainerIds)],
  );
  for (const row of rows) {
    const list = lists.get(row.settlement_trainer_id);
    if (!list) continue;
    const entry: TApprovalEntry = { approved: row.approved, user: `${row.firstname} ${row.lastname}`.trim(), timestamp: unixSeconds(row.created_at) };
    if (row.kind === 'location') (list.location[row.studio_uuid ?? ADMIN_LOCATION_UUID] ??= []).push(entry);
    else list[row.kind].push(entry);
  }
  return lists;
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
  created_at: Date;
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
  const rows = await em.execute<CommentRow[]>(
    `select uuid, class_hash, class_name, author_name, role, mood, text, created_at
       from comment where settlement_trainer_id = ?${classHash === undefined ? '' : ' and class_hash = ?'}
      order by created_at desc, id desc`,
    classHash === undefined ? [settlementTrainerId] : [settlementTrainerId, classHash],
  );
  const threads = new Map<string, TComment[]>();
  for (const row of rows) {
    const thread = threads.get(row.class_hash) ?? [];
    thread.push(toComment(row));
    threads.set(row.class_hash, thread);
  }
  return threads;
}

/**
 * The preview of one settlement trainer. `settlementTrainer` must have settlement.studioGroup and
 * trainer loaded. `locale` names the admin rows ('Administration: …').
 */
export async function creditNotePreview(em: EntityManager, settlementTrainer: SettlementTrainer, locale: Locale): Promise<TCreditNotePreview> {
  const settlement = settlementTrainer.settlement;
  const trainer = settlementTrainer.trainer;
  const snapshot = (settlementTrainer.trainerSnapshot ?? {}) as Partial<TrainerSnapshot>;
  const names = { firstname: snapshot.firstname ?? trainer.firstname, lastname: snapshot.lastname ?? trainer.lastname, companyName: snapshot.companyName ?? trainer.companyName, sourceId: trainer.sourceId };
  const companyName = trainerDisplayName(names);

  // One after the other: inside a transaction they share one connection anyway.
  const lines = await trainerLinesWithStudio(em, [settlementTrainer.id], 'byStudio');
  const threads = await commentThreadsOf(em, settlementTrainer.id);
  const approvals = await approvalListsOf(em, [settlementTrainer.id]);
  const lock = await reviewLockOf(em, settlementTrainer.id);
  const approval = approvals.get(settlementTrainer.id)!;
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
      trainer_uuid: trainer.uuid,
      trainer_company_name: companyName,
      comment: { class_hash: line.class_hash, class_name: className, comments: threads.get(line.class_hash) ?? [] },
    };
  });

  return {
    status: 'success',
    settlementUuid: settlement.uuid,
    settlementMonth: isoDateOf(settlement.month),
    trainerUuid: trainer.uuid,
    trainerName: companyName,
    workflow_state: settlementTrainer.workflowState,
    locked: lock.locked,
    pdfCreated: lock.pdfCreated,
    credit_note_info: {
      approved_by_company: approvalValue(approval.company),
      approved_by_trainer: approvalValue(approval.trainer),
      approved_by_location: Object.keys(approval.location).length > 0 ? approval.location : 'false',
    },
    credit_note_rows: rows,
    // Summed in cents, converted once: the footer is the sum of the rows to the cent.
    credit_note_footer: { sum_net: centsToEuros(footer.sum_net), sum_vat: centsToEuros(footer.sum_vat), sum_gross: centsToEuros(footer.sum_gross), studio_group_name: settlement.studioGroup.name },
    overall_feedback: { comments: threads.get(OVERALL_FEEDBACK) ?? [] },
  };
}

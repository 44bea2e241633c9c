import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Settlement, SettlementTrainer, StudioGroup, StudioGroupTrainer, Trainer, User } from '../../../db/entities';
import { settlementTrainerIdOf } from '../../../db/queries/settlement-trainers';
import type { Locale } from '../../../domain/messages';
import type { TReviewRow, TTrainerReview } from '../../../contracts/review.contract';
import { sql } from '../../../db/queries/sql';
import { conflict, HttpError, notFound } from '../../http/errors';
import { assertInProgress } from '../../http/settlement-checks';
import { approve } from './review.service';
import { reviewLockOf } from './review-locks';
import {
  appendToThread,
  cleanedOrNull,
  currentApprovals,
  matchRows,
  reviewRowsOf,
  toReviewRow,
  TRAINER_NAME_COLUMNS,
  trainerNamesOf,
  type SaveRowInput,
  type TrainerNameSql,
} from './review-rows';

// The admin's feedback review (2.7): every trainer's review rows with the company's comments and
// marks, and their save. The rows themselves: review-rows.

/** GET /settlement/trainer/reviews/{idStudioGroup}/{settlementUuid}: one entry per trainer with a review. */
export async function listTrainerReviews(em: EntityManager, group: StudioGroup, settlement: Settlement): Promise<TTrainerReview[]> {
  const trainers = await sql<TrainerNameSql & { id: number; account_user_uuid: string | null }>(
    em,
    `select st.id, ${TRAINER_NAME_COLUMNS}, u.uuid as account_user_uuid
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
       left join studio_group_trainer sgt on sgt.trainer_id = t.id
       left join trainer_account ta on ta.id = sgt.trainer_account_id
       left join app_user u on u.id = ta.user_id
      where st.settlement_id = ? and exists (select 1 from review_row rr where rr.settlement_trainer_id = st.id)`,
    [settlement.id],
  );
  const ids = trainers.map((row) => row.id);
  const rows = await reviewRowsOf(em, ids);
  const approvals = await currentApprovals(em, ids);
  const rowsByTrainer = new Map<number, TReviewRow[]>();
  for (const row of rows) {
    const list = rowsByTrainer.get(row.settlement_trainer_id) ?? [];
    list.push(toReviewRow(row));
    rowsByTrainer.set(row.settlement_trainer_id, list);
  }
  return trainers
    .map((row) => ({ row, names: trainerNamesOf(row) }))
    .sort((a, b) => a.names.displayName.localeCompare(b.names.displayName, 'de') || a.row.trainer_id - b.row.trainer_id)
    .map(({ row, names }) => ({
      trainerUuid: row.trainer_uuid,
      TrainerID: row.trainer_id,
      trainerAccountUuid: row.account_user_uuid,
      studioGroupUuid: group.uuid,
      trainerName: names.displayName,
      approved: approvals.get(row.id)!.company,
      trainerApproved: approvals.get(row.id)!.trainer,
      review: rowsByTrainer.get(row.id) ?? [],
    }));
}

/**
 * The trainer an admin save names: `trainerUuid`, or `trainerAccountUuid` given as the trainer
 * record's uuid or as the linked account's (user or account) uuid. Only the group's trainers (404).
 */
export async function findReviewTrainer(em: EntityManager, group: StudioGroup, key: string): Promise<Trainer> {
  const trainer = await em.findOne(Trainer, { uuid: key, studioGroup: group });
  if (trainer) return trainer;
  const link = await em.findOne(
    StudioGroupTrainer,
    { studioGroup: group, $or: [{ trainerAccount: { user: { uuid: key } } }, { trainerAccount: { uuid: key } }] },
    { populate: ['trainer'] },
  );
  if (!link) throw new HttpError(404, 'settlement.trainerNotFound', 'trainerAccountUuid', { trainer: key });
  return link.trainer;
}

export type SaveCompanyReviewArgs = {
  em: EntityManager;
  temporal: Client;
  settlement: Settlement;
  trainer: Trainer;
  user: { id: number; uuid: string };
  review: SaveRowInput[];
  approved?: boolean;
  /** The language of the approval's log row: the caller's. */
  locale: Locale;
};

/**
 * PUT settlement_review by the admin: company comment and mark per row (the trainer's text is theirs
 * and ignored), a changed non-empty company comment also added to the thread; then 'review finished'
 * as the company approval. Refused (409) once the credit note is created; allowed after approval.
 */
export async function saveCompanyReview(args: SaveCompanyReviewArgs): Promise<void> {
  const { em, temporal, settlement, trainer } = args;
  assertInProgress(settlement);
  const id = await settlementTrainerIdOf(em, { settlementId: settlement.id, trainerId: trainer.id });
  if (id === null) throw new HttpError(404, 'review.trainerNotInSettlement', 'trainerAccountUuid');
  const author = await em.findOneOrFail(User, args.user.id);
  const authorName = `${author.firstname} ${author.lastname}`.trim() || author.email;

  const companyApproved = await em.transactional(async (tem) => {
    const lock = await reviewLockOf(tem, id, { forUpdate: true });
    const stored = await reviewRowsOf(tem, [id]);
    if (stored.length === 0) throw notFound('review.notFound');
    if (lock.pdfCreated) throw conflict('review.lockedPdfCreated');
    const settlementTrainer = await tem.findOneOrFail(SettlementTrainer, id, { populate: ['settlement', 'trainer'] });
    for (const { row, item } of matchRows(stored, args.review)) {
      const text = cleanedOrNull(item.company_comment);
      if (text === row.company_comment && item.company_approved === row.company_approved) continue;
      await sql(tem, 'update review_row set company_comment = ?, company_approved = ?, updated_at = now() where id = ?', [text, item.company_approved, row.id]);
      const changedText = text !== row.company_comment;
      row.company_comment = text;
      row.company_approved = item.company_approved;
      if (changedText && text !== null) await appendToThread(tem, { settlementTrainer, row, text, authorId: author.id, authorName, role: 'ROLE_ADMIN' });
    }
    return lock.companyApproved;
  });

  if (args.approved !== undefined && args.approved !== companyApproved) {
    await approve({ em, temporal, settlementTrainer: { settlement, trainer }, by: 'company', approved: args.approved, userUuid: args.user.uuid, locale: args.locale });
  }
}

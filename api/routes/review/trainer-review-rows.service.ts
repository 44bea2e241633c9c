import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { centsToEuros } from '../../../domain/money';
import { Settlement, SettlementTrainer, StudioGroup, StudioGroupTrainer, Trainer } from '../../../db/entities';
import { trainerLinesWithStudio } from '../../../db/queries/settlement-lines';
import { settlementTrainerIdOf } from '../../../db/queries/settlement-trainers';
import { trainerName } from '../../../domain/trainer-data';
import type { Locale } from '../../../domain/messages';
import { OVERALL_FEEDBACK, type TTrainerSettlementReview } from '../../../contracts/review.contract';
import { sql } from '../../../db/queries/sql';
import { notFound } from '../../http/errors';
import { assertInProgress } from '../../http/settlement-checks';
import { findSettlement } from '../../auth/tenancy';
import { approve } from './review.service';
import { assertReviewOpen, reviewLockOf } from './review-locks';
import { appendToThread, cleanedOrNull, currentApprovals, matchRows, reviewRowsOf, toReviewRow, type SaveRowInput } from './review-rows';

// The trainer's review (trainer portal 3, 4, 7): their review rows with the settlement's lines and
// the save of their comments and confirmation. The rows themselves: review-rows.

const ADMIN_STUDIO_NAME = 'Admin';

export type TrainerReviewScope = { em: EntityManager; studioGroupUuid: string; settlementUuid: string; userId: number };

type TrainerReviewTarget = {
  group: StudioGroup;
  settlement: Settlement;
  trainer: Trainer;
  accountName: string;
  settlementTrainerId: number | null;
};

/**
 * The caller's trainer record in the path's studio group and the settlement: a group the trainer is
 * not linked to, or a settlement of another group, is 404 like a missing one.
 */
async function trainerReviewTarget({ em, studioGroupUuid, settlementUuid, userId }: TrainerReviewScope): Promise<TrainerReviewTarget> {
  const link = await em.findOne(
    StudioGroupTrainer,
    { studioGroup: { uuid: studioGroupUuid }, trainerAccount: { user: userId } },
    { populate: ['studioGroup', 'studioGroup.mandant', 'trainer', 'trainerAccount'] },
  );
  if (!link) throw notFound('tenancy.studioGroupNotFound');
  const settlement = await findSettlement(em, link.studioGroup, settlementUuid);
  const settlementTrainerId = await settlementTrainerIdOf(em, { settlementId: settlement.id, trainerId: link.trainer.id });
  const accountName = `${link.trainerAccount.firstname} ${link.trainerAccount.lastname}`.trim() || trainerName(link.trainer);
  return { group: link.studioGroup, settlement, trainer: link.trainer, accountName, settlementTrainerId };
}

/** GET settlement_review: null (204) when no review exists for the caller in this settlement. */
export async function readTrainerReview(scope: TrainerReviewScope): Promise<TTrainerSettlementReview | null> {
  const { em } = scope;
  const target = await trainerReviewTarget(scope);
  if (target.settlementTrainerId === null) return null;
  const id = target.settlementTrainerId;
  const rows = await reviewRowsOf(em, [id]);
  if (rows.length === 0) return null;
  const lines = await trainerLinesWithStudio(em, [id], 'byStudio');
  const footer = { Netto: 0, MwSt: 0, Brutto: 0 };
  for (const line of lines) {
    footer.Netto += line.net_cents;
    footer.MwSt += line.vat_cents;
    footer.Brutto += line.gross_cents;
  }
  const overall = { id_newrow: OVERALL_FEEDBACK, studio_name: OVERALL_FEEDBACK, date: null, class_name: '', duration: 0, class_booked_slot: 0, Netto: 0, MwSt: 0, Brutto: 0 };
  const data = lines.map((line) => ({
    id_newrow: line.class_hash,
    studio_name: line.kind === 'admin' ? ADMIN_STUDIO_NAME : (line.studio_name ?? ''),
    date: line.class_starts_at ? new Date(line.class_starts_at).toISOString() : null,
    class_name: line.kind === 'admin' ? line.description?.trim() || line.class_name : line.class_name,
    duration: line.duration_minutes,
    class_booked_slot: line.booked_slots,
    Netto: centsToEuros(line.net_cents),
    MwSt: centsToEuros(line.vat_cents),
    Brutto: centsToEuros(line.gross_cents),
  }));
  const approvals = (await currentApprovals(em, [id])).get(id)!;
  const lock = await reviewLockOf(em, id);
  const listFooter = { Netto: centsToEuros(footer.Netto), MwSt: centsToEuros(footer.MwSt), Brutto: centsToEuros(footer.Brutto) };
  return { review: rows.map(toReviewRow), list_footer: listFooter, data: [overall, ...data], approved: approvals.trainer, locked: lock.locked };
}

export type SaveTrainerReviewArgs = TrainerReviewScope & {
  temporal: Client;
  userUuid: string;
  review: SaveRowInput[];
  approved?: boolean;
  /** The language of the approval's log row: the caller's. */
  locale: Locale;
};

/**
 * POST/PUT settlement_review by the trainer: their comments per row (company fields of the body are
 * ignored), each changed non-empty one also added to the row's thread, then the confirmation as the
 * trainer's approval. Refused (409) once the company approved or the credit note is created.
 * Answers whether a saved review existed before (POST then answers 200 instead of 201).
 */
export async function saveTrainerReview(args: SaveTrainerReviewArgs): Promise<{ existedBefore: boolean }> {
  const { em, temporal } = args;
  const target = await trainerReviewTarget(args);
  assertInProgress(target.settlement);
  const id = target.settlementTrainerId;
  if (id === null) throw notFound('review.notFound');

  const { existedBefore, trainerApproved } = await em.transactional(async (tem) => {
    // Row lock of the settlement trainer: a concurrent company approval cannot slip between check and write.
    const lock = await reviewLockOf(tem, id, { forUpdate: true });
    const stored = await reviewRowsOf(tem, [id]);
    if (stored.length === 0) throw notFound('review.notFound');
    assertReviewOpen(lock);
    const approvals = (await currentApprovals(tem, [id])).get(id)!;
    const existed = stored.some((row) => row.trainer_review_comment !== null) || (await hasApproval(tem, id, 'trainer'));
    const settlementTrainer = await tem.findOneOrFail(SettlementTrainer, id, { populate: ['settlement', 'trainer'] });
    for (const { row, item } of matchRows(stored, args.review)) {
      const text = cleanedOrNull(item.trainer_review_comment);
      if (text === row.trainer_review_comment) continue;
      await sql(tem, 'update review_row set trainer_review_comment = ?, updated_at = now() where id = ?', [text, row.id]);
      row.trainer_review_comment = text;
      if (text !== null) await appendToThread(tem, { settlementTrainer, row, text, authorId: args.userId, authorName: target.accountName, role: 'ROLE_TRAINER' });
    }
    return { existedBefore: existed, trainerApproved: approvals.trainer };
  });

  if (args.approved !== undefined && args.approved !== trainerApproved) {
    await approve({ em, temporal, settlementTrainer: target, by: 'trainer', approved: args.approved, userUuid: args.userUuid, locale: args.locale });
  }
  return { existedBefore };
}

async function hasApproval(em: EntityManager, settlementTrainerId: number, kind: 'trainer' | 'company') {
  const [row] = await sql<{ found: boolean }>(em, 'select exists (select 1 from approval where settlement_trainer_id = ? and kind = ?) as found', [settlementTrainerId, kind]);
  return row?.found === true;
}

import type { StudioGroup } from '../../../db/entities';
import type { PreviewTarget } from '../../../db/queries/credit-note-preview';
import { notFound } from '../../http/errors';

// Which settlement trainer's preview a caller may read, as statements (db/queries/credit-note-preview.ts
// runs them): the review core and the credit-note preview both ask, so they sit apart from either.

/** SQL: the settlement trainer `st` was sent a preview (its state moved on, or its review exists). */
export const PREVIEW_SENT_SQL = `(st.workflow_state not in ('new', 'data_created') or exists (select 1 from review_row r where r.settlement_trainer_id = st.id))`;

/**
 * The admin's preview target (db/queries/credit-note-preview.ts): one row whatever was found, so the
 * caller answers as adminSettlementTrainer does — the trainer record of the group, then the
 * settlement of the group (not deleted), then the trainer's row in it.
 */
export const adminPreviewTarget = (group: Pick<StudioGroup, 'id'>, settlementUuid: string, trainerUuid: string): PreviewTarget => ({
  sql: `select t.id as trainer_id, s.id as settlement_id, st.id
          from (select 1) one
          left join trainer t on t.uuid = ? and t.studio_group_id = ?
          left join settlement s on s.uuid = ? and s.studio_group_id = ? and s.status <> 'deleted'
          left join settlement_trainer st on st.settlement_id = s.id and st.trainer_id = t.id`,
  params: [trainerUuid, group.id, settlementUuid, group.id],
});

/** Answers a resolved admin preview target's misses as adminSettlementTrainer does. */
export function assertAdminTargetFound(target: { trainer_id: number | null; settlement_id: number | null; id: number | null }, trainerUuid: string): void {
  if (target.trainer_id === null) throw notFound('settlement.trainerNotFound', { trainer: trainerUuid });
  if (target.settlement_id === null) throw notFound('settlement.notFound');
  if (target.id === null) throw notFound('review.trainerNotInSettlement');
}

/**
 * The caller's own row (`id`) in a settlement they were sent a preview of, as a statement: no row
 * when trainerSettlementTrainer answers "not found". Also a preview target
 * (db/queries/credit-note-preview.ts).
 */
export const trainerPreviewTarget = (userId: number, settlementUuid: string, studioGroupUuid?: string): PreviewTarget => ({
  sql: `select st.id
          from settlement_trainer st
          join settlement s on s.id = st.settlement_id
          join studio_group g on g.id = s.studio_group_id
          join studio_group_trainer sgt on sgt.trainer_id = st.trainer_id
          join trainer_account ta on ta.id = sgt.trainer_account_id
         where ta.user_id = ? and s.uuid = ? and s.status <> 'deleted' and ${PREVIEW_SENT_SQL}
           ${studioGroupUuid === undefined ? '' : 'and g.uuid = ?'}
         limit 1`,
  params: studioGroupUuid === undefined ? [userId, settlementUuid] : [userId, settlementUuid, studioGroupUuid],
});

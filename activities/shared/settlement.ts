import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { findSettlement } from '../../db/queries/settlements';
import { isoDateOf } from '../../domain/settlement/month';

/** The keys of a settlement the activities' SQL uses (month as YYYY-MM-DD). */
export type SettlementRow = {
  id: number;
  uuid: string;
  month: string;
  trainer_review: boolean;
  studio_group_id: number;
  studio_group_uuid: string;
};

/** The settlement an activity works on, of any studio group and status (its workflow started the work); NotFound is not retried. */
export async function settlementRowOf(em: EntityManager, settlementUuid: string): Promise<SettlementRow> {
  const settlement = await findSettlement(em, settlementUuid, { populate: ['studioGroup'] });
  if (!settlement) throw ApplicationFailure.nonRetryable(`Settlement ${settlementUuid} not found.`, 'NotFound');
  return {
    id: settlement.id,
    uuid: settlement.uuid,
    month: isoDateOf(settlement.month),
    trainer_review: settlement.trainerReview,
    studio_group_id: settlement.studioGroup.id,
    studio_group_uuid: settlement.studioGroup.uuid,
  };
}

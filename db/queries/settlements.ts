import type { EntityManager } from '@mikro-orm/postgresql';
import { Settlement, type StudioGroup } from '../entities';

export type FindSettlementOptions = {
  /** Only a settlement of this studio group (the caller's tenancy); without it any group's (activities get the uuid from their workflow). */
  studioGroup?: StudioGroup;
  /** A deleted settlement is gone for the API (404); an activity still finishes the work its workflow started. */
  excludeDeleted?: boolean;
  /** Relations the caller reads: the API shows who created it, activities need the group's keys. */
  populate?: ReadonlyArray<'createdBy' | 'studioGroup'>;
};

/** A settlement by its public uuid; null when there is none (each layer says "not found" its own way). */
export async function findSettlement(em: EntityManager, settlementUuid: string, options: FindSettlementOptions = {}): Promise<Settlement | null> {
  return em.findOne(
    Settlement,
    {
      uuid: settlementUuid,
      ...(options.studioGroup ? { studioGroup: options.studioGroup } : {}),
      ...(options.excludeDeleted ? { status: { $ne: 'deleted' as const } } : {}),
    },
    { populate: [...(options.populate ?? [])] as Array<'createdBy' | 'studioGroup'> },
  );
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../queries/sql';

/**
 * Serialises the activities of one settlement for the rest of the transaction (a retry may overlap
 * a timed-out attempt still running).
 */
export async function lockSettlement(em: EntityManager, settlementUuid: string): Promise<void> {
  await sql(em, 'select pg_advisory_xact_lock(hashtext(?))', [`settlement:${settlementUuid}`]);
}

/**
 * The same lock taken shared, for the transaction: writes of the review (approval toggles) run side
 * by side, but never while an activity holds the settlement exclusively, nor it while they run.
 */
export async function lockSettlementShared(em: EntityManager, settlementUuid: string): Promise<void> {
  await sql(em, 'select pg_advisory_xact_lock_shared(hashtext(?))', [`settlement:${settlementUuid}`], { prepared: true });
}

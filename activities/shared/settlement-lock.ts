import type { EntityManager } from '@mikro-orm/postgresql';
import { asyncLocalStorage } from '@temporalio/activity';
import { sql } from './sql';

/** The activity's context when it runs under a worker; undefined when called directly (bench, tests). */
export const activityContext = () => asyncLocalStorage.getStore();

/**
 * Serialises the activities of one settlement for the rest of the transaction (a retry may overlap
 * a timed-out attempt still running).
 */
export async function lockSettlement(em: EntityManager, settlementUuid: string): Promise<void> {
  await sql(em, 'select pg_advisory_xact_lock(hashtext(?))', [`settlement:${settlementUuid}`]);
}

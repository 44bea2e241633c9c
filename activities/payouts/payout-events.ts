import type { EntityManager } from '@mikro-orm/postgresql';
import { studioGroupRoom } from '../../contracts/events';
import { BANK_FILE_PROGRESS_EVENT, type TBankFileProgressEvent } from '../../contracts/payouts.contract';
import { EVENTS_CHANNEL } from '../../db/events';
import { sql } from '../../db/queries/sql';

/** Tells every api replica (and so the admin's screen) that a bank file moved on; sent on commit. */
export async function publishBankFileProgress(em: EntityManager, event: TBankFileProgressEvent): Promise<void> {
  await sql(em, 'select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ topic: studioGroupRoom(event.studioGroupUuid), event: BANK_FILE_PROGRESS_EVENT, data: event })]);
}

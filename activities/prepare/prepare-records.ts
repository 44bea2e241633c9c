import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { LOCKED_TRAINER_WORKFLOW_STATES } from '../../contracts/settlement.contract';
import { Settlement, User, type SettlementTrainerState } from '../../db/entities';
import { activityContext } from '../shared/activity-context';
import { sql } from '../../db/queries/sql';
import { findSettlement as findSettlementRecord } from '../../db/queries/settlements';

// What every phase of the preparation shares: the log's proc names, the settlement and user look-ups,
// the event-key prefix of a workflow run and the withdrawal of approvals on re-preparation.

export type PrepareActivityDeps = { orm: MikroORM };

export const PROC = { invoiceData: 'invoice-data', class: 'class', trainer: 'trainer', settlement: 'settlement', admin: 'admin-position' } as const;
export const LOCKED: readonly SettlementTrainerState[] = LOCKED_TRAINER_WORKFLOW_STATES;

export const notFound = (message: string) => ApplicationFailure.nonRetryable(message, 'NotFound');

/**
 * Trainers written per transaction in the class phase (a heartbeat after each batch): two batches a
 * chunk of 50, so a month's preparation waits on fewer commits' WAL flushes.
 */
export const WRITE_BATCH_SIZE = 25;

/**
 * Prefix of the log rows' event keys: the workflow run, so a settlement workflow started again
 * (a new run) writes its own rows; 'direct' outside a worker.
 */
export const eventKeyPrefix = () => activityContext()?.info.workflowExecution?.runId ?? 'direct';

export async function findSettlement(em: EntityManager, uuid: string): Promise<Settlement> {
  const settlement = await findSettlementRecord(em, uuid, { populate: ['studioGroup'] });
  if (!settlement) throw notFound(`Settlement ${uuid} not found.`);
  return settlement;
}

export async function userName(em: EntityManager, userUuid: string): Promise<string> {
  const user = await em.findOne(User, { uuid: userUuid }, { fields: ['firstname', 'lastname'] });
  return user ? `${user.firstname} ${user.lastname}`.trim() : userUuid;
}

/**
 * Appends an 'approved: false' row for every approval (trainer, company, location) of these trainers
 * that stands at approved now, in the name of who re-prepared (else the settlement's creator).
 */
export async function withdrawApprovals(em: EntityManager, settlement: Settlement, trainerUuids: string[], userUuid: string | null) {
  await sql(em,
    `insert into approval (settlement_trainer_id, kind, studio_id, approved, user_id, created_at)
     select latest.settlement_trainer_id, latest.kind, latest.studio_id, false,
            coalesce((select id from app_user where uuid::text = ?), ?), clock_timestamp()
       from (select distinct on (a.settlement_trainer_id, a.kind, a.studio_id) a.settlement_trainer_id, a.kind, a.studio_id, a.approved
               from approval a join settlement_trainer st on st.id = a.settlement_trainer_id join trainer t on t.id = st.trainer_id
              where st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
                and st.workflow_state not in ('credit_note_created', 'credit_note_send')
              order by a.settlement_trainer_id, a.kind, a.studio_id, a.created_at desc, a.id desc) latest
      where latest.approved`,
    [userUuid ?? '', settlement.createdBy.id, settlement.id, JSON.stringify(trainerUuids)],
  );
}

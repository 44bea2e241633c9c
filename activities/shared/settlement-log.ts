import type { EntityManager } from '@mikro-orm/postgresql';
import { settlementRoom } from '../../contracts/settlement.contract';
import type {
  TSettlementLogEvent,
  TSettlementLogRow,
  TSettlementProgressEvent,
  TSettlementStateEvent,
  TSettlementStatus,
} from '../../contracts/settlement.contract';
import type { TSendStreamMessage, TSettlementSendEvent } from '../../contracts/review.contract';
import { EVENTS_CHANNEL } from '../../db/events';
import { sql } from './sql';

// Settlement log rows (spec 2.12: timestamp, proc, trainer_uuid, status, message) and the live
// events of the `settlement:{uuid}` room. Both are written inside the transaction of the work they
// report: NOTIFY is sent on commit, so an event goes out exactly when its data is stored, and a
// retried activity finds its rows (by event key) and sends nothing twice.

export type LogRowInput = {
  /** Unique per settlement: run, phase, trainer; null for one-off rows. */
  eventKey: string | null;
  proc: string;
  trainerUuid: string | null;
  status: TSettlementLogRow['status'];
  message: string;
};

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
const MAX_NOTIFY_BYTES = 7_000;

/** Sends many events in one statement (a preparation writes one log row per trainer). */
export async function notifyAll(em: EntityManager, payloads: string[]): Promise<void> {
  const fitting = payloads.filter((payload) => Buffer.byteLength(payload, 'utf8') < MAX_NOTIFY_BYTES);
  if (fitting.length === 0) return;
  await sql(em, 'select pg_notify(?, t.payload) from jsonb_array_elements_text(?::jsonb) with ordinality as t(payload, n) order by t.n', [EVENTS_CHANNEL, JSON.stringify(fitting)]);
}

/**
 * Inserts log rows (skipping those whose event key is already there) and publishes one
 * 'settlement:log' event per inserted row. Call inside `em.transactional`.
 */
export async function writeSettlementLog(em: EntityManager, settlement: { id: number; uuid: string }, rows: LogRowInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await sql<{ timestamp: Date; proc: string; trainer_uuid: string | null; status: string; message: string }>(
    em,
    `insert into settlement_log (settlement_id, "timestamp", proc, trainer_uuid, status, message, event_key)
     select ?, clock_timestamp(), r.proc, r.trainer_uuid::uuid, r.status, r.message, r.event_key
       from rows from (jsonb_to_recordset(?::jsonb) as (proc text, trainer_uuid text, status text, message text, event_key text))
            with ordinality as r(proc, trainer_uuid, status, message, event_key, n)
      order by r.n
     on conflict (settlement_id, event_key) do nothing
     returning "timestamp", proc, trainer_uuid, status, message`,
    [settlement.id, JSON.stringify(rows.map((row) => ({ proc: row.proc, trainer_uuid: row.trainerUuid, status: row.status, message: row.message, event_key: row.eventKey })))],
  );
  const topic = settlementRoom(settlement.uuid);
  await notifyAll(
    em,
    inserted.map((row) => {
      const data: TSettlementLogEvent = {
        settlementUuid: settlement.uuid,
        timestamp: new Date(row.timestamp).toISOString(),
        proc: row.proc,
        trainer_uuid: row.trainer_uuid,
        status: row.status as TSettlementLogRow['status'],
        message: row.message,
      };
      return JSON.stringify({ topic, event: 'settlement:log', data });
    }),
  );
  return inserted.length;
}

export async function publishProgress(em: EntityManager, data: TSettlementProgressEvent): Promise<void> {
  await notifyAll(em, [JSON.stringify({ topic: settlementRoom(data.settlementUuid), event: 'settlement:progress', data })]);
}

export async function publishStateChange(em: EntityManager, data: { settlementUuid: string; status: TSettlementStatus; reason: string }): Promise<void> {
  const event: TSettlementStateEvent = data;
  await notifyAll(em, [JSON.stringify({ topic: settlementRoom(data.settlementUuid), event: 'settlement:state', data: event })]);
}

/**
 * Messages of a sending (previews, a credit-note run) in the order given, as the send streams and the
 * 'settlement:send' socket event carry them. Sent on commit of the surrounding transaction.
 */
export async function publishSendMessages(em: EntityManager, settlementUuid: string, sendUuid: string, kind: TSettlementSendEvent['kind'], messages: TSendStreamMessage[]): Promise<void> {
  const topic = settlementRoom(settlementUuid);
  await notifyAll(em, messages.map((message) => JSON.stringify({ topic, event: 'settlement:send', data: { settlementUuid, sendUuid, kind, message } satisfies TSettlementSendEvent })));
}

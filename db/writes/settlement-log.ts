import type { EntityManager } from '@mikro-orm/postgresql';
import { settlementRoom } from '../../contracts/settlement.contract';
import type {
  TSettlementApproveAllEvent,
  TSettlementLogRow,
  TSettlementProgressEvent,
  TSettlementStateEvent,
  TSettlementStatus,
} from '../../contracts/settlement.contract';
import type { TSendStreamMessage, TSettlementSendEvent } from '../../contracts/review.contract';
import { EVENTS_CHANNEL } from '../events';
import { sql } from '../queries/sql';

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
 * 'settlement:log' event per inserted row, in one statement (a log row is written by every approval
 * toggle, the month's most frequent write). Call inside `em.transactional`.
 */
export async function writeSettlementLog(em: EntityManager, settlement: { id: number; uuid: string }, rows: LogRowInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  // The event is TSettlementLogEvent; its timestamp as JavaScript's toISOString writes it. The ids
  // of a statement's rows follow the input's order, and so do the events.
  const [result] = await sql<{ inserted: number }>(
    em,
    `with inserted as (
       insert into settlement_log (settlement_id, "timestamp", proc, trainer_uuid, status, message, event_key)
       select ?, clock_timestamp(), r.proc, r.trainer_uuid::uuid, r.status, r.message, r.event_key
         from rows from (jsonb_to_recordset(?::jsonb) as (proc text, trainer_uuid text, status text, message text, event_key text))
              with ordinality as r(proc, trainer_uuid, status, message, event_key, n)
        order by r.n
       on conflict (settlement_id, event_key) do nothing
       returning id, "timestamp", proc, trainer_uuid, status, message),
     events as (
       select json_build_object('topic', ?::text, 'event', 'settlement:log', 'data', json_build_object(
                'settlementUuid', ?::text,
                'timestamp', to_char(i."timestamp" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'proc', i.proc, 'trainer_uuid', i.trainer_uuid, 'status', i.status, 'message', i.message))::text as payload
         from inserted i order by i.id)
     select (select count(*) from inserted)::int as inserted,
            (select count(pg_notify(?, e.payload)) from events e where octet_length(e.payload) < ?) as notified`,
    [
      settlement.id,
      JSON.stringify(rows.map((row) => ({ proc: row.proc, trainer_uuid: row.trainerUuid, status: row.status, message: row.message, event_key: row.eventKey }))),
      settlementRoom(settlement.uuid),
      settlement.uuid,
      EVENTS_CHANNEL,
      MAX_NOTIFY_BYTES,
    ],
    { prepared: true },
  );
  return result!.inserted;
}

export async function publishProgress(em: EntityManager, data: TSettlementProgressEvent): Promise<void> {
  await notifyAll(em, [JSON.stringify({ topic: settlementRoom(data.settlementUuid), event: 'settlement:progress', data })]);
}

/** Outside a transaction it goes at once; inside one, on commit. */
export async function publishApproveAllProgress(em: EntityManager, data: TSettlementApproveAllEvent): Promise<void> {
  await notifyAll(em, [JSON.stringify({ topic: settlementRoom(data.settlementUuid), event: 'settlement:approve-all', data })]);
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

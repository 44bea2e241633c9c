import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminPosition } from '../../db/entities';
import { type AdminPositionInput, type SettlementLineResult } from '../../domain/pay';
import { idArray } from '../../db/queries/id-array';
import { sql } from '../../db/queries/sql';

// A trainer's settlement lines as the preparation writes them (the month's classes it prices come
// from db/queries/month-classes): a computed line as its row, and the replace-and-sum every phase
// does in its transaction.

export function adminPositionInput(position: AdminPosition): AdminPositionInput {
  return { id: position.id, trainerId: position.trainer.id, kind: position.kind, description: position.description, netCents: position.netCents };
}

/**
 * A line as the settlement_line row stores it. A class line's snapshot names the rule that priced it
 * (its id and uuid; the whole rule is frozen once per settlement in `rules_snapshot` and its row is
 * never rewritten for the past) and keeps the pay breakdown, the rule's date and the class's category.
 * Lines written before carry the whole rule under `rule` instead (see decision 0180).
 */
export function lineRow(line: SettlementLineResult, positionUuids: Map<number, string>) {
  if (line.kind === 'class') {
    return {
      kind: 'class',
      studio_class_id: line.class.id,
      studio_id: line.class.studioId,
      class_hash: line.classHash,
      class_starts_at: new Date(line.class.startsAt).toISOString(),
      class_name: line.className,
      duration_minutes: line.class.durationMinutes,
      booked_slots: line.class.bookedSlots,
      net_cents: line.netCents,
      vat_rate_basis_points: line.vatRateBasisPoints,
      vat_cents: line.vatCents,
      gross_cents: line.grossCents,
      rule_snapshot: { ruleId: line.rule.id, ruleUuid: line.rule.uuid, pay: line.pay, classDate: line.classDate, category: line.class.category },
      description: null,
    };
  }
  return {
    kind: 'admin',
    studio_class_id: null,
    studio_id: null,
    class_hash: line.classHash,
    class_starts_at: null,
    class_name: line.className,
    duration_minutes: 0,
    booked_slots: 0,
    net_cents: line.netCents,
    vat_rate_basis_points: line.vatRateBasisPoints,
    vat_cents: line.vatCents,
    gross_cents: line.grossCents,
    rule_snapshot: { adminPositionUuid: positionUuids.get(line.adminPositionId) ?? null, adminPositionKind: line.adminPositionKind },
    description: line.description,
  };
}

export type LineRow = ReturnType<typeof lineRow>;

/** Replaces the lines of settlement trainers (all, or only the admin lines) in the current transaction. */
export async function replaceLines(em: EntityManager, batch: Array<{ settlementTrainerId: number; lines: LineRow[] }>, only?: 'admin') {
  const ids = idArray(batch.map((item) => item.settlementTrainerId));
  await sql(
    em,
    `delete from settlement_line where settlement_trainer_id = any(?::int[])${only ? ' and kind = ?' : ''}`,
    only ? [ids, only] : [ids],
  );
  const rows = batch.flatMap((item) => item.lines.map((line) => ({ settlement_trainer_id: item.settlementTrainerId, ...line })));
  if (rows.length === 0) return;
  await sql(
    em,
    `insert into settlement_line (settlement_trainer_id, kind, studio_class_id, studio_id, class_hash, class_starts_at, class_name, duration_minutes,
                                  booked_slots, net_cents, vat_rate_basis_points, vat_cents, gross_cents, rule_snapshot, description, created_at, updated_at)
     select r.settlement_trainer_id, r.kind, r.studio_class_id, r.studio_id, r.class_hash, r.class_starts_at, r.class_name, r.duration_minutes,
            r.booked_slots, r.net_cents, r.vat_rate_basis_points, r.vat_cents, r.gross_cents, r.rule_snapshot, r.description, now(), now()
       from rows from (jsonb_to_recordset(?::jsonb) as (settlement_trainer_id int, kind text, studio_class_id int, studio_id int, class_hash text,
                      class_starts_at timestamptz, class_name text, duration_minutes int, booked_slots int, net_cents int, vat_rate_basis_points int,
                      vat_cents int, gross_cents int, rule_snapshot jsonb, description text))
            with ordinality as r(settlement_trainer_id, kind, studio_class_id, studio_id, class_hash, class_starts_at, class_name, duration_minutes,
                                 booked_slots, net_cents, vat_rate_basis_points, vat_cents, gross_cents, rule_snapshot, description, n)
      order by r.n`,
    [JSON.stringify(rows)],
  );
}

/** Sets a settlement trainer's sums to the sums of its lines (every total reconciles to the cent). */
export async function sumLinesIntoTrainer(em: EntityManager, settlementTrainerId: number) {
  const [sums] = await sql<{ net: number; vat: number; gross: number }>(
    em,
    `update settlement_trainer st
        set sum_net_cents = s.net, sum_vat_cents = s.vat, sum_gross_cents = s.gross, updated_at = now()
       from (select coalesce(sum(net_cents), 0)::int as net, coalesce(sum(vat_cents), 0)::int as vat, coalesce(sum(gross_cents), 0)::int as gross
               from settlement_line where settlement_trainer_id = ?) s
      where st.id = ?
  returning s.net, s.vat, s.gross`,
    [settlementTrainerId, settlementTrainerId],
  );
  return sums ?? { net: 0, vat: 0, gross: 0 };
}

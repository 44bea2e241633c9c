import type { EntityManager } from '@mikro-orm/postgresql';

// What a trainer was billed in a calendar year on the whole platform (§19 UStG counts the
// business's total turnover, not one client's): the net of every credit note and cancellation of
// every trainer record linked to the same trainer account, in every studio group. A record without
// an account counts alone. Read by the billing step, the start of a credit-note run and the
// run's notices alike.

export type TrainerTurnover = { trainerId: number; trainerAccountId: number | null; previousYearCents: number; currentYearCents: number };

export async function trainerTurnovers(em: EntityManager, trainerIds: readonly number[], year: number): Promise<Map<number, TrainerTurnover>> {
  if (trainerIds.length === 0) return new Map();
  const rows = await em.getConnection().execute<Array<{ trainer_id: number; trainer_account_id: number | null; previous_cents: string; current_cents: string }>>(
    `with subject as (
       select t.id as trainer_id, sgt.trainer_account_id
         from trainer t left join studio_group_trainer sgt on sgt.trainer_id = t.id
        where t.id in (select value::int from jsonb_array_elements_text(?::jsonb))
     ),
     peer as (
       select distinct s.trainer_id, s.trainer_account_id, coalesce(other.trainer_id, s.trainer_id) as peer_id
         from subject s left join studio_group_trainer other on other.trainer_account_id = s.trainer_account_id
     )
     select peer.trainer_id, peer.trainer_account_id,
            coalesce(sum(cn.net_cents) filter (where cn.issue_date >= make_date(?::int - 1, 1, 1) and cn.issue_date < make_date(?::int, 1, 1)), 0) as previous_cents,
            coalesce(sum(cn.net_cents) filter (where cn.issue_date >= make_date(?::int, 1, 1) and cn.issue_date < make_date(?::int + 1, 1, 1)), 0) as current_cents
       from peer left join credit_note cn on cn.trainer_id = peer.peer_id
      group by peer.trainer_id, peer.trainer_account_id`,
    [JSON.stringify(trainerIds), year, year, year, year],
  );
  return new Map(
    rows.map((row) => [
      row.trainer_id,
      { trainerId: row.trainer_id, trainerAccountId: row.trainer_account_id, previousYearCents: Number(row.previous_cents), currentYearCents: Number(row.current_cents) },
    ]),
  );
}

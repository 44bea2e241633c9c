import { idArray } from './id-array';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A prepared line of a settlement trainer with its studio (none for admin lines). */
export type TrainerLineWithStudio = {
  settlement_trainer_id: number;
  kind: 'class' | 'admin';
  class_hash: string;
  /** PostgreSQL's text of the timestamptz (MikroORM leaves dates of raw queries unparsed): read it with `new Date(…)`. */
  class_starts_at: string | null;
  class_name: string;
  description: string | null;
  duration_minutes: number;
  booked_slots: number;
  net_cents: number;
  vat_rate_basis_points: number;
  vat_cents: number;
  gross_cents: number;
  studio_uuid: string | null;
  studio_source_id: string | null;
  studio_name: string | null;
};

/**
 * The orders the screens and documents show lines in (each trainer's lines together):
 * - `prepared`: as the preparation wrote them;
 * - `byStudio`: class lines by studio name then time, admin lines last (review screens, credit-note preview);
 * - `byTime`: class lines by time, admin lines last (the credit note document).
 */
const ORDERS = {
  prepared: 'l.settlement_trainer_id, l.id',
  byStudio: `l.settlement_trainer_id, (l.kind = 'admin'), s.name, l.class_starts_at, l.id`,
  byTime: 'l.settlement_trainer_id, l.kind desc, l.class_starts_at nulls last, l.id',
} as const;

export type TrainerLinesOrder = keyof typeof ORDERS;

/** The lines of settlement trainers with their studio, in one of the orders above. */
export async function trainerLinesWithStudio(em: EntityManager, settlementTrainerIds: readonly number[], order: TrainerLinesOrder = 'prepared'): Promise<TrainerLineWithStudio[]> {
  if (settlementTrainerIds.length === 0) return [];
  return em.execute<TrainerLineWithStudio[]>(
    `select l.settlement_trainer_id, l.kind, l.class_hash, l.class_starts_at, l.class_name, l.description, l.duration_minutes, l.booked_slots,
            l.net_cents, l.vat_rate_basis_points, l.vat_cents, l.gross_cents, s.uuid as studio_uuid, s.source_id as studio_source_id, s.name as studio_name
       from settlement_line l left join studio s on s.id = l.studio_id
      where l.settlement_trainer_id = any(?::int[])
      order by ${ORDERS[order]}`,
    [idArray(settlementTrainerIds)],
  );
}

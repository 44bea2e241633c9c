import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The id of a trainer's row in a settlement; null when the trainer is not in it (or, with
 * `preparedOnly`, not prepared yet: no lines to show).
 */
export async function settlementTrainerIdOf(em: EntityManager, { settlementId, trainerId, preparedOnly = false }: { settlementId: number; trainerId: number; preparedOnly?: boolean }): Promise<number | null> {
  const [row] = await em.execute<Array<{ id: number }>>(
    `select id from settlement_trainer where settlement_id = ? and trainer_id = ?${preparedOnly ? ' and prepared_at is not null' : ''}`,
    [settlementId, trainerId],
  );
  return row?.id ?? null;
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';

/**
 * A parameterised SQL statement in the entity manager's transaction (if any). MikroORM's
 * `em.execute` inlines the parameters into the SQL text, escaping every literal; the preparation
 * sends tens of megabytes of lines as one JSON parameter per batch, so it binds them instead
 * (`?` placeholders, sent as PostgreSQL parameters).
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, text: string, bindings: readonly unknown[] = []): Promise<T[]> {
  const statement = em.getKnex().raw(text, bindings as Knex.RawBinding[]);
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) statement.transacting(transaction);
  const result = (await statement) as { rows: T[] };
  return result.rows;
}

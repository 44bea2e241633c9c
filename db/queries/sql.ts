import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';

/**
 * A parameterised SQL statement in the entity manager's transaction (if any). MikroORM's
 * `em.execute` inlines the parameters into the SQL text, escaping every literal; the preparation
 * sends tens of megabytes of lines as one JSON parameter per batch, so it binds them instead
 * (`?` placeholders, sent as PostgreSQL parameters).
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, text: string, bindings: readonly unknown[] = [], { prepared = false } = {}): Promise<T[]> {
  const statement = em.getKnex().raw(text, bindings as Knex.RawBinding[]);
  if (prepared) statement.options({ name: preparedName(text) });
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) statement.transacting(transaction);
  const result = (await statement) as { rows: T[] };
  return result.rows;
}

const preparedNames = new Map<string, string>();

/**
 * `prepared`: the statement is prepared once per connection and then only executed, named by its
 * text's hash (node-postgres keeps a connection's prepared names; one name is always one text).
 * For the statements every request runs (the session check, an approval toggle, the review calls):
 * PostgreSQL's planning of their joins costs more than running them (docs/decisions/0101). After
 * five runs PostgreSQL plans such a
 * statement once for any parameters when that plan costs no more than the ones it made for the
 * values. Only for fixed texts: every text variant stays prepared on each connection. A pooler
 * between the api and PostgreSQL in transaction mode must keep prepared statements (PgBouncer 1.21+
 * with max_prepared_statements); the app connects to PostgreSQL directly (DATABASE_URL).
 */
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) preparedNames.set(text, (name = `tp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}

/**
 * Makes this connection plan its statements afresh (`discard plans`), for a batch that writes rows
 * referring to a table the same run keeps growing. PostgreSQL checks a foreign key with a plan it
 * keeps per connection until the referenced table's statistics change; made while the table was
 * nearly empty (a group's first credit-note run), that plan scans the whole table, so each batch's
 * inserts grow slower as the run adds thousands of rows (docs/decisions/0101). Planning again costs
 * well under a millisecond a batch. Prepared statements stay prepared (only DISCARD ALL drops
 * them); they are planned again on their next run.
 */
export async function planAfresh(em: EntityManager): Promise<void> {
  await sql(em, 'discard plans');
}

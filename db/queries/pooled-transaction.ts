import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client, QueryResultRow } from 'pg';

/** A statement node-postgres prepares once per connection (by `name`) and then only executes. */
export type PooledStatement = { name: string; text: string; values: readonly unknown[] };
export type PooledQuery = <T extends QueryResultRow = Record<string, unknown>>(statement: PooledStatement) => Promise<T[]>;

/**
 * A short transaction on a connection of the ORM's pool, with node-postgres's prepared statements
 * and no entity manager: for work repeated thousands of times a batch (an outbox row locked, sent
 * and recorded per e-mail), where forking an entity manager, MikroORM's transaction context and
 * knex's query building cost the worker more CPU than the statements themselves. Commits when
 * `work` resolves, rolls back when it throws. A connection that broke is marked so by knex's
 * listeners and dropped by the pool instead of being handed out again (docs/decisions/0205).
 */
export async function pooledTransaction<T>(orm: MikroORM, work: (query: PooledQuery) => Promise<T>): Promise<T> {
  const { client } = orm.em.getConnection().getKnex();
  const connection = (await client.acquireConnection()) as Client;
  try {
    await connection.query('begin');
    let result: T;
    try {
      result = await work(async (statement) => (await connection.query({ name: statement.name, text: statement.text, values: [...statement.values] })).rows);
    } catch (error) {
      await connection.query('rollback').catch(() => undefined);
      throw error;
    }
    await connection.query('commit');
    return result;
  } finally {
    await client.releaseConnection(connection);
  }
}

import { fileURLToPath } from 'node:url';
import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type OrmConfigOptions = {
  /**
   * Keep `db/migrations/.snapshot.json` in step with the schema (what `migration:create` diffs
   * against). Only the migration CLI wants this: the app and tests would otherwise rewrite the
   * committed snapshot every time they migrate a database.
   */
  writeSnapshot?: boolean;
};

export function createOrmConfig(databaseUrl: string, options: OrmConfigOptions = {}): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // No global EntityManager: each request, activity or job forks its own (STYLE.md).
    allowGlobalContext: false,
    // onCreate hooks (uuid, createdAt) run at em.create(), so a new row's uuid is known before the
    // flush: workflow IDs are built from it.
    processOnCreateHooksEarly: true,
    debug: false,
    pool: { min: 0, max: 10 },
    metadataCache: { enabled: false },
    migrations: {
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_DIR,
      emit: 'ts',
      snapshot: options.writeSnapshot ?? false,
      snapshotName: '.snapshot',
      migrationsList,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
  });
}

export async function initOrm(databaseUrl: string, options: OrmConfigOptions = {}): Promise<MikroORM> {
  return MikroORM.init(createOrmConfig(databaseUrl, options));
}

// Arbitrary, fixed key of the advisory lock that serialises migrations across processes.
const MIGRATION_LOCK_KEY = 7_342_000;

/**
 * Applies every pending migration in one transaction; returns the names applied. Several api and
 * worker replicas may start at once against one database: a transaction-scoped advisory lock lets
 * the first migrate while the others wait, then find nothing left to do.
 */
export async function migrateToLatest(orm: MikroORM): Promise<string[]> {
  const connection = orm.em.getConnection();
  return connection.transactional(async (transaction) => {
    await connection.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY], 'run', transaction);
    const applied = await orm.getMigrator().up({ transaction });
    return applied.map((migration) => migration.name);
  });
}

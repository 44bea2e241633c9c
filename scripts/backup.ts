// `npm run backup [-- --out <folder>]`: the database and the file store into a new folder (default
// backups/trainerpay-<time>), for the embedded PostgreSQL of `npm start` or DATABASE_URL's.
// docs/operations.md "Backup and restore" says what is in it and how to restore it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env';
import { createBackup, openTargetDatabase } from './lib/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = readEnv();
const outDir = path.resolve(values.out ?? path.join('backups', `trainerpay-${new Date().toISOString().replace(/[:.]/g, '-')}`));

try {
  const database = await openTargetDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, embeddedPort: env.embeddedPostgresPort, purpose: 'backup' });
  try {
    await createBackup({ databaseUrl: database.databaseUrl, dataDir: env.dataDir, outDir });
  } finally {
    await database.close();
  }
  process.exit(0);
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

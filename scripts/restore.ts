// `npm run restore -- <backup folder> [--force]`: a backup of `npm run backup` into an empty
// database (DATABASE_URL's, created when missing; else the embedded one under DATA_DIR) and an
// empty file store under DATA_DIR. A non-empty target is refused unless --force, which replaces it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env';
import { BackupRefusal, openTargetDatabase, restoreBackup } from './lib/backup';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const env = readEnv();
if (positionals.length !== 1) {
  console.error('restore: name the backup folder: npm run restore -- backups/trainerpay-... [--force]');
  process.exit(2);
}

try {
  const database = await openTargetDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, embeddedPort: env.embeddedPostgresPort, purpose: 'restore' });
  try {
    await restoreBackup({ backupDir: path.resolve(positionals[0]!), databaseUrl: database.databaseUrl, dataDir: env.dataDir, force: values.force });
  } finally {
    await database.close();
  }
  console.log('Start TrainerPay as usual: pending migrations run at start (npm start) or with the migrate job.');
  process.exit(0);
} catch (error) {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof BackupRefusal ? 3 : 1);
}

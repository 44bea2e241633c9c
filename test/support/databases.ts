import crypto from 'node:crypto';
import pg from 'pg';

/** One template per test run, so test runs started side by side do not drop each other's. */
export const templateDatabaseName = (runId: number) => `trainerpay_test_template_${runId}`;

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh copy of the migrated, seeded template for one test file; drop it when done. */
export async function cloneTemplateDatabase(adminUrl: string, templateDatabase: string) {
  const name = `trainerpay_test_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  return {
    databaseUrl: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** For a test file: a fresh clone of this run's seeded template (fails when the shared stack did not start). */
export async function cloneTestDatabase() {
  const { inject } = await import('vitest');
  const stackError = inject('stackError');
  if (stackError) throw new Error(`The shared test stack did not start: ${stackError}`);
  return cloneTemplateDatabase(inject('postgresAdminUrl'), inject('templateDatabase'));
}

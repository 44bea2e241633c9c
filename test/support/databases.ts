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
    drop: () => dropDatabase(withDatabase(adminUrl, name)),
  };
}

/** Drops the database of this URL (its connections ended), through the server's maintenance database. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/** For a test file: a fresh clone of this run's seeded template (fails when the shared stack did not start). */
export async function cloneTestDatabase() {
  const { inject } = await import('vitest');
  const stackError = inject('stackError');
  if (stackError) throw new Error(`The shared test stack did not start: ${stackError}`);
  return cloneTemplateDatabase(inject('postgresAdminUrl'), inject('templateDatabase'));
}

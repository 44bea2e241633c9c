import crypto from 'node:crypto';
import pg from 'pg';

export const TEMPLATE_DATABASE = 'trainerpay_test_template';

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh copy of the migrated, seeded template for one test file; drop it when done. */
export async function cloneTemplateDatabase(adminUrl: string) {
  const name = `trainerpay_test_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
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

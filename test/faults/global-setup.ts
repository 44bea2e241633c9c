import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../db/embedded';
import { initOrm, migrateToLatest } from '../../db/orm';
import { seedDemoData } from '../../db/seed';
import { provideWorkflowBundle } from '../global-setup';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** A stopped embedded PostgreSQL's data folder, migrated and seeded: each fault test starts a copy of it. */
    faultPostgresTemplate: string;
  }
}

/**
 * The fault tests start their own servers (test/faults/fault-stack.ts). Made once here for all of
 * them: the run's workflow bundle (their worker processes do not each bundle the workflows) and a
 * PostgreSQL data folder with the migrated, seeded database, which each test copies and starts
 * instead of running initdb, the migrations and the demo seed again.
 */
export default async function setup(project: TestProject) {
  const removeBundle = await provideWorkflowBundle(project);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-fault-template-'));
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const postgres = await startEmbeddedPostgres({ dataDir: dir, port });
  try {
    const orm = await initOrm(postgres.databaseUrl);
    await migrateToLatest(orm);
    await seedDemoData(orm);
    await orm.close();
  } finally {
    await postgres.stop();
  }
  project.provide('faultPostgresTemplate', path.join(dir, 'postgres'));
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await removeBundle();
  };
}

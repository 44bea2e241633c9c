// Records a real history of classImportWorkflow for the replay test:
//   temporal server start-dev --headless --port 7299 --db-filename /tmp/history.db
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/scratch TEMPORAL_ADDRESS=127.0.0.1:7299 \
//     npx tsx test/workflows/record-history.ts demo-fitness 2026-01-01 2026-01-31 [sourceSystem]
//   temporal workflow show -w <printed id> -o json --address 127.0.0.1:7299 > test/fixtures/histories/<name>.json
// The database gets the demo seed if it is empty; use a scratch database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { StudioGroup } from '../../db/entities';
import { initOrm, migrateToLatest } from '../../db/orm';
import { seedDemoData } from '../../db/seed';
import { createWorker } from '../../worker/create-worker';
import type { classImportWorkflow } from '../../workflows/class-import.workflow';
import { classImportWorkflowId, TASK_QUEUE } from '../../workflows/ids';

// A fourth argument overrides the source system (another than the group's records the start-up error path).
const [apiSlug = 'demo-fitness', dateStart = '2026-01-01', dateEnd = '2026-01-31', sourceSystemArg] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7299';
if (!databaseUrl) throw new Error('DATABASE_URL is required (a scratch database).');

const orm = await initOrm(databaseUrl);
await migrateToLatest(orm);
await seedDemoData(orm);
const studioGroup = await orm.em.fork().findOneOrFail(StudioGroup, { apiSlug });

const workerConnection = await NativeConnection.connect({ address });
const worker = await createWorker({ connection: workerConnection, namespace: 'default', orm, dataDir: mkdtempSync(path.join(tmpdir(), 'record-')) });
const connection = await Connection.connect({ address });
const client = new Client({ connection });
const importUuid = randomUUID();
const workflowId = classImportWorkflowId(importUuid);
const result = await worker.runUntil(
  client.workflow.execute<typeof classImportWorkflow>('classImportWorkflow', {
    taskQueue: TASK_QUEUE,
    workflowId,
    args: [{ importUuid, studioGroupUuid: studioGroup.uuid, sourceSystem: sourceSystemArg ?? studioGroup.sourceSystem, dateStart, dateEnd, mode: 'ondemand', requestedByUserUuid: 'system' }],
  }),
);
console.log(JSON.stringify({ workflowId, result }, null, 2));
await connection.close();
await workerConnection.close();
await orm.close();

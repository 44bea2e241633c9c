// The API process for the distributed deployment (docker-compose): PostgreSQL and Temporal are given.
import { readEnv } from '../config/env';
import { initOrm } from '../db/orm';
import { EventFeed } from '../db/events';
import { connectTemporalClient } from './temporal';
import { createServer } from './app';
import { ensureDocumentExpirySchedule } from './schedules/document-expiry-schedule';
import { sweepDocumentStoreAtStart } from '../db/document-storage';

const env = readEnv();
if (!env.databaseUrl || !env.temporalAddress) {
  console.error('api: DATABASE_URL and TEMPORAL_ADDRESS must be set (npm start runs everything embedded).');
  process.exit(1);
}
const orm = await initOrm(env.databaseUrl);
// What an api process killed during an upload left in DATA_DIR (db/document-storage.ts).
await sweepDocumentStoreAtStart(orm.em.fork(), env.dataDir, 'api');
const feed = new EventFeed(env.databaseUrl);
await feed.start();
const { client, connection } = await connectTemporalClient({ address: env.temporalAddress, namespace: env.temporalNamespace });
await ensureDocumentExpirySchedule(client);
// Request lines (JSON, with each request's id) at INFO unless LOG_LEVEL says otherwise.
const server = createServer({ orm, temporal: client, feed, env: { ...env, logLevel: env.logLevel ?? 'INFO' } });
const port = await server.listen(env.port);
server.warmUploadChecks();
console.log(`api: listening on :${port}`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  await feed.stop();
  await connection.close();
  await orm.close();
  process.exit(0);
};
// `on`, not `once`: under npm/tsx a signal arrives twice (relayed); the second must not kill the stop.
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

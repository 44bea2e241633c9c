// The standalone worker process: `npm run worker` (docker-compose runs any number of these).
// Environment: DATABASE_URL (required), TEMPORAL_ADDRESS (default 127.0.0.1:7233),
// TEMPORAL_NAMESPACE (default 'default'), DATA_DIR (default ./data), LOG_LEVEL (default the SDK's
// INFO), WORKFLOW_BUNDLE (default: bundle workflows/ at start).
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { readEnv } from '../config/env';
import { initOrm } from '../db/orm';
import { createWorker } from './create-worker';

const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';

async function main(): Promise<number> {
  const env = readEnv();
  if (!env.databaseUrl) {
    console.error('worker: DATABASE_URL is required (the worker does not start an embedded PostgreSQL).');
    return 2;
  }
  const address = env.temporalAddress ?? DEFAULT_TEMPORAL_ADDRESS;
  // Before the first connection, which makes the SDK's runtime with its default logger otherwise.
  if (env.logLevel) Runtime.install({ logger: new DefaultLogger(env.logLevel) });
  const orm = await initOrm(env.databaseUrl);
  let connection: NativeConnection | undefined;
  try {
    connection = await NativeConnection.connect({ address });
    const worker = await createWorker({
      connection,
      namespace: env.temporalNamespace,
      orm,
      dataDir: env.dataDir,
      ...(env.workflowBundle ? { workflowBundle: { codePath: env.workflowBundle } } : {}),
    });
    // The SDK's runtime shuts the worker down on SIGINT, SIGTERM, SIGQUIT and SIGUSR2: it stops
    // polling, lets running tasks finish within the grace time, and then run() resolves. It stops
    // listening after the first signal; under npm/tsx the same signal arrives a second time
    // (relayed), which with no listener left would kill the process mid-drain. These keep it alive.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
    console.log(`worker: polling task queue '${worker.options.taskQueue}' on ${address} (namespace ${env.temporalNamespace})`);
    await worker.run();
    console.log('worker: stopped');
    return 0;
  } finally {
    await connection?.close().catch(() => {});
    await orm.close(true).catch(() => {});
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('worker: failed', error);
    process.exit(1);
  },
);

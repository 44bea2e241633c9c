// The standalone worker process: `npm run worker` (docker-compose runs any number of these).
// Environment: DATABASE_URL (required), TEMPORAL_ADDRESS (default 127.0.0.1:7233),
// TEMPORAL_NAMESPACE (default 'default'), DATA_DIR (default ./data), LOG_LEVEL (default INFO),
// WORKFLOW_BUNDLE (default: bundle workflows/ at start), METRICS_TOKEN and METRICS_PORT (GET /metrics).
import v8 from 'node:v8';
import { NativeConnection, Runtime } from '@temporalio/worker';
import { readEnv } from '../config/env';
import { WORKER_NODE_ARGS } from '../config/worker-heap';
import { createLogger, temporalLoggerOf } from '../config/logger';
import { createMetricsRegistry } from '../db/metrics';
import { initOrm } from '../db/orm';
import { createWorker } from './create-worker';
import { startWorkerMetricsServer } from './metrics';
import { startMemoryLog } from '../config/memory-log';

const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';

async function main(): Promise<number> {
  const env = readEnv();
  startMemoryLog('worker');
  // Started without the heap limit of `npm run worker` (decision 0185), V8 lets the heap grow to 4×
  // its live size between full collections.
  const heapLimitMb = Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  if (heapLimitMb >= 2048) console.warn(`worker: V8's heap limit is ${heapLimitMb} MB; start the worker with ${WORKER_NODE_ARGS.join(' ')} as \`npm run worker\` does, or its memory grows to several times what it holds.`);
  if (!env.databaseUrl) {
    console.error('worker: DATABASE_URL is required (the worker does not start an embedded PostgreSQL).');
    return 2;
  }
  const address = env.temporalAddress ?? DEFAULT_TEMPORAL_ADDRESS;
  const level = env.logLevel ?? 'INFO';
  const logger = createLogger({ process: 'worker', level });
  // The SDK's exporter listens on loopback only; /metrics passes it on behind METRICS_TOKEN.
  const temporalMetricsAddress = `127.0.0.1:${env.workerMetricsPort + 1}`;
  // Before the first connection, which makes the SDK's runtime with its default logger otherwise.
  Runtime.install({
    logger: temporalLoggerOf(logger, level),
    ...(env.metricsToken ? { telemetryOptions: { metrics: { prometheus: { bindAddress: temporalMetricsAddress } } } } : {}),
  });
  const orm = await initOrm(env.databaseUrl);
  let connection: NativeConnection | undefined;
  let metrics: Awaited<ReturnType<typeof startWorkerMetricsServer>> | undefined;
  try {
    if (env.metricsToken) {
      metrics = await startWorkerMetricsServer({ port: env.workerMetricsPort, token: env.metricsToken, registry: createMetricsRegistry({ orm, process: 'worker' }), temporalMetricsUrl: `http://${temporalMetricsAddress}/metrics` });
      console.log(`worker: metrics on :${metrics.port}/metrics`);
    }
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
    await metrics?.close().catch(() => {});
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

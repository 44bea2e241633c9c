import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { TASK_QUEUE } from '../workflows/ids';
import { DATA_CONVERTER } from '../config/temporal-payload-codec';
import { requestIdActivityInterceptor, WORKFLOW_INTERCEPTOR_MODULES } from './request-id';

/**
 * The workflow sources. The SDK bundles them with webpack + swc, which reads our TypeScript
 * directly and resolves extensionless imports (`extensions: ['.ts', '.js']`), so the same files
 * run under tsx, vitest and in the worker's sandbox without a build step.
 */
export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

export type CreateWorkerOptions = {
  connection: NativeConnection;
  namespace: string;
  orm: MikroORM;
  dataDir: string;
  /** Defaults to TASK_QUEUE; tests use their own queue on a shared server. */
  taskQueue?: string;
  /** A prebuilt bundle (`bundleWorkflowCode`) instead of bundling workflowsPath at start-up. */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** E-mail transport and deep-link base; default from SMTP_URL / PUBLIC_URL (tests pass their own). */
  mailer?: ActivityDeps['mailer'];
  publicUrl?: string;
};

export async function createWorker({ connection, namespace, orm, dataDir, taskQueue = TASK_QUEUE, workflowBundle, mailer, publicUrl }: CreateWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection,
    namespace,
    taskQueue,
    dataConverter: DATA_CONVERTER,
    ...(workflowBundle ? { workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    activities: createActivities({ orm, dataDir, ...(mailer ? { mailer } : {}), ...(publicUrl ? { publicUrl } : {}) }),
    // The api's request id from workflow to activities and onto their log lines. A prebuilt bundle
    // carries the workflow interceptors itself (bundleWorkflowCode's workflowInterceptorModules).
    interceptors: { ...(workflowBundle ? {} : { workflowModules: WORKFLOW_INTERCEPTOR_MODULES }), activity: [requestIdActivityInterceptor] },
    // On SIGINT/SIGTERM the SDK stops polling; running activities get this long to finish
    // (every activity is idempotent, so one cut short is simply retried elsewhere).
    shutdownGraceTime: '10 seconds',
    shutdownForceTime: '30 seconds',
  });
}

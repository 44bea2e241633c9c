import { bundleWorkflowCode, DefaultLogger, Runtime, type LogEntry, type WorkflowBundlePath } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../../worker/create-worker';
import { WORKFLOW_INTERCEPTOR_MODULES } from '../../worker/request-id';

// What the Temporal SDK prints in a test process, and the one workflow bundle a test run shares.

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** The workflow bundle the global setup built (a file of its temp folder), for every worker of the run. */
    workflowBundlePath: string;
    /** Set when bundling the workflows failed; every test that runs a worker fails with it. */
    workflowBundleError: string;
  }
}

/**
 * Through console, not straight to stderr as the SDK's default does: vitest then files each line
 * under the test that was running and, with `silent: 'passed-only'`, shows it only when that test
 * fails.
 */
const toConsole = ({ level, message, meta }: LogEntry) => {
  const write = level === 'ERROR' ? console.error : console.warn;
  write(`[temporal ${level}] ${message}`, ...(meta ? [meta] : []));
};

/**
 * The SDK's runtime for a test process: warnings and errors only (the worker's state changes are
 * INFO). Workflow and integration tests fail activities on purpose, so a passing test's warnings
 * stay hidden (see toConsole). The core's own log is not forwarded to this logger: the SDK holds
 * forwarded lines back a few hundred milliseconds, which files them under a later test or none;
 * it writes its errors to stderr itself. Installs once per test process (the runtime is a
 * process-wide singleton) and before the first worker or connection.
 */
export function installQuietRuntime() {
  try {
    Runtime.install({
      logger: new DefaultLogger('WARN', toConsole),
      telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
    });
  } catch {
    // already installed in this process
  }
}

/** The SDK bundler prints its webpack report at info level; a test run wants its errors only. */
const quietBundlerLogger = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error: console.error };

/**
 * The workflow sources bundled from the same path the worker uses, as the worker would: proves the
 * SDK bundler takes our .ts sources with extensionless imports.
 */
export const bundleWorkflows = () => bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES, logger: quietBundlerLogger });

/**
 * The run's workflow bundle: test/global-setup.ts builds it once for every worker of the run
 * instead of each worker bundling the same sources again at its start.
 */
export async function prebuiltWorkflowBundle(): Promise<WorkflowBundlePath> {
  // Imported here: the global setup imports this module, and runs outside a test.
  const { inject } = await import('vitest');
  const error = inject('workflowBundleError');
  if (error) throw new Error(`The workflows did not bundle: ${error}`);
  return { codePath: inject('workflowBundlePath') };
}

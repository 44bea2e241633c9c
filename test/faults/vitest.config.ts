import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:faults`: infrastructure faults during a real month close (PostgreSQL stopped, the
// Temporal server restarted, SMTP refusing, the worker killed, the disk full). Each file starts its
// own PostgreSQL, Temporal server, api and worker processes and waits out real timeouts (heartbeats,
// retry back-off, a 2-minute SMTP outage), so a file takes one to three minutes: they are kept out
// of `vitest run` (vitest.config.ts) and run after it in `npm test`. Files run one after the other:
// each stack is a handful of processes on a 2-core machine. Mounting a tmpfs (the disk-full test)
// needs root, as CI and the development container have.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 240_000,
    reporters: ['default', './test/summary-reporter.ts'],
    silent: 'passed-only',
  },
});

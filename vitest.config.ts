import { defineConfig } from 'vitest/config';

// One runner for every tier: unit tests beside the code, workflow tests, integration tests
// (real PostgreSQL + Temporal dev server) and the Playwright end-to-end tests (Debian chromium).
// Integration and e2e suites share one PostgreSQL and one Temporal server started in globalSetup,
// so files run one after the other (2-core machine, one server set).
export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    // The fault tests (test/faults/) have their own config and script: `npm run test:faults`.
    exclude: ['node_modules/**', 'dist/**', 'data/**', 'test/faults/**'],
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', './test/summary-reporter.ts'],
    // A green run prints results only: a test's console output (the Temporal SDK's warnings
    // included, test/support/temporal-runtime.ts) shows when that test, its suite or its file fails.
    silent: 'passed-only',
  },
});

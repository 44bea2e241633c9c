import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Determinism of workflow code is enforced here, not remembered: Temporal replays workflow code,
// so it may not touch Node built-ins, the database, the API or activities (type imports excepted).
const workflowRestrictions = {
  files: ['workflows/**/*.ts'],
  ignores: ['workflows/**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'timers', 'process'], message: 'Workflows are deterministic: no Node built-ins.' },
        { group: ['**/db/**', '**/api/**', '**/worker/**', '**/config/**'], message: 'Workflows may not import db/, api/, worker/ or config/.' },
        { group: ['**/activities/**', '!**/activities/**/*.types'], message: 'Workflows reach activities through proxyActivities and `import type` only.', allowTypeImports: true },
        { group: ['@temporalio/client', '@temporalio/worker', '@temporalio/activity', 'pg', '@mikro-orm/*', 'luxon', 'express'], message: 'Not deterministic or not workflow-safe.' },
      ],
    }],
    'no-restricted-globals': ['error',
      { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
      { name: 'setInterval', message: 'Use sleep() in a loop.' },
      { name: 'fetch', message: 'Workflows do no I/O: use an activity.' },
      { name: 'process', message: 'Workflows read no environment.' },
    ],
    'no-restricted-properties': ['error',
      { object: 'Math', property: 'random', message: 'Use uuid4() or pass randomness in.' },
    ],
  },
};

// The contracts are the API's published shapes, imported by api, activities and web alike: they may
// build on domain/ and zod, nothing of ours that runs (an arrow back up would pull servers into web).
const contractRestrictions = {
  files: ['contracts/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{ group: ['**/api/**', '**/activities/**', '**/db/**', '**/workflows/**', '**/worker/**', '**/web/**', '**/config/**'], message: 'contracts/ builds on domain/ and zod only.' }],
    }],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'db/migrations/*.snapshot*', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  workflowRestrictions,
  contractRestrictions,
);

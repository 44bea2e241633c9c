import path from 'node:path';
import { builtinModules } from 'node:module';
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
        { group: ['**/db/**', '**/api/**', '**/worker/**', '**/config/**', '**/web/**', '**/scripts/**'], message: 'Workflows may not import db/, api/, worker/, config/, web/ or scripts/.' },
        { group: ['**/activities/**', '!**/activities/*/', '!**/activities/**/*.types'], message: 'Workflows reach activities through proxyActivities and `import type` only.', allowTypeImports: true },
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

// The layering of every other layer. A boundary names what a layer may not import as
// gitignore patterns from the repository root ('api/**', '!workflows/*.messages'); `layer()` turns
// them into the relative specifiers a file at each depth of the layer writes ('../../admin/**' from
// web/src/trainer/profile/). A name-only glob like '**/api/**' would also catch web's own
// web/src/shared/api/client. Gitignore rules: a '!' cannot bring back a file whose folder is
// excluded, and a folder's pattern excludes all below it, so where a layer may use part of a folder
// the folder's own index (`from '../workflows'`) is named in `folderIndex` (an exact regex).
// Unit tests beside the code are wiring (they build databases and servers) and are not layered.
const MAX_DEPTH = 10;
const GLOB = /[*?[{]/;

function fromFolder(fileDir, pattern) {
  const negated = pattern.startsWith('!');
  const segments = (negated ? pattern.slice(1) : pattern).split('/');
  const firstGlob = segments.findIndex((segment) => GLOB.test(segment) || segment === '');
  const literal = firstGlob === -1 ? segments : segments.slice(0, firstGlob);
  let relative = path.posix.relative(fileDir, literal.join('/'));
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const rest = firstGlob === -1 ? [] : segments.slice(firstGlob);
  return (negated ? '!' : '') + [relative, ...rest].join('/');
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function layer({ folder, boundaries, ignores = [] }) {
  return Array.from({ length: MAX_DEPTH }, (_, depth) => {
    const fileDir = [folder, ...Array(depth).fill('x')].join('/');
    const patterns = boundaries.map(({ paths, folderIndex, regex, message, allowTypeImports }) => ({
      ...(paths ? { group: paths.map((p) => fromFolder(fileDir, p)) } : {}),
      ...(folderIndex ? { regex: `^${escapeRegex(fromFolder(fileDir, folderIndex))}(/index)?$` } : {}),
      ...(regex ? { regex } : {}),
      message,
      ...(allowTypeImports ? { allowTypeImports } : {}),
    }));
    return {
      files: [`${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      ignores: ['**/*.test.ts', '**/*.test.tsx', ...ignores],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
}

const ourFolders = ['activities', 'api', 'bench', 'config', 'contracts', 'db', 'domain', 'scripts', 'test', 'web', 'worker', 'workflows'];
/** Every folder of ours but the allowed ones, each with everything below it. */
const allBut = (...allowed) => ourFolders.filter((folder) => !allowed.includes(folder)).flatMap((folder) => [folder, `${folder}/**`]);

const domainLayer = layer({
  folder: 'domain',
  boundaries: [{ paths: allBut('domain'), message: 'domain/ is the business rules alone: it imports nothing of ours.' }],
});

// The contracts are the API's published shapes, imported by api, activities and web alike: they may
// build on domain/ and zod, nothing of ours that runs (an arrow back up would pull servers into web).
const contractsLayer = layer({
  folder: 'contracts',
  boundaries: [{ paths: allBut('contracts', 'domain'), message: 'contracts/ builds on domain/ and zod only.' }],
});

const dbLayer = layer({
  folder: 'db',
  boundaries: [
    { paths: allBut('db', 'domain', 'contracts'), message: 'db/ builds on domain/ and contracts/ only: the api and the activities read through db/, never the other way round.' },
  ],
});

// Activities run in the worker: they use db/, domain/, contracts/, config/ and, of workflows/, the
// messages and ids they answer to (any `import type` too), never a workflow body or the api.
const activitiesLayer = layer({
  folder: 'activities',
  boundaries: [
    { paths: allBut('activities', 'db', 'domain', 'contracts', 'config', 'workflows'), message: 'activities/ may import db/, domain/, contracts/ and config/, not api/, web/, worker/, scripts/, bench/ or test/.' },
    { folderIndex: 'workflows', message: 'Of workflows/, activities import only the *.messages files and ids (or `import type`).', allowTypeImports: true },
    { paths: ['workflows/**', '!workflows/*.messages', '!workflows/ids'], message: 'Of workflows/, activities import only the *.messages files and ids (or `import type`).', allowTypeImports: true },
  ],
});

// The api may import every layer but web/, worker/, scripts/, the workflow bodies and activities/.
// Activities run in the worker; what the api and the activities both write through (approvals, the
// settlement log and its events, the settlement lock, the outbox key format) lives in db/, below
// both. Workflows are started by type name through their *.messages file and ids.ts, so a workflow
// body never lands in the api's bundle.
const activitiesRefused = 'The api imports nothing of activities/, not an activity\'s implementation (it runs in the worker) nor its types: what both sides use lives in db/ or contracts/.';
const apiLayer = layer({
  folder: 'api',
  boundaries: [
    { paths: ['web', 'web/**', 'worker', 'worker/**', 'scripts', 'scripts/**', 'bench', 'bench/**', 'test', 'test/**'], message: 'api/ may not import web/, worker/, scripts/, bench/ or test/.' },
    { folderIndex: 'workflows', message: 'The api imports a workflow\'s *.messages file and workflows/ids, never a workflow body.' },
    { paths: ['workflows/*.workflow'], message: 'The api imports a workflow\'s *.messages file and workflows/ids, never a workflow body.' },
    { paths: ['activities', 'activities/**'], message: activitiesRefused },
  ],
});

// The browser bundle: web/ imports contracts/, domain/ and itself; it talks to the api over HTTP
// and socket.io only. The trainer portal never imports the admin app (shared pieces go to
// web/src/shared/), so a trainer's bundle holds no operator screens.
const webBoundaries = [
  { paths: allBut('web', 'contracts', 'domain'), message: 'web/ imports contracts/, domain/ and web/ only: reach the server through the typed API client.' },
  { regex: `^(node:|(${builtinModules.map(escapeRegex).join('|')})(/|$))`, message: 'web/ runs in the browser: no Node built-ins.' },
];
const webLayer = layer({ folder: 'web/src', boundaries: webBoundaries, ignores: ['web/src/trainer/**'] });
const trainerWebLayer = layer({
  folder: 'web/src/trainer',
  boundaries: [
    ...webBoundaries,
    { paths: ['web/src/admin', 'web/src/admin/**'], message: 'The trainer portal never imports admin web: move what both use to web/src/shared/.' },
  ],
});

const typedSources = ['**/*.ts', '**/*.tsx'];

export default tseslint.config(
  // test/fixtures/lint/ holds deliberately bad code: test/lint/layering.test.ts lints it on purpose.
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'db/migrations/*.snapshot*', 'test-results/**', 'test/fixtures/lint/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  // A promise nobody awaits loses its error (an unhandled rejection ends the process) and its
  // ordering; needs type information, so only the TypeScript sources are linted with the program.
  {
    files: typedSources,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  workflowRestrictions,
  ...contractsLayer,
  ...domainLayer,
  ...dbLayer,
  ...activitiesLayer,
  ...apiLayer,
  ...webLayer,
  ...trainerWebLayer,
);

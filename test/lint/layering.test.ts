import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// test/fixtures/lint/ is a miniature of the repository: a file in its domain/ lints as domain/ does.
// Each violation below is a deliberate one (`eslint .` ignores the folder); every other file there
// (the stubs they import and the allowed imports) must lint clean, so a rule that refuses too much
// fails here as well.
const repository = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = path.join(repository, 'test/fixtures/lint');

type Expected = { ruleId: string; severity: 1 | 2; message: RegExp };
const restricted = (message: RegExp): Expected => ({ ruleId: 'no-restricted-imports', severity: 2, message });

const violations: Record<string, Expected> = {
  'domain/imports-db.ts': restricted(/domain\/ is the business rules alone/),
  'contracts/imports-db.ts': restricted(/contracts\/ builds on domain\/ and zod only/),
  'db/imports-api.ts': restricted(/db\/ builds on domain\/ and contracts\/ only/),
  'activities/import/imports-api.ts': restricted(/activities\/ may import db\/, domain\/, contracts\/ and config\//),
  'activities/import/imports-workflow-body.ts': restricted(/activities import only the \*\.messages files and ids/),
  'workflows/imports-db.ts': restricted(/Workflows may not import db\//),
  'api/routes/settlement/imports-workflow-body.ts': restricted(/never a workflow body/),
  'api/routes/settlement/imports-workflows-index.ts': restricted(/never a workflow body/),
  'api/routes/outbox/imports-activity-internals.ts': restricted(/not an activity's implementation/),
  'api/routes/outbox/imports-activity-types.ts': restricted(/The api imports nothing of activities\//),
  'api/routes/review/imports-activities-shared.ts': restricted(/The api imports nothing of activities\//),
  'api/imports-activities-type-only.ts': restricted(/The api imports nothing of activities\//),
  'api/routes/settlement/imports-activities-index.ts': restricted(/The api imports nothing of activities\//),
  'db/writes/imports-workflow-messages.ts': restricted(/db\/ builds on domain\/ and contracts\/ only/),
  'web/src/admin/imports-api.ts': restricted(/web\/ imports contracts\/, domain\/ and web\/ only/),
  'web/src/shared/imports-node-builtin.ts': restricted(/no Node built-ins/),
  'web/src/trainer/pages/imports-admin.tsx': restricted(/The trainer portal never imports admin web/),
  'api/floating-promise.ts': { ruleId: '@typescript-eslint/no-floating-promises', severity: 2, message: /Promises must be awaited/ },
};

describe('lint enforces the layering', async () => {
  const eslint = new ESLint({ cwd: fixtures, overrideConfigFile: path.join(repository, 'eslint.config.js') });
  const results = await eslint.lintFiles(['.']);
  const found = Object.fromEntries(results.map((result) => [
    path.relative(fixtures, result.filePath).split(path.sep).join('/'),
    result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message })),
  ]));

  it.each(Object.entries(violations))('%s is refused', (file, expected) => {
    expect(found[file]).toEqual([{ ruleId: expected.ruleId, severity: expected.severity, message: expect.stringMatching(expected.message) }]);
  });

  it('the allowed imports and the stubs lint clean', () => {
    const clean = Object.entries(found).filter(([file]) => !(file in violations));
    expect(clean.length).toBeGreaterThan(10);
    expect(clean.filter(([, messages]) => messages.length > 0)).toEqual([]);
  });
});

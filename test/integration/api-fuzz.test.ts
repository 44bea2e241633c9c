import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReviewFixture, type Login, type ReviewFixture } from '../support/review-fixture';

// schemathesis (PyPI, installed by scripts/ensure-tools.mjs) generates requests from the served
// OpenAPI document — valid ones and invalid ones — and checks every answer: no 5xx, and each answer
// conforms to the document (status code, content type, schema). Path parameters that name the
// caller's own studio group, account and settlement are pinned to real ids, so the generated calls
// reach the business rules instead of stopping at "not found". Bounded: a few examples an operation.

type OpenApiDocument = { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: unknown }> }>> };

const EXAMPLES_PER_OPERATION = Number(process.env.FUZZ_EXAMPLES ?? 12);
const TIME_BUDGET_S = Number(process.env.FUZZ_SECONDS ?? 90);

/** Calls that end the caller's own session or account: the rest of the run would only see 401. */
const EXCLUDED_PATHS = ['/api/logout', '/api/v2/trainer_account/delete-account'];

function findSchemathesis(): string {
  if (process.env.SCHEMATHESIS) return process.env.SCHEMATHESIS;
  try {
    return execFileSync('sh', ['-c', 'command -v schemathesis'], { encoding: 'utf8' }).trim();
  } catch {
    const scripts = execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' }).trim();
    return path.join(scripts, 'schemathesis');
  }
}

/** The served document with the caller's own ids pinned (an enum of one) where a path names them. */
function pinned(document: OpenApiDocument, ids: Record<string, string>): OpenApiDocument {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        const value = ids[parameter.name];
        if (parameter.in === 'path' && value !== undefined) parameter.schema = { type: 'string', enum: [value] };
      }
    }
  }
  return copy;
}

type FuzzResult = { exitCode: number; output: string; requests: number; operations: number };

async function fuzz({ baseUrl, document, login, label }: { baseUrl: string; document: OpenApiDocument; login: Login; label: string }): Promise<FuzzResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `trainerpay-fuzz-${label}-`));
  const schemaFile = path.join(dir, 'openapi.json');
  fs.writeFileSync(schemaFile, JSON.stringify(document));
  const harFile = path.join(dir, 'requests.har');
  const args = [
    'run', schemaFile,
    '--url', baseUrl,
    '--checks', 'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance',
    '--max-examples', String(EXAMPLES_PER_OPERATION),
    '--max-time', String(TIME_BUDGET_S),
    '--phases', 'examples,coverage,fuzzing',
    '--seed', '20261124',
    '--workers', '1', // several workers trip a race inside hypothesis (an 'AST constructor recursion' runtime error of the tool, not of the API)
    '--request-timeout', '30',
    '--suppress-health-check', 'all',
    '--continue-on-failure',
    '--no-color',
    '--report', 'har', '--report-har-path', harFile,
    '-H', `x-user: ${login.userUuid}`,
    '-H', `x-api-key: ${login.apiKey}`,
    ...EXCLUDED_PATHS.flatMap((excluded) => ['--exclude-path', excluded]),
  ];
  const child = spawn(findSchemathesis(), args, { env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: '' } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exitCode = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(path.join('test-results', `fuzz-${label}.txt`), output);
  const har = fs.existsSync(harFile) ? (JSON.parse(fs.readFileSync(harFile, 'utf8')) as { log: { entries: unknown[] } }) : { log: { entries: [] } };
  fs.rmSync(dir, { recursive: true, force: true });
  const operations = Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0);
  return { exitCode, output, requests: har.log.entries.length, operations };
}

describe('the API under generated requests (schemathesis)', () => {
  let fixture: ReviewFixture;
  let document: OpenApiDocument;
  const results: Record<string, FuzzResult> = {};

  beforeAll(async () => {
    fixture = await startReviewFixture();
    await fixture.sendPreviews([fixture.demoTrainer.uuid]);
    const answer = await fetch(`${fixture.stack.baseUrl}/api/openapi.json`);
    expect(answer.status).toBe(200);
    document = (await answer.json()) as OpenApiDocument;
  }, 600_000);
  afterAll(async () => {
    for (const [label, result] of Object.entries(results)) {
      console.log(`[fuzz] ${label}: ${result.requests} requests over ${result.operations} operations, exit ${result.exitCode}`);
    }
    await fixture?.stack.stop();
  });

  const groupIds = () => ({
    g: fixture.fitness.uuid,
    studioGroupUuid: fixture.fitness.uuid,
    apiSlug: fixture.fitness.apiSlug,
    idStudioGroup: String(fixture.fitness.id),
    idMandant: String(fixture.fitness.mandantId),
    settlementUuid: fixture.settlementUuid,
    trainerUuid: fixture.demoTrainer.uuid,
  });

  for (const role of ['staff', 'trainer'] as const) {
    it(`answers no 5xx and only what the document says, logged in as ${role}`, async () => {
      const login = role === 'staff' ? fixture.admin : fixture.trainer;
      const ids = { ...groupIds(), user: login.userUuid, userId: login.userUuid };
      const result = await fuzz({ baseUrl: fixture.stack.baseUrl, document: pinned(document, ids), login, label: role });
      results[role] = result;
      // schemathesis exits 0 only when no check failed; its report names the failing operation.
      // The report's FAILURES and ERRORS sections (they stand before WARNINGS) name each finding with a curl line.
      const start = ['=== FAILURES', '=== ERRORS'].map((heading) => result.output.indexOf(heading)).filter((at) => at >= 0);
      const findings = start.length ? result.output.slice(Math.min(...start), result.output.indexOf('=== WARNINGS')) : result.output.slice(-4000);
      expect(result.exitCode, `${findings}\n(whole report: test-results/fuzz-${role}.txt)`).toBe(0);
      expect(result.requests).toBeGreaterThan(result.operations);
    }, 600_000);
  }
});

import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CreditNote, StudioGroupTrainer, Trainer } from '../../db/entities';
import { migrationsList } from '../../db/migrations';
import { initOrm, migrateToLatest } from '../../db/orm';
import { seedDemoData } from '../../db/seed';
import { findPostgresTools } from '../../scripts/lib/postgres-tools';
import { withDatabase } from '../support/databases';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { registerNamespace } from '../support/processes';
import { logIn, startStack, type Stack } from '../support/stack';

// An upgrade: a database an earlier release made and used (a month closed with credit notes) gets
// today's migrations, and the API answers as before — the settlement's sums and trainers, the
// credit notes with their numbers, the trainers' data. The earlier release's database is a plain
// SQL dump in test/fixtures/upgrade/ with the answers it gave (expected.json); docs/operations.md
// "Upgrading" says how to refresh both at each release (MAKE_UPGRADE_FIXTURE below).

const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/upgrade');
const DUMP_FILE = path.join(FIXTURE_DIR, 'database.sql');
const EXPECTED_FILE = path.join(FIXTURE_DIR, 'expected.json');

type Expected = { schemaMigration: string; studioGroupUuid: string; settlementUuid: string; answers: Answers };
type Answers = Awaited<ReturnType<typeof answersOf>>;

/** The answers an upgrade must keep: only what lives in PostgreSQL (the fixture has no Temporal history). */
async function answersOf(on: Stack, studioGroupUuid: string, settlementUuid: string) {
  const admin = await logIn(on.baseUrl, 'admin@demo.test');
  const get = async <T>(urlPath: string) => {
    const response = await fetch(`${on.baseUrl}/api/v1/${studioGroupUuid}${urlPath}`, { headers: admin.headers });
    expect(response.status, urlPath).toBe(200);
    return (await response.json()) as T;
  };
  const settlement = await get<Record<string, unknown>>(`/settlement/${settlementUuid}`);
  const sums = await get<Record<string, unknown>>(`/settlement/calculate-sum/${settlementUuid}`);
  const creditNotes = await get<Record<string, unknown>>('/credit-notes');
  const trainers = await get<Array<Record<string, unknown>>>('/trainers');
  return {
    settlement: { month: settlement.month, status: settlement.status, trainers: settlement.trainers, settlementRuns: settlement.settlementRuns },
    sums,
    creditNotes,
    trainers,
  };
}

const adminUrl = () => inject('postgresAdminUrl');

/** Creates an empty database of its own on the test server. */
async function createDatabase(): Promise<string> {
  const name = `trainerpay_upgrade_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(adminUrl(), name);
}

const stacks: Stack[] = [];
afterAll(async () => {
  for (const stack of stacks) await stack.stop();
});

describe.skipIf(Boolean(process.env.MAKE_UPGRADE_FIXTURE))('upgrading a database of the previous release', () => {
  it('applies today’s migrations to it, and the API answers as before: sums, credit notes and their numbers, trainers', { timeout: 300_000 }, async () => {
    const expected = JSON.parse(fs.readFileSync(EXPECTED_FILE, 'utf8')) as Expected;
    const databaseUrl = await createDatabase();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(fs.readFileSync(DUMP_FILE, 'utf8'));
    // The dump empties the session's search_path (pg_dump's safety measure).
    await client.query('reset search_path');
    const before = (await client.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map((row) => row.name);
    await client.end();
    expect(before.at(-1)).toBe(expected.schemaMigration);

    const orm = await initOrm(databaseUrl);
    const applied = await migrateToLatest(orm).finally(() => orm.close());
    // Exactly the migrations added since the fixture's release (none right after a refresh).
    expect(applied).toEqual(migrationsList.map((migration) => migration.name).slice(before.length));

    const temporalNamespace = `upgrade-${crypto.randomBytes(4).toString('hex')}`;
    await registerNamespace(inject('temporalAddress'), temporalNamespace);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-upgrade-'));
    const stack = await startStack({ worker: false, takeOver: { databaseUrl, dataDir, temporalNamespace } });
    stacks.push(stack);
    // Answers may gain fields between releases (an additive change clients ignore); every field the
    // previous release answered must come back with the same value, and every list with the same items.
    expect(await answersOf(stack, expected.studioGroupUuid, expected.settlementUuid)).toMatchObject(expected.answers);
  });
});

// MAKE_UPGRADE_FIXTURE=<migration name, or 'latest'> npx vitest run test/integration/upgrade.test.ts
// writes the fixture: a fresh database migrated up to that migration, the demo data, a few days of
// classes, a month closed with two credit notes through the real API and worker, then pg_dump as
// plain SQL (INSERTs, so the test loads it with one query) and the API's answers.
describe.skipIf(!process.env.MAKE_UPGRADE_FIXTURE)('making the fixture (MAKE_UPGRADE_FIXTURE)', () => {
  it('closes a month on the schema of that migration and dumps it', { timeout: 600_000 }, async () => {
    const target = process.env.MAKE_UPGRADE_FIXTURE === 'latest' ? migrationsList.at(-1)!.name : process.env.MAKE_UPGRADE_FIXTURE!;
    expect(migrationsList.map((migration) => migration.name)).toContain(target);
    const databaseUrl = await createDatabase();
    const orm = await initOrm(databaseUrl);
    await orm.getMigrator().up({ to: target });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-upgrade-fixture-'));
    await seedDemoData(orm, { dataDir });
    await orm.close();

    const temporalNamespace = `upgrade-fixture-${crypto.randomBytes(4).toString('hex')}`;
    await registerNamespace(inject('temporalAddress'), temporalNamespace);
    const stack = await startStack({ takeOver: { databaseUrl, dataDir, temporalNamespace } });
    stacks.push(stack);
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group, keys } = await findDemoFitness(em);
    const linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] })).trainer.uuid;
    const contracted = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T002' })).uuid;
    const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });
    // A few days of classes keep the dump small.
    await importDemoClasses(stack.baseUrl, admin, keys.uuid, month.toISODate()!, month.plus({ days: 3 }).toISODate()!);
    const settlementUuid = crypto.randomUUID();
    await prepareSettlement(stack.baseUrl, admin, keys, settlementUuid, month.endOf('month').toISODate()!, [linked, contracted], false);
    const send = await fetch(`${stack.baseUrl}/api/v1/${keys.uuid}/settlement/trainer-credit-note/send`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ settlementUuid, settlementRunUuid: crypto.randomUUID(), trainersSelected: [linked, contracted] }),
    });
    expect(send.status, await send.clone().text()).toBe(200);
    for await (const _line of readNdjson(send)) void _line;
    expect(await stack.orm.em.fork().count(CreditNote, {})).toBe(2);
    const answers = await answersOf(stack, keys.uuid, settlementUuid);
    await stack.stopWorker();

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const serverMajor = Math.floor(Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num) / 10_000);
    await client.end();
    const { pgDump } = findPostgresTools({ serverMajor });
    const sql = execFileSync(pgDump, ['--format=plain', '--inserts', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    // psql's meta-commands (\restrict) are not SQL: the test sends the file as one query.
    const loadable = sql.split('\n').filter((line) => !line.startsWith('\\')).join('\n');
    fs.mkdirSync(FIXTURE_DIR, { recursive: true });
    fs.writeFileSync(DUMP_FILE, loadable);
    fs.writeFileSync(EXPECTED_FILE, `${JSON.stringify({ schemaMigration: target, studioGroupUuid: keys.uuid, settlementUuid, answers } satisfies Expected, null, 2)}\n`);
    // Its stop drops the database and the data folder.
    stacks.splice(stacks.indexOf(stack), 1);
    await stack.stop();
  });
});

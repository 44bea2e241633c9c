import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRoom } from '../../contracts/events';
import { ZImportStreamMessage, type TImportStreamMessage } from '../../contracts/import.contract';
import {
  ImportLog,
  Mandant,
  Settlement,
  SettlementLine,
  SettlementTrainer,
  Studio,
  StudioClass,
  StudioGroup,
  Trainer,
  User,
} from '../../db/entities';
import { EventFeed } from '../../db/events';
import { initOrm } from '../../db/orm';
import {
  createDemoConnector,
  DEMO_FITNESS_SLUG,
  DEMO_INCOMPLETE_TRAINERS,
  DEMO_UNRULED_CATEGORY,
} from '../../domain/source-systems/demo.connector';
import { csvImportPath } from '../../domain/source-systems/csv.connector';
import { cloneTestDatabase } from '../../test/support/databases';
import { createImportActivities, type ImportActivities, type TImportStudioClassesInput, type TImportStudioClassesResult } from './index';
import { upsertStudiosAndTrainers } from '../../db/master-data';

// The import activities against a real PostgreSQL: a clone of the seeded template database (the
// demo studio groups with their studios and trainers, no classes yet).

let orm: MikroORM;
let feed: EventFeed;
let drop: () => Promise<void>;
let activities: ImportActivities;
let dataDir: string;
let fitness: StudioGroup;

beforeAll(async () => {
  const database = await cloneTestDatabase();
  drop = database.drop;
  orm = await initOrm(database.databaseUrl);
  feed = new EventFeed(database.databaseUrl);
  await feed.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'import-activities-'));
  activities = createImportActivities({ orm, dataDir });
  fitness = await orm.em.fork().findOneOrFail(StudioGroup, { apiSlug: DEMO_FITNESS_SLUG });
});

afterAll(async () => {
  await feed?.stop();
  await orm?.close();
  await drop?.();
});

/** Collects the stream messages of one import run as the API would receive them. */
function listen(importUuid: string) {
  const messages: TImportStreamMessage[] = [];
  const unsubscribe = feed.subscribe(importRoom(importUuid), (event) => {
    expect(event.event).toBe('import:message');
    messages.push(ZImportStreamMessage.parse(event.data));
  });
  const settle = async (count: number) => {
    for (let i = 0; i < 100 && messages.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    // and a little longer, to catch messages that should not be there
    await new Promise((resolve) => setTimeout(resolve, 100));
    return messages;
  };
  return { messages, settle, unsubscribe };
}

const JANUARY = { dateStart: '2026-01-01', dateEnd: '2026-01-31' };

async function importAll(importUuid: string, mode: 'ondemand' | 'update' = 'ondemand', range = JANUARY, studioGroup = fitness) {
  const started = await activities.startClassImport({ importUuid, studioGroupUuid: studioGroup.uuid, sourceSystem: studioGroup.sourceSystem, mode, ...range });
  const results = [];
  for (const studio of started.studios) {
    results.push(await activities.importStudioClasses({ importUuid, studioGroupUuid: studioGroup.uuid, studioUuid: studio.uuid, mode, ...range }));
  }
  const classesImported = results.reduce((sum, result) => sum + result.classesImported, 0);
  const finished = await activities.finishClassImport({
    importUuid,
    studioGroupUuid: studioGroup.uuid,
    mode,
    studiosTotal: started.studios.length,
    studiosFailed: 0,
    classesImported,
  });
  return { started, results, classesImported, finished };
}

describe('upsertStudiosAndTrainers', () => {
  it('is idempotent and refreshes only name and e-mail of existing trainers', async () => {
    const em = orm.em.fork();
    const studioGroup = await em.findOneOrFail(StudioGroup, { uuid: fitness.uuid });
    const connector = createDemoConnector({ apiSlug: DEMO_FITNESS_SLUG });
    // The seed ran it once already.
    expect(await em.count(Trainer, { studioGroup })).toBe(25);

    const edited = await em.findOneOrFail(Trainer, { studioGroup, sourceId: 'DF-T002' });
    const sourceFirstname = edited.firstname;
    edited.firstname = 'Old name';
    edited.email = 'old@example.org';
    edited.iban = 'DE02120300000000202051';
    edited.street = 'Edited in TrainerPay';
    const noIban = await em.findOneOrFail(Trainer, { studioGroup, sourceId: DEMO_INCOMPLETE_TRAINERS.withoutIban });
    noIban.iban = 'DE02100100100006820101';
    await em.flush();

    const counts = await upsertStudiosAndTrainers({ em: orm.em.fork(), studioGroup, connector });
    expect(counts).toEqual({ studios: 3, trainers: 25 });

    const check = orm.em.fork();
    expect(await check.count(Trainer, { studioGroup })).toBe(25);
    expect(await check.count(Studio, { studioGroup })).toBe(3);
    const refreshed = await check.findOneOrFail(Trainer, { studioGroup, sourceId: 'DF-T002' });
    expect(refreshed.firstname).toBe(sourceFirstname);
    expect(refreshed.email).toBe('lukas.mueller@demo.test');
    expect(refreshed.iban).toBe('DE02120300000000202051');
    expect(refreshed.street).toBe('Edited in TrainerPay');
    expect((await check.findOneOrFail(Trainer, { studioGroup, sourceId: DEMO_INCOMPLETE_TRAINERS.withoutIban })).iban).toBe('DE02100100100006820101');
  });
});

describe('class import activities', () => {
  it('imports a month of demo classes studio by studio, with log rows and stream messages', async () => {
    const importUuid = randomUUID();
    const stream = listen(importUuid);
    const { started, results, classesImported, finished } = await importAll(importUuid);

    expect(started.studios.map((studio) => studio.name)).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(started.trainers).toBe(25);
    expect(classesImported).toBeGreaterThan(500);
    expect(finished.status).toBe('success');

    const em = orm.em.fork();
    const classes = await em.find(StudioClass, { studioGroup: fitness.id }, { populate: ['trainer'] });
    expect(classes).toHaveLength(classesImported);
    expect(classes.filter((item) => item.trainer === null)).toHaveLength(3);
    expect(classes.filter((item) => item.otherTrainers.length > 0)).toHaveLength(2);
    expect(classes.filter((item) => item.category === DEMO_UNRULED_CATEGORY)).toHaveLength(2);
    const several = classes.find((item) => item.otherTrainers.length > 0)!;
    expect(await em.count(Trainer, { id: { $in: several.otherTrainers }, studioGroup: fitness.id })).toBe(several.otherTrainers.length);

    const logs = await em.find(ImportLog, { importUuid }, { populate: ['studio'], orderBy: { id: 'asc' } });
    expect(logs.map((log) => [log.studio?.name ?? null, log.proc, log.status, log.classesImportCount])).toEqual([
      [null, 'classes_ondemand', 'info', 0],
      ...results.map((result) => [result.studioName, 'classes_ondemand', 'success', result.classesImported]),
      [null, 'classes_ondemand', 'success', classesImported],
    ]);

    const messages = await stream.settle(9);
    stream.unsubscribe();
    expect(messages.map((message) => [message.status, message.studio_name ?? null])).toEqual([
      ['config', null],
      ['info', null],
      ['success', 'Berlin Mitte'],
      ['finished_club', 'Berlin Mitte'],
      ['success', 'Hamburg Altona'],
      ['finished_club', 'Hamburg Altona'],
      ['success', 'München Schwabing'],
      ['finished_club', 'München Schwabing'],
      ['finished_studiogroup', null],
    ]);
    expect(messages[0].studio_count).toBe(3);
    expect(messages[2].classes_import_count).toBe(results[0].classesImported);
    expect(messages[2].message).toBe(`Berlin Mitte: ${results[0].classesImported} classes imported.`);
    expect(messages[8]).toMatchObject({ classes_import_count: classesImported, message: `Import finished: ${classesImported} classes imported from 3 studios.` });
  });

  it('does nothing twice when an activity is retried with the same import', async () => {
    const importUuid = randomUUID();
    const stream = listen(importUuid);
    const first = await importAll(importUuid);
    expect(await stream.settle(9)).toHaveLength(9);
    const again = await importAll(importUuid);
    expect(again.classesImported).toBe(first.classesImported);
    expect(await stream.settle(10)).toHaveLength(9);
    stream.unsubscribe();
    expect(await orm.em.fork().count(ImportLog, { importUuid })).toBe(5);
  });

  it('updates instead of duplicating on a new import of the same range, and heartbeats while it works', async () => {
    const em = orm.em.fork();
    const before = await em.count(StudioClass, { studioGroup: fitness.id });
    const sample = await em.findOneOrFail(StudioClass, { studioGroup: fitness.id }, { orderBy: { id: 'asc' } });
    const { uuid, sourceId } = sample;
    sample.name = 'Changed in the database';
    await em.flush();

    const importUuid = randomUUID();
    const { started } = await importAll(importUuid);
    const check = orm.em.fork();
    expect(await check.count(StudioClass, { studioGroup: fitness.id })).toBe(before);
    const reimported = await check.findOneOrFail(StudioClass, { studio: sample.studio.id, sourceId });
    expect(reimported.uuid).toBe(uuid);
    expect(reimported.name).not.toBe('Changed in the database');

    const heartbeats: unknown[] = [];
    const activityEnvironment = new MockActivityEnvironment();
    activityEnvironment.on('heartbeat', (details: unknown) => heartbeats.push(details));
    const studioInput: TImportStudioClassesInput = {
      importUuid: randomUUID(),
      studioGroupUuid: fitness.uuid,
      studioUuid: started.studios[0].uuid,
      mode: 'ondemand',
      ...JANUARY,
    };
    const result = await activityEnvironment.run<[TImportStudioClassesInput], TImportStudioClassesResult, ImportActivities['importStudioClasses']>(activities.importStudioClasses, studioInput);
    expect(heartbeats[0]).toEqual({ processed: 0, total: result.classesImported });
    expect(heartbeats.at(-1)).toEqual({ processed: result.classesImported, total: result.classesImported });
  });

  it("in 'update' mode removes classes the source no longer lists, except those a settlement uses", async () => {
    const em = orm.em.fork();
    const studio = await em.findOneOrFail(Studio, { studioGroup: fitness.id, sourceId: 'DF-BER-MITTE' });
    const template = { studioGroup: fitness.id, studio, name: 'Cancelled class', category: 'Yoga', durationMinutes: 60, importedAt: new Date() };
    em.create(StudioClass, { ...template, sourceId: 'GONE-1', startsAt: new Date('2026-01-15T09:00:00Z') });
    const settled = em.create(StudioClass, { ...template, sourceId: 'GONE-2', startsAt: new Date('2026-01-16T09:00:00Z') });
    // Outside the range: untouched.
    em.create(StudioClass, { ...template, sourceId: 'GONE-3', startsAt: new Date('2026-02-01T09:00:00Z') });
    const admin = await em.findOneOrFail(User, { email: 'admin@demo.test' });
    const trainer = await em.findOneOrFail(Trainer, { studioGroup: fitness.id, sourceId: 'DF-T001' });
    const settlement = em.create(Settlement, { studioGroup: fitness.id, month: '2026-01-31', createdBy: admin });
    const settlementTrainer = em.create(SettlementTrainer, { settlement, trainer });
    em.create(SettlementLine, {
      settlementTrainer,
      kind: 'class',
      studioClass: settled,
      studio,
      classHash: 'gone-2',
      className: 'Cancelled class',
      netCents: 3500,
      vatRateBasisPoints: 1900,
      vatCents: 665,
      grossCents: 4165,
    });
    await em.flush();

    const importUuid = randomUUID();
    const stream = listen(importUuid);
    const { results } = await importAll(importUuid, 'update');
    const berlin = results.find((result) => result.studioName === 'Berlin Mitte')!;
    expect(berlin).toMatchObject({ classesDeleted: 1, classesKept: 1 });

    const check = orm.em.fork();
    expect(await check.count(StudioClass, { studio: studio.id, sourceId: { $in: ['GONE-1', 'GONE-2', 'GONE-3'] } })).toBe(2);
    expect(await check.count(StudioClass, { studio: studio.id, sourceId: 'GONE-1' })).toBe(0);
    const log = await check.findOneOrFail(ImportLog, { importUuid, studio: studio.id });
    expect(log.proc).toBe('classes_update');
    expect(log.message).toContain('1 no longer listed removed');
    expect(log.message).toContain('1 no longer listed kept because a settlement uses them');
    stream.unsubscribe();
  });

  it('reports a failed studio once, and finishes with an error', async () => {
    const importUuid = randomUUID();
    const stream = listen(importUuid);
    const studio = await orm.em.fork().findOneOrFail(Studio, { studioGroup: fitness.id, sourceId: 'DF-HH-ALTONA' });
    const report = { importUuid, studioGroupUuid: fitness.uuid, studioUuid: studio.uuid, mode: 'ondemand' as const, message: 'The source system did not answer.' };
    await activities.reportStudioImportError(report);
    await activities.reportStudioImportError(report);
    const finished = await activities.finishClassImport({ importUuid, studioGroupUuid: fitness.uuid, mode: 'ondemand', studiosTotal: 3, studiosFailed: 1, classesImported: 400 });
    expect(finished).toEqual({ status: 'error', message: 'Import finished with errors: 400 classes imported, 1 of 3 studios failed.' });
    const messages = await stream.settle(3);
    stream.unsubscribe();
    expect(messages.map((message) => [message.status, message.message])).toEqual([
      ['error', 'Hamburg Altona: The source system did not answer.'],
      ['finished_club', 'Hamburg Altona finished'],
      ['finished_studiogroup', 'Import finished with errors: 400 classes imported, 1 of 3 studios failed.'],
    ]);
    const logs = await orm.em.fork().find(ImportLog, { importUuid }, { orderBy: { id: 'asc' } });
    expect(logs.map((log) => log.status)).toEqual(['error', 'error']);
  });

  it('sends a very long error (a CSV with hundreds of bad rows) shortened, and logs it whole', async () => {
    const importUuid = randomUUID();
    const stream = listen(importUuid);
    const error = ['The CSV file has 400 errors; nothing was imported.', ...Array.from({ length: 400 }, (_, i) => `Line ${i + 2}: booked_slots must not exceed slots`)].join('\n');
    await activities.finishClassImport({ importUuid, studioGroupUuid: fitness.uuid, mode: 'ondemand', studiosTotal: 0, studiosFailed: 0, classesImported: 0, error });
    const messages = await stream.settle(2);
    stream.unsubscribe();
    expect(messages.map((message) => message.status)).toEqual(['error', 'finished_studiogroup']);
    expect(messages[0].message).toMatch(/^The CSV file has 400 errors; nothing was imported\.\nLine 2: /);
    expect(messages[0].message).toMatch(/more lines: see the import log\.$/);
    const log = await orm.em.fork().findOneOrFail(ImportLog, { importUuid });
    expect(log).toMatchObject({ status: 'error', message: `Import failed: ${error}` });
  });

  it('refuses a source system the studio group does not use', async () => {
    const error = await activities
      .startClassImport({ importUuid: randomUUID(), studioGroupUuid: fitness.uuid, sourceSystem: 'csv', mode: 'ondemand', ...JANUARY })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: 'WrongSourceSystem', nonRetryable: true });
  });
});

describe('class import from a CSV file', () => {
  let csvGroup: StudioGroup;

  beforeAll(async () => {
    const em = orm.em.fork();
    csvGroup = em.create(StudioGroup, {
      mandant: em.getReference(Mandant, fitness.mandant.id),
      name: 'CSV Studios',
      companyName: 'CSV Studios GmbH',
      apiSlug: `csv-${randomUUID().slice(0, 8)}`,
      sourceSystem: 'csv',
      street: 'Hauptstraße',
      houseNumber: '1',
      postalCode: '10115',
      city: 'Berlin',
    });
    await em.flush();
  });

  const writeCsv = (text: string) => {
    const file = csvImportPath(dataDir, csvGroup.uuid);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  const HEADER =
    'studio_id,studio_name,class_id,date,start_time,duration_minutes,class_name,category,room,slots,booked_slots,attendees,trainer_id,trainer_firstname,trainer_lastname,trainer_email,other_trainer_ids';

  it('imports nothing from a file with bad rows and names every bad line', async () => {
    writeCsv([HEADER, 'S1,Loft,C1,2026-01-05,18:30,60,Flow,Yoga,,20,18,17,T1,Anna,Schmidt,,', 'S1,Loft,C2,2026-01-06,18:30,60,Flow,Yoga,,20,25,17,T1,Anna,Schmidt,,'].join('\n'));
    const error = await activities
      .startClassImport({ importUuid: randomUUID(), studioGroupUuid: csvGroup.uuid, sourceSystem: 'csv', mode: 'ondemand', ...JANUARY })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ type: 'SourceDataError', nonRetryable: true });
    expect((error as Error).message).toBe('The CSV file has 1 error; nothing was imported.\nLine 3: booked_slots must not exceed slots');
    const em = orm.em.fork();
    expect(await em.count(Studio, { studioGroup: csvGroup.id })).toBe(0);
    expect(await em.count(Trainer, { studioGroup: csvGroup.id })).toBe(0);
  });

  it('imports the studios, trainers and classes of a good file', async () => {
    writeCsv(
      [
        HEADER,
        'S1,Loft,C1,2026-01-05,18:30,60,Flow,Yoga,,20,18,17,T1,Anna,Schmidt,anna@example.org,',
        'S1,Loft,C2,2026-01-06,19:00,90,Dance Special,Dance,,30,12,10,T1,Anna,Schmidt,,T2',
        'S2,Garden,C1,2026-01-07,07:00,45,Cycling,Cycling,,25,25,24,T2,Lukas,Müller,,',
        'S2,Garden,C2,2026-01-08,07:00,45,Cycling,Cycling,,25,25,24,,,,,',
      ].join('\n'),
    );
    const importUuid = randomUUID();
    const { started, classesImported } = await importAll(importUuid, 'ondemand', JANUARY, csvGroup);
    expect(started.studios.map((studio) => studio.name)).toEqual(['Garden', 'Loft']);
    expect(classesImported).toBe(4);
    const em = orm.em.fork();
    const classes = await em.find(StudioClass, { studioGroup: csvGroup.id }, { populate: ['trainer', 'studio'], orderBy: { startsAt: 'asc' } });
    expect(classes.map((item) => [item.studio.name, item.sourceId, item.trainer?.lastname ?? null, item.otherTrainers.length])).toEqual([
      ['Loft', 'C1', 'Schmidt', 0],
      ['Loft', 'C2', 'Schmidt', 1],
      ['Garden', 'C1', 'Müller', 0],
      ['Garden', 'C2', null, 0],
    ]);
    expect(classes[0].startsAt.toISOString()).toBe('2026-01-05T17:30:00.000Z');
  });
});

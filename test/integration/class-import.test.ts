import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { TImportLogEntry, TImportStreamMessage } from '../../contracts/import.contract';
import { ImportLog, StudioClass, StudioGroup } from '../../db/entities';
import { WORKER_NODE_ARGS } from '../../config/worker-heap';
import { logIn, startStack, type Stack } from '../support/stack';
import { readNdjson } from '../support/ndjson';

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number };

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  fitness = admin.studioGroups[0]!;
});
afterAll(async () => {
  await stack?.stop();
});

const importUrl = (sourceSystem = 'demo', kind = 'import') => `${stack.baseUrl}/api/v1/${fitness.uuid}/${sourceSystem}/${kind}/classes/ondemand`;
const startImport = (body: unknown, { headers = admin.headers, url = importUrl() } = {}) =>
  fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });

async function readAll(response: Response) {
  const messages: TImportStreamMessage[] = [];
  for await (const message of readNdjson<TImportStreamMessage>(response)) messages.push(message);
  return messages;
}

const countClasses = async (dateStart: string, dateEnd: string) => {
  const em = stack.orm.em.fork();
  const group = await em.findOneOrFail(StudioGroup, { uuid: fitness.uuid });
  return em.count(StudioClass, { studioGroup: group, startsAt: { $gte: new Date(`${dateStart}T00:00:00+02:00`), $lte: new Date(`${dateEnd}T23:59:59+01:00`) } });
};
const countLogRows = async () => stack.orm.em.fork().count(ImportLog, {});

describe('on-demand class import', () => {
  it('streams config, one message per club and the end, in the admin’s language', async () => {
    const response = await startImport({ dateStart: '2026-09-01', dateEnd: '2026-09-30' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const messages = await readAll(response);

    expect(messages[0]).toMatchObject({ status: 'config', studio_count: 3 });
    const importUuid = messages[0]!.import_uuid;
    expect(messages.every((message) => message.import_uuid === importUuid)).toBe(true);
    const clubsDone = messages.filter((message) => message.status === 'finished_club').map((message) => message.studio_name);
    expect(clubsDone.sort()).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(messages.filter((message) => message.status === 'error')).toEqual([]);
    const last = messages.at(-1)!;
    expect(last.status).toBe('finished_studiogroup');
    // admin@demo.test works in German.
    expect(last.message).toMatch(/^Import beendet: \d+ Kurse aus 3 Studios importiert\.$/);
    expect(last.classes_import_count).toBe(await countClasses('2026-09-01', '2026-09-30'));
    // About 600 classes a month, as the demo studio group promises.
    expect(last.classes_import_count).toBeGreaterThan(500);
  });

  it('writes import log rows, newest first, with the spec’s fields', async () => {
    const response = await fetch(`${stack.baseUrl}/api/demo/import/log/${fitness.id}`, { headers: admin.headers });
    expect(response.status).toBe(200);
    const entries = (await response.json()) as TImportLogEntry[];
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(entries[0]!).sort()).toEqual(['classes_import_count', 'created_dt', 'message', 'proc', 'status', 'studio_name', 'uuid']);
    const times = entries.map((entry) => entry.created_dt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries.map((entry) => entry.studio_name)).toEqual(expect.arrayContaining(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']));
  });

  it('updates on a second import of the same range and never duplicates a class', async () => {
    const before = await countClasses('2026-09-01', '2026-09-30');
    const again = await readAll(await startImport({ dateStart: '2026-09-01', dateEnd: '2026-09-30' }));
    expect(again.at(-1)).toMatchObject({ status: 'finished_studiogroup', classes_import_count: before });
    const update = await readAll(await startImport({ dateStart: '2026-09-01', dateEnd: '2026-09-30' }, { url: importUrl('demo', 'update') }));
    expect(update.at(-1)?.status).toBe('finished_studiogroup');
    expect(await countClasses('2026-09-01', '2026-09-30')).toBe(before);
  });

  it('delivers the same messages live over socket.io to a joined room, and refuses other groups’ staff', async () => {
    // With the worker stopped, the run waits right after it started: the socket joins in time.
    await stack.stopWorker();
    const response = await startImport({ dateStart: '2026-08-01', dateEnd: '2026-08-31' });
    const importUuid = response.headers.get('x-import-uuid')!;
    expect(importUuid).toMatch(/^[0-9a-f-]{36}$/);

    const connect = (login: { userUuid: string; apiKey: string }) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(stack.baseUrl, { auth: { user: login.userUuid, apiKey: login.apiKey }, transports: ['websocket'] });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const join = (socket: Socket) => new Promise<{ ok: boolean }>((resolve) => socket.emit('join', `import:${importUuid}`, resolve));

    const yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
    const stranger = await connect(yogaAdmin);
    expect(await join(stranger)).toMatchObject({ ok: false });
    stranger.close();

    const socket = await connect(admin);
    expect(await join(socket)).toEqual({ ok: true });
    const live: TImportStreamMessage[] = [];
    const finished = new Promise<void>((resolve) =>
      socket.on('import:message', (message: TImportStreamMessage) => {
        live.push(message);
        if (message.status === 'finished_studiogroup') resolve();
      }),
    );
    await stack.startWorker();
    const streamed = await readAll(response);
    await finished;
    socket.close();
    expect(live.map((message) => message.status)).toEqual(streamed.map((message) => message.status));
    expect(live.at(-1)).toEqual(streamed.at(-1));

    await expect(
      new Promise((resolve, reject) => {
        const anonymous = io(stack.baseUrl, { auth: {}, transports: ['websocket'] });
        anonymous.once('connect', () => reject(new Error('connected without a key')));
        anonymous.once('connect_error', (error) => {
          anonymous.close();
          resolve(error.message);
        });
      }),
    ).resolves.toBeTruthy();
  });
});

describe('refusals: a clear 4xx and nothing written', () => {
  const refusals: Array<[string, () => Promise<Response>, number, Record<string, unknown>]> = [
    ['dateEnd before dateStart', () => startImport({ dateStart: '2026-09-30', dateEnd: '2026-09-01' }), 400, { field: 'dateEnd' }],
    ['a date that is not YYYY-MM-DD', () => startImport({ dateStart: '01.09.2026', dateEnd: '2026-09-30' }), 400, { field: 'dateStart' }],
    ['a date that does not exist', () => startImport({ dateStart: '2026-02-30', dateEnd: '2026-03-01' }), 400, { field: 'dateStart' }],
    ['a missing body', () => startImport({}), 400, { field: 'dateStart' }],
    ['a range over a year', () => startImport({ dateStart: '2024-01-01', dateEnd: '2025-06-30' }), 400, { field: 'dateEnd' }],
    ['an unknown source system', () => startImport({ dateStart: '2026-09-01', dateEnd: '2026-09-30' }, { url: importUrl('eversports') }), 404, { message: "Unbekanntes Quellsystem 'eversports'." }],
    ['a source system the group does not use', () => startImport({ dateStart: '2026-09-01', dateEnd: '2026-09-30' }, { url: importUrl('csv') }), 400, { field: 'source-system' }],
  ];

  it.each(refusals)('%s', async (_name, call, status, body) => {
    const rowsBefore = await countLogRows();
    const response = await call();
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ status: 'error', ...body });
    expect(await countLogRows()).toBe(rowsBefore);
  });

  it('keeps staff of another group and trainers out', async () => {
    const yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const body = { dateStart: '2026-09-01', dateEnd: '2026-09-30' };
    expect((await startImport(body, { headers: yogaAdmin.headers })).status).toBe(404);
    expect((await startImport(body, { headers: trainer.headers })).status).toBe(403);
    expect((await fetch(`${stack.baseUrl}/api/demo/import/log/${fitness.id}`, { headers: trainer.headers })).status).toBe(403);
  });
});

describe('CSV source system', () => {
  it('refuses a file with bad rows, naming each line, and imports a good one', async () => {
    const em = stack.orm.em.fork();
    await em.nativeUpdate(StudioGroup, { uuid: fitness.uuid }, { sourceSystem: 'csv' });
    const upload = (text: string) =>
      fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/csv/import/file`, { method: 'PUT', headers: { ...admin.headers, 'content-type': 'text/csv' }, body: text });
    const header = 'studio_id,studio_name,class_id,date,start_time,duration_minutes,class_name,category,room,slots,booked_slots,attendees,trainer_id,trainer_firstname,trainer_lastname,trainer_email,other_trainer_ids';
    try {
      const bad = await upload(`${header}\nS1,CSV Studio,C1,2026-07-01,09:00,60,Spinning,Cycling,R1,20,25,10,T1,Tina,Test,tina@example.test,\n`);
      expect(bad.status).toBe(400);
      const badBody = (await bad.json()) as { errors: Array<{ line: number; message: string }> };
      expect(badBody.errors[0]).toMatchObject({ line: 2 });
      // Not text at all (JSON): refused by the contract on `body`, never a 5xx.
      const json = await fetch(`${stack.baseUrl}/api/v1/${fitness.uuid}/csv/import/file`, { method: 'PUT', headers: admin.headers, body: JSON.stringify({ rows: [] }) });
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({ status: 'error', field: 'body' });

      const good = await upload(`${header}\nS1,CSV Studio,C1,2026-07-01,09:00,60,Spinning,Cycling,R1,20,15,10,T1,Tina,Test,tina@example.test,\nS1,CSV Studio,C2,2026-07-02,18:00,45,Yoga Flow,Yoga,R2,15,12,11,T1,Tina,Test,tina@example.test,\n`);
      expect(good.status).toBe(200);
      const messages = await readAll(await startImport({ dateStart: '2026-07-01', dateEnd: '2026-07-31' }, { url: importUrl('csv') }));
      expect(messages[0]).toMatchObject({ status: 'config', studio_count: 1 });
      expect(messages.at(-1)).toMatchObject({ status: 'finished_studiogroup', classes_import_count: 2 });
    } finally {
      await em.nativeUpdate(StudioGroup, { uuid: fitness.uuid }, { sourceSystem: 'demo' });
    }
  });
});

describe('a worker that dies mid-run', () => {
  const startWorkerProcess = () =>
    spawn(process.execPath, [...WORKER_NODE_ARGS, '--import', 'tsx', 'worker/main.ts'], {
      env: { ...process.env, ...stack.processEnv },
      // Not piped: an unread pipe fills up with the bundler's log and stalls the worker.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  let worker: ChildProcess | undefined;
  afterAll(() => {
    worker?.kill('SIGKILL');
  });

  it('finishes after a restart with every class once and one log row per studio', async () => {
    await stack.stopWorker();
    worker = startWorkerProcess();
    // A year of classes takes long enough to be caught in the middle.
    const response = await startImport({ dateStart: '2025-07-01', dateEnd: '2026-06-30' });
    const importUuid = response.headers.get('x-import-uuid')!;
    const messages: TImportStreamMessage[] = [];
    let killed = false;
    const reading = (async () => {
      for await (const message of readNdjson<TImportStreamMessage>(response)) {
        messages.push(message);
        // The first studio is done and the others are importing: kill the worker under them.
        if (message.status === 'success' && !killed) {
          killed = true;
          worker!.kill('SIGKILL');
          await new Promise((resolve) => worker!.once('exit', resolve));
          worker = startWorkerProcess();
        }
      }
    })();
    await reading;
    expect(killed).toBe(true);
    // Hand back to the test's own worker for what follows.
    worker!.kill('SIGTERM');
    await new Promise((resolve) => worker!.once('exit', resolve));
    worker = undefined;
    await stack.startWorker();

    expect(messages.at(-1)).toMatchObject({ status: 'finished_studiogroup' });
    expect(messages.filter((message) => message.status === 'error')).toEqual([]);
    const em = stack.orm.em.fork();
    const rows = await em.find(ImportLog, { importUuid }, { populate: ['studio'] });
    const perStudio = rows.filter((row) => row.studio && row.status === 'success').map((row) => row.studio!.name).sort();
    expect(perStudio).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(rows.filter((row) => !row.studio && row.status === 'success')).toHaveLength(1);
    const total = await countClasses('2025-07-01', '2026-06-30');
    expect(messages.at(-1)!.classes_import_count).toBe(total);
    // Once a class, whatever the worker went through: a second run changes nothing.
    const again = await readAll(await startImport({ dateStart: '2025-07-01', dateEnd: '2026-06-30' }, { headers: admin.headers }));
    expect(again.at(-1)).toMatchObject({ classes_import_count: total });
    expect(await countClasses('2025-07-01', '2026-06-30')).toBe(total);
  }, 180_000);
});

import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import type { ImportActivities } from '../../activities/import';
import type {
  TFinishClassImportInput,
  TImportStudio,
  TImportStudioClassesInput,
  TReportStudioImportErrorInput,
  TStartClassImportInput,
} from '../../activities/import/import.types';
import { progressQuery, type TClassImportInput } from '../../workflows/class-import.messages';
import { classImportWorkflow, STUDIO_IMPORT_CONCURRENCY } from '../../workflows/class-import.workflow';
import { useWorkflowTestEnvironment } from './test-server';

const STUDIOS: TImportStudio[] = [
  { uuid: 'studio-berlin', name: 'Berlin Mitte' },
  { uuid: 'studio-hamburg', name: 'Hamburg Altona' },
  { uuid: 'studio-muenchen', name: 'München Schwabing' },
];

const CLASSES_PER_STUDIO: Record<string, number> = { 'studio-berlin': 210, 'studio-hamburg': 195, 'studio-muenchen': 201 };

type Call =
  | { name: 'startClassImport'; input: TStartClassImportInput }
  | { name: 'importStudioClasses'; input: TImportStudioClassesInput }
  | { name: 'reportStudioImportError'; input: TReportStudioImportErrorInput }
  | { name: 'finishClassImport'; input: TFinishClassImportInput };

type Overrides = Partial<{
  studios: TImportStudio[];
  startClassImport: () => Promise<void>;
  importStudioClasses: (input: TImportStudioClassesInput, attempt: number) => Promise<void>;
}>;

/** Activities that record their calls; each behaviour can be replaced per test. */
function mockActivities(overrides: Overrides = {}) {
  const calls: Call[] = [];
  const attempts = new Map<string, number>();
  const activities: ImportActivities = {
    async startClassImport(input) {
      calls.push({ name: 'startClassImport', input });
      await overrides.startClassImport?.();
      return { studios: overrides.studios ?? STUDIOS, trainers: 25 };
    },
    async importStudioClasses(input) {
      calls.push({ name: 'importStudioClasses', input });
      const attempt = (attempts.get(input.studioUuid) ?? 0) + 1;
      attempts.set(input.studioUuid, attempt);
      await overrides.importStudioClasses?.(input, attempt);
      const classesImported = CLASSES_PER_STUDIO[input.studioUuid] ?? 10;
      const studioName = (overrides.studios ?? STUDIOS).find((studio) => studio.uuid === input.studioUuid)!.name;
      return { studioUuid: input.studioUuid, studioName, classesImported, classesDeleted: 0, classesKept: 0, classesWithUnknownTrainer: 0 };
    },
    async reportStudioImportError(input) {
      calls.push({ name: 'reportStudioImportError', input });
    },
    async finishClassImport(input) {
      calls.push({ name: 'finishClassImport', input });
      return { status: input.error || input.studiosFailed ? 'error' : 'success', message: 'done' };
    },
  };
  return { activities, calls, attempts };
}

const input = (overrides: Partial<TClassImportInput> = {}): TClassImportInput => ({
  importUuid: randomUUID(),
  studioGroupUuid: randomUUID(),
  sourceSystem: 'demo',
  dateStart: '2026-01-01',
  dateEnd: '2026-01-31',
  mode: 'ondemand',
  requestedByUserUuid: randomUUID(),
  ...overrides,
});

describe('classImportWorkflow', () => {
  const temporal = useWorkflowTestEnvironment();

  async function run(workflowInput: TClassImportInput, activities: ImportActivities) {
    const { worker, taskQueue } = await temporal.createWorker({ activities });
    return worker.runUntil(
      temporal.env.client.workflow.execute(classImportWorkflow, { args: [workflowInput], workflowId: `class-import-${workflowInput.importUuid}`, taskQueue }),
    );
  }

  it('syncs master data, imports every studio in its own activity and finishes the studio group', async () => {
    const { activities, calls } = mockActivities();
    const workflowInput = input();
    const result = await run(workflowInput, activities);

    expect(calls[0]).toEqual({
      name: 'startClassImport',
      input: {
        importUuid: workflowInput.importUuid,
        studioGroupUuid: workflowInput.studioGroupUuid,
        sourceSystem: 'demo',
        dateStart: '2026-01-01',
        dateEnd: '2026-01-31',
        mode: 'ondemand',
        locale: 'en',
      },
    });
    // The studios run side by side, so their activities may start in any order.
    const imports = calls.filter((call) => call.name === 'importStudioClasses');
    expect(imports.map((call) => call.input)).toEqual(expect.arrayContaining(
      STUDIOS.map((studio) => ({
        importUuid: workflowInput.importUuid,
        studioGroupUuid: workflowInput.studioGroupUuid,
        studioUuid: studio.uuid,
        dateStart: '2026-01-01',
        dateEnd: '2026-01-31',
        mode: 'ondemand',
        locale: 'en',
      })),
    ));
    expect(calls.map((call) => call.name)).toEqual(['startClassImport', 'importStudioClasses', 'importStudioClasses', 'importStudioClasses', 'finishClassImport']);
    expect(calls.at(-1)).toEqual({
      name: 'finishClassImport',
      input: { importUuid: workflowInput.importUuid, studioGroupUuid: workflowInput.studioGroupUuid, mode: 'ondemand', studiosTotal: 3, studiosFailed: 0, classesImported: 606, locale: 'en' },
    });
    expect(result).toEqual({
      importUuid: workflowInput.importUuid,
      status: 'success',
      studiosTotal: 3,
      studiosDone: 3,
      studiosFailed: 0,
      classesImported: 606,
      finished: true,
      errors: [],
    });
  });

  it("reports one studio's failure with its message and still imports the others", async () => {
    const { activities, calls, attempts } = mockActivities({
      async importStudioClasses(studioInput, attempt) {
        if (studioInput.studioUuid === 'studio-hamburg') {
          throw ApplicationFailure.nonRetryable('The source system refused the request for Hamburg Altona.', 'SourceDataError');
        }
        // A passing hiccup is retried and does not count as a failure.
        if (studioInput.studioUuid === 'studio-muenchen' && attempt === 1) throw new Error('connection reset');
      },
    });
    const workflowInput = input({ mode: 'update', locale: 'de' });
    const result = await run(workflowInput, activities);

    expect(attempts.get('studio-hamburg')).toBe(1);
    expect(attempts.get('studio-muenchen')).toBe(2);
    const reports = calls.filter((call) => call.name === 'reportStudioImportError');
    expect(reports.map((call) => call.input)).toEqual([
      {
        importUuid: workflowInput.importUuid,
        studioGroupUuid: workflowInput.studioGroupUuid,
        studioUuid: 'studio-hamburg',
        mode: 'update',
        message: 'The source system refused the request for Hamburg Altona.',
        // The requester's language reaches every activity that writes a message.
        locale: 'de',
      },
    ]);
    expect(calls.at(-1)).toMatchObject({ name: 'finishClassImport', input: { studiosTotal: 3, studiosFailed: 1, classesImported: 411, mode: 'update' } });
    expect(result).toMatchObject({
      status: 'error',
      studiosTotal: 3,
      studiosDone: 3,
      studiosFailed: 1,
      classesImported: 411,
      finished: true,
      errors: ['Hamburg Altona: The source system refused the request for Hamburg Altona.'],
    });
  });

  it('reports a studio whose import keeps failing after its retries', async () => {
    const { activities, calls, attempts } = mockActivities({
      async importStudioClasses(studioInput) {
        if (studioInput.studioUuid === 'studio-berlin') throw new Error('database is down');
      },
    });
    const result = await run(input(), activities);
    expect(attempts.get('studio-berlin')).toBe(3);
    expect(calls.filter((call) => call.name === 'reportStudioImportError').map((call) => call.input.message)).toEqual(['database is down']);
    expect(result).toMatchObject({ status: 'error', studiosFailed: 1, studiosDone: 3, classesImported: 396 });
  });

  it('ends with an error message and finished_studiogroup when the import cannot start', async () => {
    const csvErrors = 'The CSV file has 1 error; nothing was imported.\nLine 7: booked_slots must not exceed slots';
    const { activities, calls } = mockActivities({
      async startClassImport() {
        throw ApplicationFailure.nonRetryable(csvErrors, 'SourceDataError');
      },
    });
    const workflowInput = input({ sourceSystem: 'csv' });
    const result = await run(workflowInput, activities);
    expect(calls.map((call) => call.name)).toEqual(['startClassImport', 'finishClassImport']);
    expect(calls[1].input).toMatchObject({ studiosTotal: 0, studiosFailed: 0, classesImported: 0, error: csvErrors });
    expect(result).toMatchObject({ status: 'error', finished: true, errors: [csvErrors] });
  });

  it(`imports at most ${STUDIO_IMPORT_CONCURRENCY} studios at a time`, async () => {
    const studios = Array.from({ length: 10 }, (_, i) => ({ uuid: `studio-${i}`, name: `Studio ${i}` }));
    let running = 0;
    let mostRunning = 0;
    const { activities, calls } = mockActivities({
      studios,
      async importStudioClasses() {
        running++;
        mostRunning = Math.max(mostRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 50));
        running--;
      },
    });
    const result = await run(input(), activities);
    expect(mostRunning).toBeLessThanOrEqual(STUDIO_IMPORT_CONCURRENCY);
    expect(new Set(calls.filter((call) => call.name === 'importStudioClasses').map((call) => call.input.studioUuid))).toEqual(new Set(studios.map((studio) => studio.uuid)));
    expect(result).toMatchObject({ status: 'success', studiosTotal: 10, studiosDone: 10, classesImported: 100 });
  });

  it('answers the progress query while studios are importing', async () => {
    let releaseMuenchen: () => void = () => {};
    const muenchenReleased = new Promise<void>((resolve) => (releaseMuenchen = resolve));
    const { activities } = mockActivities({
      async importStudioClasses(studioInput) {
        if (studioInput.studioUuid === 'studio-muenchen') await muenchenReleased;
      },
    });
    const { worker, taskQueue } = await temporal.createWorker({ activities });
    const workflowInput = input();
    await worker.runUntil(async () => {
      const handle = await temporal.env.client.workflow.start(classImportWorkflow, { args: [workflowInput], workflowId: `class-import-${workflowInput.importUuid}`, taskQueue });
      let progress = await handle.query(progressQuery);
      for (let i = 0; i < 100 && progress.studiosDone < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        progress = await handle.query(progressQuery);
      }
      expect(progress).toEqual({ studiosTotal: 3, studiosDone: 2, studiosFailed: 0, classesImported: 405, finished: false });
      releaseMuenchen();
      await handle.result();
      expect(await handle.query(progressQuery)).toEqual({ studiosTotal: 3, studiosDone: 3, studiosFailed: 0, classesImported: 606, finished: true });
    });
  });

  it('refuses an input that does not match its schema', async () => {
    const { activities, calls } = mockActivities();
    const error = await run({ ...input(), dateStart: '01.01.2026' }, activities).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect(((error as WorkflowFailedError).cause as ApplicationFailure).message).toMatch(/dateStart: must be a date as YYYY-MM-DD/);
    expect(calls).toEqual([]);
  });
});

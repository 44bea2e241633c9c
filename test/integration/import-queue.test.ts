import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCancelImportResponse, ZEnqueueImportResponse, ZImportQueueStatusResponse, type TEnqueueImportResponse, type TImportQueueStatusResponse } from '../../contracts/import-queue.contract';
import type { TBillableTrainersResponse } from '../../contracts/settlement.contract';
import { Comment, ImportQueueItem, SettlementLine, User } from '../../db/entities';
import { importQueueWorkflowId } from '../../workflows/ids';
import { readNdjson } from '../support/ndjson';
import { logIn, startStack, type Stack } from '../support/stack';

// The data import queue of the preview check (spec admin 2.17, 7 "Preview check") against the real
// API, PostgreSQL, Temporal and worker: two items run one after the other, the status answers
// position, total and estimated wait, the recalculated lines equal a fresh preparation, a comment
// survives, and the refusals are clear 4xx answers.

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };

const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 });
const MONTH = month.endOf('month').toISODate()!;

const api = (path: string) => `${stack.baseUrl}/api/v1/${fitness.uuid}${path}`;
const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...admin.headers, 'x-locale': 'en' }) => {
  const response = await fetch(api(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};
const prepare = (phase: string, extra: Record<string, unknown> = {}) =>
  call('POST', `/settlement/${fitness.apiSlug}/create/${phase}`, { idMandant: fitness.mandantId, idStudioGroup: fitness.id, studioGroupUuid: fitness.uuid, settlementMonth: MONTH, settlementUuid, ...extra });
const prepareAll = async () => {
  for (const phase of ['invoice-data', 'class', 'trainer']) expect((await prepare(phase)).status).toBe(200);
};
const enqueue = (importType: string, parameters: Record<string, unknown> = {}) =>
  call<TEnqueueImportResponse>('POST', '/import/queue', {
    importType,
    userUuid: admin.headers['x-user'],
    parameters: { studioGroupUuid: fitness.uuid, settlementUuid, settlementRunUuid: null, idMandant: fitness.mandantId, idStudioGroup: fitness.id, settlementMonth: MONTH, apiSlug: fitness.apiSlug, ...parameters },
  });
const status = (queueUuid: string) => call<TImportQueueStatusResponse>('GET', `/import/queue/status/uuid/${queueUuid}`);

async function untilFinished(queueUuid: string) {
  for (let tries = 0; tries < 240; tries++) {
    const answer = await status(queueUuid);
    if (['completed', 'error', 'cancelled'].includes(answer.body.status)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`queue item ${queueUuid} did not finish`);
}

/** Every line of the settlement: trainer, kind, class hash and amounts, in a stable order. */
async function linesOf() {
  const em = stack.orm.em.fork();
  const lines = await em.find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid } } }, { populate: ['settlementTrainer.trainer'] });
  return lines
    .map((line) => ({ trainer: line.settlementTrainer.trainer.uuid, kind: line.kind, classHash: line.classHash, net: line.netCents, vat: line.vatCents, gross: line.grossCents }))
    .sort((a, b) => `${a.trainer}${a.kind}${a.classHash}`.localeCompare(`${b.trainer}${b.kind}${b.classHash}`));
}

let settlementUuid: string;
let studioUuid: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = (admin.studioGroups as unknown as Array<typeof fitness>)[0]!;
  const response = await fetch(api('/demo/import/classes/ondemand'), { method: 'POST', headers: admin.headers, body: JSON.stringify({ dateStart: month.toISODate(), dateEnd: MONTH }) });
  expect(response.status).toBe(200);
  for await (const message of readNdjson<{ status: string }>(response)) void message;

  settlementUuid = randomUUID();
  const billable = await call<TBillableTrainersResponse>('GET', `/settlement/${settlementUuid}/billable-trainers?month=${MONTH}`);
  const selectable = [...new Set(billable.body.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))];
  studioUuid = billable.body.locations[0]!.location_uuid;
  expect((await call('POST', `/settlement/${settlementUuid}/selection`, { settlementMonth: MONTH, trainersSelected: selectable })).status).toBe(200);
  await prepareAll();
});

afterAll(async () => {
  // RECORD_HISTORY=path writes the queue's history (both items, a cancel) for the replay test.
  if (process.env.RECORD_HISTORY && stack) {
    const history = await stack.temporal.workflow.getHandle(importQueueWorkflowId(fitness.uuid)).fetchHistory();
    writeFileSync(process.env.RECORD_HISTORY, historyToJSON(history));
  }
  await stack?.temporal.workflow.getHandle(importQueueWorkflowId(fitness.uuid)).terminate('test over').catch(() => undefined);
  await stack?.stop();
});

describe('data import queue (spec 2.17)', () => {
  let first: TEnqueueImportResponse;
  let second: TEnqueueImportResponse;
  let commentUuid: string;

  it('runs two items one after the other, re-prepares the lines and keeps the comments', async () => {
    const before = await linesOf();
    expect(before.length).toBeGreaterThan(0);
    // A comment on a class line: comments live in their own table, keyed by class hash.
    const em = stack.orm.em.fork();
    const line = await em.findOneOrFail(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid } }, kind: 'class' }, { populate: ['settlementTrainer'], orderBy: { id: 'asc' } });
    const author = await em.findOneOrFail(User, { email: 'admin@demo.test' });
    const comment = em.create(Comment, { settlementTrainer: line.settlementTrainer, classHash: line.classHash, className: line.className, author, authorName: 'Admin', role: 'ROLE_ADMIN', text: 'Kurs fehlt?' });
    await em.flush();
    commentUuid = comment.uuid;

    const firstAnswer = await enqueue('recalculate_billing');
    expect(firstAnswer.status).toBe(200);
    first = ZEnqueueImportResponse.parse(firstAnswer.body);
    const secondAnswer = await enqueue('update_location_data_and_recalculate_billing', { studioUuid });
    expect(secondAnswer.status).toBe(200);
    second = ZEnqueueImportResponse.parse(secondAnswer.body);
    expect(second.queueId).toBeGreaterThan(first.queueId);

    const waiting = ZImportQueueStatusResponse.parse((await status(second.uuid)).body);
    if (waiting.status === 'pending') {
      // Behind the first item: position 2 of 2, an estimate from the default or recent runs.
      expect(waiting).toMatchObject({ success: true, position: 2, total: 2, message: 'Your import was added to the queue...' });
      expect(waiting.estimatedWaitTime).toBeGreaterThanOrEqual(0);
    }

    const firstDone = await untilFinished(first.uuid);
    expect(firstDone.body).toEqual({ success: true, status: 'completed', position: 0, total: 1, estimatedWaitTime: 0, message: 'Import finished successfully.' });
    const secondDone = await untilFinished(second.uuid);
    expect(secondDone.body.status).toBe('completed');

    const rows = await stack.orm.em.fork().find(ImportQueueItem, { uuid: { $in: [first.uuid, second.uuid] } }, { orderBy: { id: 'asc' } });
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed']);
    // One at a time: the second started after the first finished.
    expect(rows[1]!.startedAt!.getTime()).toBeGreaterThanOrEqual(rows[0]!.finishedAt!.getTime());

    const recalculated = await linesOf();
    expect(recalculated).toEqual(before);
    expect(await stack.orm.em.fork().count(Comment, { uuid: commentUuid })).toBe(1);

    // A fresh preparation gives the same lines as the recalculation.
    await prepareAll();
    expect(await linesOf()).toEqual(recalculated);
  });

  it('answers the status in German for a German caller', async () => {
    const answer = await call<TImportQueueStatusResponse>('GET', `/import/queue/status/uuid/${first.uuid}`, undefined, { ...admin.headers, 'x-locale': 'de' });
    expect(answer.body.message).toBe('Import erfolgreich abgeschlossen.');
  });

  it('cancels a waiting item; refuses a finished one (409) and an unknown one (404)', async () => {
    const running = ZEnqueueImportResponse.parse((await enqueue('recalculate_billing')).body);
    const behind = ZEnqueueImportResponse.parse((await enqueue('recalculate_billing')).body);
    const cancelled = await call('DELETE', `/import/queue/cancel/uuid/${behind.uuid}`);
    expect(cancelled.status).toBe(200);
    expect(ZCancelImportResponse.parse(cancelled.body)).toEqual({ success: true });
    expect((await status(behind.uuid)).body).toMatchObject({ status: 'cancelled', message: 'The import was cancelled.' });
    await untilFinished(running.uuid);

    const again = await call<{ status: string; message: string }>('DELETE', `/import/queue/cancel/uuid/${behind.uuid}`);
    expect(again).toEqual({ status: 409, body: { status: 'error', message: 'The import has already finished and can no longer be cancelled.' } });
    const finished = await call<{ status: string; message: string }>('DELETE', `/import/queue/cancel/uuid/${first.uuid}`);
    expect(finished.status).toBe(409);
    expect((await call('DELETE', `/import/queue/cancel/uuid/${randomUUID()}`)).status).toBe(404);
    expect((await call('DELETE', '/import/queue/cancel/uuid/not-a-uuid')).status).toBe(404);
    expect((await status(randomUUID())).status).toBe(404);
  });

  it('refuses a bad body (400) and the staff of another studio group', async () => {
    const noType = await call<{ status: string; field?: string }>('POST', '/import/queue', { parameters: { settlementUuid } });
    expect(noType.status).toBe(400);
    expect(noType.body).toMatchObject({ status: 'error', field: 'importType' });
    const noStudio = await enqueue('update_location_data_and_recalculate_billing');
    expect(noStudio.status).toBe(400);
    expect(noStudio.body).toMatchObject({ field: 'parameters.studioUuid' });
    const otherGroup = await enqueue('recalculate_billing', { studioGroupUuid: randomUUID() });
    expect(otherGroup.status).toBe(400);
    expect((await enqueue('recalculate_billing', { settlementUuid: randomUUID() })).status).toBe(404);
    // idStudioGroup names a studio group: a positive integer (as a number or its digits), nothing else.
    for (const idStudioGroup of [0, -1, 'x', 1.5]) {
      const badId = await enqueue('recalculate_billing', { idStudioGroup });
      expect(badId.status, String(idStudioGroup)).toBe(400);
      expect(badId.body).toMatchObject({ status: 'error', field: 'parameters.idStudioGroup' });
    }

    const foreign = await call('GET', `/import/queue/status/uuid/${first.uuid}`, undefined, yogaAdmin.headers);
    expect([403, 404]).toContain(foreign.status);
  });
});

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEnqueueImportResponse, TImportQueueStatusResponse } from '../../contracts/import-queue.contract';
import { OVERALL_FEEDBACK, type TCommentsResponse, type TCreditNotePreview } from '../../contracts/review.contract';
import type { TSettlementDetail } from '../../contracts/settlement.contract';
import { CreditNote, StudioGroupTrainer, Trainer } from '../../db/entities';
import { creditNoteCorrectionWorkflowId, creditNoteRunWorkflowId, importQueueWorkflowId, settlementWorkflowId } from '../../workflows/ids';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { apiCaller, logIn, startStack, type Stack } from '../support/stack';

// A recalculation through the import queue (spec admin 2.17) of a settlement under review, against
// the real API, PostgreSQL, Temporal and worker: the demo trainer was sent a preview, commented on a
// class and on the whole month, the admin answered, trainer and company approved; then the admin
// recalculates. The comments are still in the preview (trainer's and admin's view), the preview
// stays sent, and the approvals are withdrawn: the numbers were prepared again, so both approve anew.
// Then the month goes on to its end: approvals, a credit-note run, the correction of the credit note
// and the settlement finished. RECORD_HISTORY=<folder> writes the histories of these workflows
// (settlement, its run, the correction and its run) for the replay test:
//   RECORD_HISTORY=test/fixtures/histories npx vitest run test/integration/recalculation.test.ts

const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let trainer: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let linked: string;
let other: string;
const settlementUuid = randomUUID();
const runUuid = randomUUID();
/** Workflow IDs of the histories RECORD_HISTORY writes, by file name. */
const recorded = new Map<string, string>([['settlement-v2-review-recalculate-run-finish.json', settlementWorkflowId(settlementUuid)], ['credit-note-run-v1.json', creditNoteRunWorkflowId(runUuid)]]);

const call = apiCaller(() => `${stack.baseUrl}/api`, () => admin);
const v1 = (path: string) => `/v1/${fitness.uuid}${path}`;
const previewPath = () => `/v2/${fitness.uuid}/trainer-account/${trainer.userUuid}/credit-note-preview/${settlementUuid}`;
const trainerPreview = async () => {
  const answer = await call<TCreditNotePreview>('GET', previewPath(), { as: trainer });
  expect(answer.status).toBe(200);
  return answer.body;
};
const adminPreview = async () => {
  const answer = await call<TCreditNotePreview>('POST', v1(`/settlement/trainer-preview/${linked}`), { body: { settlementUuid, settlementMonth: MONTH, apiSlug: fitness.apiSlug } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const workflowState = async () => (await call<TSettlementDetail>('GET', v1(`/settlement/${settlementUuid}`))).body.workflow!;

/** Every comment text of a preview: per class row and the overall feedback. */
const commentTexts = (preview: TCreditNotePreview) =>
  [...preview.credit_note_rows.flatMap((row) => row.comment.comments.map((comment) => `${row.class_hash}: ${comment.comment}`)), ...preview.overall_feedback.comments.map((comment) => `overall: ${comment.comment}`)].sort();

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitness = keys;
  linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] })).trainer.uuid;
  other = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T002' })).uuid;

  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, DateTime.fromISO(MONTH).startOf('month').toISODate()!, MONTH);
  await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [linked, other]);
  const sent = await fetch(`${stack.baseUrl}/api${v1('/settlement/trainer-preview/send')}`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ settlementUuid, settlementMonth: MONTH, trainersSelected: [linked], message: 'Bitte prüfen' }),
  });
  expect(sent.status).toBe(200);
  for await (const line of readNdjson(sent)) void line;
});

afterAll(async () => {
  if (process.env.RECORD_HISTORY && stack) {
    for (const [file, workflowId] of recorded) {
      const history = await stack.temporal.workflow.getHandle(workflowId).fetchHistory();
      writeFileSync(path.join(process.env.RECORD_HISTORY, file), historyToJSON(history));
    }
  }
  // The queue workflow's ID is the studio group's (the same in every cloned database): leave none running.
  await stack?.temporal.workflow.getHandle(importQueueWorkflowId(fitness.uuid)).terminate('test over').catch(() => undefined);
  await stack?.stop();
});

describe('a recalculation through the import queue', () => {
  let classHash: string;
  let before: string[];

  it('starts from a reviewed preview: comments on a class and the month, both approvals', async () => {
    const preview = await trainerPreview();
    const classRow = preview.credit_note_rows.find((row) => row.class_datetime !== null);
    expect(classRow).toBeDefined();
    classHash = classRow!.class_hash;

    const byTrainer = await call<TCommentsResponse>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Kurs fiel aus?', classHash, className: classRow!.class_name, mood: 'sad' } });
    expect(byTrainer.status).toBe(200);
    const overall = await call<TCommentsResponse>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Sonst alles gut', classHash: OVERALL_FEEDBACK } });
    expect(overall.status).toBe(200);
    const byAdmin = await call<TCommentsResponse>('POST', v1(`/settlement/trainer-preview/comment/${linked}`), { body: { settlementUuid, comment: 'Wir prüfen das', classHash, className: classRow!.class_name } });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);

    expect((await call('POST', `${previewPath()}/approve`, { as: trainer, body: { approved: true } })).status).toBe(200);
    expect((await call('POST', v1(`/settlement/trainer-preview/approve_by_company/${linked}`), { body: { settlementUuid, approved: true } })).status).toBe(200);

    const state = await workflowState();
    expect(state.approvals[linked]).toEqual({ company: true, trainer: true });
    before = commentTexts(await adminPreview());
    expect(before).toEqual([`${classHash}: Kurs fiel aus?`, `${classHash}: Wir prüfen das`, 'overall: Sonst alles gut'].sort());
  });

  it('keeps every comment and the sent preview, and withdraws both approvals', async () => {
    const enqueued = await call<TEnqueueImportResponse>('POST', v1('/import/queue'), {
      body: {
        importType: 'recalculate_billing',
        userUuid: admin.userUuid,
        parameters: { studioGroupUuid: fitness.uuid, settlementUuid, settlementRunUuid: null, idMandant: fitness.mandantId, idStudioGroup: fitness.id, settlementMonth: MONTH, apiSlug: fitness.apiSlug },
      },
    });
    expect(enqueued.status, JSON.stringify(enqueued.body)).toBe(200);
    let status: TImportQueueStatusResponse | undefined;
    for (let tries = 0; tries < 240; tries++) {
      status = (await call<TImportQueueStatusResponse>('GET', v1(`/import/queue/status/uuid/${enqueued.body.uuid}`))).body;
      if (['completed', 'error', 'cancelled'].includes(status.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status?.status).toBe('completed');

    const state = await workflowState();
    expect(state.preparation).toMatchObject({ phase: 'done', runs: 2 });
    expect(state.previewSentTrainerUuids).toEqual([linked]);
    expect(state.approvals[linked]).toBeUndefined();

    // The same threads, in the admin's preview check and on the trainer's review screen.
    expect(commentTexts(await adminPreview())).toEqual(before);
    const preview = await trainerPreview();
    expect(commentTexts(preview)).toEqual(before);
    expect(preview.credit_note_rows.find((row) => row.class_hash === classHash)?.comment.comments.map((comment) => comment.comment)).toEqual(['Wir prüfen das', 'Kurs fiel aus?']);
    // Unlocked again: the trainer may comment and approve the new numbers.
    expect(preview.locked).toBe(false);
    const again = await call<TCommentsResponse>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Jetzt stimmt es', classHash: OVERALL_FEEDBACK } });
    expect(again.status).toBe(200);
    expect((await call('POST', `${previewPath()}/approve`, { as: trainer, body: { approved: true } })).status).toBe(200);
    expect((await workflowState()).approvals[linked]).toEqual({ company: false, trainer: true });
  });

  it('goes on to the end of the month: approvals, a credit-note run, a correction, finished', async () => {
    expect((await call('POST', v1(`/settlement/trainer-preview/approve_by_company/${linked}`), { body: { settlementUuid, approved: true } })).status).toBe(200);
    const sent = await fetch(`${stack.baseUrl}/api${v1('/settlement/trainer-credit-note/send')}`, {
      method: 'POST',
      headers: { ...admin.headers, 'x-locale': 'en' },
      body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: [linked] }),
    });
    expect(sent.status).toBe(200);
    const statuses: string[] = [];
    for await (const line of readNdjson<{ status: string }>(sent)) statuses.push(line.status);
    expect(statuses.at(-1)).toBe('finished_studiogroup');
    // The stream ends with the run's last activity; the settlement learns it when the child run completes.
    await expect.poll(async () => (await workflowState()).creditNoteRun, { timeout: 15_000 }).toMatchObject({ runUuid, phase: 'done', issued: 1 });
    // Billed: the comments and approvals of this trainer are closed now.
    expect((await call('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Noch was', classHash: OVERALL_FEEDBACK } })).status).toBeGreaterThanOrEqual(400);

    const original = await stack.orm.em.fork().findOneOrFail(CreditNote, { documentType: 'credit_note', settlementRun: { uuid: runUuid } });
    expect((await call('POST', `/v1/${fitness.uuid}/credit-notes/${original.uuid}/cancel`, { body: {} })).status).toBe(202);
    const correction = stack.temporal.workflow.getHandle(creditNoteCorrectionWorkflowId(original.uuid));
    const corrected = (await correction.result()) as { cancellationNumber: string; newRunUuid: string; newCreditNoteIssued: boolean };
    expect(corrected.newCreditNoteIssued).toBe(true);
    recorded.set('credit-note-correction-v1.json', creditNoteCorrectionWorkflowId(original.uuid));
    recorded.set('credit-note-run-correction-v1.json', creditNoteRunWorkflowId(corrected.newRunUuid));

    const finished = await call<{ status?: string }>('POST', v1(`/settlement/${settlementUuid}/command`), { body: { action: 'finish_settlement' } });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(await stack.temporal.workflow.getHandle(settlementWorkflowId(settlementUuid)).result()).toMatchObject({ status: 'completed' });
  });
});

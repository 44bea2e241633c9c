import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { describe, expect, it } from 'vitest';
import type { CreditNoteActivities } from '../../activities/credit-notes';
import type { MailActivities } from '../../activities/mail';
import type { PrepareActivities } from '../../activities/prepare';
import type { ReviewActivities } from '../../activities/review';
import type { TRecordApprovalInput } from '../../activities/review/review.types';
import {
  approvalsChangedSignal,
  approveUpdate,
  awaitPreparationPhaseUpdate,
  createSettlementUpdate,
  goToStepUpdate,
  sendCreditNotesUpdate,
  sendPreviewsUpdate,
  settlementCommandUpdate,
  startPreparationUpdate,
  stateQuery,
  trainerStatesChangedSignal,
  type TSettlementInput,
  type TSettlementState,
} from '../../workflows/settlement.messages';
import { settlementWorkflow } from '../../workflows/settlement.workflow';
import { settlementWorkflowId } from '../../workflows/ids';
import { withUpdateSentAgain } from '../../api/temporal';
import { historiesOfRuns, type RunHistory } from '../support/workflow-runs';
import { useWorkflowTestEnvironment, updateRefusal as refusal } from './test-server';

// The review loop of the settlement workflow (steps 3–4) and the start of a credit-note run, with
// mocked activities on the time-skipping test server: after sending previews the settlement waits
// (days) for approvals; the approve update's validator refuses locked toggles without running the
// activity; a recalculation keeps the sent previews and withdraws the approvals of the re-prepared
// trainers; sendCreditNotes is refused for a trainer the company has not approved and for a run uuid
// used before; the previews of more than one chunk go through the pipeline (a chunk's e-mails
// recorded and delivered in a delivery lane while the next chunks' reviews are created; processed,
// counts and the finish message right; a delivery that fails for good stops the send, the created
// reviews' e-mails still recorded). RECORD_HISTORY=<folder> writes the history of the pipelined send
// (five chunks, all delivered, the settlement finished) for the replay test:
//   RECORD_HISTORY=test/fixtures/histories npx vitest run test/workflows/review-loop.workflow.test.ts The records' side (comments surviving a
// recalculation) is test/integration/recalculation.test.ts. A month closed in runs that continue as
// new (docs/decisions/0170) runs on a local dev server, in a describe block of its own, and writes
// its runs' histories with RECORD_HISTORY too.

type Activities = PrepareActivities &
  Pick<ReviewActivities, 'createTrainerReviews' | 'queuePreviewEmails' | 'announcePreviewSendFinished' | 'recordApproval'> &
  Pick<MailActivities, 'deliverEmails'> &
  Pick<
    CreditNoteActivities,
    'startCreditNoteRun' | 'issueCreditNotes' | 'recordCreditNotes' | 'drawCreditNotePdfs' | 'queueCreditNoteEmails' | 'markCreditNotesSent' | 'createRunFiles' | 'finishCreditNoteRun'
  >;

type Calls = { previews: string[][]; approvals: TRecordApprovalInput[]; issued: string[]; prepared: string[][] };

/** How long the mocked recordApproval takes (real time). */
let approvalDelayMs = 0;

/** Mocked activities that keep approvals as the records would: the latest toggle per trainer and kind. */
function mockActivities() {
  const calls: Calls = { previews: [], approvals: [], issued: [], prepared: [] };
  const current = new Map<string, { company: boolean; trainer: boolean }>();
  const noSums = { netCents: 0, vatCents: 0, grossCents: 0 };
  const issue = (trainerUuids: string[]) => {
    calls.issued.push(...trainerUuids);
    return { trainers: trainerUuids.map((trainerUuid, index) => ({ trainerUuid, outcome: 'issued' as const, number: `GS-2026-${String(calls.issued.length - trainerUuids.length + index + 1).padStart(5, '0')}` })) };
  };
  const activities: Activities = {
    async freezeSettlementInvoiceData(input) {
      return { trainerUuids: input.trainerUuids, lockedTrainerUuids: [], anyCreditNoteSent: false, rules: 1 };
    },
    async prepareTrainerLines(input) {
      calls.prepared.push(input.trainerUuids);
      // A re-prepared trainer's approval rows no longer count (the numbers changed).
      for (const uuid of input.trainerUuids) current.delete(uuid);
      return { trainers: input.trainerUuids.length, lines: 0, ...noSums };
    },
    async markTrainersPrepared(input) {
      return { trainers: input.trainerUuids.length, ...noSums };
    },
    async recordTrainerReview() {},
    async recordSettlementStatus() {},
    async saveAdminPosition(input) {
      return { trainerUuid: input.trainerUuid, positions: 1, grossCents: 0 };
    },
    async removeAdminPosition(input) {
      return { trainerUuid: input.trainerUuid, positions: 0, grossCents: 0 };
    },
    async createTrainerReviews(input) {
      calls.previews.push(input.trainerUuids);
      return { trainers: input.trainerUuids.map((trainerUuid) => ({ trainerUuid, outcome: 'created' as const, ...(input.queueEmails === false ? {} : { emailUuid: randomUUID() }) })) };
    },
    async queuePreviewEmails(input) {
      return { emailUuids: input.trainerUuids.map(() => randomUUID()) };
    },
    async announcePreviewSendFinished() {},
    async deliverEmails(input) {
      return input.emailUuids.map((emailUuid) => ({ emailUuid, status: 'sent' as const, delivery: 'smtp' as const, alreadySent: false }));
    },
    async recordApproval(input) {
      calls.approvals.push(input);
      // As slow as the records can be under load, so that approvals overlap in the workflow.
      if (approvalDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, approvalDelayMs));
      const approvals = { ...(current.get(input.trainerUuid) ?? { company: false, trainer: false }) };
      if (input.by === 'trainer') approvals.trainer = input.approved;
      if (input.by === 'company') approvals.company = input.approved;
      current.set(input.trainerUuid, approvals);
      return { entries: [{ approved: input.approved, user: input.userUuid, timestamp: 1_760_000_000 }], ...approvals };
    },
    async startCreditNoteRun(input) {
      return { runUuid: input.runUuid };
    },
    async issueCreditNotes(input) {
      return issue(input.trainerUuids);
    },
    // The pipelined run (since its patch): numbering, then the PDFs in a step of their own.
    async recordCreditNotes(input) {
      return issue(input.trainerUuids);
    },
    async drawCreditNotePdfs(input) {
      return { drawn: input.trainerUuids.length };
    },
    async queueCreditNoteEmails(input) {
      return { trainers: input.trainerUuids.map((trainerUuid) => ({ trainerUuid, emailUuid: randomUUID(), outcome: 'queued' as const, status: 'queued' as const })) };
    },
    async markCreditNotesSent(input) {
      return { sent: input.trainerUuids.length };
    },
    async createRunFiles() {
      return { files: [] };
    },
    async finishCreditNoteRun() {
      return noSums;
    },
  };
  return { activities, calls };
}

/** Trainers a chunk of the send (the current path's; histories of the older ones replay theirs). */
const CHUNK = 50;

/**
 * The mocks with a preview send whose steps are logged ('reviews 1', 'deliver 1', 'delivered 1',
 * 'finished') and whose chunks' deliveries wait for their gate (a gate rejected: that delivery
 * fails for good). Each chunk's first trainer fails, its second has no portal account. The chunks
 * whose e-mails were recorded (in the delivery lane) are in `queued`.
 */
function gatedSendMocks(chunks: number) {
  const log: string[] = [];
  const queued: number[] = [];
  const chunkOfTrainer = new Map<string, number>();
  const chunkOfEmail = new Map<string, number>();
  const gates = Array.from({ length: chunks }, () => {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((done, failed) => ((resolve = done), (reject = failed)));
    return { promise, resolve, reject };
  });
  let announced: unknown;
  const activities: Activities = {
    ...mockActivities().activities,
    async createTrainerReviews(reviewsInput) {
      const chunk = reviewsInput.offset / CHUNK;
      log.push(`reviews ${chunk}`);
      // The e-mails are the delivery lane's to record.
      expect(reviewsInput.queueEmails).toBe(false);
      const outcomes = reviewsInput.trainerUuids.map((trainerUuid, index) => {
        if (index === 0) return { trainerUuid, outcome: 'failed' as const };
        if (index === 1) return { trainerUuid, outcome: 'not_connected' as const };
        chunkOfTrainer.set(trainerUuid, chunk);
        return { trainerUuid, outcome: 'created' as const };
      });
      return { trainers: outcomes };
    },
    async queuePreviewEmails(queueInput) {
      const chunk = chunkOfTrainer.get(queueInput.trainerUuids[0]!)!;
      // Only the created trainers of one chunk, once.
      expect(queueInput.trainerUuids.every((uuid) => chunkOfTrainer.get(uuid) === chunk)).toBe(true);
      expect(queued).not.toContain(chunk);
      queued.push(chunk);
      return {
        emailUuids: queueInput.trainerUuids.map(() => {
          const emailUuid = randomUUID();
          chunkOfEmail.set(emailUuid, chunk);
          return emailUuid;
        }),
      };
    },
    async deliverEmails(deliverInput) {
      const chunk = chunkOfEmail.get(deliverInput.emailUuids[0]!)!;
      log.push(`deliver ${chunk}`);
      try {
        await gates[chunk]!.promise;
      } catch (error) {
        log.push(`failed ${chunk}`);
        throw ApplicationFailure.nonRetryable((error as Error).message, 'MailRefused');
      }
      log.push(`delivered ${chunk}`);
      return deliverInput.emailUuids.map((emailUuid) => ({ emailUuid, status: 'sent' as const, delivery: 'smtp' as const, alreadySent: false }));
    },
    async announcePreviewSendFinished(finished) {
      log.push('finished');
      announced = finished;
    },
  };
  return { activities, log, queued, gates, announced: () => announced };
}

const input = (overrides: Partial<TSettlementInput> = {}): TSettlementInput => ({
  settlementUuid: randomUUID(),
  studioGroupUuid: randomUUID(),
  month: '2026-09-30',
  version: 'v2',
  createdByUserUuid: randomUUID(),
  locale: 'de',
  ...overrides,
});

type Handle = WorkflowHandleWithFirstExecutionRunId<typeof settlementWorkflow>;

describe('settlementWorkflow: the review loop', () => {
  const temporal = useWorkflowTestEnvironment();

  /** A settlement of these trainers prepared and created with trainer review, on a worker with these activities. */
  async function withCreatedSettlement(activities: Activities, trainerUuids: string[], body: (handle: Handle) => Promise<void>, overrides: Partial<TSettlementInput> = {}, on = temporal) {
    const { worker, taskQueue } = await on.createWorker({ activities });
    await worker.runUntil(async () => {
      const workflowInput = input(overrides);
      const handle = await on.env.client.workflow.start(settlementWorkflow, { args: [workflowInput], workflowId: settlementWorkflowId(workflowInput.settlementUuid), taskQueue });
      await prepare(handle, trainerUuids);
      await handle.executeUpdate(createSettlementUpdate, { args: [{ trainerReview: true, userUuid: 'admin' }] });
      await body(handle);
    });
  }

  /** A settlement of these trainers prepared with trainer review, previews sent to `previewed`, on a worker with the mocks. */
  async function withReviewedSettlement(trainerUuids: string[], previewed: string[], body: (handle: Handle, calls: Calls) => Promise<void>) {
    const { activities, calls } = mockActivities();
    await withCreatedSettlement(activities, trainerUuids, async (handle) => {
      const answer = await handle.executeUpdate(sendPreviewsUpdate, { args: [{ sendUuid: randomUUID(), trainerUuids: previewed, message: 'Bitte prüfen.', userUuid: 'admin' }] });
      expect(answer.trainerUuids).toEqual(previewed);
      await untilState(handle, (state) => state.previewSend?.phase === 'done');
      await body(handle, calls);
      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] });
      expect(await handle.result()).toMatchObject({ status: 'completed' });
    });
  }

  async function prepare(handle: Handle, trainerUuids: string[]) {
    await handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids, userUuid: 'admin' }] });
    return handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
  }

  async function untilState(handle: Handle, predicate: (state: TSettlementState) => boolean): Promise<TSettlementState> {
    let state = await handle.query(stateQuery);
    for (let tries = 0; !predicate(state); tries++) {
      if (tries > 200) throw new Error(`state never matched: ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await handle.query(stateQuery);
    }
    return state;
  }

  /**
   * A settlement of 220 trainers (chunks of 50, 50, 50, 50, 20) whose previews are being sent, with
   * gatedSendMocks: each chunk's delivery waits for its gate.
   */
  async function withGatedSend(
    body: (send: { handle: Handle; trainers: string[]; sendUuid: string } & Omit<ReturnType<typeof gatedSendMocks>, 'activities'>) => Promise<void>,
  ): Promise<void> {
    const trainers = Array.from({ length: 4 * CHUNK + 20 }, () => randomUUID());
    const { activities, ...mocks } = gatedSendMocks(5);
    await withCreatedSettlement(activities, trainers, async (handle) => {
      const sendUuid = randomUUID();
      await handle.executeUpdate(sendPreviewsUpdate, { args: [{ sendUuid, trainerUuids: trainers, message: '', userUuid: 'admin' }] });
      await body({ handle, trainers, sendUuid, ...mocks });
    });
  }

  const approve = (handle: Handle, trainerUuid: string, by: 'trainer' | 'company' | 'location', approved = true, studioUuid?: string) =>
    handle.executeUpdate(approveUpdate, { args: [{ trainerUuid, by, approved, userUuid: by === 'trainer' ? 'trainer-account' : 'admin', ...(studioUuid ? { studioUuid } : {}) }] });

  it('stays open after sending previews and records each approval the update brings', async () => {
    const [anna, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    await withReviewedSettlement([anna, ben, cara], [anna, ben], async (handle, calls) => {
      expect(calls.previews).toEqual([[anna, ben]]);
      // A week passes (time skipping) without an answer: the settlement still waits, at the review step.
      await temporal.env.sleep('7 days');
      expect((await handle.describe()).status.name).toBe('RUNNING');
      const waiting = await handle.query(stateQuery);
      expect(waiting).toMatchObject({ status: 'in_progress', step: 2, previewSentTrainerUuids: [anna, ben], approvals: {}, maxReachableStep: 3 });

      const byTrainer = await approve(handle, anna, 'trainer');
      expect(byTrainer.entries).toEqual([{ approved: true, user: 'trainer-account', timestamp: 1_760_000_000 }]);
      expect(byTrainer.state.approvals).toEqual({ [anna]: { company: false, trainer: true } });
      expect(byTrainer.state.maxReachableStep).toBe(3);

      // The company's approval opens the credit notes (step index 4).
      const byCompany = await approve(handle, anna, 'company');
      expect(byCompany.state.approvals[anna]).toEqual({ company: true, trainer: true });
      expect(byCompany.state.maxReachableStep).toBe(4);
      // The company may approve a trainer who has not answered; a location toggle needs its studio.
      expect((await approve(handle, ben, 'company')).state.approvals[ben]).toEqual({ company: true, trainer: false });
      const location = randomUUID();
      await approve(handle, cara, 'location', true, location);
      expect(calls.approvals.map(({ trainerUuid, by, approved, studioUuid }) => ({ trainerUuid, by, approved, studioUuid }))).toEqual([
        { trainerUuid: anna, by: 'trainer', approved: true, studioUuid: undefined },
        { trainerUuid: anna, by: 'company', approved: true, studioUuid: undefined },
        { trainerUuid: ben, by: 'company', approved: true, studioUuid: undefined },
        { trainerUuid: cara, by: 'location', approved: true, studioUuid: location },
      ]);
      expect((await handle.describe()).status.name).toBe('RUNNING');
    });
  });

  it('records the approvals of many trainers side by side; a second toggle of the same trainer meanwhile is refused', async () => {
    const trainers = Array.from({ length: 12 }, () => randomUUID());
    approvalDelayMs = 300;
    try {
      await withReviewedSettlement(trainers, trainers, async (handle, calls) => {
        // Every trainer at once, as a month's trainers approve: none is refused for another's approval.
        const answers = await Promise.all(trainers.map((uuid) => approve(handle, uuid, 'trainer')));
        expect(answers.map((answer) => answer.entries[0]?.approved)).toEqual(trainers.map(() => true));
        expect((await handle.query(stateQuery)).approvals).toEqual(Object.fromEntries(trainers.map((uuid) => [uuid, { company: false, trainer: true }])));

        // The same trainer twice at once: the second waits for no stale answer, it is refused and may try again.
        const first = approve(handle, trainers[0]!, 'company');
        await untilState(handle, () => calls.approvals.length === trainers.length + 1);
        expect(await refusal(approve(handle, trainers[0]!, 'company', false))).toEqual({ type: 'Conflict', message: 'review.approvalInProgress' });
        expect((await first).state.approvals[trainers[0]!]).toEqual({ company: true, trainer: true });
        expect(calls.approvals).toHaveLength(trainers.length + 1);
      });
    } finally {
      approvalDelayMs = 0;
    }
  });

  it('learns approvals the api recorded by signal: the newest per trainer counts, whatever order they arrive in', async () => {
    const [anna, ben] = [randomUUID(), randomUUID()];
    await withReviewedSettlement([anna, ben], [anna, ben], async (handle, calls) => {
      const signal = (trainerUuid: string, company: boolean, trainer: boolean, seq: number) => handle.signal(approvalsChangedSignal, { approvals: [{ trainerUuid, company, trainer, seq }] });
      await signal(anna, false, true, 10);
      await signal(anna, true, true, 12);
      // An older toggle's signal arriving late changes nothing.
      await signal(anna, false, true, 11);
      // Toggles signalled together.
      await handle.signal(approvalsChangedSignal, { approvals: [{ trainerUuid: ben, company: false, trainer: false, seq: 13 }, { trainerUuid: ben, company: false, trainer: true, seq: 14 }] });
      const state = await untilState(handle, (current) => current.approvals[ben] !== undefined);
      expect(state.approvals).toEqual({ [anna]: { company: true, trainer: true }, [ben]: { company: false, trainer: true } });
      // The company's approval opens the credit notes, and the run takes the approved trainer only.
      expect(state.maxReachableStep).toBe(4);
      expect(await refusal(handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid: randomUUID(), trainerUuids: [ben], userUuid: 'admin' }] }))).toEqual({
        type: 'Invalid',
        message: 'creditNote.trainerNotApproved',
      });
      await handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid: randomUUID(), trainerUuids: [anna], userUuid: 'admin' }] });
      await untilState(handle, (current) => current.creditNoteRun?.phase === 'done');
      expect(calls.issued).toEqual([anna]);
      // No activity ran for the signals: the api wrote the rows.
      expect(calls.approvals).toEqual([]);
    });
  });

  it('refuses locked approvals in the validator, running no activity', async () => {
    const [anna, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    await withReviewedSettlement([anna, ben, cara], [anna, ben], async (handle, calls) => {
      await approve(handle, anna, 'trainer');
      await approve(handle, anna, 'company');
      const recorded = calls.approvals.length;

      // The trainer after the company approved: neither a withdrawal nor a second approval.
      expect(await refusal(approve(handle, anna, 'trainer', false))).toEqual({ type: 'Conflict', message: 'review.lockedCompanyApproved' });
      expect(await refusal(approve(handle, anna, 'trainer', true))).toEqual({ type: 'Conflict', message: 'review.lockedCompanyApproved' });
      // A trainer who was never sent a preview has nothing to approve.
      expect(await refusal(approve(handle, cara, 'trainer'))).toEqual({ type: 'Conflict', message: 'review.previewNotSent' });
      // A trainer who is not in the settlement at all.
      expect(await refusal(approve(handle, randomUUID(), 'company'))).toEqual({ type: 'NotFound', message: 'review.trainerNotInSettlement' });
      // A location toggle without its studio.
      expect(await refusal(approve(handle, ben, 'location'))).toEqual({ type: 'Invalid', message: 'validation.invalid' });

      // Once the credit note is issued (a run reports it), nobody toggles anything for that trainer.
      await handle.signal(trainerStatesChangedSignal, { billedTrainerUuids: [ben], anyCreditNoteSent: true });
      await untilState(handle, (state) => state.billedTrainerUuids.includes(ben));
      for (const by of ['trainer', 'company'] as const) {
        expect(await refusal(approve(handle, ben, by))).toEqual({ type: 'Conflict', message: 'review.lockedPdfCreated' });
        expect(await refusal(approve(handle, ben, by, false))).toEqual({ type: 'Conflict', message: 'review.lockedPdfCreated' });
      }
      expect(await refusal(approve(handle, ben, 'location', true, randomUUID()))).toEqual({ type: 'Conflict', message: 'review.lockedPdfCreated' });

      expect(calls.approvals).toHaveLength(recorded);
      expect((await handle.query(stateQuery)).approvals).toEqual({ [anna]: { company: true, trainer: true } });
    });
  });

  it('a recalculation keeps the sent previews and withdraws the re-prepared trainers’ approvals', async () => {
    const [anna, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    await withReviewedSettlement([anna, ben, cara], [anna, ben], async (handle, calls) => {
      await approve(handle, anna, 'trainer');
      await approve(handle, anna, 'company');
      await approve(handle, ben, 'trainer');
      await approve(handle, cara, 'company');
      expect(Object.keys((await handle.query(stateQuery)).approvals).sort()).toEqual([anna, ben, cara].sort());

      // The import queue's recalculation re-prepares Anna and Ben (a second startPreparation).
      const recalculated = await prepare(handle, [anna, ben]);
      expect(calls.prepared.at(-1)?.sort()).toEqual([anna, ben].sort());
      expect(recalculated.preparation).toMatchObject({ phase: 'done', runs: 2, preparedTrainerUuids: [anna, ben] });
      expect(recalculated.previewSentTrainerUuids).toEqual([anna, ben]);
      expect(recalculated.approvals).toEqual({ [cara]: { company: true, trainer: false } });
      // Cara was not re-prepared and keeps hers, so the credit-note step stays open.
      expect(recalculated.maxReachableStep).toBe(4);

      // Anna's review is still open to her (no new preview needed) and she approves the new numbers.
      const again = await approve(handle, anna, 'trainer');
      expect(again.state.approvals[anna]).toEqual({ company: false, trainer: true });
      expect(calls.previews).toHaveLength(1);
    });
  });

  it('delivers a chunk’s e-mails while the next chunks’ reviews are created; counts, processed and the finish message stay right', async () => {
    // 220 trainers: chunks of 50, 50, 50, 50, 20. Each chunk's first trainer fails, its second has no portal account.
    await withGatedSend(async ({ handle, trainers, sendUuid, log, queued, gates, announced }) => {

      // Nothing delivered yet: chunks 1 and 2 were created while chunk 0's e-mails are out, two lanes deliver (0, 1),
      // and the reviews wait one chunk ahead of them (chunk 3 waits for chunk 0).
      await untilState(handle, () => log.includes('deliver 1') && log.includes('reviews 2'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // (A chunk's delivery and the next chunk's reviews start together, in either order.)
      expect(log.slice(0, 1)).toEqual(['reviews 0']);
      expect([...log].sort()).toEqual(['deliver 0', 'deliver 1', 'reviews 0', 'reviews 1', 'reviews 2']);
      expect((await handle.query(stateQuery)).previewSend).toMatchObject({ phase: 'sending', total: 220, processed: 0 });

      // Chunk 1 delivered before chunk 0: counted as processed; chunk 2 waits for its lane (chunk 0), chunk 3 too.
      gates[1]!.resolve();
      await untilState(handle, (state) => state.previewSend?.processed === CHUNK);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(log.slice(5)).toEqual(['delivered 1']);

      // Chunk 0 delivered: chunk 2 goes out, chunks 3 and 4 are created, chunk 3 goes out in the free lane.
      gates[0]!.resolve();
      await untilState(handle, (state) => state.previewSend?.processed === 2 * CHUNK && log.includes('deliver 3'));
      expect(log).not.toContain('deliver 4');
      expect(log).not.toContain('finished');
      for (const gate of gates) gate.resolve();
      const done = await untilState(handle, (state) => state.previewSend?.phase === 'done');
      expect(done.previewSend).toEqual({ sendUuid, phase: 'done', total: 220, processed: 220 });
      expect(log.at(-1)).toBe('finished');
      expect(log.filter((entry) => entry.startsWith('delivered')).sort()).toEqual(['delivered 0', 'delivered 1', 'delivered 2', 'delivered 3', 'delivered 4']);
      expect(announced()).toMatchObject({ sendUuid, created: 210, skipped: 5, failed: 5 });
      expect([...queued].sort()).toEqual([0, 1, 2, 3, 4]);
      // Created ones only (not the failed, nor those without an account), in the trainers' order.
      expect(done.previewSentTrainerUuids).toEqual(trainers.filter((_, index) => index % CHUNK > 1));
      await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] });
      expect(await handle.result()).toMatchObject({ status: 'completed' });
      if (process.env.RECORD_HISTORY) writeFileSync(path.join(process.env.RECORD_HISTORY, 'settlement-v2-previews-queued-in-lane.json'), historyToJSON(await handle.fetchHistory()));
    });
  });

  it('a delivery that fails for good stops the send once the other lane’s delivery settles, without the finish message', async () => {
    await withGatedSend(async ({ handle, log, queued, gates, announced }) => {
      await untilState(handle, () => log.includes('deliver 1') && log.includes('reviews 2'));

      // Chunk 0's e-mails are refused: no further chunk starts, but the send waits for chunk 1's delivery.
      gates[0]!.reject(new Error('refused'));
      await untilState(handle, () => log.includes('failed 0'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await handle.query(stateQuery)).previewSend).toMatchObject({ phase: 'sending', processed: 0 });
      gates[1]!.resolve();
      const done = await untilState(handle, (state) => state.previewSend?.phase === 'done');
      expect(done.previewSend).toMatchObject({ total: 220, processed: CHUNK });
      expect(log.filter((entry) => entry.startsWith('reviews'))).toEqual(['reviews 0', 'reviews 1', 'reviews 2']);
      expect(log).not.toContain('deliver 2');
      // Chunk 2's reviews were created: its e-mails are recorded in the outbox all the same, not delivered.
      expect([...queued].sort()).toEqual([0, 1, 2]);
      expect(log).not.toContain('finished');
      expect(announced()).toBeUndefined();
      expect((await handle.describe()).status.name).toBe('RUNNING');
    });
  });

  it('refuses credit notes for a trainer the company has not approved and a run uuid used before', async () => {
    const [anna, ben] = [randomUUID(), randomUUID()];
    await withReviewedSettlement([anna, ben], [anna, ben], async (handle, calls) => {
      await approve(handle, anna, 'trainer');
      await approve(handle, ben, 'trainer');
      expect(await refusal(handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid: randomUUID(), trainerUuids: [anna], userUuid: 'admin' }] }))).toEqual({
        type: 'Invalid',
        message: 'creditNote.trainerNotApproved',
      });

      await approve(handle, anna, 'company');
      // One unapproved trainer refuses the whole run: nothing is issued.
      expect(await refusal(handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid: randomUUID(), trainerUuids: [anna, ben], userUuid: 'admin' }] }))).toEqual({
        type: 'Invalid',
        message: 'creditNote.trainerNotApproved',
      });
      expect(calls.issued).toEqual([]);

      const runUuid = randomUUID();
      const started = await handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid, trainerUuids: [anna], userUuid: 'admin' }] });
      expect(started).toMatchObject({ runUuid, trainerUuids: [anna], state: { creditNoteRun: { runUuid, phase: 'running', total: 1 } } });
      const done = await untilState(handle, (state) => state.creditNoteRun?.phase === 'done');
      expect(done).toMatchObject({ billedTrainerUuids: [anna], anyCreditNoteSent: true, runUuids: [runUuid], step: 5, creditNoteRun: { issued: 1, refused: 0 } });
      expect(calls.issued).toEqual([anna]);

      // The same run uuid again, even for another (now approved) trainer: refused.
      await approve(handle, ben, 'company');
      expect(await refusal(handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid, trainerUuids: [ben], userUuid: 'admin' }] }))).toEqual({ type: 'Conflict', message: 'creditNote.runAlreadySent' });
      // A billed trainer is not billed twice, nor can an approval of theirs change any more.
      expect(await refusal(handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid: randomUUID(), trainerUuids: [anna], userUuid: 'admin' }] }))).toEqual({ type: 'Invalid', message: 'settlement.trainerBilled' });
      expect(await refusal(approve(handle, anna, 'company', false))).toEqual({ type: 'Conflict', message: 'review.lockedPdfCreated' });
      expect(calls.issued).toEqual([anna]);
    });
  });
  // On a dev server: the time-skipping server loses a run that continues as new right after a signal
  // (test-server.ts).
  describe('continued as new', () => {
    const devServer = useWorkflowTestEnvironment({ devServer: true });

    /**
     * The same month closed twice, in one run and in runs that continue as new from 30 history events
     * on: previews, approvals signalled one toggle at a time (the run continues while it waits for
     * them), a late signal of an older toggle, an approve update, a credit-note run and the finish.
     * Every query and update answers the same in both. RECORD_HISTORY=<folder> writes, for the
     * replay test, a run that continued while the approvals were signalled, the one that ran the
     * credit-note run and the last (each continued one carrying the state).
     */
    it('continues as new when its history grows, only idle, and answers as one run does', async () => {
      const trainers = Array.from({ length: 4 }, () => randomUUID());
      const [anna, ben, cara, dora] = trainers as [string, string, string, string];
      const [sendUuid, runUuid] = [randomUUID(), randomUUID()];
      const close = async (overrides: Partial<TSettlementInput>) => {
        const { activities, calls } = mockActivities();
        const seen: unknown[] = [];
        let runs: RunHistory[] = [];
        const look = (label: string, state: TSettlementState) => seen.push([label, { ...state, settlementUuid: undefined }]);
        await withCreatedSettlement(
          activities,
          trainers,
          async (handle) => {
            look('created', await handle.query(stateQuery));
            await handle.executeUpdate(sendPreviewsUpdate, { args: [{ sendUuid, trainerUuids: [anna, ben, cara], message: '', userUuid: 'admin' }] });
            look('previews sent', await untilState(handle, (state) => state.previewSend?.phase === 'done'));

            // Toggles the api signals one after the other without waiting (some arrive while a run
            // continues as new); then Anna's and Ben's company approvals, each waited for.
            let seq = 0;
            const send = (trainerUuid: string, company: boolean, trainer: boolean, late?: { trainerUuid: string; seq: number }) =>
              handle.signal(approvalsChangedSignal, { approvals: [...(late ? [{ ...late, company: false, trainer: false }] : []), { trainerUuid, company, trainer, seq: ++seq }] });
            const signal = async (trainerUuid: string, company: boolean, trainer: boolean, late?: { trainerUuid: string; seq: number }) => {
              await send(trainerUuid, company, trainer, late);
              return untilState(handle, (state) => state.approvals[trainerUuid]?.company === company && state.approvals[trainerUuid]?.trainer === trainer);
            };
            // A step jump (an update, sent as the api sends it) among them: one that came in the workflow
            // task of a continue-as-new the server refused for a signal is sent again (api/temporal.ts).
            const jumps: Array<Promise<TSettlementState>> = [];
            for (let round = 0; round < 8; round++) {
              for (const uuid of [anna, ben, cara]) await send(uuid, round % 2 === 1, round % 2 === 0);
              jumps.push(withUpdateSentAgain(() => handle.executeUpdate(goToStepUpdate, { args: [{ step: 2 }] })));
            }
            for (const jump of await Promise.all(jumps)) expect(jump.step).toBe(2);
            await signal(anna, true, true);
            await signal(ben, true, false);
            // An older toggle of Anna's arriving late (in a later run) changes nothing.
            look('signalled', await signal(dora, false, false, { trainerUuid: anna, seq: seq - 2 }));

            const approved = await approve(handle, cara, 'company');
            look('approve answer', approved.state);
            look('phase answer', await handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] }));
            look('step answer', await handle.executeUpdate(goToStepUpdate, { args: [{ step: 3 }] }));
            look('run answer', (await handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid, trainerUuids: [anna, ben, cara], userUuid: 'admin' }] })).state);
            look('billed', await untilState(handle, (state) => state.creditNoteRun?.phase === 'done'));
            seen.push(await refusal(handle.executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid, trainerUuids: [dora], userUuid: 'admin' }] })));
            seen.push(await refusal(approve(handle, anna, 'company', false)));
            seen.push(await refusal(approve(handle, dora, 'trainer')));
            look('finished', await handle.executeUpdate(settlementCommandUpdate, { args: [{ action: 'finish_settlement', userUuid: 'admin' }] }));
            expect(await handle.result()).toMatchObject({ status: 'completed' });
            runs = await historiesOfRuns(devServer.env.client, handle.workflowId, handle.firstExecutionRunId);
          },
          overrides,
          devServer,
        );
        return { seen, runs, calls };
      };

      const studioGroupUuid = randomUUID();
      const single = await close({ studioGroupUuid });
      const continued = await close({ studioGroupUuid, continueAsNewAfterEvents: 30 });
      expect(continued.seen).toEqual(single.seen);
      expect(continued.calls.issued).toEqual([anna, ben, cara]);
      // The same activities with the same arguments (but the settlement's uuid).
      const activityCalls = ({ approvals, ...others }: Calls) => ({ ...others, approvals: approvals.map((call) => ({ ...call, settlementUuid: undefined })) });
      expect(activityCalls(continued.calls)).toEqual(activityCalls(single.calls));
      expect(single.seen[2]).toMatchObject(['signalled', { approvals: { [anna]: { company: true, trainer: true }, [ben]: { company: true, trainer: false }, [dora]: { company: false, trainer: false } } }]);

      // One run, or several, each continued while idle: the last events of a continued run are the
      // continue-as-new after a completed workflow task, and one continued while the approvals came in.
      const length = (history: RunHistory) => history.events?.length ?? 0;
      expect(single.runs).toHaveLength(1);
      expect(continued.runs.length).toBeGreaterThan(3);
      const ended = continued.runs.slice(0, -1);
      for (const history of ended) expect(history.events?.at(-1)?.workflowExecutionContinuedAsNewEventAttributes).toBeTruthy();
      expect(Math.max(...continued.runs.map(length))).toBeLessThan(length(single.runs[0]!) / 2);
      const signalledRun = ended.findIndex((history) => history.events?.some((event) => event.workflowExecutionSignaledEventAttributes));
      expect(signalledRun).toBeGreaterThan(-1);

      if (process.env.RECORD_HISTORY) {
        writeFileSync(path.join(process.env.RECORD_HISTORY, 'settlement-v2-continued-first-v1.json'), historyToJSON(ended[signalledRun]!));
        writeFileSync(path.join(process.env.RECORD_HISTORY, 'settlement-v2-continued-last-v1.json'), historyToJSON(continued.runs.at(-1)!));
        // The continued run that ran the credit-note run (a child workflow).
        const billing = continued.runs.find((history) => history.events?.some((event) => event.startChildWorkflowExecutionInitiatedEventAttributes));
        writeFileSync(path.join(process.env.RECORD_HISTORY, 'settlement-v2-continued-billing-v1.json'), historyToJSON(billing!));
      }
    });
  });
});

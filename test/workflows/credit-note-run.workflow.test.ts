import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CreditNoteActivities } from '../../activities/credit-notes';
import type { MailActivities } from '../../activities/mail';
import { creditNoteRunStateQuery, type TCreditNoteRunInput, type TCreditNoteRunState } from '../../workflows/credit-note-run.messages';
import { creditNoteRunWorkflow } from '../../workflows/credit-note-run.workflow';
import { creditNoteRunWorkflowId } from '../../workflows/ids';
import { historiesOfRuns } from '../support/workflow-runs';
import { useWorkflowTestEnvironment } from './test-server';

// The credit-note run with mocked activities on the time-skipping test server: a run that continues
// as new every few chunks answers exactly what one run answers (the same lists in the same order, the
// same sums), numbers every trainer once without gaps, e-mails each once, starts and finishes the run
// once, keeps its query state across the runs, and keeps each run's history short.

type Activities = Pick<
  CreditNoteActivities,
  'startCreditNoteRun' | 'recordCreditNotes' | 'drawCreditNotePdfs' | 'queueCreditNoteEmails' | 'markCreditNotesSent' | 'createRunFiles' | 'finishCreditNoteRun'
> &
  Pick<MailActivities, 'deliverEmails'>;

/**
 * The database as the activities leave it, in memory: a number per credit note from one counter,
 * trainers refused (every 7th from the 4th) and without an e-mail address (every 5th from the 2nd).
 */
function mockActivities(trainerUuids: string[], onRecord?: (offset: number) => Promise<void>) {
  const refused = new Set(trainerUuids.filter((_, index) => index % 7 === 3));
  const noEmail = new Set(trainerUuids.filter((_, index) => index % 5 === 1));
  const numbers = new Map<string, number>();
  const emails = new Map<string, string>();
  const calls = { start: 0, record: new Map<string, number>(), drawn: new Map<string, number>(), delivered: new Map<string, number>(), marked: new Map<string, number>(), files: 0, finish: [] as Array<{ issued: number; refused: number }> };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const activities: Activities = {
    async startCreditNoteRun({ runUuid }) {
      calls.start++;
      return { runUuid };
    },
    async recordCreditNotes({ trainerUuids: chunk, offset }) {
      await onRecord?.(offset);
      return {
        trainers: chunk.map((trainerUuid) => {
          count(calls.record, trainerUuid);
          if (refused.has(trainerUuid)) return { trainerUuid, outcome: 'refused' as const, reason: 'creditNote.refused.nothingToPay' };
          const already = numbers.has(trainerUuid);
          if (!already) numbers.set(trainerUuid, numbers.size + 1);
          return { trainerUuid, outcome: already ? ('already_issued' as const) : ('issued' as const), number: `GS-2026-${String(numbers.get(trainerUuid)).padStart(5, '0')}`, grossCents: 100 };
        }),
      };
    },
    async drawCreditNotePdfs({ trainerUuids: chunk }) {
      for (const trainerUuid of chunk) count(calls.drawn, trainerUuid);
      return { drawn: chunk.length };
    },
    async queueCreditNoteEmails({ trainerUuids: chunk }) {
      return {
        trainers: chunk.map((trainerUuid) => {
          if (noEmail.has(trainerUuid)) return { trainerUuid, outcome: 'no_email' as const };
          if (!emails.has(trainerUuid)) emails.set(trainerUuid, randomUUID());
          return { trainerUuid, emailUuid: emails.get(trainerUuid)!, outcome: 'queued' as const, status: 'queued' as const };
        }),
      };
    },
    async deliverEmails({ emailUuids }) {
      for (const emailUuid of emailUuids) count(calls.delivered, emailUuid);
      return emailUuids.map((emailUuid) => ({ emailUuid, status: 'sent' as const, delivery: 'smtp' as const, alreadySent: false }));
    },
    async markCreditNotesSent({ trainerUuids: chunk }) {
      for (const trainerUuid of chunk) count(calls.marked, trainerUuid);
      return { sent: chunk.length };
    },
    async createRunFiles() {
      calls.files++;
      return { files: [] };
    },
    async finishCreditNoteRun({ issued, refused: refusedCount }) {
      calls.finish.push({ issued, refused: refusedCount });
      return { netCents: numbers.size * 84, vatCents: numbers.size * 16, grossCents: numbers.size * 100 };
    },
  };
  return { activities, calls, numbers, refused, noEmail };
}

describe('creditNoteRunWorkflow continued as new', () => {
  const temporal = useWorkflowTestEnvironment();

  const run = async (trainerUuids: string[], options: Pick<TCreditNoteRunInput, 'chunkSize' | 'chunksPerRun'>, onRecord?: (workflowId: string, offset: number) => Promise<void>) => {
    const runUuid = randomUUID();
    const workflowId = creditNoteRunWorkflowId(runUuid);
    const mock = mockActivities([...new Set(trainerUuids)], onRecord && ((offset) => onRecord(workflowId, offset)));
    const { worker, taskQueue } = await temporal.createWorker({ activities: mock.activities });
    const input: TCreditNoteRunInput = { runUuid, settlementUuid: randomUUID(), studioGroupUuid: randomUUID(), trainerUuids, userUuid: randomUUID(), locale: 'en', ...options };
    const { result, histories } = await worker.runUntil(async () => {
      const handle = await temporal.env.client.workflow.start(creditNoteRunWorkflow, { args: [input], workflowId, taskQueue });
      const answered = await handle.result();
      const runs = await historiesOfRuns(temporal.env.client, workflowId, handle.firstExecutionRunId);
      return { result: answered, histories: runs.map((history) => history.events?.length ?? 0) };
    });
    return { result, histories, runUuid, ...mock };
  };

  it('answers what one run answers, each trainer numbered, drawn and e-mailed once, with short histories', async () => {
    const trainerUuids = Array.from({ length: 23 }, () => randomUUID());
    // A trainer sent twice is one trainer, in either run.
    const input = [...trainerUuids, trainerUuids[4]!];
    const queried: TCreditNoteRunState[] = [];
    const continued = await run(input, { chunkSize: 2, chunksPerRun: 3 }, async (workflowId, offset) => {
      // The first chunk of each continued run: the query answers where the runs before it stood.
      if (offset > 0 && offset % 6 === 0) queried.push(await temporal.env.client.workflow.getHandle(workflowId).query(creditNoteRunStateQuery));
    });
    const single = await run(input, { chunkSize: 2, chunksPerRun: 100 });

    // 12 chunks, 3 a run: three continues; each run's history a fraction of the single run's.
    expect(continued.histories).toHaveLength(4);
    expect(single.histories).toHaveLength(1);
    for (const length of continued.histories) expect(length).toBeLessThan(single.histories[0]! / 2);

    expect({ ...continued.result, runUuid: undefined }).toEqual({ ...single.result, runUuid: undefined });
    const issued = trainerUuids.filter((uuid) => !continued.refused.has(uuid));
    expect(continued.result.issuedTrainerUuids).toEqual(issued);
    expect(continued.result.refusedTrainerUuids).toEqual(trainerUuids.filter((uuid) => continued.refused.has(uuid)));
    expect(continued.result.sentTrainerUuids).toEqual(issued.filter((uuid) => !continued.noEmail.has(uuid)));
    expect(continued.result.sums).toEqual({ netCents: issued.length * 84, vatCents: issued.length * 16, grossCents: issued.length * 100 });

    // Numbers 1..n in the trainers' order; each trainer recorded and drawn once, each e-mail delivered once.
    expect(issued.map((uuid) => continued.numbers.get(uuid))).toEqual(issued.map((_, index) => index + 1));
    expect([...continued.calls.record.values()].every((times) => times === 1)).toBe(true);
    expect(continued.calls.record.size).toBe(trainerUuids.length);
    expect([...continued.calls.drawn.entries()]).toEqual(issued.map((uuid) => [uuid, 1]));
    expect([...continued.calls.delivered.values()]).toEqual(continued.result.sentTrainerUuids.map(() => 1));
    expect([...continued.calls.marked.keys()]).toEqual(continued.result.sentTrainerUuids);
    // Started once, files and finish once (by the last run), with the counts of all runs.
    expect([continued.calls.start, continued.calls.files]).toEqual([1, 1]);
    expect(continued.calls.finish).toEqual([{ issued: issued.length, refused: trainerUuids.length - issued.length }]);

    // The query state goes on across the runs.
    expect(queried.map((state) => [state.phase, state.total, state.processed, state.issuedTrainerUuids, state.refusedTrainerUuids])).toEqual(
      [6, 12, 18].map((processed) => [
        'issuing',
        trainerUuids.length,
        processed,
        issued.filter((uuid) => trainerUuids.indexOf(uuid) < processed),
        trainerUuids.filter((uuid, index) => index < processed && continued.refused.has(uuid)),
      ]),
    );
  });

  it('continues only while chunks are left: a run that ends on the boundary finishes in that run', async () => {
    const trainerUuids = Array.from({ length: 6 }, () => randomUUID());
    const { result, histories, calls } = await run(trainerUuids, { chunkSize: 2, chunksPerRun: 3 });
    expect(histories).toHaveLength(1);
    expect(result.issuedTrainerUuids).toHaveLength(5);
    expect([calls.start, calls.files, calls.finish.length]).toEqual([1, 1, 1]);
  });
});

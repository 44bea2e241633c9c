import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillableTrainersResponse } from '../../contracts/settlement.contract';
import { ZV1InvoiceCreateResponse } from '../../contracts/settlement-v1.contract';
import { CreditNote, SettlementRun } from '../../db/entities';
import { settlementWorkflowId } from '../../workflows/ids';
import { importDemoClasses } from '../support/month-close';
import { logIn, startStack, type Stack } from '../support/stack';

// Wizard v1's invoice calls arriving at once on a settlement whose v1 run is not started yet (two
// browser tabs, or create and send together): the first call starts the run, the second waits for
// that start instead of using a run not recorded yet. Both credit notes land in the one run.
// RECORD_HISTORY=<folder> writes the settlement's history for the replay test when the second call
// took the waiting path (its patch marker is in the history).

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 });
const MONTH = month.endOf('month').toISODate()!;
const settlementUuid = randomUUID();

async function call(method: 'GET' | 'POST', urlPath: string, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}/api${urlPath}`, { method, headers: { ...admin.headers, 'x-locale': 'en' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  fitness = (admin.studioGroups as unknown as Array<typeof fitness>)[0]!;
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, month.toISODate()!, MONTH);
});
afterAll(async () => {
  await stack?.stop();
});

describe('settlement wizard v1, concurrent invoice calls', () => {
  it('issues both credit notes in the one v1 run when two invoice calls start it at once', async () => {
    const body = { idMandant: fitness.mandantId, idStudioGroup: fitness.id, importMonth: MONTH, settlementUuid };
    for (const phase of ['invoice-data', 'class', 'trainer']) expect((await call('POST', `/settlement/${fitness.apiSlug}/create/${phase}`, body)).status).toBe(200);
    const billable = (await call('GET', `/v1/${fitness.uuid}/settlement/${settlementUuid}/billable-trainers`)).body as unknown as TBillableTrainersResponse;
    const trainers = [...new Set(billable.rows.filter((row) => row.trainer_data_complete && row.self_billing_consent).map((row) => row.id))].slice(0, 2);
    expect(trainers).toHaveLength(2);

    const answers = await Promise.all(
      trainers.map((trainerId) => call('GET', `/trainer-invoice/create/${fitness.apiSlug}/${fitness.mandantId}/${fitness.id}/${MONTH}/${trainerId}/${admin.userUuid}/${settlementUuid}`)),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(ZV1InvoiceCreateResponse.parse(answer.body).outcome).toBe('issued');
    }
    const em = stack.orm.em.fork();
    const runs = await em.find(SettlementRun, { settlement: { uuid: settlementUuid } });
    expect(runs).toHaveLength(1);
    const notes = await em.find(CreditNote, { settlementRun: runs[0]!.id }, { populate: ['trainer'] });
    expect(notes.map((note) => note.trainer.id).sort()).toEqual([...trainers].sort());

    if (process.env.RECORD_HISTORY) {
      const history = await stack.temporal.workflow.getHandle(settlementWorkflowId(settlementUuid)).fetchHistory();
      const markerTexts = (history.events ?? []).flatMap((event) =>
        Object.values(event.markerRecordedEventAttributes?.details ?? {}).flatMap((payloads) => (payloads.payloads ?? []).map((payload) => Buffer.from(payload.data ?? []).toString('utf8'))),
      );
      const waited = markerTexts.some((text) => text.includes('2026-11-v1-run-started-once'));
      if (waited) fs.writeFileSync(path.join(process.env.RECORD_HISTORY, 'settlement-v1-concurrent-invoices.json'), historyToJSON(history));
      else console.warn('The second call did not overlap the run start; no history written.');
    }
  });
});

import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { expect } from 'vitest';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import type { TSettlementDetail } from '../../contracts/settlement.contract';
import { AccountingFile, CreditNote } from '../../db/entities';
import { findDemoFitness, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { waitUntil } from '../support/processes';
import { writeSyntheticTrainers } from '../support/synthetic-trainers';
import { logIn } from '../support/stack';
import type { FaultStack } from './fault-stack';

// A month close for a fault test, and what an accountant would check afterwards: every trainer's
// credit note once, numbered without a gap, its PDF on disk with the recorded hash, one e-mail
// received by the SMTP server per trainer, and the money reconciled to the cent between the
// settlement's lines, the credit notes, the settlement's sums and the SEPA file.

export const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;

export type Close = {
  admin: Awaited<ReturnType<typeof logIn>>;
  group: { uuid: string; id: number; mandantId: number; apiSlug: string };
  settlementUuid: string;
  trainerUuids: string[];
};

/**
 * `count` synthetic trainers of demo-fitness (complete data, consent, classes; with a portal account
 * each when `trainerReview`, so they can review a preview) in a prepared settlement.
 */
export async function prepareClose(stack: FaultStack, { count, prefix, trainerReview = false }: { count: number; prefix: string; trainerReview?: boolean }): Promise<Close> {
  const admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const { keys: group } = await findDemoFitness(stack.orm.em.fork());
  const trainerUuids = await writeSyntheticTrainers(stack.orm, { studioGroupId: group.id, month: MONTH, count, prefix });
  if (trainerReview) await linkPortalAccounts(stack, { studioGroupId: group.id, trainerUuids });
  const settlementUuid = randomUUID();
  await prepareSettlement(stack.baseUrl, admin, group, settlementUuid, MONTH, trainerUuids, trainerReview);
  return { admin, group, settlementUuid, trainerUuids };
}

/** Starts the credit-note run through the API (the streamed call) and reads its stream on the side. */
export async function startCreditNoteRun(stack: FaultStack, close: Close) {
  const runUuid = randomUUID();
  const abort = new AbortController();
  const response = await fetch(`${stack.baseUrl}/api/v1/${close.group.uuid}/settlement/trainer-credit-note/send`, {
    method: 'POST',
    headers: { ...close.admin.headers, 'x-locale': 'en' },
    body: JSON.stringify({ settlementUuid: close.settlementUuid, settlementRunUuid: runUuid, trainersSelected: close.trainerUuids }),
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  // The stream follows the run; a fault may break it (the api loses its database): the run goes on regardless.
  const messages: TSendStreamMessage[] = [];
  const stream = (async () => {
    for await (const line of readNdjson<TSendStreamMessage>(response)) messages.push(line);
  })().catch(() => undefined);
  return {
    runUuid,
    /** What the admin's progress view received so far. */
    messages,
    stopReading: async () => {
      abort.abort();
      await stream;
    },
  };
}

export const countRunNotes = (stack: FaultStack, runUuid: string) => stack.orm.em.fork().count(CreditNote, { settlementRun: { uuid: runUuid } });

/** The settlement as the admin's screen reads it; undefined while the api cannot answer (a fault under way). */
export async function settlementDetail(stack: FaultStack, close: Close): Promise<TSettlementDetail | undefined> {
  const response = await fetch(`${stack.baseUrl}/api/v1/${close.group.uuid}/settlement/${close.settlementUuid}`, { headers: close.admin.headers }).catch(() => undefined);
  if (response?.status !== 200) return undefined;
  return (await response.json()) as TSettlementDetail;
}

/** Waits until the admin's screen shows the run finished (done or failed), however long the faults took. */
export async function waitForRunEnd(stack: FaultStack, close: Close, runUuid: string, timeoutMs: number) {
  const detail = await waitUntil(
    `the credit-note run ${runUuid} to finish`,
    async () => {
      const answer = await settlementDetail(stack, close);
      const run = answer?.workflow?.creditNoteRun;
      return run?.runUuid === runUuid && (run.phase === 'done' || run.phase === 'failed') ? answer : undefined;
    },
    { timeoutMs, intervalMs: 500 },
  );
  return detail.workflow!.creditNoteRun!;
}

/** Every trainer billed once, numbered without a gap, mailed once; the money the same to the cent everywhere. */
export async function expectRunReconciled(stack: FaultStack, close: Close, runUuid: string) {
  const total = close.trainerUuids.length;
  const em = stack.orm.em.fork();
  const notes = await em.find(CreditNote, { settlementRun: { uuid: runUuid }, documentType: 'credit_note' }, { populate: ['trainer'], orderBy: { number: 'asc' } });
  expect(notes).toHaveLength(total);
  expect(new Set(notes.map((note) => note.trainer.uuid))).toEqual(new Set(close.trainerUuids));
  expect(await em.count(CreditNote, { studioGroup: close.group.id })).toBe(total);
  const sequence = notes.map((note) => Number(/(\d+)$/.exec(note.number)![1])).sort((a, b) => a - b);
  expect(sequence).toEqual(Array.from({ length: total }, (_, index) => index + 1));

  // Each PDF on disk with the bytes its hash was recorded for.
  for (const note of notes) {
    const pdf = fs.readFileSync(path.join(stack.dataDir, note.filePath));
    expect(crypto.createHash('sha256').update(pdf).digest('hex'), note.number).toBe(note.sha256);
  }

  // The money: each credit note is its trainer's lines; the settlement's sums are the notes'; the SEPA file pays them.
  const connection = em.getConnection();
  const lines = await connection.execute<Array<{ trainer_uuid: string; gross: string; net: string; vat: string }>>(
    `select t.uuid as trainer_uuid, sum(l.gross_cents) as gross, sum(l.net_cents) as net, sum(l.vat_cents) as vat
       from settlement_line l join settlement_trainer st on st.id = l.settlement_trainer_id join settlement s on s.id = st.settlement_id join trainer t on t.id = st.trainer_id
      where s.uuid = ? group by t.uuid`,
    [close.settlementUuid],
  );
  const linesOf = new Map(lines.map((row) => [row.trainer_uuid, row]));
  for (const note of notes) {
    const line = linesOf.get(note.trainer.uuid)!;
    expect([note.netCents, note.vatCents, note.grossCents], note.number).toEqual([Number(line.net), Number(line.vat), Number(line.gross)]);
  }
  const grossCents = notes.reduce((sum, note) => sum + note.grossCents, 0);
  // bigint columns: node-postgres answers them as strings.
  const [stored] = await connection.execute<Array<{ sum_gross_cents: string; sum_net_cents: string; sum_vat_cents: string }>>(
    'select sum_gross_cents, sum_net_cents, sum_vat_cents from settlement where uuid = ?',
    [close.settlementUuid],
  );
  const settlement = { sum_gross_cents: Number(stored!.sum_gross_cents), sum_net_cents: Number(stored!.sum_net_cents), sum_vat_cents: Number(stored!.sum_vat_cents) };
  expect(settlement).toMatchObject({
    sum_gross_cents: grossCents,
    sum_net_cents: notes.reduce((sum, note) => sum + note.netCents, 0),
    sum_vat_cents: notes.reduce((sum, note) => sum + note.vatCents, 0),
  });
  const sepaFile = await em.findOneOrFail(AccountingFile, { settlementRun: { uuid: runUuid }, type: 'SEPA_XML' });
  expect(sepaFile.status).toBe('success');
  const sepa = fs.readFileSync(path.join(stack.dataDir, sepaFile.filePath!), 'utf8');
  expect(/<GrpHdr>[\s\S]*?<NbOfTxs>(\d+)<\/NbOfTxs>/.exec(sepa)?.[1]).toBe(String(total));
  const endToEndIds = [...sepa.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1]);
  expect(endToEndIds.sort()).toEqual(notes.map((note) => note.number).sort());
  const controlSum = /<GrpHdr>[\s\S]*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(sepa)![1]!;
  expect(Math.round(Number(controlSum) * 100)).toBe(grossCents);
  const amounts = [...sepa.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((match) => Math.round(Number(match[1]) * 100));
  expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(grossCents);

  // One credit-note e-mail per trainer: recorded once, sent, and received once by the mail server.
  await expectMailedOnce(stack, { keyPrefix: `${close.group.uuid}:credit-note:${runUuid}:`, trainerUuids: close.trainerUuids });
}

/** The outbox holds one sent e-mail per trainer under `keyPrefix`, and the SMTP server received each exactly once. */
export async function expectMailedOnce(stack: FaultStack, { keyPrefix, trainerUuids }: { keyPrefix: string; trainerUuids: string[] }) {
  const rows = await stack.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ uuid: string; idempotency_key: string; status: string; to_address: string }>>(`select uuid, idempotency_key, status, to_address from outgoing_email where idempotency_key like ?`, [`${keyPrefix}%`]);
  expect(new Set(rows.map((row) => row.idempotency_key.split(':').at(-1)))).toEqual(new Set(trainerUuids));
  expect(rows).toHaveLength(trainerUuids.length);
  // Sent means handed to the server; the server's copy may be a moment behind the row's commit.
  expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
  const ids = new Set(rows.map((row) => row.uuid));
  const arrived = () => stack.smtp.received.filter((mail) => ids.has(/^<([^@>]+)@/.exec(mail.messageId ?? '')?.[1] ?? ''));
  await waitUntil('every e-mail at the mail server', () => arrived().length >= rows.length, { timeoutMs: 30_000 });
  const received = arrived();
  expect(received).toHaveLength(rows.length);
  expect(new Set(received.map((mail) => mail.messageId)).size).toBe(rows.length);
  const addressOf = new Map(rows.map((row) => [row.uuid, row.to_address]));
  for (const mail of received) expect(mail.envelopeTo).toEqual([addressOf.get(/^<([^@>]+)@/.exec(mail.messageId!)![1]!)]);
}

/**
 * A portal account linked to each of these trainers (user, trainer account, link), as an accepted
 * invitation leaves them: a preview is e-mailed only to a trainer who can log in to review it.
 */
export async function linkPortalAccounts(stack: FaultStack, { studioGroupId, trainerUuids }: { studioGroupId: number; trainerUuids: string[] }) {
  // One statement: all accounts or none.
  await stack.orm.em
    .fork()
    .getConnection()
    .execute(
      `with t as (select id, firstname, lastname, 'account-' || email as email from trainer where uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))),
            u as (insert into app_user (uuid, email, password_hash, role, locale, firstname, lastname, is_verified, created_at, updated_at)
                  select gen_random_uuid(), email, 'x', 'trainer', 'de', firstname, lastname, true, now(), now() from t returning id, email, firstname, lastname),
            a as (insert into trainer_account (uuid, user_id, firstname, lastname, email, language, created_at, updated_at)
                  select gen_random_uuid(), u.id, u.firstname, u.lastname, u.email, 'de', now(), now() from u returning id, email)
       insert into studio_group_trainer (uuid, studio_group_id, trainer_id, trainer_account_id, self_billing_consent_at, created_at, updated_at)
       select gen_random_uuid(), ?, t.id, a.id, now(), now(), now() from a join t on t.email = a.email`,
      [JSON.stringify(trainerUuids), studioGroupId],
      'run',
    );
}

/** Starts sending the previews through the API (the streamed call) and reads its stream on the side. */
export async function startPreviewSend(stack: FaultStack, close: Close) {
  const abort = new AbortController();
  const response = await fetch(`${stack.baseUrl}/api/v1/${close.group.uuid}/settlement/trainer-preview/send`, {
    method: 'POST',
    headers: { ...close.admin.headers, 'x-locale': 'en' },
    body: JSON.stringify({ settlementUuid: close.settlementUuid, settlementMonth: MONTH, trainersSelected: close.trainerUuids, message: '' }),
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const stream = (async () => {
    for await (const line of readNdjson(response)) void line;
  })().catch(() => undefined);
  return {
    stopReading: async () => {
      abort.abort();
      await stream;
    },
  };
}

/** Waits until the admin's screen shows the preview send done. */
export async function waitForPreviewSendEnd(stack: FaultStack, close: Close, timeoutMs: number) {
  const detail = await waitUntil(
    'the preview send to finish',
    async () => {
      const answer = await settlementDetail(stack, close);
      return answer?.workflow?.previewSend?.phase === 'done' ? answer : undefined;
    },
    { timeoutMs, intervalMs: 500 },
  );
  return detail.workflow!;
}

export const previewKeyPrefix = (close: Close) => `${close.group.uuid.toLowerCase()}:settlement-preview:${close.settlementUuid}:`;

/** The outbox rows of the settlement's previews by status. */
export async function previewMailsByStatus(stack: FaultStack, close: Close): Promise<Record<string, number>> {
  const rows = await stack.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ status: string; count: string }>>(`select status, count(*) as count from outgoing_email where idempotency_key like ? group by status`, [`${previewKeyPrefix(close)}%`]);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

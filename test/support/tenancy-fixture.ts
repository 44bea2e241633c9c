import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { OVERALL_FEEDBACK } from '../../contracts/review.contract';
import {
  AdminPosition,
  CreditNote,
  ImportQueueItem,
  Notification,
  OutgoingEmail,
  PaymentTypeRule,
  SettlementLine,
  SettlementRun,
  Studio,
  StudioGroupTrainer,
  Trainer,
  User,
} from '../../db/entities';
import { settlementWorkflowId } from '../../workflows/ids';
import { storeDocumentBytes } from '../../db/document-storage';
import { demoPdf } from '../../db/seed-documents';
import { ContactRequest, Document, DocumentCategory, StudioGroupExport, type TrainerAccount } from '../../db/entities';
import { writeFileSync, mkdirSync } from 'node:fs';
import { groupExportFilePath } from '../../activities/group-export';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readNdjson } from './ndjson';
import { startReviewFixture, type Login, type ReviewFixture } from './review-fixture';
import { logIn } from './stack';

// The first studio group (Demo Fitness Group) with everything a route of the API can name: a
// settlement with trainer review whose previews were sent, a trainer comment, both trainers approved
// and billed in a real credit-note run (credit notes, accounting files, outbox e-mails), a
// notification, an import-queue item, rules, studios. Two trainers with log-ins (the demo trainer
// and a second one), so a trainer can be pointed at another trainer's data.

/** What one trainer of the first group is known by on the routes. */
export type TrainerSubject = {
  login: Login;
  /** The trainer record (per studio group). */
  trainerUuid: string;
  trainerId: number;
  /** The portal account (trainer_account) of the linked user. */
  trainerAccountUuid: string;
  creditNoteUuid: string;
  creditNoteFileName: string;
  classHash: string;
  className: string;
  notificationUuid: string;
  outboxUuid: string;
  /** A document (PDF) of the trainer in the first group, its file in the stack's data directory. */
  documentUuid: string;
};

export type TenancyFixture = ReviewFixture & {
  operator: Login;
  /** The demo trainer (trainer@demo.test) and the second trainer of the group with a log-in. */
  subjects: { demo: TrainerSubject; second: TrainerSubject };
  runUuid: string;
  studioUuid: string;
  paymentTypeRuleUuid: string;
  positionUuid: string;
  queueUuid: string;
  /** A contact request of the public site (operators' calls). */
  contactRequestUuid: string;
  /** A finished export of the first group with its ZIP (written directly: the matrix must see no workflow writing meanwhile). */
  exportUuid: string;
  documentCategoryUuid: string;
  /** Payouts: a bank file of the first group and the MsgId of a "pay again" SEPA file of it. */
  bankFileUuid: string;
  payoutFileMessageId: string;
  /** Values of the first group no refused caller may ever see: trainers' IBANs, e-mails and names. */
  secrets: Array<{ value: string; trainerUuid: string; what: string }>;
};

export async function startTenancyFixture(): Promise<TenancyFixture> {
  const review = await startReviewFixture();
  const { stack, fitness, settlementUuid, request, admin, trainer, otherTrainer, demoTrainer, secondTrainer } = review;
  const em = () => stack.orm.em.fork();
  const operator = await logIn(stack.baseUrl, 'ops@demo.test');
  const v1 = (path: string) => `/v1/${fitness.uuid}${path}`;
  const previewPath = (as: Login) => `/v2/${fitness.uuid}/trainer-account/${as.userUuid}/credit-note-preview/${settlementUuid}`;

  // Self-billing needs each trainer's consent before the run (§14 (2) UStG).
  for (const as of [trainer, otherTrainer]) {
    const consent = await request('POST', `/v2/${fitness.uuid}/trainer-account/${as.userUuid}/self-billing-consent`, { as });
    expect(consent.status, consent.text).toBe(200);
  }
  await review.sendPreviews([demoTrainer.uuid, secondTrainer.uuid]);
  const classLineOf = (trainerUuid: string) =>
    em().findOneOrFail(SettlementLine, { kind: 'class', settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: { uuid: trainerUuid } } }, { orderBy: { id: 'asc' } });
  const demoLine = await classLineOf(demoTrainer.uuid);
  const secondLine = await classLineOf(secondTrainer.uuid);
  const comment = await request('POST', `${previewPath(trainer)}/add-comment`, { as: trainer, body: { comment: 'Kurs fiel aus?', classHash: demoLine.classHash, className: demoLine.className, mood: 'sad' } });
  expect(comment.status, comment.text).toBe(200);
  const overall = await request('POST', `${previewPath(otherTrainer)}/add-comment`, { as: otherTrainer, body: { comment: 'Alles gut', classHash: OVERALL_FEEDBACK } });
  expect(overall.status, overall.text).toBe(200);

  for (const trainerUuid of [demoTrainer.uuid, secondTrainer.uuid]) {
    const approved = await request('POST', v1(`/settlement/trainer-preview/approve_by_company/${trainerUuid}`), { body: { settlementUuid, approved: true } });
    expect(approved.status, approved.text).toBe(200);
  }
  const runUuid = randomUUID();
  const run = await fetch(`${stack.baseUrl}/api${v1('/settlement/trainer-credit-note/send')}`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ settlementUuid, settlementRunUuid: runUuid, trainersSelected: [demoTrainer.uuid, secondTrainer.uuid] }),
  });
  expect(run.status).toBe(200);
  const messages: Array<{ status: string }> = [];
  for await (const message of readNdjson<{ status: string }>(run)) messages.push(message);
  expect(messages.at(-1)?.status, JSON.stringify(messages.at(-1))).toBe('finished_studiogroup');

  const fork = em();
  const studio = await fork.findOneOrFail(Studio, { studioGroup: fitness.id }, { orderBy: { id: 'asc' } });
  const rule = await fork.findOneOrFail(PaymentTypeRule, { studioGroup: fitness.id }, { orderBy: { id: 'asc' } });
  const position = await fork.findOneOrFail(AdminPosition, { settlement: { uuid: settlementUuid } });
  expect((await fork.findOneOrFail(SettlementRun, { uuid: runUuid })).status).toBe('finished');
  // An import-queue item of the group as the queue leaves it (the queue itself is tested elsewhere).
  const queueItem = fork.create(ImportQueueItem, {
    studioGroup: fitness.id,
    importType: 'recalculate_billing',
    parameters: { studioGroupUuid: fitness.uuid, settlementUuid },
    status: 'completed',
    createdBy: await fork.findOneOrFail(User, { uuid: admin.userUuid }),
  });
  await fork.flush();

  const subjectOf = async (login: Login, record: Trainer, line: SettlementLine): Promise<TrainerSubject> => {
    const link = await fork.findOneOrFail(StudioGroupTrainer, { studioGroup: fitness.id, trainer: record.id }, { populate: ['trainerAccount'] });
    const account = link.trainerAccount!;
    const note = await fork.findOneOrFail(CreditNote, { trainer: record.id, settlementRun: { uuid: runUuid }, documentType: 'credit_note' });
    let notification = await fork.findOne(Notification, { trainerAccount: account.id, studioGroup: fitness.id });
    if (!notification) {
      notification = fork.create(Notification, { trainerAccount: account, studioGroup: fitness.id, message: 'Vorschau', link: '/de/trainer' });
      await fork.flush();
    }
    const outbox = await fork.findOneOrFail(OutgoingEmail, { toAddress: { $in: [account.email, record.email ?? account.email] } }, { orderBy: { id: 'asc' } });
    return {
      login,
      trainerUuid: record.uuid,
      trainerId: record.id,
      trainerAccountUuid: account.uuid,
      creditNoteUuid: note.uuid,
      creditNoteFileName: note.fileName,
      classHash: line.classHash,
      className: line.className,
      notificationUuid: notification.uuid,
      outboxUuid: outbox.uuid,
      documentUuid: await tenancyDocument(stack.dataDir, fork, account, fitness.id, record.uuid),
    };
  };
  const subjects = { demo: await subjectOf(trainer, demoTrainer, demoLine), second: await subjectOf(otherTrainer, secondTrainer, secondLine) };

  const secrets: TenancyFixture['secrets'] = [];
  const groupTrainers = await fork.find(Trainer, { studioGroup: fitness.id });
  for (const record of groupTrainers) {
    const add = (value: string | null | undefined, what: string) => {
      if (value && value.length >= 6) secrets.push({ value, trainerUuid: record.uuid, what });
    };
    add(record.iban, 'IBAN');
    add(record.iban?.replace(/(.{4})/g, '$1 ').trim(), 'IBAN (grouped)');
    add(record.email, 'e-mail');
    add([record.firstname, record.lastname].filter(Boolean).join(' '), 'name');
  }
  for (const link of await fork.find(StudioGroupTrainer, { studioGroup: fitness.id }, { populate: ['trainerAccount', 'trainer'] })) {
    const account = link.trainerAccount;
    if (!account) continue;
    if (account.iban) secrets.push({ value: account.iban, trainerUuid: link.trainer.uuid, what: 'account IBAN' });
    secrets.push({ value: account.email, trainerUuid: link.trainer.uuid, what: 'account e-mail' });
    secrets.push({ value: `${account.firstname} ${account.lastname}`, trainerUuid: link.trainer.uuid, what: 'account name' });
  }

  const payouts = await tenancyPayouts(stack.dataDir, fork, fitness.id, subjects.demo.creditNoteUuid);
  await tenancyReturnsCsv(stack.dataDir, fork, runUuid);
  const contactRequest = fork.create(ContactRequest, { company: 'Tenancy GmbH', firstname: 'Eve', lastname: 'Lead', email: 'lead@example.test', terms: true, language: 'de' });
  const groupExport = fork.create(StudioGroupExport, { studioGroup: fitness.id, requestedBy: await fork.findOneOrFail(User, { uuid: admin.userUuid }), status: 'done', sectionsDone: 8, sectionsTotal: 8, finishedAt: new Date(), expiresAt: new Date(Date.now() + 7 * 86_400_000), sizeBytes: 22 });
  groupExport.filePath = groupExportFilePath(fitness.uuid, groupExport.uuid);
  mkdirSync(path.dirname(path.join(stack.dataDir, groupExport.filePath)), { recursive: true });
  writeFileSync(path.join(stack.dataDir, groupExport.filePath), Buffer.from(`PK\x05\x06${'\0'.repeat(18)}`, 'binary'));
  await fork.flush();
  return { ...review, ...payouts, contactRequestUuid: contactRequest.uuid, exportUuid: groupExport.uuid, operator, subjects, runUuid, studioUuid: studio.uuid, paymentTypeRuleUuid: rule.uuid, positionUuid: position.uuid, queueUuid: queueItem.uuid, documentCategoryUuid: (await fork.findOneOrFail(DocumentCategory, { studioGroup: fitness.id }, { orderBy: { id: 'asc' } })).uuid, secrets };
}

/**
 * The run's returns CSV, as a run with a returned payout has it: the fixture's run had no return, so
 * its download would answer 404 where every admin read of real ids must answer.
 */
async function tenancyReturnsCsv(dataDir: string, em: EntityManager, runUuid: string) {
  const filePath = `runs/${runUuid}/payout-returns-tenancy.csv`;
  fs.mkdirSync(path.join(dataDir, 'runs', runUuid), { recursive: true });
  fs.writeFileSync(path.join(dataDir, filePath), 'Gutschrift;Betrag\r\n');
  await em.getConnection().execute(
    `insert into accounting_file (uuid, settlement_run_id, type, status, file_path, created_at, updated_at)
     select gen_random_uuid(), r.id, 'PAYOUT_RETURNS', 'success', ?, now(), now() from settlement_run r where r.uuid = ?
     on conflict (settlement_run_id, type) do update set status = 'success', file_path = excluded.file_path, updated_at = now()`,
    [filePath, runUuid],
  );
}

/** A bank file row and a "pay again" SEPA file (a repayment payout naming it) of the group, for the payouts routes. */
async function tenancyPayouts(dataDir: string, em: EntityManager, studioGroupId: number, creditNoteUuid: string) {
  const bankFileUuid = randomUUID();
  const payoutFileMessageId = `TP${randomUUID().replace(/-/g, '')}`;
  const sepaPath = `payouts/tenancy/${payoutFileMessageId}.xml`;
  fs.mkdirSync(path.join(dataDir, 'payouts/tenancy'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, sepaPath), '<?xml version="1.0"?><Document/>');
  await em.getConnection().execute(
    `insert into bank_file (uuid, studio_group_id, kind, version, message_id, account, sequence, identity_key, sha256, file_name, file_path, size_bytes, state, created_at, updated_at)
     values (?, ?, 'camt.053', 'camt.053.001.08', 'TENANCY-1', 'DE00', '1', ?, ?, 'tenancy.xml', 'bank-files/none.xml', 1, 'done', now(), now())`,
    [bankFileUuid, studioGroupId, 'a'.repeat(64), 'b'.repeat(64)],
  );
  await em.getConnection().execute(
    `insert into payout (uuid, studio_group_id, credit_note_id, settlement_run_id, trainer_id, end_to_end_id, amount_cents, creditor_iban, creditor_name, sepa_message_id, sepa_payment_info_id, sepa_file_path, status, created_at, updated_at)
     select gen_random_uuid(), cn.studio_group_id, cn.id, null, cn.trainer_id, cn.number || '-T1', cn.gross_cents, 'DE89370400440532013000', 'Tenancy', ?, ?, ?, 'open', now(), now()
       from credit_note cn where cn.uuid = ?`,
    [payoutFileMessageId, payoutFileMessageId, sepaPath, creditNoteUuid],
  );
  return { bankFileUuid, payoutFileMessageId };
}

/**
 * Tables a refused call may touch: sessions (last use), rate-limit counters, the migration log, and
 * app_secret — the per-database download-signing key, generated on first use by whichever call first
 * signs or checks a link (a refused download with a `?token=` checks it); it holds no business data.
 */
const UNFINGERPRINTED = /^(api_session|rate_limit.*|mikro_orm_migrations|app_secret)$/;

/**
 * One hash per business table of the database (every row, as text, in a stable order), so a test
 * can tell that a batch of calls wrote nothing; plus the settlement workflow's history length.
 */
export async function fingerprint(fixture: Pick<TenancyFixture, 'stack' | 'settlementUuid'>, { skip = [] as string[] } = {}) {
  const connection = fixture.stack.orm.em.getConnection();
  const tables = (await connection.execute<Array<{ table_name: string }>>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  ))
    .map((row) => row.table_name)
    .filter((table) => !UNFINGERPRINTED.test(table) && !skip.includes(table));
  const hashes: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await connection.execute<Array<{ hash: string; rows: number }>>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash, count(*)::int as rows from "${table}" t`,
    );
    hashes[table] = `${row!.rows}:${row!.hash}`;
  }
  const history = await fixture.stack.temporal.workflow.getHandle(settlementWorkflowId(fixture.settlementUuid)).fetchHistory();
  hashes['temporal:settlement-workflow-events'] = String(history.events?.length ?? 0);
  return hashes;
}

/** A pending document of the trainer account in the group (documents routes), stored in the stack's data directory. */
async function tenancyDocument(dataDir: string, em: EntityManager, account: TrainerAccount, studioGroupId: number, trainerUuid: string): Promise<string> {
  const bytes = await demoPdf('Trainerlizenz', trainerUuid);
  const { sha256, relativePath } = await storeDocumentBytes(dataDir, bytes);
  const category = await em.findOneOrFail(DocumentCategory, { studioGroup: studioGroupId, isMandatory: true });
  const document = em.create(Document, { trainerAccount: account, studioGroup: studioGroupId, category, fileName: 'Trainerlizenz.pdf', filePath: relativePath, sha256, sizeBytes: bytes.byteLength });
  await em.flush();
  return document.uuid;
}

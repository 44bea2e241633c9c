import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { trainerLinesWithStudio, type TrainerLineWithStudio } from '../../db/queries/settlement-lines';
import {
  billingEligibility,
  billingRefusalKey,
  billingRefusalParams,
  creditNoteIssuer,
  creditNoteNumber,
  creditNoteProblems,
  creditNoteRecipient,
  creditNoteTotals,
  type TCreditNoteDocument,
  type TCreditNoteLine,
} from '../../domain/credit-notes';
import { translate, type MessageKey, type MessageParams } from '../../domain/messages';
import { eInvoiceProblems } from '../../domain/e-invoice';
import { trainerDisplayName } from '../../domain/trainer-data';
import { normalizeIban } from '../../domain/validation/bank';
import { writeSettlementLog } from '../../db/writes/settlement-log';
import { settlementRowOf, type SettlementRow } from '../shared/settlement';
import { activityContext, heartbeatEvery } from '../shared/activity-context';
import { billingFactsOf, readBillingFacts, type BillingFactsRow } from '../../db/queries/billing-facts';
import { idArray } from '../../db/queries/id-array';
import { planAfresh } from '../../db/queries/sql';
import { sql } from '../../db/queries/sql';
import {
  ZIssueCreditNotesInput,
  ZStartCreditNoteRunInput,
  type TIssueCreditNotesInput,
  type TIssueCreditNotesResult,
  type TIssuedCreditNote,
  type TStartCreditNoteRunInput,
  type TStartCreditNoteRunResult,
} from './credit-note.types';
import { creditNoteFilePath } from './credit-note-files';
import { todayInGermany, transferDateFor } from './payment-date';
import type { PdfStore, PdfToStore } from './render';
import { isDiskFull, reportDiskFull } from './disk-full';
import { findGroup, findRun, nonRetryable, PROC, publishSend, publishSends, snapshotOf, uuidList, type GroupRow, type TrainerRow } from './run-records';

// Starting a run and issuing its credit notes: numbers (gap-free per studio group and year) and
// records in one transaction per batch; the PDFs are drawn after the commit (render.ts).

/** A class's start as the document states it: UTC to the second ('2026-03-02T17:30:00Z'). */
const documentDate = (startsAt: string | null) => (startsAt ? new Date(startsAt).toISOString().replace(/\.\d{3}Z$/, 'Z') : null);

function documentLine(line: TrainerLineWithStudio): TCreditNoteLine {
  const isClass = line.kind === 'class';
  return {
    kind: line.kind,
    date: isClass ? documentDate(line.class_starts_at) : null,
    studioName: isClass ? line.studio_name : null,
    className: isClass ? line.class_name : line.description?.trim() || line.class_name,
    durationMinutes: isClass ? line.duration_minutes : null,
    bookedSlots: isClass ? line.booked_slots : null,
    netCents: line.net_cents,
    vatRateBasisPoints: line.vat_rate_basis_points,
    vatCents: line.vat_cents,
    grossCents: line.gross_cents,
  };
}

/** One trainer of a batch: its outcome, and the PDF still to draw for a new (or undrawn) record. */
type Issued = TIssuedCreditNote & { pdf?: PdfToStore };

type IssueInput = ReturnType<typeof ZIssueCreditNotesInput.parse>;

type BatchTrainer = TrainerRow & { trainer_uuid: string; account_email: string | null; account_phone: string | null };

type ExistingCreditNote = { settlement_trainer_id: number; uuid: string; number: string; gross_cents: number; sha256: string | null; document: TCreditNoteDocument | null; file_path: string };

/** What the batch is decided on, read in its transaction (the settlement rows locked). */
type BatchFacts = {
  byUuid: Map<string, BatchTrainer>;
  billing: Map<string, BillingFactsRow>;
  existing: Map<number, ExistingCreditNote>;
  linesOf: Map<number, TrainerLineWithStudio[]>;
};

type Refusal = { trainerUuid: string; reason: MessageKey; message: string };
type ToIssue = { index: number; row: BatchTrainer; name: string; draft: TCreditNoteDocument; totals: ReturnType<typeof creditNoteTotals> };

/** Step 1: the batch's settlement rows (locked), their billing facts in the group, earlier records and lines. */
async function readBatch(tem: EntityManager, settlement: SettlementRow, run: { id: number }, input: IssueInput): Promise<BatchFacts> {
  const rows = await sql<BatchTrainer>(
    tem,
    `select st.id as settlement_trainer_id, st.trainer_id, st.workflow_state, st.prepared_at is not null as prepared, st.trainer_snapshot,
            t.uuid as trainer_uuid, t.firstname, t.lastname, t.company_name, t.source_id,
            ta.language as account_language, ta.email as account_email, ta.phone as account_phone
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
       left join studio_group_trainer sgt on sgt.trainer_id = t.id and sgt.studio_group_id = ?
       left join trainer_account ta on ta.id = sgt.trainer_account_id
      where st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
      order by st.id
      for update of st`,
    [settlement.studio_group_id, settlement.id, uuidList(input.trainerUuids)],
  );
  const ids = idArray(rows.map((row) => row.settlement_trainer_id));
  const billing = await readBillingFacts(tem, { studioGroupId: settlement.studio_group_id, settlementId: settlement.id, trainerIds: rows.map((row) => row.trainer_id) });
  const existing = await sql<ExistingCreditNote>(
    tem,
    `select settlement_trainer_id, uuid, number, gross_cents, sha256, document, file_path from credit_note
      where settlement_run_id = ? and document_type = 'credit_note' and settlement_trainer_id = any(?::int[])`,
    [run.id, ids],
  );
  const linesOf = new Map<number, TrainerLineWithStudio[]>();
  for (const line of await trainerLinesWithStudio(tem, rows.map((row) => row.settlement_trainer_id), 'byTime')) {
    const list = linesOf.get(line.settlement_trainer_id) ?? [];
    list.push(line);
    linesOf.set(line.settlement_trainer_id, list);
  }
  return {
    byUuid: new Map(rows.map((row) => [row.trainer_uuid, row])),
    billing: new Map(billing.map((row) => [row.trainer_uuid, row])),
    existing: new Map(existing.map((row) => [row.settlement_trainer_id, row])),
    linesOf,
  };
}

/** The issuer party of the batch's credit notes, with the e-invoice's buyer electronic address (XRechnung BT-49): where the group's accounting reads. */
async function issuerOf(tem: EntityManager, settlement: SettlementRow, group: GroupRow): Promise<TCreditNoteDocument['issuer']> {
  const [groupContact] = await sql<{ accounting_email: string | null }>(tem, 'select accounting_email from studio_group where id = ?', [settlement.studio_group_id]);
  const issuerParty = creditNoteIssuer({
    companyName: group.company_name,
    street: group.street,
    houseNumber: group.house_number,
    postalCode: group.postal_code,
    city: group.city,
    country: group.country,
    taxNumber: group.tax_number,
    vatId: group.vat_id,
  });
  return { ...issuerParty, email: groupContact?.accounting_email?.trim() || null };
}

/**
 * Step 2: each trainer decided in memory, in the order sent: answered from an earlier attempt's
 * record, refused by the billing-eligibility rule or by its document, or drafted to be numbered.
 */
function decideBatch(
  facts: BatchFacts,
  { settlement, input, issuer, issueDate, transferDate }: { settlement: SettlementRow; input: IssueInput; issuer: TCreditNoteDocument['issuer']; issueDate: string; transferDate: string },
) {
  const say = (key: MessageKey, params?: MessageParams) => translate(input.locale, key, params);
  const results: Issued[] = [];
  const refusals: Refusal[] = [];
  const toIssue: ToIssue[] = [];
  for (const trainerUuid of input.trainerUuids) {
    const row = facts.byUuid.get(trainerUuid);
    const name = row ? trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }) : trainerUuid;
    const refuse = (reason: MessageKey, params: MessageParams = {}) => {
      refusals.push({ trainerUuid, reason, message: say(reason, { trainer: name, ...params }) });
      results.push({ trainerUuid, outcome: 'refused', reason });
    };
    const done = row ? facts.existing.get(row.settlement_trainer_id) : undefined;
    if (done) {
      // Recorded by an attempt that died before its PDF was written: drawn again (same bytes).
      const pdf = done.sha256 === null && done.document ? { doc: done.document, filePath: done.file_path } : undefined;
      results.push({ trainerUuid, outcome: 'already_issued', creditNoteUuid: done.uuid, number: done.number, grossCents: done.gross_cents, ...(pdf ? { pdf } : {}) });
      continue;
    }
    const billing = facts.billing.get(trainerUuid);
    if (!row || !billing) {
      refuse(billingRefusalKey('notInSettlement'));
      continue;
    }
    const eligibility = billingEligibility(billingFactsOf(billing, { inSettlement: true }));
    const [reason] = eligibility.reasons;
    if (reason) {
      refuse(billingRefusalKey(reason), billingRefusalParams(input.locale, reason, eligibility));
      continue;
    }
    const snapshot = snapshotOf(row, trainerUuid);
    const lines = facts.linesOf.get(row.settlement_trainer_id) ?? [];
    const draft: TCreditNoteDocument = {
      documentType: 'credit_note',
      number: 'DRAFT',
      issueDate,
      serviceMonth: settlement.month,
      locale: row.account_language ?? 'de',
      issuer,
      // The seller contact of the e-invoice (XRechnung BG-6, BT-34): the trainer's e-mail and phone.
      recipient: { ...creditNoteRecipient(snapshot), email: snapshot.email?.trim() || row.account_email || null, phone: row.account_phone?.trim() || null },
      lines: lines.map(documentLine),
      payment: { iban: normalizeIban(snapshot.iban), bic: snapshot.bic?.trim() || null, transferDate },
    };
    const totals = creditNoteTotals(draft);
    if (lines.length === 0 || totals.grossCents <= 0) {
      refuse('creditNote.refused.nothingToPay');
      continue;
    }
    // Checked before numbers are taken: a document that cannot be issued must not use one.
    const problems = creditNoteProblems(draft);
    if (problems.length > 0) {
      refuse('creditNote.refused.invalidDocument', { problems: problems.join('; ') });
      continue;
    }
    // Every credit note is an EN 16931 e-invoice: data it cannot be made of is refused here, before a number.
    const eInvoice = eInvoiceProblems(draft);
    if (eInvoice.length > 0) {
      refuse('creditNote.refused.noEInvoice', { reasons: eInvoice.map((problem) => say(problem)).join('; ') });
      continue;
    }
    toIssue.push({ index: results.length, row, name, draft, totals });
    results.push({ trainerUuid, outcome: 'issued' });
  }
  return { results, refusals, toIssue };
}

/**
 * Step 3: the numbers (gap-free: as many as credit notes, in the order of the batch, the counter row
 * locked until this transaction ends), the records, the trainers' new state and the log rows.
 */
async function recordIssued(tem: EntityManager, { settlement, group, run, input, issueDate, toIssue }: { settlement: SettlementRow; group: GroupRow; run: { id: number }; input: IssueInput; issueDate: string; toIssue: ToIssue[] }) {
  const year = Number(issueDate.slice(0, 4));
  const [counter] = await sql<{ last_number: number }>(
    tem,
    `insert into credit_note_counter (studio_group_id, year, last_number, updated_at) values (?, ?, ?, now())
     on conflict (studio_group_id, year) do update set last_number = credit_note_counter.last_number + excluded.last_number, updated_at = now()
     returning last_number`,
    [settlement.studio_group_id, year, toIssue.length],
  );
  const first = counter!.last_number - toIssue.length + 1;
  const records = toIssue.map((item, offset) => {
    const number = creditNoteNumber(group.credit_note_prefix, year, first + offset);
    const doc: TCreditNoteDocument = { ...item.draft, number };
    const filePath = creditNoteFilePath(settlement.studio_group_uuid, settlement.month, number);
    return { ...item, uuid: randomUUID(), number, doc, filePath };
  });
  await sql(
    tem,
    `insert into credit_note (uuid, studio_group_id, settlement_run_id, settlement_trainer_id, trainer_id, number, document_type, issue_date,
                              net_cents, vat_cents, gross_cents, file_name, file_path, sha256, document, created_at, updated_at)
     select r.uuid::uuid, ?, ?, r.settlement_trainer_id, r.trainer_id, r.number, 'credit_note', ?::date,
            r.net_cents, r.vat_cents, r.gross_cents, r.file_name, r.file_path, null, r.document, now(), now()
       from jsonb_to_recordset(?::jsonb) as r(uuid text, settlement_trainer_id int, trainer_id int, number text, net_cents int, vat_cents int, gross_cents int,
                                               file_name text, file_path text, document jsonb)`,
    [
      settlement.studio_group_id,
      run.id,
      issueDate,
      JSON.stringify(
        records.map((record) => ({
          uuid: record.uuid,
          settlement_trainer_id: record.row.settlement_trainer_id,
          trainer_id: record.row.trainer_id,
          number: record.number,
          net_cents: record.totals.netCents,
          vat_cents: record.totals.vatCents,
          gross_cents: record.totals.grossCents,
          file_name: `${record.number}.pdf`,
          file_path: record.filePath,
          document: record.doc,
        })),
      ),
    ],
  );
  await sql(
    tem,
    `update settlement_trainer set workflow_state = 'credit_note_created', updated_at = now() where id = any(?::int[])`,
    [idArray(records.map((record) => record.row.settlement_trainer_id))],
  );
  const messages = records.map((record) => ({ record, message: translate(input.locale, 'creditNote.run.created', { number: record.number, trainer: record.name }) }));
  await writeSettlementLog(
    tem,
    settlement,
    messages.map(({ record, message }) => ({ eventKey: `${PROC.creditNote}:${input.runUuid}:${record.row.trainer_uuid}:created`, proc: PROC.creditNote, trainerUuid: record.row.trainer_uuid, status: 'success', message })),
  );
  return messages;
}

/**
 * Issues a batch of trainers in ONE transaction: their settlement rows locked, every rule checked
 * in memory (a refusal takes no number), then one counter update takes as many numbers as there
 * are credit notes (gap-free: the counter row stays locked until the credit notes are recorded, a
 * rollback returns them all), one insert records them, one update moves the trainers to
 * credit_note_created, one insert writes the log rows. A retry finds the run's records and answers
 * them (already_issued). The PDFs are drawn after the commit from the stored documents.
 */
async function issueBatch(em: EntityManager, settlement: SettlementRow, group: GroupRow, run: { id: number }, input: IssueInput): Promise<Issued[]> {
  return em.transactional(async (tem) => {
    // The run grows credit_note batch by batch: the report lines' key checks must not keep a plan made for an empty table.
    await planAfresh(tem);
    const facts = await readBatch(tem, settlement, run, input);

    const issueDate = todayInGermany();
    // The same for every trainer of the batch (a walk over the SEPA calendar: once, not per trainer).
    const transferDate = transferDateFor(issueDate);
    try {
      creditNoteNumber(group.credit_note_prefix, Number(issueDate.slice(0, 4)), 1);
    } catch (error) {
      throw nonRetryable(`Studio group ${settlement.studio_group_uuid}: ${(error as Error).message}`, 'Invalid');
    }
    const issuer = await issuerOf(tem, settlement, group);
    const { results, refusals, toIssue } = decideBatch(facts, { settlement, input, issuer, issueDate, transferDate });

    // Refusals: a log row each, published once (a retry finds the row and stays quiet).
    const streamed = new Map<string, TSendStreamMessage>();
    for (const refusal of refusals) {
      const written = await writeSettlementLog(tem, settlement, [
        { eventKey: `${PROC.creditNote}:${input.runUuid}:${refusal.trainerUuid}:refused`, proc: PROC.creditNote, trainerUuid: refusal.trainerUuid, status: 'error', message: refusal.message },
      ]);
      if (written > 0) streamed.set(refusal.trainerUuid, { status: 'error', message: refusal.message, trainer_uuid: refusal.trainerUuid, outcome: 'failed' });
    }
    // The stream tells the trainers in the order they were sent, whatever happened to each.
    const publishInOrder = () =>
      publishSends(tem, settlement.uuid, input.runUuid, input.trainerUuids.flatMap((trainerUuid) => (streamed.has(trainerUuid) ? [streamed.get(trainerUuid)!] : [])));
    if (toIssue.length === 0) {
      await publishInOrder();
      return results;
    }

    const messages = await recordIssued(tem, { settlement, group, run, input, issueDate, toIssue });
    for (const { record, message } of messages) streamed.set(record.row.trainer_uuid, { status: 'success', message, trainer_uuid: record.row.trainer_uuid, outcome: 'created' });
    await publishInOrder();
    for (const { record } of messages) {
      results[record.index] = {
        trainerUuid: record.row.trainer_uuid,
        outcome: 'issued',
        creditNoteUuid: record.uuid,
        number: record.number,
        grossCents: record.totals.grossCents,
        pdf: { doc: record.doc, filePath: record.filePath },
      };
    }
    return results;
  });
}

export function createIssueActivities({ orm, pdfStore, dataDir }: { orm: MikroORM; pdfStore: PdfStore; dataDir: string }) {
  async function recordBatch(input: ReturnType<typeof ZIssueCreditNotesInput.parse>): Promise<Issued[]> {
    const em = orm.em.fork();
    const settlement = await settlementRowOf(em, input.settlementUuid);
    const group = await findGroup(em, settlement.studio_group_id);
    const run = await findRun(em, input.runUuid, settlement);
    return issueBatch(em.fork(), settlement, group, run, input);
  }

  return {
    /** Records the run (SettlementRun, uuid = runUuid) and opens its stream ('config' with item_count); idempotent. */
    async startCreditNoteRun(rawInput: TStartCreditNoteRunInput): Promise<TStartCreditNoteRunResult> {
      const input = ZStartCreditNoteRunInput.parse(rawInput);
      pdfStore.warm();
      await orm.em.fork().transactional(async (tem) => {
        const settlement = await settlementRowOf(tem, input.settlementUuid);
        const [user] = await sql<{ id: number }>(tem, 'select id from app_user where uuid = ?', [input.userUuid]);
        if (!user) throw nonRetryable(`User ${input.userUuid} not found.`, 'NotFound');
        await sql(
          tem,
          `insert into settlement_run (uuid, settlement_id, created_by_id, status, created_at, updated_at) values (?, ?, ?, 'running', now(), now())
           on conflict (uuid) do nothing`,
          [input.runUuid, settlement.id, user.id],
        );
        await findRun(tem, input.runUuid, settlement);
        const message = translate(input.locale, 'creditNote.run.started', { count: input.trainerUuids.length });
        await writeSettlementLog(tem, settlement, [{ eventKey: `${PROC.creditNote}:${input.runUuid}:started`, proc: PROC.creditNote, trainerUuid: null, status: 'info', message }]);
        // On every attempt: a stream that started listening late still learns the count.
        await publishSend(tem, settlement.uuid, input.runUuid, { status: 'config', message, item_count: input.trainerUuids.length });
      });
      return { runUuid: input.runUuid };
    },

    /**
     * Issues a batch of trainers' credit notes (see above) and draws their PDFs before it answers;
     * one heartbeat per PDF. The run of histories before the pipelined run (recordCreditNotes, then
     * drawCreditNotePdfs) calls this.
     */
    async issueCreditNotes(rawInput: TIssueCreditNotesInput): Promise<TIssueCreditNotesResult> {
      const input = ZIssueCreditNotesInput.parse(rawInput);
      const issued = await recordBatch(input);
      // Numbers and records for the whole batch in one transaction; then the PDFs, drawn in the
      // render pool and all written before the activity answers, their hashes recorded in one update.
      let stored = 0;
      const heartbeat = heartbeatEvery();
      try {
        await pdfStore.storePdfs(
          issued.flatMap(({ pdf, creditNoteUuid }) => (pdf && creditNoteUuid ? [{ creditNoteUuid, pdf }] : [])),
          () => heartbeat({ processed: input.offset + ++stored, total: input.total }),
        );
      } catch (error) {
        if (isDiskFull(error)) await reportDiskFull(orm, { settlementUuid: input.settlementUuid, runUuid: input.runUuid, dataDir, locale: input.locale, error });
        throw error;
      }
      return { trainers: issued.map(({ pdf: _pdf, ...trainer }) => trainer) };
    },

    /**
     * Numbers and records a batch of trainers' credit notes in one transaction (see above) and
     * answers at once: the PDFs are drawCreditNotePdfs' step, so the workflow numbers the next batch
     * while this one's are drawn. A retry answers what was recorded (already_issued).
     */
    async recordCreditNotes(rawInput: TIssueCreditNotesInput): Promise<TIssueCreditNotesResult> {
      const input = ZIssueCreditNotesInput.parse(rawInput);
      pdfStore.warm();
      const issued = await recordBatch(input);
      activityContext()?.heartbeat({ processed: input.offset + issued.length, total: input.total });
      return { trainers: issued.map(({ pdf: _pdf, ...trainer }) => trainer) };
    },
  };
}

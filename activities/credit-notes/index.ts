import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { ZipArchive } from 'archiver';
import { DateTime } from 'luxon';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { studioCostsCsv, type StudioCostLine } from '../../domain/accounting';
import {
  creditNoteIssuer,
  creditNoteNumber,
  creditNoteProblems,
  creditNoteRecipient,
  creditNoteTotals,
  type TCreditNoteDocument,
  type TCreditNoteLine,
} from '../../domain/credit-notes';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { formatEuro, sumCents } from '../../domain/money';
import { buildPain001, SepaFileError, type TSepaPayment } from '../../domain/sepa';
import { checkTrainerData, trainerDisplayName, trainerSnapshot, type TrainerSnapshot } from '../../domain/trainer-data';
import { isSepaIban, normalizeIban } from '../../domain/validation/bank';
import type { TQueueEmailInput, TQueueEmailResult } from '../mail';
import { publishSendMessages, writeSettlementLog } from '../shared/settlement-log';
import { trainerLinesWithStudio, type TrainerLineWithStudio } from '../../db/queries/settlement-lines';
import { settlementRowOf, type SettlementRow } from '../shared/settlement';
import { activityContext } from '../shared/settlement-lock';
import { sql } from '../shared/sql';
import {
  ZCreateRunFilesInput,
  ZFinishCreditNoteRunInput,
  ZIssueCreditNotesInput,
  ZMarkCreditNotesSentInput,
  ZQueueCreditNoteEmailsInput,
  ZSendAccountingEmailInput,
  ZStartCreditNoteRunInput,
  type TAccountingFileType,
  type TCreateRunFilesInput,
  type TCreateRunFilesResult,
  type TFinishCreditNoteRunInput,
  type TFinishCreditNoteRunResult,
  type TIssueCreditNotesInput,
  type TIssueCreditNotesResult,
  type TIssuedCreditNote,
  type TMarkCreditNotesSentInput,
  type TMarkCreditNotesSentResult,
  type TQueueCreditNoteEmailsInput,
  type TQueueCreditNoteEmailsResult,
  type TRunFile,
  type TSendAccountingEmailInput,
  type TSendAccountingEmailResult,
  type TStartCreditNoteRunInput,
  type TStartCreditNoteRunResult,
} from './credit-note.types';
import { nextSepaBusinessDay, todayInGermany, transferDateFor } from './payment-date';
import { PdfRenderPool } from './pdf-pool';

export * from './credit-note.types';
export { isSepaBusinessDay, nextSepaBusinessDay, transferDateFor, TRANSFER_DAYS_AFTER_ISSUE } from './payment-date';

// The side effects of a credit-note run (workflow `credit-note-run-{runUuid}`, spec admin 2.8/2.9,
// 3, 4): issue the credit notes (number, PDF, record), queue and mark their e-mails, build the run's
// files for the accountant (SEPA pain.001.001.09, ZIP of the PDFs, studio-costs CSV), the
// settlement's sums, and the accounting e-mail.
//
// Idempotent by construction:
// - A credit note is unique per run, settlement trainer and document type. Each trainer is issued in
//   its own transaction that row-locks the settlement trainer, takes the next number from
//   credit_note_counter (`insert … on conflict do update … returning`: the counter row stays locked
//   until commit, so numbers are gap-free per studio group and year), writes the PDF (temp file +
//   rename, path by number), inserts the credit note and its log row. A crash before the commit
//   undoes the number too: the retry redoes everything with the same number and overwrites the same
//   file; a crash after it finds the row and answers `already_issued`.
// - A refusal uses no number; its log row (keyed by run and trainer) is written once, and the
//   'error' stream message is published only when that row is new.
// - E-mails are recorded in the outbox under `{group}:credit-note:{runUuid}:{trainerUuid}` and
//   `{group}:accounting:{runUuid}:{requestUuid}:{n}`; a retry answers the recorded row.
// - The run's files have deterministic paths under `{dataDir}/runs/{runUuid}/` and are rewritten
//   (atomically) on a retry; their AccountingFile rows are upserted.
// - The last stream message of the run ('finished_studiogroup') is published on every attempt of
//   finishCreditNoteRun, so a stream that missed it still ends.

export type CreditNoteActivityDeps = {
  orm: MikroORM;
  /** The configured data directory: PDFs under credit-notes/, run files under runs/. */
  dataDir: string;
  /** The mail activity that records an e-mail in the outbox (delivery is the workflow's next step). */
  queueEmail: (input: TQueueEmailInput) => Promise<TQueueEmailResult>;
};

const PROC = { creditNote: 'credit_note', files: 'accounting_files', accountingEmail: 'accounting_email' } as const;
const ISSUED_STATES = ['credit_note_created', 'credit_note_send'];
const SETTLEMENT_TIME_ZONE = 'Europe/Berlin';

const FILE_ERROR_KEYS: Record<TAccountingFileType, MessageKey> = {
  SEPA_XML: 'creditNote.file.sepaError',
  CREDIT_NOTES_ZIP: 'creditNote.file.zipError',
  STUDIO_COSTS_BY_MONTH: 'creditNote.file.csvError',
};
const FILE_CONTENT_TYPES: Record<TAccountingFileType, string> = {
  SEPA_XML: 'application/xml',
  CREDIT_NOTES_ZIP: 'application/zip',
  STUDIO_COSTS_BY_MONTH: 'text/csv',
};

const nonRetryable = (message: string, type: string) => ApplicationFailure.nonRetryable(message, type);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The path of the trainer's credit notes page, without the language (the e-mail adds it). */
export const trainerCreditNotesPath = (studioGroupUuid: string) => `/trainer/studio/${studioGroupUuid}/credit-notes`;

/** Where a credit note PDF lives, relative to the data directory: `credit-notes/{group}/{YYYY-MM}/{number}.pdf`. */
export const creditNoteFilePath = (studioGroupUuid: string, settlementMonth: string, number: string) =>
  path.posix.join('credit-notes', studioGroupUuid, settlementMonth.slice(0, 7), `${number}.pdf`);

/** The run's files, relative to the data directory (deterministic: a retry rewrites the same files). */
export function runFilePaths(runUuid: string, settlementMonth: string): Record<TAccountingFileType, string> {
  const month = settlementMonth.slice(0, 7);
  const dir = path.posix.join('runs', runUuid);
  return {
    SEPA_XML: path.posix.join(dir, `sepa-${month}-${runUuid.slice(0, 8)}.xml`),
    CREDIT_NOTES_ZIP: path.posix.join(dir, `credit-notes-${month}.zip`),
    STUDIO_COSTS_BY_MONTH: path.posix.join(dir, `studio-costs-${month}.csv`),
  };
}

/** SEPA message id of a run: 'TP' and the run uuid's 32 hex digits (35 characters at most, unique per run). */
export const sepaMessageId = (runUuid: string) => `TP${runUuid.replace(/-/g, '')}`;

/** Writes a file so that readers see the old or the new bytes, never a part (temp file, fsync, rename). */
export async function writeFileAtomic(absolutePath: string, data: Buffer | string): Promise<void> {
  await fsp.mkdir(path.dirname(absolutePath), { recursive: true });
  const temp = `${absolutePath}.${randomUUID()}.tmp`;
  const handle = await fsp.open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(temp, absolutePath);
}

type GroupRow = {
  name: string;
  company_name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  country: string;
  tax_number: string | null;
  vat_id: string | null;
  iban: string | null;
  bic: string | null;
  credit_note_prefix: string;
  accounting_files: TAccountingFileType[] | null;
};

async function findGroup(em: EntityManager, studioGroupId: number): Promise<GroupRow> {
  const [row] = await sql<GroupRow>(
    em,
    `select name, company_name, street, house_number, postal_code, city, country, tax_number, vat_id, iban, bic, credit_note_prefix, accounting_files
       from studio_group where id = ?`,
    [studioGroupId],
  );
  if (!row) throw nonRetryable(`Studio group ${studioGroupId} not found.`, 'NotFound');
  return row;
}

async function findRun(em: EntityManager, runUuid: string, settlement: SettlementRow): Promise<{ id: number; status: string }> {
  const [run] = await sql<{ id: number; settlement_id: number; status: string }>(em, 'select id, settlement_id, status from settlement_run where uuid = ?', [runUuid]);
  if (!run) throw nonRetryable(translate('en', 'creditNote.run.notFound'), 'NotFound');
  if (run.settlement_id !== settlement.id) throw nonRetryable(translate('en', 'creditNote.run.otherSettlement'), 'Conflict');
  return run;
}

/** Publishes one message of the run's send stream (NOTIFY: sent on commit of the surrounding transaction). */
/** Messages of a credit-note run (the run uuid is the sending's), in order; sent on commit. */
const publishSends = (em: EntityManager, settlementUuid: string, runUuid: string, messages: TSendStreamMessage[]) =>
  publishSendMessages(em, settlementUuid, runUuid, 'credit_note', messages);
const publishSend = (em: EntityManager, settlementUuid: string, runUuid: string, message: TSendStreamMessage) => publishSends(em, settlementUuid, runUuid, [message]);

/** A JSON array parameter of uuids, for `… in (select jsonb_array_elements_text(?::jsonb))`. */
const uuidList = (uuids: readonly string[]) => JSON.stringify(uuids);

type TrainerRow = {
  settlement_trainer_id: number;
  trainer_id: number;
  workflow_state: string;
  prepared: boolean;
  trainer_snapshot: Partial<TrainerSnapshot> | null;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  consent_at: Date | null;
  account_language: Locale | null;
};

/** A snapshot as frozen at preparation, with every field present (older snapshots may lack some). */
function snapshotOf(row: TrainerRow, trainerUuid: string): TrainerSnapshot {
  const raw = row.trainer_snapshot ?? {};
  return trainerSnapshot({
    uuid: raw.uuid ?? trainerUuid,
    id: raw.id ?? row.trainer_id,
    sourceId: raw.sourceId ?? row.source_id,
    firstname: raw.firstname,
    lastname: raw.lastname,
    companyName: raw.companyName,
    email: raw.email,
    street: raw.street,
    houseNumber: raw.houseNumber,
    postalCode: raw.postalCode,
    city: raw.city,
    country: raw.country,
    iban: raw.iban,
    bic: raw.bic,
    taxNumber: raw.taxNumber,
    taxNumberMandatory: raw.taxNumberMandatory ?? false,
    vatId: raw.vatId,
    vatLiable: raw.vatLiable ?? true,
  });
}

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

/** PDFs being drawn at once per activity (the pool has a thread per core). */
const PDFS_IN_FLIGHT = 8;

export function createCreditNoteActivities({ orm, dataDir, queueEmail }: CreditNoteActivityDeps) {
  const pdfPool = new PdfRenderPool();
  const absolute = (relativePath: string) => path.join(dataDir, relativePath);

  /** One trainer of a run, in its own transaction (see above). */
  type Issued = TIssuedCreditNote & { pdf?: { doc: TCreditNoteDocument; filePath: string } };

  /**
   * Issues a batch of trainers in ONE transaction: their settlement rows locked, every rule checked
   * in memory (a refusal takes no number), then one counter update takes as many numbers as there
   * are credit notes (gap-free: the counter row stays locked until the credit notes are recorded, a
   * rollback returns them all), one insert records them, one update moves the trainers to
   * credit_note_created, one insert writes the log rows. A retry finds the run's records and answers
   * them (already_issued). The PDFs are drawn after the commit from the stored documents.
   */
  async function issueBatch(
    em: EntityManager,
    settlement: SettlementRow,
    group: GroupRow,
    run: { id: number },
    input: ReturnType<typeof ZIssueCreditNotesInput.parse>,
  ): Promise<Issued[]> {
    const say = (key: MessageKey, params?: MessageParams) => translate(input.locale, key, params);
    return em.transactional(async (tem) => {
      const rows = await sql<TrainerRow & { trainer_uuid: string }>(
        tem,
        `select st.id as settlement_trainer_id, st.trainer_id, st.workflow_state, st.prepared_at is not null as prepared, st.trainer_snapshot,
                t.uuid as trainer_uuid, t.firstname, t.lastname, t.company_name, t.source_id,
                coalesce(sgt.self_billing_consent_at, t.self_billing_agreement_at) as consent_at, ta.language as account_language
           from settlement_trainer st
           join trainer t on t.id = st.trainer_id
           left join studio_group_trainer sgt on sgt.trainer_id = t.id and sgt.studio_group_id = ?
           left join trainer_account ta on ta.id = sgt.trainer_account_id
          where st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
          order by st.id
          for update of st`,
        [settlement.studio_group_id, settlement.id, uuidList(input.trainerUuids)],
      );
      const byUuid = new Map(rows.map((row) => [row.trainer_uuid, row]));
      const ids = uuidList(rows.map((row) => String(row.settlement_trainer_id)));
      const existing = new Map(
        (
          await sql<{ settlement_trainer_id: number; uuid: string; number: string; gross_cents: number; sha256: string | null; document: TCreditNoteDocument | null; file_path: string }>(
            tem,
            `select settlement_trainer_id, uuid, number, gross_cents, sha256, document, file_path from credit_note
              where settlement_run_id = ? and document_type = 'credit_note' and settlement_trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb))`,
            [run.id, ids],
          )
        ).map((row) => [row.settlement_trainer_id, row]),
      );
      const approved = new Set(
        settlement.trainer_review
          ? (
              await sql<{ settlement_trainer_id: number }>(
                tem,
                `select settlement_trainer_id from (
                   select distinct on (settlement_trainer_id) settlement_trainer_id, approved from approval
                    where kind = 'company' and studio_id is null and settlement_trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb))
                    order by settlement_trainer_id, created_at desc, id desc) latest
                  where approved`,
                [ids],
              )
            ).map((row) => row.settlement_trainer_id)
          : [],
      );
      const linesOf = new Map<number, TrainerLineWithStudio[]>();
      for (const line of await trainerLinesWithStudio(tem, rows.map((row) => row.settlement_trainer_id), 'byTime')) {
        const list = linesOf.get(line.settlement_trainer_id) ?? [];
        list.push(line);
        linesOf.set(line.settlement_trainer_id, list);
      }

      const issueDate = todayInGermany();
      const year = Number(issueDate.slice(0, 4));
      try {
        creditNoteNumber(group.credit_note_prefix, year, 1);
      } catch (error) {
        throw nonRetryable(`Studio group ${settlement.studio_group_uuid}: ${(error as Error).message}`, 'Invalid');
      }
      const issuer = creditNoteIssuer({
        companyName: group.company_name,
        street: group.street,
        houseNumber: group.house_number,
        postalCode: group.postal_code,
        city: group.city,
        country: group.country,
        taxNumber: group.tax_number,
        vatId: group.vat_id,
      });

      const results: Issued[] = [];
      const refusals: Array<{ trainerUuid: string; reason: MessageKey; message: string }> = [];
      const toIssue: Array<{ index: number; row: TrainerRow & { trainer_uuid: string }; name: string; draft: TCreditNoteDocument; totals: ReturnType<typeof creditNoteTotals> }> = [];
      for (const trainerUuid of input.trainerUuids) {
        const row = byUuid.get(trainerUuid);
        const name = row ? trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }) : trainerUuid;
        const refuse = (reason: MessageKey, params: MessageParams = {}) => {
          refusals.push({ trainerUuid, reason, message: say(reason, { trainer: name, ...params }) });
          results.push({ trainerUuid, outcome: 'refused', reason });
        };
        const done = row ? existing.get(row.settlement_trainer_id) : undefined;
        if (done) {
          // Recorded by an attempt that died before its PDF was written: drawn again (same bytes).
          const pdf = done.sha256 === null && done.document ? { doc: done.document, filePath: done.file_path } : undefined;
          results.push({ trainerUuid, outcome: 'already_issued', creditNoteUuid: done.uuid, number: done.number, grossCents: done.gross_cents, ...(pdf ? { pdf } : {}) });
          continue;
        }
        if (!row || !row.prepared) {
          refuse('creditNote.refused.notInSettlement');
          continue;
        }
        // Issued in an earlier run: a second credit note needs a cancellation of the first.
        if (ISSUED_STATES.includes(row.workflow_state)) {
          refuse('creditNote.refused.alreadyIssued');
          continue;
        }
        const snapshot = snapshotOf(row, trainerUuid);
        const check = checkTrainerData(snapshot);
        if (!check.complete) {
          refuse('creditNote.refused.incompleteData', { fields: check.missing.join(', ') });
          continue;
        }
        // §14 (2) UStG: self-billing needs the trainer's prior consent (portal or written agreement).
        if (!row.consent_at) {
          refuse('creditNote.refused.noConsent');
          continue;
        }
        if (settlement.trainer_review && !approved.has(row.settlement_trainer_id)) {
          refuse('creditNote.refused.notApproved');
          continue;
        }
        const lines = linesOf.get(row.settlement_trainer_id) ?? [];
        const draft: TCreditNoteDocument = {
          documentType: 'credit_note',
          number: 'DRAFT',
          issueDate,
          serviceMonth: settlement.month,
          locale: row.account_language ?? 'de',
          issuer,
          recipient: creditNoteRecipient(snapshot),
          lines: lines.map(documentLine),
          payment: { iban: normalizeIban(snapshot.iban), bic: snapshot.bic?.trim() || null, transferDate: transferDateFor(issueDate) },
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
        toIssue.push({ index: results.length, row, name, draft, totals });
        results.push({ trainerUuid, outcome: 'issued' });
      }

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

      // Gap-free: as many numbers as credit notes, in the order of the batch, in this transaction.
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
        `update settlement_trainer set workflow_state = 'credit_note_created', updated_at = now() where id in (select value::int from jsonb_array_elements_text(?::jsonb))`,
        [uuidList(records.map((record) => String(record.row.settlement_trainer_id)))],
      );
      const messages = records.map((record) => ({ record, message: say('creditNote.run.created', { number: record.number, trainer: record.name }) }));
      await writeSettlementLog(
        tem,
        settlement,
        messages.map(({ record, message }) => ({ eventKey: `${PROC.creditNote}:${input.runUuid}:${record.row.trainer_uuid}:created`, proc: PROC.creditNote, trainerUuid: record.row.trainer_uuid, status: 'success', message })),
      );
      for (const { record, message } of messages) streamed.set(record.row.trainer_uuid, { status: 'success', message, trainer_uuid: record.row.trainer_uuid, outcome: 'created' });
      await publishInOrder();
      for (const record of records) {
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

  /**
   * Draws a recorded credit note's PDF from its stored document and writes it once: the hash is
   * set only where none is (a retry that finds it set leaves the file alone).
   */
  async function storePdf(creditNoteUuid: string, { doc, filePath }: { doc: TCreditNoteDocument; filePath: string }): Promise<void> {
    const pdf = await pdfPool.render(doc);
    await writeFileAtomic(absolute(filePath), pdf);
    await sql(orm.em.fork(), 'update credit_note set sha256 = ?, updated_at = now() where uuid = ? and sha256 is null', [sha256(pdf), creditNoteUuid]);
  }

  type RunCreditNote = {
    uuid: string;
    number: string;
    issue_date: string;
    net_cents: number;
    vat_cents: number;
    gross_cents: number;
    file_name: string;
    file_path: string;
    sent_at: Date | null;
    settlement_trainer_id: number;
    trainer_uuid: string;
    trainer_snapshot: Partial<TrainerSnapshot> | null;
    trainer_id: number;
    firstname: string | null;
    lastname: string | null;
    company_name: string | null;
    source_id: string;
  };

  /** The run's credit notes (not cancellations), by number; only those of `trainerUuids` when given. */
  async function runCreditNotes(em: EntityManager, runId: number, trainerUuids?: readonly string[]): Promise<RunCreditNote[]> {
    return sql<RunCreditNote>(
      em,
      `select cn.uuid, cn.number, to_char(cn.issue_date, 'YYYY-MM-DD') as issue_date, cn.net_cents, cn.vat_cents, cn.gross_cents, cn.file_name, cn.file_path,
              cn.sent_at, cn.settlement_trainer_id, st.trainer_snapshot, t.uuid as trainer_uuid, t.id as trainer_id, t.firstname, t.lastname, t.company_name, t.source_id
         from credit_note cn
         join settlement_trainer st on st.id = cn.settlement_trainer_id
         join trainer t on t.id = cn.trainer_id
        where cn.settlement_run_id = ? and cn.document_type = 'credit_note'
          ${trainerUuids ? 'and t.uuid::text in (select jsonb_array_elements_text(?::jsonb))' : ''}
        order by cn.number`,
      trainerUuids ? [runId, uuidList(trainerUuids)] : [runId],
    );
  }

  const displayName = (row: { firstname: string | null; lastname: string | null; company_name: string | null; source_id: string }) =>
    trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });

  const activities = {
    /** Records the run (SettlementRun, uuid = runUuid) and opens its stream ('config' with item_count); idempotent. */
    async startCreditNoteRun(rawInput: TStartCreditNoteRunInput): Promise<TStartCreditNoteRunResult> {
      const input = ZStartCreditNoteRunInput.parse(rawInput);
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

    /** Issues a batch of trainers' credit notes (see above); one heartbeat per trainer. */
    async issueCreditNotes(rawInput: TIssueCreditNotesInput): Promise<TIssueCreditNotesResult> {
      const input = ZIssueCreditNotesInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const group = await findGroup(em, settlement.studio_group_id);
      const run = await findRun(em, input.runUuid, settlement);
      const trainers: TIssuedCreditNote[] = [];
      // Numbers and records for the whole batch in one transaction; then the PDFs, drawn in the
      // render pool and all written before the activity answers.
      const drawing = new Set<Promise<void>>();
      const failures: unknown[] = [];
      for (const { pdf, ...issued } of await issueBatch(em.fork(), settlement, group, run, input)) {
        trainers.push(issued);
        if (pdf && issued.creditNoteUuid) {
          const job = storePdf(issued.creditNoteUuid, pdf).catch((error: unknown) => void failures.push(error));
          drawing.add(job);
          void job.finally(() => drawing.delete(job));
          if (drawing.size >= PDFS_IN_FLIGHT) await Promise.race(drawing);
        }
        activityContext()?.heartbeat({ processed: input.offset + trainers.length, total: input.total });
      }
      await Promise.all(drawing);
      // A PDF not written: the retry finds the record without a hash and draws it again.
      if (failures.length > 0) throw failures[0];
      return { trainers };
    },

    /** Records the credit-note e-mail of each issued trainer of the run in the outbox (PDF attached); idempotent by outbox key. */
    async queueCreditNoteEmails(rawInput: TQueueCreditNoteEmailsInput): Promise<TQueueCreditNoteEmailsResult> {
      const input = ZQueueCreditNoteEmailsInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const run = await findRun(em, input.runUuid, settlement);
      const notes = await runCreditNotes(em, run.id, input.trainerUuids);
      const byTrainer = new Map(notes.map((note) => [note.trainer_uuid, note]));
      const trainers: TQueueCreditNoteEmailsResult['trainers'] = [];
      for (const trainerUuid of input.trainerUuids) {
        const note = byTrainer.get(trainerUuid);
        if (!note) continue;
        const queued = await queueEmail({
          studioGroupUuid: settlement.studio_group_uuid,
          purpose: 'credit-note',
          reference: `${input.runUuid}:${trainerUuid}`,
          recipient: { kind: 'trainer', trainerUuid },
          subjectKey: 'mail.creditNote.subject',
          bodyKey: 'mail.creditNote.body',
          params: { number: note.number, month: { month: settlement.month }, gross: { cents: note.gross_cents } },
          link: { path: trainerCreditNotesPath(settlement.studio_group_uuid), labelKey: 'mail.creditNote.action' },
          attachments: [{ fileName: note.file_name, filePath: note.file_path, contentType: 'application/pdf' }],
        });
        if (queued.queued) {
          trainers.push({ trainerUuid, emailUuid: queued.emailUuid, outcome: 'queued', status: queued.status });
        } else {
          await em.fork().transactional(async (tem) => {
            const message = translate(input.locale, 'creditNote.run.noEmail', { trainer: displayName(note) });
            const written = await writeSettlementLog(tem, settlement, [
              { eventKey: `${PROC.creditNote}:${input.runUuid}:${trainerUuid}:no-email`, proc: PROC.creditNote, trainerUuid, status: 'error', message },
            ]);
            if (written > 0) await publishSend(tem, settlement.uuid, input.runUuid, { status: 'error', message, trainer_uuid: trainerUuid, outcome: 'failed' });
          });
          trainers.push({ trainerUuid, outcome: 'no_email' });
        }
        activityContext()?.heartbeat({ processed: trainers.length });
      }
      return { trainers };
    },

    /** After delivery: sentAt, workflow_state credit_note_send, a log row and a 'success' message per trainer; idempotent. */
    async markCreditNotesSent(rawInput: TMarkCreditNotesSentInput): Promise<TMarkCreditNotesSentResult> {
      const input = ZMarkCreditNotesSentInput.parse(rawInput);
      if (input.trainerUuids.length === 0) return { sent: 0 };
      return orm.em.fork().transactional(async (tem) => {
        const settlement = await settlementRowOf(tem, input.settlementUuid);
        const run = await findRun(tem, input.runUuid, settlement);
        const notes = await runCreditNotes(tem, run.id, input.trainerUuids);
        for (const note of notes) {
          await sql(tem, 'update credit_note set sent_at = now(), updated_at = now() where uuid = ? and sent_at is null', [note.uuid]);
          await sql(tem, `update settlement_trainer set workflow_state = 'credit_note_send', updated_at = now() where id = ? and workflow_state = 'credit_note_created'`, [
            note.settlement_trainer_id,
          ]);
          const message = translate(input.locale, 'creditNote.run.sent', { trainer: displayName(note) });
          const written = await writeSettlementLog(tem, settlement, [
            { eventKey: `${PROC.creditNote}:${input.runUuid}:${note.trainer_uuid}:sent`, proc: PROC.creditNote, trainerUuid: note.trainer_uuid, status: 'success', message },
          ]);
          if (written > 0) await publishSend(tem, settlement.uuid, input.runUuid, { status: 'success', message, trainer_uuid: note.trainer_uuid, outcome: 'created' });
        }
        return { sent: notes.length };
      });
    },

    /**
     * The run's files for the accountant (SEPA XML, ZIP of the PDFs, studio-costs CSV) under
     * `runs/{runUuid}/`, and their AccountingFile rows: success or error, not_set for a type the
     * group's accountingFiles does not list (the file is written anyway: the downloads need it).
     */
    async createRunFiles(rawInput: TCreateRunFilesInput): Promise<TCreateRunFilesResult> {
      const input = ZCreateRunFilesInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const group = await findGroup(em, settlement.studio_group_id);
      const run = await findRun(em, input.runUuid, settlement);
      const notes = await runCreditNotes(em, run.id);
      const paths = runFilePaths(input.runUuid, settlement.month);
      const wanted = new Set(group.accounting_files ?? []);
      const logRows: Array<{ type: TAccountingFileType; ok: boolean; message: string }> = [];
      const results: TRunFile[] = [];
      const result: TCreateRunFilesResult = { files: results, creditNotes: notes.length };

      const record = async (type: TAccountingFileType, build: () => Promise<{ message: string }>) => {
        try {
          const { message } = await build();
          const hash = sha256(await fsp.readFile(absolute(paths[type])));
          results.push({ type, status: wanted.has(type) ? 'success' : 'not_set', filePath: paths[type] });
          logRows.push({ type, ok: true, message });
          return hash;
        } catch (error) {
          const errorText = translate(input.locale, FILE_ERROR_KEYS[type]);
          const detail = error instanceof SepaFileError ? translate(input.locale, error.messageKey, error.params) : (error as Error).message;
          results.push({ type, status: 'error', filePath: null, error: errorText });
          logRows.push({ type, ok: false, message: `${errorText} ${detail}`.trim() });
          return null;
        }
      };

      // SEPA: one payment per credit note, end-to-end id = its number; a payment the bank would
      // refuse (an IBAN that is no longer valid) is left out and logged, never the whole file.
      const sepaHash = await record('SEPA_XML', async () => {
        if (!group.iban) throw new SepaFileError('sepa.invalidIban', { payment: translate(input.locale, 'sepa.debtor'), name: group.company_name });
        let payments: TSepaPayment[] = notes.map((note) => {
          const snapshot = snapshotOf({ trainer_snapshot: note.trainer_snapshot, trainer_id: note.trainer_id, source_id: note.source_id } as TrainerRow, note.trainer_uuid);
          return {
            creditNoteNumber: note.number,
            amountCents: note.gross_cents,
            serviceMonth: settlement.month,
            creditor: {
              name: trainerDisplayName(snapshot),
              address: { street: snapshot.street, houseNumber: snapshot.houseNumber, postalCode: snapshot.postalCode, city: snapshot.city ?? '', country: snapshot.country ?? 'DE' },
              iban: snapshot.iban ?? '',
              bic: snapshot.bic?.trim() || null,
            },
          };
        });
        const leftOut: string[] = [];
        payments = payments.filter((payment) => {
          if (isSepaIban(normalizeIban(payment.creditor.iban))) return true;
          leftOut.push(translate(input.locale, 'creditNote.file.sepaPaymentLeftOut', { number: payment.creditNoteNumber, reason: translate(input.locale, 'sepa.invalidIban', { payment: payment.creditNoteNumber, name: payment.creditor.name }) }));
          return false;
        });
        const today = todayInGermany();
        const transferDates = [...new Set(notes.map((note) => transferDateFor(note.issue_date)))].sort();
        const earliest = nextSepaBusinessDay(today);
        const executionDate = transferDates.length > 0 && transferDates[transferDates.length - 1]! > earliest ? transferDates[transferDates.length - 1]! : earliest;
        let xml: string | null = null;
        while (xml === null) {
          try {
            xml = buildPain001({
              messageId: sepaMessageId(input.runUuid),
              createdAt: DateTime.now().setZone(SETTLEMENT_TIME_ZONE).startOf('second').toISO({ suppressMilliseconds: true })!,
              executionDate,
              debtor: {
                name: group.company_name,
                address: { street: group.street, houseNumber: group.house_number, postalCode: group.postal_code, city: group.city, country: group.country },
                iban: group.iban,
                bic: group.bic,
              },
              payments,
            });
          } catch (error) {
            // A payment's own data (name, address) the file cannot carry: leave that one out.
            if (!(error instanceof SepaFileError) || error.paymentIndex === null || payments.length <= 1) throw error;
            leftOut.push(translate(input.locale, 'creditNote.file.sepaPaymentLeftOut', { number: payments[error.paymentIndex]!.creditNoteNumber, reason: translate(input.locale, error.messageKey, error.params) }));
            payments = payments.filter((_, index) => index !== error.paymentIndex);
          }
        }
        await writeFileAtomic(absolute(paths.SEPA_XML), xml);
        result.sepaControlSumCents = sumCents(payments.map((payment) => payment.amountCents));
        result.sepaPayments = payments.length;
        const created = translate(input.locale, 'creditNote.file.sepaCreated', { count: payments.length, amount: formatEuro(result.sepaControlSumCents, input.locale === 'de' ? 'de-DE' : 'en-GB') });
        return { message: [created, ...leftOut].join(' ') };
      });

      // The ZIP of the run's PDFs, streamed to a temp file; entry dates are the issue dates, so a retry writes the same bytes.
      const zipHash = await record('CREDIT_NOTES_ZIP', async () => {
        const target = absolute(paths.CREDIT_NOTES_ZIP);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        const temp = `${target}.${randomUUID()}.tmp`;
        const zip = new ZipArchive({ zlib: { level: 6 } });
        for (const note of notes) {
          zip.file(absolute(note.file_path), { name: note.file_name, date: new Date(`${note.issue_date}T00:00:00Z`) });
        }
        const written = pipeline(zip, fs.createWriteStream(temp));
        await zip.finalize();
        await written;
        await fsp.rename(temp, target);
        return { message: translate(input.locale, 'creditNote.file.zipCreated', { count: notes.length }) };
      });

      // The studio costs of the run's trainers: their lines, the same the PDFs sum.
      const csvHash = await record('STUDIO_COSTS_BY_MONTH', async () => {
        const lines = await sql<{ studio_name: string; vat_rate_basis_points: number; net_cents: number; vat_cents: number; gross_cents: number }>(
          em,
          `select case when l.kind = 'admin' or s.name is null then ? else s.name end as studio_name,
                  l.vat_rate_basis_points, l.net_cents, l.vat_cents, l.gross_cents
             from settlement_line l left join studio s on s.id = l.studio_id
            where l.settlement_trainer_id in (select settlement_trainer_id from credit_note where settlement_run_id = ? and document_type = 'credit_note')`,
          [translate(input.locale, 'creditNote.adminStudio'), run.id],
        );
        const costLines: StudioCostLine[] = lines.map((line) => ({
          studioName: line.studio_name,
          vatRateBasisPoints: line.vat_rate_basis_points,
          netCents: line.net_cents,
          vatCents: line.vat_cents,
          grossCents: line.gross_cents,
        }));
        await writeFileAtomic(absolute(paths.STUDIO_COSTS_BY_MONTH), studioCostsCsv(costLines, input.locale));
        return { message: translate(input.locale, 'creditNote.file.csvCreated') };
      });

      const hashes: Record<TAccountingFileType, string | null> = { SEPA_XML: sepaHash, CREDIT_NOTES_ZIP: zipHash, STUDIO_COSTS_BY_MONTH: csvHash };
      await em.fork().transactional(async (tem) => {
        for (const file of results) {
          await sql(
            tem,
            `insert into accounting_file (uuid, settlement_run_id, type, status, file_path, sha256, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, now(), now())
             on conflict (settlement_run_id, type) do update set status = excluded.status, file_path = excluded.file_path, sha256 = excluded.sha256, updated_at = now()`,
            [randomUUID(), run.id, file.type, file.status, file.filePath, hashes[file.type]],
          );
        }
        for (const row of logRows) {
          const status = row.ok ? 'info' : 'error';
          const written = await writeSettlementLog(tem, settlement, [
            { eventKey: `${PROC.files}:${input.runUuid}:${row.type}:${row.ok ? 'success' : 'error'}`, proc: PROC.files, trainerUuid: null, status, message: row.message },
          ]);
          if (written > 0) await publishSend(tem, settlement.uuid, input.runUuid, { status, message: row.message });
        }
      });
      return result;
    },

    /** The settlement's sums, the run finished, and the stream's last message ('finished_studiogroup', on every attempt). */
    async finishCreditNoteRun(rawInput: TFinishCreditNoteRunInput): Promise<TFinishCreditNoteRunResult> {
      const input = ZFinishCreditNoteRunInput.parse(rawInput);
      return orm.em.fork().transactional(async (tem) => {
        const settlement = await settlementRowOf(tem, input.settlementUuid);
        const run = await findRun(tem, input.runUuid, settlement);
        // The sums of every billed trainer's lines: what the credit notes of all runs add up to.
        const [sums] = await sql<{ net: string; vat: string; gross: string }>(
          tem,
          `select coalesce(sum(l.net_cents), 0) as net, coalesce(sum(l.vat_cents), 0) as vat, coalesce(sum(l.gross_cents), 0) as gross
             from settlement_line l join settlement_trainer st on st.id = l.settlement_trainer_id
            where st.settlement_id = ? and st.workflow_state in ('credit_note_created', 'credit_note_send')`,
          [settlement.id],
        );
        const totals = { netCents: Number(sums!.net), vatCents: Number(sums!.vat), grossCents: Number(sums!.gross) };
        await sql(tem, 'update settlement set sum_net_cents = ?, sum_vat_cents = ?, sum_gross_cents = ?, updated_at = now() where id = ?', [
          totals.netCents,
          totals.vatCents,
          totals.grossCents,
          settlement.id,
        ]);
        await sql(tem, `update settlement_run set status = 'finished', finished_at = coalesce(finished_at, now()), updated_at = now() where id = ?`, [run.id]);
        await writeSettlementLog(tem, settlement, [
          {
            eventKey: `${PROC.creditNote}:${input.runUuid}:finished`,
            proc: PROC.creditNote,
            trainerUuid: null,
            status: 'info',
            message: translate(input.locale, 'creditNote.run.finishedCounts', { issued: input.issued, refused: input.refused }),
          },
        ]);
        await publishSend(tem, settlement.uuid, input.runUuid, { status: 'finished_studiogroup', message: translate(input.locale, 'creditNote.run.finished') });
        return totals;
      });
    },

    /** Records the accounting e-mail (one per recipient) with the run's files attached; the caller delivers them. */
    async sendAccountingEmail(rawInput: TSendAccountingEmailInput): Promise<TSendAccountingEmailResult> {
      const input = ZSendAccountingEmailInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const run = await findRun(em, input.runUuid, settlement);
      const files = await sql<{ type: TAccountingFileType; status: string; file_path: string | null }>(em, 'select type, status, file_path from accounting_file where settlement_run_id = ?', [
        run.id,
      ]);
      // Every attachment is checked before the first e-mail is recorded: all recipients get the same, or nobody.
      const attachments = [...new Set(input.attachments)].map((type) => {
        const file = files.find((candidate) => candidate.type === type);
        if (!file || file.status === 'error' || !file.file_path || !fs.existsSync(absolute(file.file_path))) {
          throw nonRetryable(translate(input.locale, 'creditNote.accountingMail.attachmentMissing', { file: type }), 'Invalid');
        }
        return { fileName: path.posix.basename(file.file_path), filePath: file.file_path, contentType: FILE_CONTENT_TYPES[type] };
      });
      const emailUuids: string[] = [];
      for (const [index, email] of input.recipients.entries()) {
        const queued = await queueEmail({
          studioGroupUuid: settlement.studio_group_uuid,
          purpose: 'accounting',
          reference: `${input.runUuid}:${input.requestUuid}:${index + 1}`,
          recipient: { kind: 'address', email, locale: input.locale },
          subjectKey: 'creditNote.accountingMail.subject',
          bodyKey: 'creditNote.accountingMail.body',
          params: { month: { month: settlement.month } },
          subjectText: input.subject,
          ...(input.bodyHtml.trim() ? { bodyHtml: input.bodyHtml } : {}),
          attachments,
        });
        if (queued.queued) emailUuids.push(queued.emailUuid);
      }
      await em.fork().transactional(async (tem) => {
        await writeSettlementLog(tem, settlement, [
          {
            eventKey: `${PROC.accountingEmail}:${input.runUuid}:${input.requestUuid}`,
            proc: PROC.accountingEmail,
            trainerUuid: null,
            status: 'success',
            message: translate(input.locale, 'creditNote.accountingMail.queued', { recipients: input.recipients.join(', ') }),
          },
        ]);
      });
      return { emailUuids };
    },
  };
  return activities;
}

export type CreditNoteActivities = ReturnType<typeof createCreditNoteActivities>;

import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { translate, type Locale } from '../../domain/messages';
import { trainerDisplayName, trainerSnapshot, type TrainerSnapshot } from '../../domain/trainer-data';
import type { TQueueEmailInput, TQueueEmailResult, TQueueEmailsInput } from '../mail';
import { publishSendMessages } from '../../db/writes/settlement-log';
import type { SettlementRow } from '../shared/settlement';
import { sql } from '../../db/queries/sql';
import type { TAccountingFileType } from './credit-note.types';

// The reads and stream messages every step of a credit-note run shares: the studio group (issuer,
// debtor account, wanted files), the run, the run's credit notes with their trainers.

export type CreditNoteActivityDeps = {
  orm: MikroORM;
  /** The configured data directory: PDFs under credit-notes/, run files under runs/. */
  dataDir: string;
  /** The mail activity that records an e-mail in the outbox (delivery is the workflow's next step). */
  queueEmail: (input: TQueueEmailInput) => Promise<TQueueEmailResult>;
  /** The same for a batch, in input order (one transaction): a chunk's credit-note e-mails. */
  queueEmails: (input: TQueueEmailsInput) => Promise<TQueueEmailResult[]>;
};

export const PROC = { creditNote: 'credit_note', files: 'accounting_files', accountingEmail: 'accounting_email' } as const;

export const nonRetryable = (message: string, type: string) => ApplicationFailure.nonRetryable(message, type);

export type GroupRow = {
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

export async function findGroup(em: EntityManager, studioGroupId: number): Promise<GroupRow> {
  const [row] = await sql<GroupRow>(
    em,
    `select name, company_name, street, house_number, postal_code, city, country, tax_number, vat_id, iban, bic, credit_note_prefix, accounting_files
       from studio_group where id = ?`,
    [studioGroupId],
  );
  if (!row) throw nonRetryable(`Studio group ${studioGroupId} not found.`, 'NotFound');
  return row;
}

export async function findRun(em: EntityManager, runUuid: string, settlement: SettlementRow): Promise<{ id: number; status: string }> {
  const [run] = await sql<{ id: number; settlement_id: number; status: string }>(em, 'select id, settlement_id, status from settlement_run where uuid = ?', [runUuid]);
  if (!run) throw nonRetryable(translate('en', 'creditNote.run.notFound'), 'NotFound');
  if (run.settlement_id !== settlement.id) throw nonRetryable(translate('en', 'creditNote.run.otherSettlement'), 'Conflict');
  return run;
}

/** Messages of a credit-note run (the run uuid is the sending's), in order; sent on commit. */
export const publishSends = (em: EntityManager, settlementUuid: string, runUuid: string, messages: TSendStreamMessage[]) =>
  publishSendMessages(em, settlementUuid, runUuid, 'credit_note', messages);
export const publishSend = (em: EntityManager, settlementUuid: string, runUuid: string, message: TSendStreamMessage) => publishSends(em, settlementUuid, runUuid, [message]);

/** A JSON array parameter of uuids, for `… in (select jsonb_array_elements_text(?::jsonb))`. */
export const uuidList = (uuids: readonly string[]) => JSON.stringify(uuids);

export type TrainerRow = {
  settlement_trainer_id: number;
  trainer_id: number;
  workflow_state: string;
  prepared: boolean;
  trainer_snapshot: Partial<TrainerSnapshot> | null;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  account_language: Locale | null;
};

/** A snapshot as frozen at preparation, with every field present (older snapshots may lack some). */
export function snapshotOf(row: TrainerRow, trainerUuid: string): TrainerSnapshot {
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

export type RunCreditNote = {
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
export async function runCreditNotes(em: EntityManager, runId: number, trainerUuids?: readonly string[]): Promise<RunCreditNote[]> {
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

export const displayName = (row: { firstname: string | null; lastname: string | null; company_name: string | null; source_id: string }) =>
  trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });

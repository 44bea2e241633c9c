import fsp from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  creditorAccountOf,
  datevBookingBatch,
  datevCreditorMasterData,
  DatevFormatError,
  type DatevBooking,
  type DatevCreditor,
  type DatevSettings,
} from '../../domain/accounting';
import { creditNoteTotals, ZCreditNoteDocument, type TCreditNoteDocument } from '../../domain/credit-notes';
import { translate, type Locale } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import { trainerDisplayName } from '../../domain/trainer-data';
import { datevSettingsOf } from '../../db/queries/datev-settings';
import type { SettlementRow } from '../shared/settlement';
import { sql } from '../../db/queries/sql';
import { sha256, writeFileAtomic } from './credit-note-files';
import { isDiskFull } from './disk-full';
import { CREDIT_NOTE_DOCUMENT_COLUMNS, type CreditNoteDocumentSql } from '../../db/queries/credit-note-documents';
import type { TRunFile } from './credit-note.types';

// The run's DATEV files: the booking batch (DATEV_EXTF, an accounting file the e-mail can
// carry) and the trainers as creditors beside it (DATEV_CREDITORS), both from the credit notes'
// stored documents, the single source of PDF, e-invoice and booking (DESIGN "E-invoices").
//
// Which documents a run books: its own credit notes, and each cancellation of the run's trainers in
// this settlement issued since that trainer's previous run (a correction's cancellation is stored in
// the original's run, and its new credit note comes in a run of its own: this run books both).
// Without DATEV settings the files are not written: 'not_set' with a message, the rest of the run goes on.

type DatevDocumentRow = CreditNoteDocumentSql & {
  id: number;
  trainer_id: number;
  trainer_snapshot: Record<string, unknown> | null;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  email: string | null;
};

type GroupDatevRow = {
  datev_chart: 'SKR03' | 'SKR04' | null;
  datev_consultant_number: number | null;
  datev_client_number: number | null;
  datev_fiscal_year_start_month: number | null;
  datev_expense_account: number | null;
  datev_creditor_range_start: number | null;
  datev_creditor_range_end: number | null;
  vat_rate_basis_points: number;
};

export async function groupDatevSettings(em: EntityManager, studioGroupId: number): Promise<{ settings: DatevSettings | null; groupVatRate: number }> {
  const [row] = await sql<GroupDatevRow>(
    em,
    `select datev_chart, datev_consultant_number, datev_client_number, datev_fiscal_year_start_month, datev_expense_account,
            datev_creditor_range_start, datev_creditor_range_end, vat_rate_basis_points
       from studio_group where id = ?`,
    [studioGroupId],
  );
  if (!row) return { settings: null, groupVatRate: 1900 };
  return {
    settings: datevSettingsOf({
      datevChart: row.datev_chart,
      datevConsultantNumber: row.datev_consultant_number,
      datevClientNumber: row.datev_client_number,
      datevFiscalYearStartMonth: row.datev_fiscal_year_start_month,
      datevExpenseAccount: row.datev_expense_account,
      datevCreditorRangeStart: row.datev_creditor_range_start,
      datevCreditorRangeEnd: row.datev_creditor_range_end,
    }),
    groupVatRate: row.vat_rate_basis_points,
  };
}

/** The documents the run books (see above), by number. */
export async function runDatevDocuments(em: EntityManager, runId: number): Promise<DatevDocumentRow[]> {
  return sql<DatevDocumentRow>(
    em,
    `with run as (select id, settlement_id, created_at from settlement_run where id = ?)
     select cn.id, ${CREDIT_NOTE_DOCUMENT_COLUMNS}, cn.trainer_id, st.trainer_snapshot, t.firstname, t.lastname, t.company_name, t.source_id, t.email
       from credit_note cn
       join settlement_trainer st on st.id = cn.settlement_trainer_id
       join trainer t on t.id = cn.trainer_id
       cross join run
      where (cn.settlement_run_id = run.id and cn.document_type = 'credit_note')
         or (cn.document_type = 'cancellation'
             and st.settlement_id = run.settlement_id
             and cn.created_at <= run.created_at
             and cn.trainer_id in (select trainer_id from credit_note where settlement_run_id = run.id and document_type = 'credit_note')
             and not exists (
               select 1 from credit_note later join settlement_run lr on lr.id = later.settlement_run_id
                where later.settlement_trainer_id = cn.settlement_trainer_id and later.document_type = 'credit_note'
                  and lr.created_at > cn.created_at and lr.created_at < run.created_at))
      order by cn.number`,
    [runId],
  );
}

const documentOf = (row: DatevDocumentRow): TCreditNoteDocument | null => {
  const parsed = ZCreditNoteDocument.safeParse(row.document);
  return parsed.success ? parsed.data : null;
};

/** Bookings of one document: one per VAT rate of its lines (one in practice: a trainer has one rate). */
export function bookingsOf(row: DatevDocumentRow, { settings, groupVatRate, locale }: { settings: DatevSettings; groupVatRate: number; locale: Locale }): DatevBooking[] {
  const document = documentOf(row);
  const trainer = trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });
  const creditorAccount = creditorAccountOf(settings, row.trainer_id);
  const serviceDate = document?.serviceMonth ?? row.issue_date;
  const month = `${serviceDate.slice(5, 7)}/${serviceDate.slice(0, 4)}`;
  const text =
    row.document_type === 'cancellation'
      ? translate(locale, 'datev.booking.cancellation', { number: document?.cancelsNumber ?? row.number, trainer })
      : translate(locale, 'datev.booking.creditNote', { month, trainer });
  const base = { documentType: row.document_type, number: row.number, issueDate: row.issue_date, creditorAccount, text, serviceDate };
  if (!document) return [{ ...base, grossCents: row.gross_cents, vatRateBasisPoints: row.vat_cents === 0 ? 0 : groupVatRate }];
  return creditNoteTotals(document).byRate.map((rate) => ({ ...base, grossCents: rate.grossCents, vatRateBasisPoints: rate.vatRateBasisPoints }));
}

/** The trainer as a creditor, from the newest document's recipient and payment (what the credit note says). */
function creditorOf(row: DatevDocumentRow, settings: DatevSettings): DatevCreditor {
  const document = documentOf(row);
  const snapshot = (row.trainer_snapshot ?? {}) as Record<string, string | null | undefined>;
  const recipient = document?.recipient;
  return {
    account: creditorAccountOf(settings, row.trainer_id),
    companyName: row.company_name ?? snapshot.companyName ?? null,
    firstname: row.firstname ?? snapshot.firstname ?? null,
    lastname: row.lastname ?? snapshot.lastname ?? null,
    street: recipient?.street ?? snapshot.street ?? null,
    houseNumber: recipient?.houseNumber ?? snapshot.houseNumber ?? null,
    postalCode: recipient?.postalCode ?? snapshot.postalCode ?? null,
    city: recipient?.city ?? snapshot.city ?? null,
    country: recipient?.country ?? snapshot.country ?? 'DE',
    iban: document?.payment.iban ?? snapshot.iban ?? null,
    bic: document?.payment.bic ?? snapshot.bic ?? null,
    vatId: recipient?.vatId ?? snapshot.vatId ?? null,
    taxNumber: recipient?.taxNumber ?? snapshot.taxNumber ?? null,
    email: row.email,
  };
}

export type DatevRunFiles = {
  files: TRunFile[];
  /** ok: logged as info (also 'not_set', whose message says why), else as an error. */
  logRows: Array<{ type: 'DATEV_EXTF'; ok: boolean; message: string }>;
  hashes: { DATEV_EXTF: string | null; DATEV_CREDITORS: string | null };
  /** Signed sum of the batch in cents (credit positive), when written. */
  sumCents?: number;
};

/**
 * Writes the run's two DATEV files (Windows-1252) at their deterministic paths. not_set: the
 * group has no DATEV settings; error: DATEV would refuse the batch (the reason is logged); a
 * success is 'not_set' too when the group's accounting files leave DATEV out (the file is there
 * for the download).
 */
export async function createDatevRunFiles({
  em,
  settlement,
  run,
  paths,
  absolute,
  wanted,
  locale,
}: {
  em: EntityManager;
  settlement: SettlementRow;
  run: { id: number };
  paths: { DATEV_EXTF: string; DATEV_CREDITORS: string };
  absolute: (relativePath: string) => string;
  wanted: boolean;
  locale: Locale;
}): Promise<DatevRunFiles> {
  const { settings, groupVatRate } = await groupDatevSettings(em, settlement.studio_group_id);
  const none = { DATEV_EXTF: null, DATEV_CREDITORS: null };
  if (!settings) {
    const message = translate(locale, 'datev.file.notSet');
    return {
      files: [
        { type: 'DATEV_EXTF', status: 'not_set', filePath: null, error: message },
        { type: 'DATEV_CREDITORS', status: 'not_set', filePath: null, error: message },
      ],
      logRows: [{ type: 'DATEV_EXTF', ok: true, message }],
      hashes: none,
    };
  }
  try {
    const [created] = await sql<{ created_at: Date }>(em, 'select created_at from settlement_run where id = ?', [run.id]);
    // The run's creation time: a retry writes the same bytes.
    const createdAt = new Date(created?.created_at ?? Date.now());
    const rows = await runDatevDocuments(em, run.id);
    const bookings = rows.flatMap((row) => bookingsOf(row, { settings, groupVatRate, locale }));
    const month = `${settlement.month.slice(5, 7)}/${settlement.month.slice(0, 4)}`;
    const batch = datevBookingBatch({ settings, bookings, createdAt, title: translate('de', 'datev.title', { month }) });
    const newestByTrainer = new Map<number, DatevDocumentRow>();
    for (const row of rows) if (row.document_type === 'credit_note' || !newestByTrainer.has(row.trainer_id)) newestByTrainer.set(row.trainer_id, row);
    const master = datevCreditorMasterData({ settings, createdAt, creditors: [...newestByTrainer.values()].map((row) => creditorOf(row, settings)) });
    await writeFileAtomic(absolute(paths.DATEV_EXTF), batch.bytes);
    await writeFileAtomic(absolute(paths.DATEV_CREDITORS), master.bytes);
    const status = wanted ? 'success' : 'not_set';
    const message = translate(locale, 'datev.file.created', {
      count: batch.bookings,
      amount: formatEuro(batch.sumCents, locale === 'de' ? 'de-DE' : 'en-GB'),
      creditors: master.creditors,
    });
    return {
      files: [
        { type: 'DATEV_EXTF', status, filePath: paths.DATEV_EXTF },
        { type: 'DATEV_CREDITORS', status, filePath: paths.DATEV_CREDITORS },
      ],
      logRows: [{ type: 'DATEV_EXTF', ok: true, message }],
      hashes: { DATEV_EXTF: sha256(await fsp.readFile(absolute(paths.DATEV_EXTF))), DATEV_CREDITORS: sha256(await fsp.readFile(absolute(paths.DATEV_CREDITORS))) },
      sumCents: batch.sumCents,
    };
  } catch (error) {
    // Not this file's fault: the whole step waits for space (see disk-full.ts).
    if (isDiskFull(error)) throw error;
    const errorText = translate(locale, 'datev.file.error');
    const detail = error instanceof DatevFormatError ? translate(locale, error.messageKey, error.params) : (error as Error).message;
    return {
      files: [
        { type: 'DATEV_EXTF', status: 'error', filePath: null, error: errorText },
        { type: 'DATEV_CREDITORS', status: 'error', filePath: null, error: errorText },
      ],
      logRows: [{ type: 'DATEV_EXTF', ok: false, message: `${errorText} ${detail}`.trim() }],
      hashes: none,
    };
  }
}


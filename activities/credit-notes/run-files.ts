import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ZipArchive } from 'archiver';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { payoutReturnsCsv, studioCostsCsv, type StudioCostLine } from '../../domain/accounting';
import { translate, type Locale, type MessageKey } from '../../domain/messages';
import { formatEuro, sumCents } from '../../domain/money';
import { buildPain001, SepaFileError, type TSepaPayment } from '../../domain/sepa';
import { trainerDisplayName } from '../../domain/trainer-data';
import { isSepaIban, normalizeIban } from '../../domain/validation/bank';
import { writeSettlementLog } from '../../db/writes/settlement-log';
import { claimRepayments, recordRunPayouts, releaseRepayments } from '../../db/writes/payouts';
import { payoutReturnsForHandoff } from '../../db/queries/payout-returns';
import { settlementRowOf } from '../shared/settlement';
import { sql } from '../../db/queries/sql';
import { ZCreateRunFilesInput, type TAccountingFileType, type TCreateRunFilesInput, type TCreateRunFilesResult, type TRunFile } from './credit-note.types';
import { datevFilePaths, runFilePaths, sepaMessageId, sha256OfFile, writeFileAtomic } from './credit-note-files';
import { createDatevRunFiles } from './datev-files';
import { isDiskFull, reportDiskFull } from './disk-full';
import { notifySmallBusinessLimits } from './small-business-notices';
import { nextSepaBusinessDay, todayInGermany, transferDateFor } from './payment-date';
import { xrechnungFileName, xrechnungFilePath } from './e-invoice-files';
import { findGroup, findRun, PROC, publishSend, runCreditNotes, snapshotOf, type GroupRow, type RunCreditNote, type TrainerRow } from './run-records';

// The run's files for the accountant, each from its own builder: the SEPA credit transfer
// (pain.001.001.09), the ZIP of the credit-note PDFs, the studio-costs CSV and the returns CSV.

const SETTLEMENT_TIME_ZONE = 'Europe/Berlin';

const FILE_ERROR_KEYS: Record<TAccountingFileType, MessageKey> = {
  SEPA_XML: 'creditNote.file.sepaError',
  CREDIT_NOTES_ZIP: 'creditNote.file.zipError',
  STUDIO_COSTS_BY_MONTH: 'creditNote.file.csvError',
  DATEV_EXTF: 'datev.file.error',
  PAYOUT_RETURNS: 'creditNote.file.returnsError',
};

/**
 * SEPA: one payment per credit note, end-to-end id = its number; a payment the bank would refuse
 * (an IBAN that is no longer valid, data the file cannot carry) is left out and named in
 * `leftOut`, never the whole file.
 */
export function buildSepaFile({
  notes,
  repayments = [],
  group,
  settlementMonth,
  runUuid,
  locale,
}: {
  notes: RunCreditNote[];
  /** Rejected/returned payouts paid again in this file (decision 0115), after the run's own payments. */
  repayments?: TSepaPayment[];
  group: GroupRow;
  settlementMonth: string;
  runUuid: string;
  locale: Locale;
}): {
  xml: string;
  payments: TSepaPayment[];
  leftOut: string[];
} {
  if (!group.iban) throw new SepaFileError('sepa.invalidIban', { payment: translate(locale, 'sepa.debtor'), name: group.company_name });
  let payments: TSepaPayment[] = notes.map((note) => {
    const snapshot = snapshotOf({ trainer_snapshot: note.trainer_snapshot, trainer_id: note.trainer_id, source_id: note.source_id } as TrainerRow, note.trainer_uuid);
    return {
      creditNoteNumber: note.number,
      amountCents: note.gross_cents,
      serviceMonth: settlementMonth,
      creditor: {
        name: trainerDisplayName(snapshot),
        address: { street: snapshot.street, houseNumber: snapshot.houseNumber, postalCode: snapshot.postalCode, city: snapshot.city ?? '', country: snapshot.country ?? 'DE' },
        iban: snapshot.iban ?? '',
        bic: snapshot.bic?.trim() || null,
      },
    };
  });
  payments = [...payments, ...repayments];
  const leftOut: string[] = [];
  payments = payments.filter((payment) => {
    if (isSepaIban(normalizeIban(payment.creditor.iban))) return true;
    leftOut.push(translate(locale, 'creditNote.file.sepaPaymentLeftOut', { number: payment.creditNoteNumber, reason: translate(locale, 'sepa.invalidIban', { payment: payment.creditNoteNumber, name: payment.creditor.name }) }));
    return false;
  });
  const today = todayInGermany();
  // A run's notes share an issue date or a few: each date's transfer date computed once (a walk over the calendar).
  const transferDates = [...new Set(notes.map((note) => note.issue_date))].map(transferDateFor).sort();
  const earliest = nextSepaBusinessDay(today);
  const executionDate = transferDates.length > 0 && transferDates[transferDates.length - 1]! > earliest ? transferDates[transferDates.length - 1]! : earliest;
  let xml: string | null = null;
  while (xml === null) {
    try {
      xml = buildPain001({
        messageId: sepaMessageId(runUuid),
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
      leftOut.push(translate(locale, 'creditNote.file.sepaPaymentLeftOut', { number: payments[error.paymentIndex]!.creditNoteNumber, reason: translate(locale, error.messageKey, error.params) }));
      payments = payments.filter((_, index) => index !== error.paymentIndex);
    }
  }
  return { xml, payments, leftOut };
}

/** The ZIP of the run's PDFs, streamed to a temp file; entry dates are the issue dates, so a retry writes the same bytes. */
export async function writeCreditNotesZip(target: string, notes: RunCreditNote[], absolute: (relativePath: string) => string): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.tmp`;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  for (const note of notes) {
    zip.file(absolute(note.file_path), { name: note.file_name, date: new Date(`${note.issue_date}T00:00:00Z`) });
    // The PDF is the hybrid e-invoice; the XRechnung beside it (none for notes issued before e-invoices).
    const xrechnung = absolute(xrechnungFilePath(note.file_path));
    if (fs.existsSync(xrechnung)) zip.file(xrechnung, { name: xrechnungFileName(note.number), date: new Date(`${note.issue_date}T00:00:00Z`) });
  }
  const written = pipeline(zip, fs.createWriteStream(temp));
  await zip.finalize();
  await written;
  await fsp.rename(temp, target);
}

/**
 * The studio costs of the run's trainers: their lines, the same the PDFs sum (admin lines under
 * `adminStudio`), summed per studio and VAT rate in PostgreSQL (exact integer sums): a month of
 * 10,000 trainers has ~577,000 lines, which the worker must not hold.
 */
export async function runStudioCostSums(em: EntityManager, runId: number, adminStudio: string): Promise<StudioCostLine[]> {
  const sums = await sql<{ studio_name: string; vat_rate_basis_points: number; net_cents: string; vat_cents: string; gross_cents: string }>(
    em,
    `select case when l.kind = 'admin' or s.name is null then ? else s.name end as studio_name,
            l.vat_rate_basis_points, sum(l.net_cents) as net_cents, sum(l.vat_cents) as vat_cents, sum(l.gross_cents) as gross_cents
       from settlement_line l left join studio s on s.id = l.studio_id
      where l.settlement_trainer_id in (select settlement_trainer_id from credit_note where settlement_run_id = ? and document_type = 'credit_note')
      group by 1, 2`,
    [adminStudio, runId],
  );
  // sum() of integers is a bigint (a string here); a month's sum stays far below 2^53 cents.
  return sums.map((sum) => ({
    studioName: sum.studio_name,
    vatRateBasisPoints: sum.vat_rate_basis_points,
    netCents: Number(sum.net_cents),
    vatCents: Number(sum.vat_cents),
    grossCents: Number(sum.gross_cents),
  }));
}

export function createRunFilesActivities({ orm, dataDir }: { orm: MikroORM; dataDir: string }) {
  const absolute = (relativePath: string) => path.join(dataDir, relativePath);
  return {
    /**
     * The run's files for the accountant (SEPA XML, ZIP of the PDFs, studio-costs CSV) under
     * `runs/{runUuid}/`, and their AccountingFile rows: success or error, not_set for a type the
     * group's accountingFiles does not list (the file is written anyway: the downloads need it).
     */
    async createRunFiles(rawInput: TCreateRunFilesInput): Promise<TCreateRunFilesResult> {
      const input = ZCreateRunFilesInput.parse(rawInput);
      try {
        return await writeRunFiles(input);
      } catch (error) {
        if (isDiskFull(error)) await reportDiskFull(orm, { settlementUuid: input.settlementUuid, runUuid: input.runUuid, dataDir, locale: input.locale, error });
        throw error;
      }
    },
  };

  /** createRunFiles' work: the files written, their rows and log rows recorded. */
  async function writeRunFiles(input: z.output<typeof ZCreateRunFilesInput>): Promise<TCreateRunFilesResult> {
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

    /** Builds one file; a failure is that file's error row, never the others'. */
    const record = async (type: TAccountingFileType, build: () => Promise<{ message: string }>) => {
      try {
        const { message } = await build();
        const hash = await sha256OfFile(absolute(paths[type]));
        results.push({ type, status: wanted.has(type) ? 'success' : 'not_set', filePath: paths[type] });
        logRows.push({ type, ok: true, message });
        return hash;
      } catch (error) {
        // Not this file's fault: the whole step waits for space (see disk-full.ts).
        if (isDiskFull(error)) throw error;
        const errorText = translate(input.locale, FILE_ERROR_KEYS[type]);
        const detail = error instanceof SepaFileError ? translate(input.locale, error.messageKey, error.params) : (error as Error).message;
        results.push({ type, status: 'error', filePath: null, error: errorText });
        logRows.push({ type, ok: false, message: `${errorText} ${detail}`.trim() });
        return null;
      }
    };

    const sepaHash = await record('SEPA_XML', async () => {
      // Payouts (decision 0115): the rejected/returned payouts not yet repaid whose trainer may be
      // paid are claimed by this file and paid again in it; each payment becomes an open payout.
      const messageId = sepaMessageId(input.runUuid);
      const payoutScope = { studioGroupId: settlement.studio_group_id, messageId };
      const repayments = await claimRepayments(em, { ...payoutScope, settlementRunId: run.id, filePath: paths.SEPA_XML });
      let built: ReturnType<typeof buildSepaFile>;
      try {
        built = buildSepaFile({ notes, repayments, group, settlementMonth: settlement.month, runUuid: input.runUuid, locale: input.locale });
      } catch (error) {
        await releaseRepayments(em, { ...payoutScope, keepEndToEndIds: [] });
        throw error;
      }
      const { xml, payments, leftOut } = built;
      await releaseRepayments(em, { ...payoutScope, keepEndToEndIds: payments.map((payment) => payment.endToEndId ?? payment.creditNoteNumber) });
      await writeFileAtomic(absolute(paths.SEPA_XML), xml);
      await recordRunPayouts(em, { ...payoutScope, settlementRunId: run.id, filePath: paths.SEPA_XML, payments });
      result.sepaControlSumCents = sumCents(payments.map((payment) => payment.amountCents));
      result.sepaPayments = payments.length;
      const created = translate(input.locale, 'creditNote.file.sepaCreated', { count: payments.length, amount: formatEuro(result.sepaControlSumCents, input.locale === 'de' ? 'de-DE' : 'en-GB') });
      return { message: [created, ...leftOut].join(' ') };
    });
    const zipHash = await record('CREDIT_NOTES_ZIP', async () => {
      await writeCreditNotesZip(absolute(paths.CREDIT_NOTES_ZIP), notes, absolute);
      return { message: translate(input.locale, 'creditNote.file.zipCreated', { count: notes.length }) };
    });
    /**
     * The returns CSV (decision 0150): the failed payouts no accounting e-mail carried yet and the
     * repayments since, including those this run's SEPA file (written above) carries. Attached
     * whenever there are any — not a file the group chooses, so no return is left out of the
     * hand-off; none: not_set and no file. The e-mail that carries it refreshes it and records the hand-off.
     */
    const writePayoutReturnsFile = async (): Promise<string | null> => {
      const type = 'PAYOUT_RETURNS' as const;
      try {
        const rows = await payoutReturnsForHandoff(em, { studioGroupId: settlement.studio_group_id, runId: run.id });
        if (rows.length === 0) {
          results.push({ type, status: 'not_set', filePath: null });
          return null;
        }
        await writeFileAtomic(absolute(paths.PAYOUT_RETURNS), payoutReturnsCsv(rows, input.locale));
        results.push({ type, status: 'success', filePath: paths.PAYOUT_RETURNS });
        logRows.push({ type, ok: true, message: translate(input.locale, 'creditNote.file.returnsCreated', { count: rows.length }) });
        return await sha256OfFile(absolute(paths.PAYOUT_RETURNS));
      } catch (error) {
        if (isDiskFull(error)) throw error;
        const errorText = translate(input.locale, FILE_ERROR_KEYS[type]);
        results.push({ type, status: 'error', filePath: null, error: errorText });
        logRows.push({ type, ok: false, message: `${errorText} ${(error as Error).message}`.trim() });
        return null;
      }
    };
    const csvHash = await record('STUDIO_COSTS_BY_MONTH', async () => {
      const costSums = await runStudioCostSums(em, run.id, translate(input.locale, 'creditNote.adminStudio'));
      await writeFileAtomic(absolute(paths.STUDIO_COSTS_BY_MONTH), studioCostsCsv(costSums, input.locale));
      return { message: translate(input.locale, 'creditNote.file.csvCreated') };
    });

    // DATEV: the booking batch and the creditors beside it; without settings 'not_set' with a message.
    const datev = await createDatevRunFiles({ em, settlement, run, paths: datevFilePaths(input.runUuid, settlement.month), absolute, wanted: wanted.has('DATEV_EXTF'), locale: input.locale });
    results.push(...datev.files);
    logRows.push(...datev.logRows);
    const returnsHash = await writePayoutReturnsFile();

    const hashes: Record<TRunFile['type'], string | null> = { SEPA_XML: sepaHash, CREDIT_NOTES_ZIP: zipHash, STUDIO_COSTS_BY_MONTH: csvHash, PAYOUT_RETURNS: returnsHash, ...datev.hashes };
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
      // §19 UStG: the run's trainers without VAT near or past a small-business limit are told in the portal, once per threshold and year.
      await notifySmallBusinessLimits(tem, { runId: run.id, studioGroupId: settlement.studio_group_id, studioGroupUuid: settlement.studio_group_uuid });
    });
    return result;
  }
}

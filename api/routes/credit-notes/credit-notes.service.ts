import { centsToEuros, sumCents } from '../../../domain/money';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountingFile, CreditNote, RUN_FILE_TYPES, Settlement, SettlementRun, StudioGroupTrainer, type StudioGroup } from '../../../db/entities';
import { isoDateOf } from '../../../domain/settlement/month';
import { xrechnungFileName } from '../../../domain/e-invoice/files';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { translate } from '../../../domain/messages';
import { writeSettlementLog } from '../../../db/writes/settlement-log';
import { payoutSummariesOf } from '../../../db/queries/payout-summaries';
import type {
  TAdminCreditNote,
  TAdminCreditNotesQuery,
  TAdminCreditNotesResponse,
  TCreditNoteFile,
  TSelfBillingConsent,
  TSettlementRunFiles,
  TTrainerIssuedCreditNotesResponse,
} from '../../../contracts/credit-note-list.contract';
import { accountingFileDownloadPath, creditNoteDownloadPath } from '../../downloads/downloads.service';
import { HttpError, conflict, notFound } from '../../http/errors';
import { linkOf } from '../../auth/tenancy';

// Issued credit notes as the admin and the trainer list them, the accounting files of the runs,
// the trainer's self-billing consent and objection. Straight from PostgreSQL: none of this advances
// a process (the cancellation an objection asks for is the admin's command, see the router).

type CreditNoteSqlRow = {
  id: number;
  uuid: string;
  number: string;
  document_type: 'credit_note' | 'cancellation';
  month: string | Date;
  settlement_uuid: string;
  run_uuid: string;
  trainer_uuid: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  issue_date: string | Date;
  sent_at: Date | null;
  file_name: string;
  cancels: string | null;
  cancelled_by: string | null;
  objected_at: Date | null;
  objection_reason: string | null;
  objected_by: string | null;
};

const CREDIT_NOTE_SELECT = `
  select cn.id, cn.uuid, cn.number, cn.document_type, s.month, s.uuid as settlement_uuid, r.uuid as run_uuid,
         t.uuid as trainer_uuid, t.firstname, t.lastname, t.company_name, t.source_id,
         cn.net_cents, cn.vat_cents, cn.gross_cents, cn.issue_date, cn.sent_at, cn.file_name,
         orig.number as cancels,
         (select c2.number from credit_note c2 where c2.cancels_id = cn.id order by c2.id limit 1) as cancelled_by,
         cn.objected_at, cn.objection_reason, nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as objected_by
    from credit_note cn
    join settlement_run r on r.id = cn.settlement_run_id
    join settlement s on s.id = r.settlement_id
    join trainer t on t.id = cn.trainer_id
    left join credit_note orig on orig.id = cn.cancels_id
    left join app_user u on u.id = cn.objected_by_id
   where cn.studio_group_id = ? and s.status <> 'deleted'`;

const monthOf = (value: string | Date) => isoDateOf(value).slice(0, 7);
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

async function creditNoteRows(em: EntityManager, group: StudioGroup, filter: { trainerId?: number; trainerUuid?: string; month?: string; year?: number; objectedOpen?: boolean }) {
  const where: string[] = [];
  const params: unknown[] = [group.id];
  const add = (clause: string, value: unknown) => {
    where.push(clause);
    params.push(value);
  };
  if (filter.trainerId !== undefined) add('cn.trainer_id = ?', filter.trainerId);
  if (filter.trainerUuid) add('t.uuid = ?', filter.trainerUuid);
  if (filter.month) add(`to_char(s.month, 'YYYY-MM') = ?`, filter.month);
  if (filter.year) add(`extract(year from s.month)::int = ?`, filter.year);
  if (filter.objectedOpen) where.push(`cn.objected_at is not null and not exists (select 1 from credit_note c3 where c3.cancels_id = cn.id)`);
  const sqlText = `${CREDIT_NOTE_SELECT}${where.map((clause) => ` and ${clause}`).join('')} order by s.month desc, cn.number desc`;
  return em.getConnection().execute<CreditNoteSqlRow[]>(sqlText, params);
}

async function yearsOf(em: EntityManager, group: StudioGroup, trainerId?: number): Promise<number[]> {
  const rows = await em.getConnection().execute<Array<{ year: number }>>(
    `select distinct extract(year from s.month)::int as year
       from credit_note cn join settlement_run r on r.id = cn.settlement_run_id join settlement s on s.id = r.settlement_id
      where cn.studio_group_id = ? and s.status <> 'deleted' ${trainerId !== undefined ? 'and cn.trainer_id = ?' : ''}
      order by year desc`,
    trainerId !== undefined ? [group.id, trainerId] : [group.id],
  );
  return rows.map((row) => row.year);
}

function toAdminCreditNote(group: StudioGroup, row: CreditNoteSqlRow): TAdminCreditNote {
  const month = monthOf(row.month);
  return {
    uuid: row.uuid,
    number: row.number,
    documentType: row.document_type,
    month,
    settlementUuid: row.settlement_uuid,
    settlementRunUuid: row.run_uuid,
    trainerUuid: row.trainer_uuid,
    trainerName: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
    netCents: row.net_cents,
    vatCents: row.vat_cents,
    grossCents: row.gross_cents,
    issueDate: isoDateOf(row.issue_date),
    sentAt: iso(row.sent_at),
    fileName: row.file_name,
    downloadPath: creditNoteDownloadPath({ audience: 'admin', studioGroupUuid: group.uuid, month, trainerUuid: row.trainer_uuid, fileName: row.file_name }),
    cancels: row.cancels,
    cancelledBy: row.cancelled_by,
    objection: row.objected_at ? { at: new Date(row.objected_at).toISOString(), reason: row.objection_reason ?? '', by: row.objected_by ?? '' } : null,
  };
}

/** Spec 2.22: the group's credit notes (and cancelling documents), newest month first, plus the open objections. */
export async function listAdminCreditNotes(em: EntityManager, group: StudioGroup, query: TAdminCreditNotesQuery): Promise<TAdminCreditNotesResponse> {
  const [rows, objections, years] = await Promise.all([
    creditNoteRows(em, group, { month: query.month, year: query.year, trainerUuid: query.trainerUuid }),
    creditNoteRows(em, group, { objectedOpen: true }),
    yearsOf(em, group),
  ]);
  return { years, creditNotes: rows.map((row) => toAdminCreditNote(group, row)), objections: objections.map((row) => toAdminCreditNote(group, row)) };
}

type Signer = (path: string) => Promise<string>;

async function toTrainerFile(row: CreditNoteSqlRow, link: StudioGroupTrainer, locale: string, sign: Signer, payout: TCreditNoteFile['payout']): Promise<TCreditNoteFile> {
  const downloadPath = creditNoteDownloadPath({
    audience: 'trainer',
    locale,
    studioGroupUuid: link.studioGroup.uuid,
    month: monthOf(row.month),
    trainerUuid: row.trainer_uuid,
    fileName: row.file_name,
  });
  return {
    id: row.uuid,
    invoiceNumber: row.number,
    filename: row.file_name,
    documentType: row.document_type,
    issueDate: isoDateOf(row.issue_date),
    grossCents: row.gross_cents,
    downloadPath,
    downloadUrl: await sign(downloadPath),
    xrechnungPath: creditNoteDownloadPath({
      audience: 'trainer',
      locale,
      studioGroupUuid: link.studioGroup.uuid,
      month: monthOf(row.month),
      trainerUuid: row.trainer_uuid,
      fileName: xrechnungFileName(row.number),
    }).replace('/credit-note/download/', '/credit-note/xrechnung/'),
    objectedAt: iso(row.objected_at),
    objectionReason: row.objection_reason,
    cancelledBy: row.cancelled_by,
    payout,
  };
}

/** Trainer portal 2 "Credit notes list": the caller's credit notes in the group as month groups, newest first. */
export async function listTrainerCreditNotes(em: EntityManager, userId: number, studioGroupUuid: string, locale: string, sign: Signer): Promise<TTrainerIssuedCreditNotesResponse> {
  const link = await linkOf(em, userId, studioGroupUuid);
  const [rows, years] = await Promise.all([creditNoteRows(em, link.studioGroup, { trainerId: link.trainer.id }), yearsOf(em, link.studioGroup, link.trainer.id)]);
  // What became of each payment: 'paid on …' or the bank's reason beside the credit note.
  const payouts = await payoutSummariesOf(em, rows.map((row) => row.id), locale);
  const groups = new Map<string, TCreditNoteFile[]>();
  for (const row of rows) {
    const month = monthOf(row.month);
    const files = groups.get(month) ?? [];
    files.push(await toTrainerFile(row, link, locale, sign, payouts.get(row.id) ?? null));
    groups.set(month, files);
  }
  return {
    studioGroupUuid: link.studioGroup.uuid,
    studioGroupName: link.studioGroup.name,
    studioGroupTrainerUuid: link.uuid,
    trainerUuid: link.trainer.uuid,
    years,
    creditNotes: [...groups].map(([month, files]) => ({ month, files })),
  };
}

export function consentOf(link: StudioGroupTrainer): TSelfBillingConsent {
  const by = link.selfBillingConsentBy;
  return {
    studioGroupUuid: link.studioGroup.uuid,
    consented: Boolean(link.selfBillingConsentAt),
    consentAt: iso(link.selfBillingConsentAt ?? null),
    consentBy: by ? { uuid: by.uuid, name: `${by.firstname} ${by.lastname}`.trim() } : null,
  };
}

export async function readSelfBillingConsent(em: EntityManager, userId: number, studioGroupUuid: string) {
  return consentOf(await linkOf(em, userId, studioGroupUuid));
}

/**
 * Records the trainer's prior consent to self-billing for this studio group (§14 (2) UStG): who and
 * when. Idempotent: a second call keeps the first consent's time and person.
 */
export async function giveSelfBillingConsent(em: EntityManager, userId: number, studioGroupUuid: string) {
  const link = await linkOf(em, userId, studioGroupUuid);
  if (!link.selfBillingConsentAt) {
    link.selfBillingConsentAt = new Date();
    link.selfBillingConsentBy = em.getReference('User', userId) as StudioGroupTrainer['selfBillingConsentBy'];
    await em.flush();
    await em.refresh(link, { populate: ['studioGroup', 'selfBillingConsentBy'] });
  }
  return consentOf(link);
}

/**
 * The trainer objects to an issued credit note: recorded on it (who, when, why) and reported in the
 * settlement log; the admin's credit-note list shows it with 'confirm cancellation'. The credit note
 * itself is never changed otherwise (DESIGN: a correction is a cancelling document).
 */
export async function objectToCreditNote(
  em: EntityManager,
  { userId, studioGroupUuid, creditNoteUuid, reason, locale, sign }: { userId: number; studioGroupUuid: string; creditNoteUuid: string; reason: string; locale: string; sign: Signer },
): Promise<TCreditNoteFile> {
  const link = await linkOf(em, userId, studioGroupUuid);
  const creditNote = await em.findOne(CreditNote, { uuid: creditNoteUuid, studioGroup: link.studioGroup, trainer: link.trainer }, { populate: ['settlementRun.settlement'] });
  if (!creditNote || creditNote.documentType !== 'credit_note') throw notFound('downloads.creditNoteNotFound');
  if (await em.count(CreditNote, { cancels: creditNote })) throw conflict('creditNoteList.alreadyCancelled', { number: creditNote.number });
  if (creditNote.objectedAt) throw conflict('creditNoteList.alreadyObjected', { number: creditNote.number });
  const settlement = creditNote.settlementRun.settlement as Settlement;
  await em.transactional(async (tx) => {
    const updated = await tx.nativeUpdate(
      CreditNote,
      { id: creditNote.id, objectedAt: null },
      { objectedAt: new Date(), objectionReason: reason, objectedBy: tx.getReference('User', userId) },
    );
    if (updated === 0) throw conflict('creditNoteList.alreadyObjected', { number: creditNote.number });
    await writeSettlementLog(tx as EntityManager, settlement, [
      {
        eventKey: `objection-${creditNote.uuid}`,
        proc: 'credit_note_objection',
        trainerUuid: link.trainer.uuid,
        status: 'warning',
        message: translate('de', 'creditNoteList.objectionLog', { number: creditNote.number, reason }),
      },
    ]);
  });
  const [row] = await creditNoteRows(em, link.studioGroup, { trainerId: link.trainer.id }).then((rows) => rows.filter((candidate) => candidate.uuid === creditNote.uuid));
  if (!row) throw new HttpError(500, 'http.serverError');
  const payouts = await payoutSummariesOf(em, [row.id], locale);
  return toTrainerFile(row, link, locale, sign, payouts.get(row.id) ?? null);
}

/** The accounting-files tab (2.12): the runs by time, with their trainers (company name, gross) and their files (SEPA, ZIP, CSV, DATEV batch and creditors). */
export async function settlementRunFiles(em: EntityManager, group: StudioGroup, settlementUuid: string, locale: string): Promise<TSettlementRunFiles[]> {
  const settlement = await em.findOne(Settlement, { uuid: settlementUuid, studioGroup: group, status: { $ne: 'deleted' } });
  if (!settlement) throw notFound('settlement.notFound');
  const runs = await em.find(SettlementRun, { settlement }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  if (runs.length === 0) return [];
  const [notes, files] = await Promise.all([
    em.find(CreditNote, { settlementRun: { $in: runs } }, { populate: ['trainer'], orderBy: { number: 'asc' } }),
    em.find(AccountingFile, { settlementRun: { $in: runs } }),
  ]);
  const payouts = await payoutSummariesOf(em, notes.map((note) => note.id), locale);
  return runs.map((run) => {
    const trainers = notes
      .filter((note) => note.settlementRun.id === run.id)
      .map((note) => ({ uuid: note.trainer.uuid, company_name: trainerDisplayName(note.trainer), grossCents: note.grossCents, credit_note_number: note.number, payout: payouts.get(note.id) ?? null }))
      .sort((a, b) => a.company_name.localeCompare(b.company_name, 'de'));
    return {
      uuid: run.uuid,
      timestamp: run.createdAt.toISOString(),
      status: run.status,
      finishedAt: iso(run.finishedAt ?? null),
      trainers: trainers.map(({ grossCents, ...trainer }) => ({ ...trainer, sum_gross: centsToEuros(grossCents) })),
      // Summed in cents, converted once: the run's sum is its credit notes' to the cent.
      sumGross: centsToEuros(sumCents(trainers.map((trainer) => trainer.grossCents))),
      files: RUN_FILE_TYPES.map((type) => {
        const file = files.find((candidate) => candidate.settlementRun.id === run.id && candidate.type === type);
        const ready = Boolean(file && file.status !== 'error' && file.filePath);
        return {
          type,
          status: file ? file.status : 'missing',
          fileName: file?.filePath ? file.filePath.split('/').pop()! : null,
          downloadPath: ready ? accountingFileDownloadPath({ studioGroupUuid: group.uuid, settlementUuid: settlement.uuid, settlementRunUuid: run.uuid, type }) : null,
        };
      }),
    };
  });
}

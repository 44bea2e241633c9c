import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from '../../db/queries/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountingFile, CreditNote, Settlement, SettlementRun, StudioGroupExport, StudioGroupTrainer, type RunFileType } from '../../db/entities';
import { lastDayOfMonth } from '../../domain/settlement/month';
import { xrechnungFileName, xrechnungFilePath } from '../../domain/e-invoice/files';
import { ACCOUNTING_FILE_DOWNLOADS } from '../../contracts/credit-note-list.contract';
import { studioGroupsOf } from '../auth/tenancy';
import type { AuthContext } from '../auth/sessions';
import { HttpError, badRequest, notFound } from '../http/errors';
import { documentDownloadTarget, resolveDocumentDownload, type DocumentDownloadTarget } from '../routes/documents/document-downloads';

// What a download path names, who may read it, and where its bytes are. The download routes and
// the signing calls share these rules, so a link is only ever signed for a file its caller may read.

export type AccountingFileSlug = (typeof ACCOUNTING_FILE_DOWNLOADS)[RunFileType];
const TYPE_OF_SLUG = Object.fromEntries(Object.entries(ACCOUNTING_FILE_DOWNLOADS).map(([type, slug]) => [slug, type])) as Record<AccountingFileSlug, RunFileType>;
export const ACCOUNTING_FILE_SLUGS = Object.values(ACCOUNTING_FILE_DOWNLOADS) as AccountingFileSlug[];

export type DownloadTarget =
  | { kind: 'accounting-file'; studioGroupUuid: string; settlementUuid: string; settlementRunUuid: string; file: AccountingFileSlug }
  | { kind: 'credit-note'; audience: 'admin' | 'trainer'; studioGroupUuid: string; month: string; trainerUuid: string; fileName: string; format?: 'xrechnung' }
  | { kind: 'group-export'; studioGroupUuid: string; exportUuid: string }
  | { kind: 'payout-file'; studioGroupUuid: string; messageId: string }
  | DocumentDownloadTarget;

export type ResolvedDownload = { absolutePath: string; fileName: string; contentType: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidField(value: string | undefined, field: string): string {
  if (!value || !UUID.test(value)) throw badRequest('validation.fieldMessage', field, { field, reason: 'validation.uuid' });
  return value.toLowerCase();
}

/** A file name of a download path: a plain name, never a path (`..`, `/`, `\`), checked before anything is read. */
export function checkFileName(value: string | undefined, field = 'filename'): string {
  const name = (value ?? '').trim();
  if (!name) throw badRequest('validation.fieldMessage', field, { field, reason: 'validation.required' });
  if (name.includes('..') || name.includes('/') || name.includes('\\') || name.includes('\0')) throw badRequest('downloads.fileNameNotAllowed', field);
  return name;
}

/** `YYYY-MM` or any day of the month → the settlement month's last day. */
function monthField(value: string | undefined, field: string): string {
  const lastDay = value && /^\d{4}-\d{2}(-\d{2})?$/.test(value) ? lastDayOfMonth(value) : null;
  // Year 0 and the like are no dates to PostgreSQL: refused here, not by a failing query.
  const year = lastDay ? Number(lastDay.slice(0, 4)) : 0;
  if (!lastDay || year < 1900 || year > 2999) throw badRequest('validation.fieldMessage', field, { field, reason: 'downloads.yearMonth' });
  return lastDay;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw badRequest('downloads.pathNotDownload', 'path');
  }
}

/** `{g},{month},{trainerUuid},{filename}` (the file name may itself contain commas). */
export function creditNoteTarget(audience: 'admin' | 'trainer', segment: string, format?: 'xrechnung'): DownloadTarget {
  const [g, month, trainerUuid, ...rest] = segment.split(',');
  const target = creditNoteTargetOf(audience, { studioGroupUuid: g, settlementMonth: month, trainerUuid, filename: rest.join(',') });
  // The credit note's XRechnung, named `{number}.xrechnung.xml`, under the same access rules.
  return format && target.kind === 'credit-note' ? { ...target, format } : target;
}

export function creditNoteTargetOf(
  audience: 'admin' | 'trainer',
  fields: { studioGroupUuid?: string; settlementMonth?: string; trainerUuid?: string; filename?: string },
): DownloadTarget {
  const fileName = checkFileName(fields.filename);
  return {
    kind: 'credit-note',
    audience,
    studioGroupUuid: uuidField(fields.studioGroupUuid, 'studioGroupUuid'),
    month: monthField(fields.settlementMonth, 'settlementMonth'),
    trainerUuid: uuidField(fields.trainerUuid, 'trainerUuid'),
    fileName,
  };
}

export function accountingFileTarget(params: { g?: string; settlementUuid?: string; settlementRunUuid?: string }, file: AccountingFileSlug): DownloadTarget {
  return {
    kind: 'accounting-file',
    studioGroupUuid: uuidField(params.g, 'g'),
    settlementUuid: uuidField(params.settlementUuid, 'settlementUuid'),
    settlementRunUuid: uuidField(params.settlementRunUuid, 'settlementRunUuid'),
    file,
  };
}

/** The ZIP of a studio group's export (docs/decisions/0140). */
export function groupExportTarget(params: { g?: string; exportUuid?: string }): DownloadTarget {
  return { kind: 'group-export', studioGroupUuid: uuidField(params.g, 'g'), exportUuid: uuidField(params.exportUuid, 'exportUuid') };
}

/** A "pay again" SEPA file (payouts): named by its MsgId, `TP` and 32 hex digits. */
export function payoutFileTarget(params: { g?: string; messageId?: string }): DownloadTarget {
  const messageId = params.messageId ?? '';
  if (!/^TP[0-9a-f]{32}$/.test(messageId)) throw badRequest('validation.fieldMessage', 'messageId', { field: 'messageId', reason: 'validation.invalid' });
  return { kind: 'payout-file', studioGroupUuid: uuidField(params.g, 'g'), messageId };
}

const stringFields = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string')) as Record<string, string>;

/**
 * The download a path names (for signing), or null when the path is none of the download routes.
 * Mirrors the routes in downloads.router.ts.
 */
export function parseDownloadPath(pathname: string, fields: Record<string, unknown>): DownloadTarget | null {
  const run = /^\/api\/v1\/([^/]+)\/settlement\/([^/]+)\/run\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (run && (ACCOUNTING_FILE_SLUGS as string[]).includes(run[4]!)) {
    return accountingFileTarget({ g: safeDecode(run[1]!), settlementUuid: safeDecode(run[2]!), settlementRunUuid: safeDecode(run[3]!) }, run[4] as AccountingFileSlug);
  }
  const groupExport = /^\/api\/v1\/([^/]+)\/export\/([^/]+)\/download$/.exec(pathname);
  if (groupExport) return groupExportTarget({ g: safeDecode(groupExport[1]!), exportUuid: safeDecode(groupExport[2]!) });
  const payoutFile = /^\/api\/v1\/([^/]+)\/payouts\/sepa\/([^/]+)$/.exec(pathname);
  if (payoutFile) return payoutFileTarget({ g: safeDecode(payoutFile[1]!), messageId: safeDecode(payoutFile[2]!) });
  const admin = /^\/admin\/credit-note\/download\/([^/]+)$/.exec(pathname);
  if (admin) return creditNoteTarget('admin', safeDecode(admin[1]!));
  const xrechnung = /^(?:\/admin|\/[a-z]{2}\/trainer)\/credit-note\/xrechnung\/([^/]+)$/.exec(pathname);
  if (xrechnung) return creditNoteTarget(pathname.startsWith('/admin/') ? 'admin' : 'trainer', safeDecode(xrechnung[1]!), 'xrechnung');
  if (pathname === '/admin/settlement/v2/download-credit-note-pdf') return creditNoteTargetOf('admin', stringFields(fields));
  const trainer = /^\/[a-z]{2}\/trainer\/credit-note\/download\/([^/]+)$/.exec(pathname);
  if (trainer) return creditNoteTarget('trainer', safeDecode(trainer[1]!));
  return documentDownloadTarget(pathname);
}

/** Staff of the group or an operator; a trainer is refused, another group is "not found". */
async function requireStaffOf(auth: AuthContext, studioGroupUuid: string) {
  if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
  const group = (await studioGroupsOf(auth)).find((candidate) => candidate.uuid === studioGroupUuid);
  if (!group) throw notFound('tenancy.studioGroupNotFound');
  return group;
}

/** A file under the data directory; a stored path that would leave it is treated as missing. */
async function existingFile(dataDir: string, relativePath: string | null | undefined): Promise<string | null> {
  if (!relativePath) return null;
  const root = path.resolve(dataDir);
  const absolutePath = path.resolve(root, relativePath);
  if (!absolutePath.startsWith(root + path.sep)) return null;
  const stat = await fs.stat(absolutePath).catch(() => null);
  return stat?.isFile() ? absolutePath : null;
}

const CONTENT_TYPES: Record<RunFileType, string> = {
  SEPA_XML: 'application/xml',
  CREDIT_NOTES_ZIP: 'application/zip',
  STUDIO_COSTS_BY_MONTH: 'text/csv; charset=utf-8',
  // DATEV's import reads Windows-1252.
  DATEV_EXTF: 'text/csv; charset=windows-1252',
  DATEV_CREDITORS: 'text/csv; charset=windows-1252',
  PAYOUT_RETURNS: 'text/csv; charset=utf-8',
};

/** Checks the caller may read the target and finds its file: 400/403/404 as for the download itself. */
export async function resolveDownload({ em, auth, dataDir, target }: { em: EntityManager; auth: AuthContext; dataDir: string; target: DownloadTarget }): Promise<ResolvedDownload> {
  if (target.kind === 'document' || target.kind === 'document-zip') return resolveDocumentDownload({ em, auth, dataDir, target });
  if (target.kind === 'group-export') {
    const group = await requireStaffOf(auth, target.studioGroupUuid);
    const row = await em.findOne(StudioGroupExport, { uuid: target.exportUuid, studioGroup: group });
    if (!row) throw notFound('groupExport.notFound');
    if (row.status === 'running') throw new HttpError(409, 'groupExport.notReady');
    const absolutePath = row.status === 'done' ? await existingFile(dataDir, row.filePath) : null;
    if (!absolutePath) throw notFound(row.status === 'expired' ? 'groupExport.expired' : 'downloads.fileNotFound');
    return { absolutePath, fileName: `trainerpay-export-${group.apiSlug}-${row.createdAt.toISOString().slice(0, 10)}.zip`, contentType: 'application/zip' };
  }
  if (target.kind === 'payout-file') {
    const group = await requireStaffOf(auth, target.studioGroupUuid);
    const [row] = await sql<{ sepa_file_path: string | null }>(em, 'select sepa_file_path from payout where studio_group_id = ? and sepa_message_id = ? and settlement_run_id is null limit 1', [group.id, target.messageId]);
    const absolutePath = await existingFile(dataDir, row?.sepa_file_path);
    if (!absolutePath) throw notFound('downloads.fileNotFound');
    return { absolutePath, fileName: `${target.messageId}.xml`, contentType: 'application/xml' };
  }
  if (target.kind === 'accounting-file') {
    const group = await requireStaffOf(auth, target.studioGroupUuid);
    const settlement = await em.findOne(Settlement, { uuid: target.settlementUuid, studioGroup: group });
    if (!settlement) throw notFound('settlement.notFound');
    const run = await em.findOne(SettlementRun, { uuid: target.settlementRunUuid, settlement });
    if (!run) throw notFound('downloads.runNotFound');
    const type = TYPE_OF_SLUG[target.file];
    const file = await em.findOne(AccountingFile, { settlementRun: run, type });
    // 'not_set' only means the accountant's e-mail leaves the file out (the group's accountingFiles):
    // the file exists and the admin still needs it (the SEPA file goes to the bank). 'error' has none.
    const absolutePath = file && file.status !== 'error' ? await existingFile(dataDir, file.filePath) : null;
    if (!file || !absolutePath) throw notFound('downloads.fileNotFound');
    return { absolutePath, fileName: path.basename(absolutePath), contentType: CONTENT_TYPES[type] };
  }

  if (target.audience === 'admin') {
    await requireStaffOf(auth, target.studioGroupUuid);
  } else {
    if (auth.role !== 'trainer') throw new HttpError(403, 'trainerAccount.trainerOnly');
    // Only their own: the trainer record linked to the caller's account in that studio group.
    const link = await em.findOne(StudioGroupTrainer, { studioGroup: { uuid: target.studioGroupUuid }, trainerAccount: { user: auth.userId } }, { populate: ['trainer'] });
    if (!link || link.trainer.uuid !== target.trainerUuid) throw notFound('downloads.creditNoteNotFound');
  }
  const candidates = await em.find(CreditNote, {
    studioGroup: { uuid: target.studioGroupUuid },
    trainer: { uuid: target.trainerUuid },
    settlementRun: { settlement: { month: target.month, status: { $ne: 'deleted' } } },
  });
  if (candidates.length === 0) throw notFound('downloads.creditNoteNotFound');
  const creditNote = candidates.find((candidate) => (target.format === 'xrechnung' ? xrechnungFileName(candidate.number) : candidate.fileName) === target.fileName);
  if (!creditNote) throw badRequest('downloads.fileNameMismatch', 'filename');
  if (target.format === 'xrechnung') {
    // Stored beside the PDF when it was drawn (none for credit notes issued before e-invoices).
    const xml = creditNote.sha256 ? await existingFile(dataDir, xrechnungFilePath(creditNote.filePath)) : null;
    if (!xml) throw notFound('downloads.fileNotFound');
    return { absolutePath: xml, fileName: xrechnungFileName(creditNote.number), contentType: 'application/xml' };
  }
  const absolutePath = creditNote.sha256 ? await existingFile(dataDir, creditNote.filePath) : null;
  if (!absolutePath) throw notFound('downloads.fileNotFound');
  return { absolutePath, fileName: creditNote.fileName, contentType: 'application/pdf' };
}

/** The path of a credit note's download for the admin or the trainer (`month` YYYY-MM). */
export function creditNoteDownloadPath({
  audience,
  locale = 'de',
  studioGroupUuid,
  month,
  trainerUuid,
  fileName,
}: {
  audience: 'admin' | 'trainer';
  locale?: string;
  studioGroupUuid: string;
  month: string;
  trainerUuid: string;
  fileName: string;
}): string {
  const segment = `${studioGroupUuid},${month.slice(0, 7)},${trainerUuid},${encodeURIComponent(fileName)}`;
  return audience === 'admin' ? `/admin/credit-note/download/${segment}` : `/${locale}/trainer/credit-note/download/${segment}`;
}

export const accountingFileDownloadPath = ({ studioGroupUuid, settlementUuid, settlementRunUuid, type }: { studioGroupUuid: string; settlementUuid: string; settlementRunUuid: string; type: RunFileType }) =>
  `/api/v1/${studioGroupUuid}/settlement/${settlementUuid}/run/${settlementRunUuid}/${ACCOUNTING_FILE_DOWNLOADS[type]}`;

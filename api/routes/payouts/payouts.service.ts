import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { DateTime } from 'luxon';
import type { TBankStatement, TBankStatementDetail, TPayAgainResponse, TPayout, TPayoutListQuery, TPayoutList, TPayoutStatus } from '../../../contracts/payouts.contract';
import { PAYOUT_STATUSES } from '../../../contracts/payouts.contract';
import type { StudioGroup } from '../../../db/entities';
import { idArray } from '../../../db/queries/id-array';
import { sql } from '../../../db/queries/sql';
import { claimRepayments, repayableCandidates, repaymentRefusalKey } from '../../../db/writes/payouts';
import { defuseFormula } from '../../../domain/csv';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../../domain/messages';
import { centsToEuros, formatEuro, sumCents } from '../../../domain/money';
import { BankFileError, checkBankFileFor, readBankFile, reasonText, type BankFileIdentity } from '../../../domain/payouts';
import { buildPain001, SepaFileError } from '../../../domain/sepa';
import { BANK_FILE_WORKFLOW, type TBankFileWorkflow } from '../../../workflows/bank-file.messages';
import { bankFileWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { HttpError, badRequest, notFound } from '../../http/errors';

// Payouts and the bank's files (decision 0115): the upload that checks a bank file's head and
// starts its workflow, the lists the admin reads, and "pay again".

/** A refusal with extra fields beside {status, message} (the duplicate upload's when and by whom). */
export class BankFileRefusal extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params: MessageParams,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(messageKey);
  }
}

const sha256 = (text: string | Uint8Array) => crypto.createHash('sha256').update(text).digest('hex');

/** What makes two uploads the same file: kind, the bank's MsgId, the account and the statement's sequence. */
export function bankFileIdentityKey(identity: BankFileIdentity): { key: string; sequence: string | null; account: string } {
  const sequence = identity.electronicSequenceNumber ?? identity.legalSequenceNumber ?? identity.statementId ?? null;
  const account = identity.accountIban ?? identity.originalMessageId ?? '';
  return { key: sha256([identity.kind, identity.messageId, account, sequence ?? ''].join('\n')), sequence, account };
}

const formatInstant = (date: Date, locale: Locale) => DateTime.fromJSDate(date).setZone('Europe/Berlin').setLocale(locale === 'de' ? 'de-DE' : 'en-GB').toFormat(locale === 'de' ? 'dd.MM.yyyy HH:mm' : 'dd/MM/yyyy HH:mm');

/**
 * Checks the file's head (kind, account = the group's debtor IBAN, currency; a status report must
 * answer one of the group's payout files), refuses a file already uploaded (unless that one broke
 * off unread: docs/decisions/0151), then stores it and starts its workflow. Nothing is stored or
 * started for a refused file.
 */
export async function acceptBankFile({
  em,
  temporal,
  dataDir,
  group,
  user,
  locale,
  file,
}: {
  em: EntityManager;
  temporal: Client;
  dataDir: string;
  group: StudioGroup;
  user: { id: number };
  locale: Locale;
  file: { buffer: Buffer; originalname: string; size: number };
}) {
  if (!group.iban) throw badRequest('payouts.upload.noDebtorIban', 'file');
  let identity: BankFileIdentity;
  try {
    identity = (await readBankFile(Readable.from([file.buffer]))).identity;
    checkBankFileFor(identity, { iban: group.iban, currency: 'EUR' });
  } catch (error) {
    if (error instanceof BankFileError) throw badRequest(error.messageKey, 'file', error.params);
    throw error;
  }
  if (identity.kind === 'pain.002') {
    const [known] = await sql(em, 'select 1 from payout where studio_group_id = ? and sepa_message_id = ? limit 1', [group.id, identity.originalMessageId ?? '']);
    if (!known) throw badRequest('payouts.upload.noPayoutFile', 'file', { messageId: identity.originalMessageId ?? '' });
  }
  const { key, sequence, account } = bankFileIdentityKey(identity);
  const hash = sha256(file.buffer);
  // A download that broke off passes the head check and is refused by its workflow before any entry
  // is applied (its first pass reads it to the end). Its message asks for the file again, so the
  // intact file of the same identity takes the identity over; the broken one stays listed as failed.
  await sql(
    em,
    `update bank_file set identity_key = encode(sha256(convert_to('broken:' || uuid::text, 'UTF8')), 'hex'), updated_at = now()
      where studio_group_id = ? and identity_key = ? and state = 'failed' and processed = 0 and sha256 <> ?`,
    [group.id, key, hash],
  );
  const refuseExisting = async () => {
    const [existing] = await sql<{ uuid: string; sha256: string; created_at: Date; user_uuid: string | null; firstname: string | null; lastname: string | null; email: string | null }>(
      em,
      `select b.uuid, b.sha256, b.created_at, u.uuid as user_uuid, u.firstname, u.lastname, u.email
         from bank_file b left join app_user u on u.id = b.uploaded_by_id where b.studio_group_id = ? and b.identity_key = ?`,
      [group.id, key],
    );
    if (!existing) return;
    const when = formatInstant(new Date(existing.created_at), locale);
    const name = [existing.firstname, existing.lastname].filter(Boolean).join(' ') || existing.email || translate(locale, 'payouts.upload.someone');
    if (existing.sha256 !== hash) {
      throw new BankFileRefusal('payouts.upload.contradiction', { kind: identity.kind, messageId: identity.messageId, sequence: sequence ?? '-', when });
    }
    throw new BankFileRefusal('payouts.upload.alreadyRead', { when, by: name }, {
      bankFileUuid: existing.uuid,
      uploadedAt: new Date(existing.created_at).toISOString(),
      uploadedBy: existing.user_uuid ? { uuid: existing.user_uuid, name } : null,
    });
  };
  await refuseExisting();

  const relativePath = path.join('bank-files', hash.slice(0, 2), `${hash}.xml`);
  await storeOnce(dataDir, relativePath, file.buffer);
  const uuid = crypto.randomUUID();
  const inserted = await sql<{ uuid: string }>(
    em,
    `insert into bank_file (uuid, studio_group_id, kind, version, message_id, account, sequence, identity_key, sha256, file_name, file_path, size_bytes, uploaded_by_id, locale, state, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'stored', now(), now())
     on conflict (studio_group_id, identity_key) do nothing returning uuid`,
    [uuid, group.id, identity.kind, identity.message, identity.messageId, account, sequence, key, hash, file.originalname.slice(0, 255) || 'bank-file.xml', relativePath, file.size, user.id, locale],
  );
  // Two uploads of the same file at once: the second finds the first's row.
  if (inserted.length === 0) await refuseExisting();
  await temporal.workflow
    .start<TBankFileWorkflow>(BANK_FILE_WORKFLOW, { taskQueue: TASK_QUEUE, workflowId: bankFileWorkflowId(group.uuid, hash), args: [{ bankFileUuid: uuid, studioGroupUuid: group.uuid }] })
    .catch((error: unknown) => {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    });
  return { status: 'accepted' as const, message: translate(locale, 'payouts.upload.accepted'), bankFileUuid: uuid, kind: identity.kind, version: identity.message };
}

/** Writes the bytes under their hash once (same hash, same bytes: a file there is kept). */
async function storeOnce(dataDir: string, relativePath: string, bytes: Uint8Array) {
  const target = path.join(dataDir, relativePath);
  if (await fs.stat(target).then((stat) => stat.isFile(), () => false)) return;
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${crypto.randomUUID()}.tmp`;
  const handle = await fs.open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, target);
}

type BankFileSql = {
  uuid: string;
  kind: TBankStatement['kind'];
  version: string;
  file_name: string;
  message_id: string;
  account: string;
  sequence: string | null;
  state: TBankStatement['state'];
  processed: number;
  total: number | null;
  paid_count: number;
  rejected_count: number;
  returned_count: number;
  unchanged_count: number;
  unmatched_count: number;
  created_at: Date;
  finished_at: Date | null;
  error_key: string | null;
  error_detail: string | null;
  sha256: string;
  id: number;
  user_uuid: string | null;
  user_name: string | null;
};

const BANK_FILE_SELECT = `select b.id, b.uuid, b.kind, b.version, b.file_name, b.message_id, b.account, b.sequence, b.state, b.processed, b.total,
         b.paid_count, b.rejected_count, b.returned_count, b.unchanged_count, b.unmatched_count, b.created_at, b.finished_at, b.error_key, b.error_detail, b.sha256,
         u.uuid as user_uuid, nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as user_name
    from bank_file b left join app_user u on u.id = b.uploaded_by_id`;

function bankStatementOf(row: BankFileSql, locale: Locale): TBankStatement {
  const detail = row.error_detail ? (JSON.parse(row.error_detail) as MessageParams) : {};
  return {
    uuid: row.uuid,
    kind: row.kind,
    version: row.version,
    fileName: row.file_name,
    messageId: row.message_id,
    account: row.account,
    sequence: row.sequence,
    state: row.state,
    counts: {
      entries: row.paid_count + row.rejected_count + row.returned_count + row.unchanged_count + row.unmatched_count,
      paid: row.paid_count,
      rejected: row.rejected_count,
      returned: row.returned_count,
      unchanged: row.unchanged_count,
      unmatched: row.unmatched_count,
    },
    progress: { processed: row.processed, total: row.total },
    uploadedAt: new Date(row.created_at).toISOString(),
    uploadedBy: row.user_uuid ? { uuid: row.user_uuid, name: row.user_name ?? '' } : null,
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    message: row.error_key ? translate(locale, 'payouts.bankFile.readFailed', { detail: translate(locale, row.error_key, detail) }) : null,
  };
}

export async function listBankStatements(em: EntityManager, group: StudioGroup, locale: Locale) {
  const rows = await sql<BankFileSql>(em, `${BANK_FILE_SELECT} where b.studio_group_id = ? order by b.created_at desc, b.id desc limit 500`, [group.id]);
  return { items: rows.map((row) => bankStatementOf(row, locale)) };
}

export async function getBankStatement(em: EntityManager, group: StudioGroup, bankFileUuid: string, locale: Locale): Promise<TBankStatementDetail> {
  const [row] = await sql<BankFileSql>(em, `${BANK_FILE_SELECT} where b.studio_group_id = ? and b.uuid = ?`, [group.id, bankFileUuid]);
  if (!row) throw notFound('payouts.bankFile.notFound');
  const unmatched = await sql<{ end_to_end_id: string | null; amount_cents: number | null; booking_date: string | null; bank_reference: string | null; reason_code: string | null; reason_text: string | null; why_key: string; why_params: MessageParams | null }>(
    em,
    `select end_to_end_id, amount_cents, to_char(booking_date, 'YYYY-MM-DD') as booking_date, bank_reference, reason_code, reason_text, why_key, why_params
       from bank_file_unmatched_entry where bank_file_id = ? order by entry_index limit 5000`,
    [row.id],
  );
  return {
    ...bankStatementOf(row, locale),
    sha256: row.sha256,
    unmatched: unmatched.map((entry) => ({
      endToEndId: entry.end_to_end_id,
      amount: entry.amount_cents === null ? null : centsToEuros(entry.amount_cents),
      bookingDate: entry.booking_date,
      bankReference: entry.bank_reference,
      reasonCode: entry.reason_code,
      reason: entry.reason_code ? reasonText(entry.reason_code, locale) : null,
      reasonText: entry.reason_text,
      why: translate(locale, entry.why_key, moneyParams(entry.why_params ?? {}, locale)),
    })),
  };
}

/** The matcher's parameters carry amounts as cents (`amount`, `expected` numbers): shown as euros. */
function moneyParams(params: MessageParams, locale: Locale): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = typeof value === 'number' && /amount|expected|cents/i.test(name) && !/count/i.test(name) ? formatEuro(value, locale === 'de' ? 'de-DE' : 'en-GB') : value;
  }
  return out;
}

// --- payouts -----------------------------------------------------------------------------------

type PayoutSql = {
  id: number;
  uuid: string;
  status: TPayoutStatus;
  end_to_end_id: string;
  amount_cents: number;
  credit_note_number: string;
  month: string;
  settlement_uuid: string;
  settlement_run_uuid: string;
  trainer_uuid: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  creditor_iban: string;
  creditor_name: string;
  sepa_message_id: string;
  sepa_payment_info_id: string;
  booking_date: string | null;
  bank_reference: string | null;
  reason_code: string | null;
  fee_cents: number | null;
  returned_cents: number | null;
  bank_file_uuid: string | null;
  repays_uuid: string | null;
  repays_end_to_end_id: string | null;
  repaid_by_uuid: string | null;
  repaid_by_status: TPayoutStatus | null;
  repaid_by_end_to_end_id: string | null;
  created_at: Date;
  updated_at: Date;
};

const PAYOUT_FROM = `from payout p
    join credit_note cn on cn.id = p.credit_note_id
    join settlement_run sr on sr.id = cn.settlement_run_id
    join settlement s on s.id = sr.settlement_id
    join trainer t on t.id = p.trainer_id
    left join payout o on o.id = p.repays_id
    left join bank_file b on b.id = p.bank_file_id
    left join payout r on r.repays_id = p.id`;

const PAYOUT_COLUMNS = `p.id, p.uuid, p.status, p.end_to_end_id, p.amount_cents, cn.number as credit_note_number, to_char(s.month, 'YYYY-MM') as month,
    s.uuid as settlement_uuid, sr.uuid as settlement_run_uuid, t.uuid as trainer_uuid, t.firstname, t.lastname, t.company_name,
    p.creditor_iban, p.creditor_name, p.sepa_message_id, p.sepa_payment_info_id, to_char(p.booking_date, 'YYYY-MM-DD') as booking_date, p.bank_reference,
    p.reason_code, p.fee_cents, p.returned_cents, b.uuid as bank_file_uuid, o.uuid as repays_uuid, o.end_to_end_id as repays_end_to_end_id,
    r.uuid as repaid_by_uuid, r.status as repaid_by_status, r.end_to_end_id as repaid_by_end_to_end_id, p.created_at, p.updated_at`;

function payoutFilters(groupId: number, query: Pick<TPayoutListQuery, 'status' | 'month' | 'search'>, { withStatus }: { withStatus: boolean }) {
  const where = ['p.studio_group_id = ?'];
  const bindings: unknown[] = [groupId];
  if (withStatus && query.status && query.status.length > 0) {
    where.push('p.status = any(?::text[])');
    bindings.push(`{${query.status.join(',')}}`);
  }
  if (query.month) {
    where.push(`to_char(s.month, 'YYYY-MM') = ?`);
    bindings.push(query.month);
  }
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    where.push(`(concat_ws(' ', t.firstname, t.lastname) ilike ? or t.company_name ilike ? or t.email ilike ? or p.end_to_end_id ilike ? or cn.number ilike ?)`);
    bindings.push(like, like, like, like, like);
  }
  return { where: where.join(' and '), bindings };
}

const trainerName = (row: Pick<PayoutSql, 'firstname' | 'lastname' | 'company_name'>) => row.company_name?.trim() || [row.firstname, row.lastname].filter(Boolean).join(' ');

function payoutOf(row: PayoutSql, locale: Locale, repayable: Map<string, string | null>): TPayout {
  const failed = row.status === 'rejected' || row.status === 'returned';
  const refusal = repayable.get(row.uuid);
  return {
    uuid: row.uuid,
    status: row.status,
    endToEndId: row.end_to_end_id,
    amount: centsToEuros(row.amount_cents),
    creditNoteNumber: row.credit_note_number,
    month: row.month,
    settlementUuid: row.settlement_uuid,
    settlementRunUuid: row.settlement_run_uuid,
    trainerUuid: row.trainer_uuid,
    trainerName: trainerName(row),
    creditorIban: row.creditor_iban,
    creditorName: row.creditor_name,
    sepaMessageId: row.sepa_message_id,
    sepaPaymentInfoId: row.sepa_payment_info_id,
    bookingDate: row.booking_date,
    bankReference: row.bank_reference,
    reasonCode: row.reason_code,
    reason: failed ? reasonText(row.reason_code, locale) : null,
    fee: row.fee_cents === null ? null : centsToEuros(row.fee_cents),
    returned: row.status === 'returned' && row.returned_cents !== null ? centsToEuros(row.returned_cents) : null,
    bankFileUuid: row.bank_file_uuid,
    repaysPayoutUuid: row.repays_uuid,
    repaidByPayoutUuid: row.repaid_by_uuid,
    mayBePaidAgain: failed && !row.repaid_by_uuid && refusal === null,
    notPayableReason: failed && !row.repaid_by_uuid && refusal ? refusal : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Rejected/returned payouts not yet repaid: null = may be paid again now, else why not (plain words). */
async function repayability(em: EntityManager, groupId: number, locale: Locale): Promise<Map<string, string | null>> {
  const candidates = await repayableCandidates(em, { studioGroupId: groupId });
  return new Map(candidates.map(({ row, refusal }) => [row.uuid, refusal ? translate(locale, repaymentRefusalKey(refusal)) : null]));
}

export async function listPayouts(em: EntityManager, group: StudioGroup, query: TPayoutListQuery, locale: Locale): Promise<TPayoutList> {
  const filtered = payoutFilters(group.id, query, { withStatus: true });
  const [{ count } = { count: '0' }] = await sql<{ count: string }>(em, `select count(*) as count ${PAYOUT_FROM} where ${filtered.where}`, filtered.bindings);
  const rows = await sql<PayoutSql>(
    em,
    `select ${PAYOUT_COLUMNS} ${PAYOUT_FROM} where ${filtered.where} order by s.month desc, lower(concat_ws(' ', t.lastname, t.firstname)), p.id limit ? offset ?`,
    [...filtered.bindings, query.itemsPerPage, (query.page - 1) * query.itemsPerPage],
  );
  const unfiltered = payoutFilters(group.id, query, { withStatus: false });
  const sums = await sql<{ status: TPayoutStatus; count: string; cents: string }>(
    em,
    `select p.status, count(*) as count, coalesce(sum(p.amount_cents), 0) as cents ${PAYOUT_FROM} where ${unfiltered.where} group by p.status`,
    unfiltered.bindings,
  );
  const totals = Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, { count: 0, amount: 0 }])) as TPayoutList['totals'];
  for (const sum of sums) totals[sum.status] = { count: Number(sum.count), amount: centsToEuros(Number(sum.cents)) };
  const repayable = await repayability(em, group.id, locale);
  return {
    page: query.page,
    itemsPerPage: query.itemsPerPage,
    totalItems: Number(count),
    totals,
    payableAgainCount: [...repayable.values()].filter((refusal) => refusal === null).length,
    items: rows.map((row) => payoutOf(row, locale, repayable)),
  };
}

/** Every matching payout as CSV (";", decimal comma, BOM), each cell a person or bank wrote neutralised against formulas. */
export async function payoutsCsv(em: EntityManager, group: StudioGroup, query: Pick<TPayoutListQuery, 'status' | 'month' | 'search'>, locale: Locale): Promise<string> {
  const filtered = payoutFilters(group.id, query, { withStatus: true });
  const rows = await sql<PayoutSql>(em, `select ${PAYOUT_COLUMNS} ${PAYOUT_FROM} where ${filtered.where} order by s.month desc, p.id`, filtered.bindings);
  const lines = [translate(locale, 'payouts.csv.header')];
  for (const row of rows) {
    const failed = row.status === 'rejected' || row.status === 'returned';
    lines.push(
      [
        row.end_to_end_id,
        row.credit_note_number,
        row.month,
        trainerName(row),
        row.creditor_iban,
        euroCell(row.amount_cents),
        translate(locale, `payouts.status.${row.status}`),
        row.booking_date ?? '',
        row.reason_code ?? '',
        failed ? reasonText(row.reason_code, locale) : '',
        row.fee_cents === null ? '' : euroCell(row.fee_cents),
        row.repays_end_to_end_id ?? '',
        row.repaid_by_end_to_end_id ?? '',
      ]
        .map(csvCell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const euroCell = (cents: number) => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

function csvCell(value: string): string {
  const text = defuseFormula(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// --- pay again ---------------------------------------------------------------------------------

/** The next weekday (SEPA business days skip weekends; the bank moves a holiday on by itself). */
function nextWeekday(): string {
  let day = DateTime.now().setZone('Europe/Berlin').plus({ days: 1 });
  while (day.weekday > 5) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

/**
 * Writes a SEPA file of the repayments now: every rejected/returned payout not yet repaid whose
 * trainer may be paid, or those named. A named payout that cannot be paid again refuses the whole
 * call (422, naming it); nothing is written then.
 */
export async function payAgain({ em, dataDir, group, payoutUuids, locale }: { em: EntityManager; dataDir: string; group: StudioGroup; payoutUuids: string[] | undefined; locale: Locale }): Promise<TPayAgainResponse> {
  const candidates = await repayableCandidates(em, { studioGroupId: group.id, payoutUuids });
  if (payoutUuids) {
    const byUuid = new Map(candidates.map((candidate) => [candidate.row.uuid, candidate]));
    // A payout that is no candidate (paid, open, already repaid) is named as the admin knows it: its
    // end-to-end id; a uuid that is no payout of this group stays a uuid.
    const others = [...new Set(payoutUuids)].filter((uuid) => !byUuid.has(uuid));
    const endToEndIds = new Map(
      others.length === 0
        ? []
        : (await sql<{ uuid: string; end_to_end_id: string }>(em, 'select uuid, end_to_end_id from payout where studio_group_id = ? and uuid = any(?::uuid[])', [group.id, idArray(others)])).map((row) => [row.uuid, row.end_to_end_id]),
    );
    const refused = [...new Set(payoutUuids)].flatMap((uuid) => {
      const candidate = byUuid.get(uuid);
      if (!candidate) return [`${endToEndIds.get(uuid) ?? uuid}: ${translate(locale, 'payouts.refused.notRepayable')}`];
      return candidate.refusal ? [`${candidate.row.end_to_end_id}: ${translate(locale, repaymentRefusalKey(candidate.refusal))}`] : [];
    });
    if (refused.length > 0) throw new HttpError(422, 'payouts.payAgain.refused', 'payoutUuids', { payouts: refused.join('; ') });
  }
  const payable = candidates.filter((candidate) => candidate.refusal === null);
  if (payable.length === 0) throw new HttpError(422, 'payouts.payAgain.nothing');
  const [debtor] = await sql<{ company_name: string; street: string; house_number: string; postal_code: string; city: string; country: string; iban: string | null; bic: string | null }>(
    em,
    'select company_name, street, house_number, postal_code, city, country, iban, bic from studio_group where id = ?',
    [group.id],
  );
  if (!debtor?.iban) throw new HttpError(422, 'payouts.upload.noDebtorIban');
  const messageId = `TP${crypto.randomUUID().replace(/-/g, '')}`;
  const relativePath = path.join('payouts', group.uuid, `${messageId}.xml`);
  const repayments = await em.fork().transactional(async (tem) => {
    const claimed = await claimRepayments(tem, { studioGroupId: group.id, settlementRunId: null, messageId, filePath: relativePath, payoutUuids: payable.map((candidate) => candidate.row.uuid) });
    if (claimed.length === 0) throw new HttpError(422, 'payouts.payAgain.nothing');
    let xml: string;
    try {
      xml = buildPain001({
        messageId,
        createdAt: DateTime.now().setZone('Europe/Berlin').startOf('second').toISO({ suppressMilliseconds: true })!,
        executionDate: nextWeekday(),
        debtor: {
          name: debtor.company_name,
          address: { street: debtor.street, houseNumber: debtor.house_number, postalCode: debtor.postal_code, city: debtor.city, country: debtor.country },
          iban: debtor.iban!,
          bic: debtor.bic,
        },
        payments: claimed,
      });
    } catch (error) {
      if (error instanceof SepaFileError) throw new HttpError(422, error.messageKey, undefined, error.params);
      throw error;
    }
    await storeOnce(dataDir, relativePath, Buffer.from(xml, 'utf8'));
    return claimed;
  });
  const cents = sumCents(repayments.map((payment) => payment.amountCents));
  const repayable = new Map<string, string | null>();
  const rows = await sql<PayoutSql>(em, `select ${PAYOUT_COLUMNS} ${PAYOUT_FROM} where p.uuid = any(?::uuid[]) order by p.id`, [idArray(repayments.map((payment) => payment.repayment!.payoutUuid))]);
  return {
    status: 'success',
    message: translate(locale, 'payouts.payAgain.done', { count: repayments.length, amount: formatEuro(cents, locale === 'de' ? 'de-DE' : 'en-GB') }),
    sepaXmlFile: { downloadPath: `/api/v1/${group.uuid}/payouts/sepa/${messageId}`, fileName: `${messageId}.xml`, messageId },
    total: centsToEuros(cents),
    repayments: rows.map((row) => payoutOf(row, locale, repayable)),
  };
}

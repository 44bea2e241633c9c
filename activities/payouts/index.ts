import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { EVENTS_CHANNEL } from '../../db/events';
import { sql } from '../../db/queries/sql';
import { idArray } from '../../db/queries/id-array';
import { translate, type Locale } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import {
  BankFileError,
  matchBankEntries,
  readBankFile,
  reasonText,
  type BankEntry,
  type BankFileIdentity,
  type EarlierOutcome,
  type PayoutForMatching,
} from '../../domain/payouts';
import { activityContext } from '../shared/activity-context';
import type { TQueueEmailResult, TQueueEmailsInput } from '../mail';
import { publishBankFileProgress } from './payout-events';
import { ZBankFileRef, type TApplyBankFileResult, type TBankFileRef, type TNotifyFailedPayoutsResult } from './payouts.types';

export * from './payouts.types';

// The bank's files, read and applied (decision 0115). A file is read as a stream, never whole: a
// year's statement of a busy account is large. Its entries go to the matcher in batches, each batch
// applied in one transaction that also advances bank_file.processed from the batch's first entry —
// a retried attempt skips what is committed (the update finds `processed` moved on) and resumes
// after it, so no outcome, count or unmatched entry is recorded twice.

/** Entries per transaction: small enough for a short lock on the payouts, large enough that a month's statement is a few batches. */
export const BANK_FILE_BATCH = 500;

type BankFileRow = {
  id: number;
  uuid: string;
  studio_group_id: number;
  studio_group_uuid: string;
  message_id: string;
  file_path: string;
  state: string;
  processed: number;
  total: number | null;
  locale: Locale;
};

export type PayoutActivityDeps = {
  orm: MikroORM;
  dataDir: string;
  queueEmails: (input: TQueueEmailsInput) => Promise<TQueueEmailResult[]>;
};

async function bankFileRow(em: EntityManager, bankFileUuid: string): Promise<BankFileRow> {
  const [row] = await sql<BankFileRow>(
    em,
    `select b.id, b.uuid, b.studio_group_id, g.uuid as studio_group_uuid, b.message_id, b.file_path, b.state, b.processed, b.total, b.locale
       from bank_file b join studio_group g on g.id = b.studio_group_id where b.uuid = ?`,
    [bankFileUuid],
  );
  if (!row) throw ApplicationFailure.nonRetryable(translate('en', 'payouts.bankFile.notFound'), 'NotFound');
  return row;
}

/** The payouts a batch of entries can be about: by end-to-end id, and by the payout file (batch bookings, pain.002 group/block statuses). */
async function payoutsForEntries(em: EntityManager, studioGroupId: number, entries: readonly BankEntry[]) {
  const endToEndIds = new Set<string>();
  const messageIds = new Set<string>();
  for (const entry of entries) {
    if (entry.endToEndId) endToEndIds.add(entry.endToEndId);
    if (entry.type === 'booking' && entry.batchMessageId) messageIds.add(entry.batchMessageId);
    if (entry.type === 'status' && entry.level !== 'transaction') messageIds.add(entry.originalMessageId);
  }
  const rows = await sql<{ uuid: string; end_to_end_id: string; amount_cents: number; creditor_iban: string; sepa_message_id: string; sepa_payment_info_id: string; status: PayoutForMatching['status']; bank_reference: string | null; file_message_id: string | null }>(
    em,
    `select p.uuid, p.end_to_end_id, p.amount_cents, p.creditor_iban, p.sepa_message_id, p.sepa_payment_info_id, p.status, p.bank_reference, b.message_id as file_message_id
       from payout p left join bank_file b on b.id = p.bank_file_id
      where p.studio_group_id = ? and (p.end_to_end_id = any(?::text[]) or p.sepa_message_id = any(?::text[]))
      for update of p`,
    [studioGroupId, textArray([...endToEndIds]), textArray([...messageIds])],
  );
  const payouts: PayoutForMatching[] = rows.map((row) => ({
    payoutUuid: row.uuid,
    endToEndId: row.end_to_end_id,
    amountCents: row.amount_cents,
    currency: 'EUR',
    creditorIban: row.creditor_iban,
    sepaMessageId: row.sepa_message_id,
    paymentInformationId: row.sepa_payment_info_id,
    status: row.status,
    statusSource: row.file_message_id ? { fileMessageId: row.file_message_id, bankReference: row.bank_reference } : null,
  }));
  const earlier: EarlierOutcome[] = rows.flatMap((row) =>
    row.status !== 'open' && row.file_message_id ? [{ payoutUuid: row.uuid, outcome: row.status as EarlierOutcome['outcome'], fileMessageId: row.file_message_id, bankReference: row.bank_reference }] : [],
  );
  return { payouts, earlier };
}

/** A PostgreSQL text[] literal (values quoted). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export function createPayoutActivities({ orm, dataDir, queueEmails }: PayoutActivityDeps) {
  const absolute = (relativePath: string) => path.join(dataDir, relativePath);

  /** Matches one batch and applies it; false when an earlier attempt already committed it. */
  async function applyBatch(file: BankFileRow, identity: BankFileIdentity, start: number, entries: BankEntry[]): Promise<boolean> {
    return orm.em.fork().transactional(async (tem) => {
      const { payouts, earlier } = await payoutsForEntries(tem, file.studio_group_id, entries);
      const result = matchBankEntries({ identity, entries, payouts, earlier });
      const ids = new Map((await sql<{ id: number; uuid: string }>(tem, 'select id, uuid from payout where uuid = any(?::uuid[])', [idArray(payouts.map((payout) => payout.payoutUuid))])).map((row) => [row.uuid, row.id]));
      const counts = { paid: 0, rejected: 0, returned: 0 };
      for (const outcome of result.outcomes) {
        const payoutId = ids.get(outcome.payoutUuid);
        if (payoutId === undefined) continue;
        counts[outcome.outcome] += 1;
        if (outcome.outcome === 'paid') {
          await sql(
            tem,
            `update payout set status = 'paid', booking_date = ?, bank_reference = ?, reason_code = null, reason_text = null, bank_file_id = ?, updated_at = now() where id = ?`,
            [outcome.bookingDate, outcome.bankReference, file.id, payoutId],
          );
        } else {
          await sql(
            tem,
            `update payout set status = ?, booking_date = ?, bank_reference = ?, reason_code = ?, reason_text = ?, fee_cents = ?, returned_cents = ?, bank_file_id = ?, updated_at = now() where id = ?`,
            [
              outcome.outcome,
              outcome.outcome === 'returned' ? outcome.bookingDate : (identity.createdAt.slice(0, 10) || null),
              outcome.bankReference,
              outcome.reasonCode,
              outcome.reasonText,
              outcome.outcome === 'returned' && outcome.feeCents > 0 ? outcome.feeCents : null,
              outcome.outcome === 'returned' ? outcome.returnedCents : null,
              file.id,
              payoutId,
            ],
          );
        }
      }
      // A status report books nothing: its entries are dated by the report, as the payouts it rejects are.
      const reportDate = identity.kind === 'pain.002' ? identity.createdAt.slice(0, 10) || null : null;
      let index = start;
      for (const issue of result.issues) {
        const { position } = issue;
        await sql(
          tem,
          `insert into bank_file_unmatched_entry (bank_file_id, entry_index, end_to_end_id, amount_cents, booking_date, bank_reference, reason_code, reason_text, why_key, why_params, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, now()) on conflict do nothing`,
          [file.id, index++, position.endToEndId, position.amountCents, position.bookingDate ?? reportDate, position.bankReference, position.reasonCode, position.reasonText, issue.messageKey, JSON.stringify(issue.params ?? {})],
        );
      }
      // The batch's guard, last so the batch's work and the advance commit together: zero rows means
      // an earlier attempt committed this batch (its `processed` is past `start`), so this one rolls back.
      const advanced = await sql(
        tem,
        `update bank_file set processed = ?, paid_count = paid_count + ?, rejected_count = rejected_count + ?, returned_count = returned_count + ?,
                unchanged_count = unchanged_count + ?, unmatched_count = unmatched_count + ?, state = 'reading', updated_at = now()
          where id = ? and processed = ? returning id`,
        [start + entries.length, counts.paid, counts.rejected, counts.returned, result.alreadyApplied, result.issues.length, file.id, start],
      );
      if (advanced.length === 0) throw new BatchAlreadyApplied();
      await publishBankFileProgress(tem, { studioGroupUuid: file.studio_group_uuid, bankFileUuid: file.uuid, state: 'reading', processed: start + entries.length, total: file.total });
      return true;
    }).catch((error: unknown) => {
      if (error instanceof BatchAlreadyApplied) return false;
      throw error;
    });
  }

  /** Records why the file stopped; what its finished batches applied stays. */
  async function failFile(file: BankFileRow, error: BankFileError) {
    await orm.em.fork().transactional(async (tem) => {
      await sql(tem, `update bank_file set state = 'failed', error_key = ?, error_detail = ?, finished_at = now(), updated_at = now() where id = ?`, [error.messageKey, JSON.stringify(error.params ?? {}), file.id]);
      await publishBankFileProgress(tem, { studioGroupUuid: file.studio_group_uuid, bankFileUuid: file.uuid, state: 'failed', processed: file.processed, total: file.total });
    });
  }

  return {
    /**
     * Reads the stored bank file as a stream and applies its entries batch by batch (see above);
     * heartbeats {processed, total}. A file that breaks off is 'failed' with the reason, not retried.
     */
    async applyBankFile(rawInput: TBankFileRef): Promise<TApplyBankFileResult> {
      const { bankFileUuid } = ZBankFileRef.parse(rawInput);
      const em = orm.em.fork();
      const file = await bankFileRow(em, bankFileUuid);
      const summary = async (state: 'done' | 'failed'): Promise<TApplyBankFileResult> => {
        const [row] = await sql<{ processed: number; total: number | null; paid_count: number; rejected_count: number; returned_count: number; unmatched_count: number }>(
          em,
          'select processed, total, paid_count, rejected_count, returned_count, unmatched_count from bank_file where id = ?',
          [file.id],
        );
        return { state, processed: row!.processed, total: row!.total, paid: row!.paid_count, rejected: row!.rejected_count, returned: row!.returned_count, unmatched: row!.unmatched_count };
      };
      if (file.state === 'done' || file.state === 'failed') return summary(file.state);
      try {
        // The total first (a pass that only counts), so the admin's screen shows how far the reading is.
        if (file.total === null) {
          const counting = await readBankFile(fs.createReadStream(absolute(file.file_path)));
          let total = 0;
          for await (const _entry of counting.entries) total += 1;
          await sql(em, `update bank_file set total = ?, state = 'reading', updated_at = now() where id = ?`, [total, file.id]);
          file.total = total;
          await publishBankFileProgress(em, { studioGroupUuid: file.studio_group_uuid, bankFileUuid: file.uuid, state: 'reading', processed: file.processed, total });
        }
        const reading = await readBankFile(fs.createReadStream(absolute(file.file_path)));
        let position = 0;
        let batch: BankEntry[] = [];
        let batchStart = file.processed;
        for await (const entry of reading.entries) {
          position += 1;
          if (position <= file.processed) continue;
          batch.push(entry);
          if (batch.length === BANK_FILE_BATCH) {
            await applyBatch(file, reading.identity, batchStart, batch);
            batchStart += batch.length;
            batch = [];
            activityContext()?.heartbeat({ processed: batchStart, total: file.total });
          }
        }
        if (batch.length > 0) await applyBatch(file, reading.identity, batchStart, batch);
        return summary('done');
      } catch (error) {
        if (!(error instanceof BankFileError)) throw error;
        await failFile(file, error);
        return summary('failed');
      }
    },

    /**
     * The trainers of the payouts this file rejected or returned: a portal notification and an e-mail
     * each, in their language, with the bank's reason in plain words and the request to check the
     * IBAN. Once per payout (failure_notified_at), the e-mail once per outbox key.
     */
    async notifyFailedPayouts(rawInput: TBankFileRef): Promise<TNotifyFailedPayoutsResult> {
      const { bankFileUuid } = ZBankFileRef.parse(rawInput);
      const em = orm.em.fork();
      const file = await bankFileRow(em, bankFileUuid);
      const failed = await sql<{ id: number; uuid: string; end_to_end_id: string; amount_cents: number; reason_code: string | null; number: string; trainer_uuid: string; trainer_account_id: number | null; language: string | null; user_uuid: string | null }>(
        em,
        `select p.id, p.uuid, p.end_to_end_id, p.amount_cents, p.reason_code, cn.number, t.uuid as trainer_uuid, ta.id as trainer_account_id, ta.language, u.uuid as user_uuid
           from payout p join credit_note cn on cn.id = p.credit_note_id join trainer t on t.id = p.trainer_id
           left join studio_group_trainer sgt on sgt.trainer_id = t.id and sgt.studio_group_id = p.studio_group_id
           left join trainer_account ta on ta.id = sgt.trainer_account_id
           left join app_user u on u.id = ta.user_id
          where p.bank_file_id = ? and p.status in ('rejected', 'returned') and p.failure_notified_at is null
          order by p.id`,
        [file.id],
      );
      if (failed.length === 0) return { emailUuids: [], notified: 0 };
      const queued = await queueEmails({
        emails: failed.map((payout) => ({
          studioGroupUuid: file.studio_group_uuid,
          purpose: 'payout-failed',
          reference: payout.uuid,
          recipient: { kind: 'trainer', trainerUuid: payout.trainer_uuid },
          subjectKey: 'mail.payoutFailed.subject',
          bodyKey: 'mail.payoutFailed.body',
          // The reason in the recipient's language: the template translates a message key, so the
          // plain text is given per language through the reason-code catalogue.
          params: { endToEndId: payout.end_to_end_id, number: payout.number, amount: { cents: payout.amount_cents }, reason: reasonText(payout.reason_code, payout.language === 'en' ? 'en' : 'de') },
          link: { path: trainerProfilePath(file.studio_group_uuid), labelKey: 'mail.payoutFailed.action' },
        })),
      });
      await em.fork().transactional(async (tem) => {
        for (const payout of failed) {
          const marked = await sql(tem, 'update payout set failure_notified_at = now(), updated_at = now() where id = ? and failure_notified_at is null returning id', [payout.id]);
          if (marked.length === 0 || payout.trainer_account_id === null) continue;
          const language: Locale = payout.language === 'en' ? 'en' : 'de';
          const message = translate(language, 'payouts.notification.failed', {
            endToEndId: payout.end_to_end_id,
            amount: formatEuro(payout.amount_cents, language === 'de' ? 'de-DE' : 'en-GB'),
            reason: reasonText(payout.reason_code, language),
          });
          await sql(
            tem,
            `insert into notification (uuid, trainer_account_id, studio_group_id, message, link, approved_at, created_at, updated_at) values (gen_random_uuid(), ?, ?, ?, ?, null, now(), now())`,
            [payout.trainer_account_id, file.studio_group_id, message, trainerProfilePath(file.studio_group_uuid)],
          );
          if (payout.user_uuid) {
            await sql(tem, 'select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ topic: `user:${payout.user_uuid}`, event: 'notification:changed', data: { userUuid: payout.user_uuid } })]);
          }
        }
      });
      return { emailUuids: queued.flatMap((result) => (result.queued ? [result.emailUuid] : [])), notified: failed.length };
    },

    /** The file is read: state done (or kept failed), finishedAt, and the screen told. */
    async finishBankFile(rawInput: TBankFileRef): Promise<void> {
      const { bankFileUuid } = ZBankFileRef.parse(rawInput);
      await orm.em.fork().transactional(async (tem) => {
        const file = await bankFileRow(tem, bankFileUuid);
        await sql(tem, `update bank_file set state = case when state = 'failed' then 'failed' else 'done' end, finished_at = coalesce(finished_at, now()), updated_at = now() where id = ?`, [file.id]);
        const [row] = await sql<{ state: 'done' | 'failed'; processed: number; total: number | null }>(tem, 'select state, processed, total from bank_file where id = ?', [file.id]);
        await publishBankFileProgress(tem, { studioGroupUuid: file.studio_group_uuid, bankFileUuid: file.uuid, state: row!.state, processed: row!.processed, total: row!.total });
      });
    },
  };
}

/** The trainer portal's profile, where the IBAN is changed (without the language; the e-mail adds it). One profile for every studio group. */
export const trainerProfilePath = (_studioGroupUuid: string) => '/trainer/profile';

class BatchAlreadyApplied extends Error {}

export type PayoutActivities = ReturnType<typeof createPayoutActivities>;

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { payoutReturnsCsv } from '../../domain/accounting';
import { translate, type Locale } from '../../domain/messages';
import { lockPayoutHandoff, markPayoutReturnsHandedOff, payoutReturnsForHandoff } from '../../db/queries/payout-returns';
import { writeSettlementLog } from '../../db/writes/settlement-log';
import { settlementRowOf } from '../shared/settlement';
import { sql } from '../../db/queries/sql';
import {
  ZFinishCreditNoteRunInput,
  ZSendAccountingEmailInput,
  type TAccountingFileType,
  type TFinishCreditNoteRunInput,
  type TFinishCreditNoteRunResult,
  type TSendAccountingEmailInput,
  type TSendAccountingEmailResult,
} from './credit-note.types';
import { runFilePaths, sha256OfFile, writeFileAtomic } from './credit-note-files';
import { findRun, nonRetryable, PROC, publishSend, type CreditNoteActivityDeps } from './run-records';

// The end of a run: the settlement's sums and the stream's last message, then (on the admin's
// request) the accounting e-mail with the run's files.

const FILE_CONTENT_TYPES: Record<TAccountingFileType, string> = {
  SEPA_XML: 'application/xml',
  CREDIT_NOTES_ZIP: 'application/zip',
  STUDIO_COSTS_BY_MONTH: 'text/csv',
  DATEV_EXTF: 'text/csv; charset=windows-1252',
  PAYOUT_RETURNS: 'text/csv',
};

export function createFinishActivities({ orm, dataDir, queueEmail }: CreditNoteActivityDeps) {
  const absolute = (relativePath: string) => path.join(dataDir, relativePath);

  /**
   * The returns CSV as this e-mail carries it (decision 0150): written again from what is owed now —
   * without a return another run's e-mail carried since the run's files were made, with one read
   * since — and recorded as handed off by this run, in one transaction under the group's hand-off
   * lock. A retry (or a second e-mail of the run) finds the rows marked with this run and writes the same.
   */
  async function handOffPayoutReturns({ run, runUuid, settlement, locale }: { run: { id: number }; runUuid: string; settlement: { studio_group_id: number; month: string }; locale: Locale }) {
    await orm.em.fork().transactional(async (tem) => {
      await lockPayoutHandoff(tem, settlement.studio_group_id);
      const rows = await payoutReturnsForHandoff(tem, { studioGroupId: settlement.studio_group_id, runId: run.id });
      const [existing] = await sql<{ file_path: string | null }>(tem, `select file_path from accounting_file where settlement_run_id = ? and type = 'PAYOUT_RETURNS'`, [run.id]);
      const filePath = existing?.file_path ?? runFilePaths(runUuid, settlement.month).PAYOUT_RETURNS;
      await writeFileAtomic(absolute(filePath), payoutReturnsCsv(rows, locale));
      await sql(
        tem,
        `insert into accounting_file (uuid, settlement_run_id, type, status, file_path, sha256, created_at, updated_at) values (?, ?, 'PAYOUT_RETURNS', 'success', ?, ?, now(), now())
         on conflict (settlement_run_id, type) do update set status = 'success', file_path = excluded.file_path, sha256 = excluded.sha256, updated_at = now()`,
        [randomUUID(), run.id, filePath, await sha256OfFile(absolute(filePath))],
      );
      await markPayoutReturnsHandedOff(tem, { runId: run.id, rows });
    });
  }

  return {
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
      // After the check, so a refused e-mail hands nothing off; before the e-mails are recorded, so
      // none goes out carrying returns that stay unmarked (a retry writes and marks the same again).
      if (input.attachments.includes('PAYOUT_RETURNS')) {
        await handOffPayoutReturns({ run, runUuid: input.runUuid, settlement, locale: input.locale });
      }
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
}

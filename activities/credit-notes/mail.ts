import fs from 'node:fs';
import path from 'node:path';
import { idArray } from '../../db/queries/id-array';
import type { EInvoiceFormat } from '../../domain/e-invoice';
import { translate } from '../../domain/messages';
import { writeSettlementLog } from '../../db/writes/settlement-log';
import { settlementRowOf } from '../shared/settlement';
import { activityContext } from '../shared/activity-context';
import { sql } from '../../db/queries/sql';
import {
  ZMarkCreditNotesSentInput,
  ZQueueCreditNoteEmailsInput,
  type TMarkCreditNotesSentInput,
  type TMarkCreditNotesSentResult,
  type TQueueCreditNoteEmailsInput,
  type TQueueCreditNoteEmailsResult,
} from './credit-note.types';
import { xrechnungFileName, xrechnungFilePath } from './e-invoice-files';
import { displayName, findRun, PROC, publishSend, publishSends, runCreditNotes, uuidList, type CreditNoteActivityDeps } from './run-records';

// The trainers' credit-note e-mails: recorded in the outbox (PDF attached), then marked sent after
// delivery.

/**
 * What the credit-note e-mail carries by the trainer's format: the stored PDF (always the hybrid,
 * drawn once: 'pdf' and 'hybrid' get the same file), and for 'xrechnung' the XRechnung beside it.
 */
function creditNoteAttachments(dataDir: string, note: { number: string; file_name: string; file_path: string }, format: EInvoiceFormat) {
  const pdf = { fileName: note.file_name, filePath: note.file_path, contentType: 'application/pdf' };
  const xml = xrechnungFilePath(note.file_path);
  if (format !== 'xrechnung' || !fs.existsSync(path.join(dataDir, xml))) return [pdf];
  return [{ fileName: xrechnungFileName(note.number), filePath: xml, contentType: 'application/xml' }, pdf];
}

/** The path of the trainer's credit notes page, without the language (the e-mail adds it). */
export const trainerCreditNotesPath = (studioGroupUuid: string) => `/trainer/studio/${studioGroupUuid}/credit-notes`;

export function createCreditNoteMailActivities({ orm, queueEmails, dataDir }: Pick<CreditNoteActivityDeps, 'orm' | 'queueEmails' | 'dataDir'>) {
  return {
    /** Records the credit-note e-mail of each issued trainer of the run in the outbox (PDF attached); idempotent by outbox key. */
    async queueCreditNoteEmails(rawInput: TQueueCreditNoteEmailsInput): Promise<TQueueCreditNoteEmailsResult> {
      const input = ZQueueCreditNoteEmailsInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const run = await findRun(em, input.runUuid, settlement);
      const notes = await runCreditNotes(em, run.id, input.trainerUuids);
      const byTrainer = new Map(notes.map((note) => [note.trainer_uuid, note]));
      // Each trainer's e-invoice format (their profile); without an account, the hybrid PDF.
      const formats = new Map(
        (
          await sql<{ trainer_uuid: string; e_invoice_format: EInvoiceFormat }>(
            em,
            `select t.uuid as trainer_uuid, ta.e_invoice_format from trainer t
               join studio_group_trainer sgt on sgt.trainer_id = t.id and sgt.studio_group_id = t.studio_group_id
               join trainer_account ta on ta.id = sgt.trainer_account_id
              where t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
            [uuidList(input.trainerUuids)],
          )
        ).map((row) => [row.trainer_uuid, row.e_invoice_format]),
      );
      // The batch's e-mails recorded together: one transaction and a few statements for all of them.
      const withNotes = input.trainerUuids.flatMap((trainerUuid) => {
        const note = byTrainer.get(trainerUuid);
        return note ? [{ trainerUuid, note }] : [];
      });
      const results = await queueEmails({
        emails: withNotes.map(({ trainerUuid, note }) => ({
          studioGroupUuid: settlement.studio_group_uuid,
          purpose: 'credit-note',
          reference: `${input.runUuid}:${trainerUuid}`,
          recipient: { kind: 'trainer', trainerUuid },
          subjectKey: 'mail.creditNote.subject',
          bodyKey: 'mail.creditNote.body',
          params: { number: note.number, month: { month: settlement.month }, gross: { cents: note.gross_cents } },
          link: { path: trainerCreditNotesPath(settlement.studio_group_uuid), labelKey: 'mail.creditNote.action' },
          attachments: creditNoteAttachments(dataDir, note, formats.get(trainerUuid) ?? 'hybrid'),
        })),
      });
      const trainers: TQueueCreditNoteEmailsResult['trainers'] = withNotes.map(({ trainerUuid }, index) => {
        const queued = results[index]!;
        return queued.queued ? { trainerUuid, emailUuid: queued.emailUuid, outcome: 'queued', status: queued.status } : { trainerUuid, outcome: 'no_email' };
      });
      // Without an address the credit note stays unsent: a log row each, published once.
      const unsent = withNotes.filter((_, index) => !results[index]!.queued);
      if (unsent.length > 0) {
        await em.fork().transactional(async (tem) => {
          for (const { trainerUuid, note } of unsent) {
            const message = translate(input.locale, 'creditNote.run.noEmail', { trainer: displayName(note) });
            const written = await writeSettlementLog(tem, settlement, [
              { eventKey: `${PROC.creditNote}:${input.runUuid}:${trainerUuid}:no-email`, proc: PROC.creditNote, trainerUuid, status: 'error', message },
            ]);
            if (written > 0) await publishSend(tem, settlement.uuid, input.runUuid, { status: 'error', message, trainer_uuid: trainerUuid, outcome: 'failed' });
          }
        });
      }
      activityContext()?.heartbeat({ processed: trainers.length });
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
        if (notes.length === 0) return { sent: 0 };
        // The credit notes marked now: the update locks their rows, so an overlapping attempt waits
        // and then finds them marked. Only these get their log row and 'success' message, so each
        // trainer's is written and published once (sent_at and the log row commit together).
        const marked = new Set(
          (
            await sql<{ uuid: string }>(
              tem,
              `update credit_note set sent_at = now(), updated_at = now()
                where uuid = any(?::uuid[]) and sent_at is null
                returning uuid`,
              [idArray(notes.map((note) => note.uuid))],
            )
          ).map((row) => row.uuid),
        );
        await sql(
          tem,
          `update settlement_trainer set workflow_state = 'credit_note_send', updated_at = now()
            where id = any(?::int[]) and workflow_state = 'credit_note_created'`,
          [idArray(notes.map((note) => note.settlement_trainer_id))],
        );
        const newlySent = notes
          .filter((note) => marked.has(note.uuid))
          .map((note) => ({ note, message: translate(input.locale, 'creditNote.run.sent', { trainer: displayName(note) }) }));
        await writeSettlementLog(
          tem,
          settlement,
          newlySent.map(({ note, message }) => ({ eventKey: `${PROC.creditNote}:${input.runUuid}:${note.trainer_uuid}:sent`, proc: PROC.creditNote, trainerUuid: note.trainer_uuid, status: 'success', message })),
        );
        await publishSends(
          tem,
          settlement.uuid,
          input.runUuid,
          newlySent.map(({ note, message }) => ({ status: 'success', message, trainer_uuid: note.trainer_uuid, outcome: 'created' })),
        );
        return { sent: notes.length };
      });
    },
  };
}

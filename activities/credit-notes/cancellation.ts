import { randomUUID, createHash } from 'node:crypto';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { z } from 'zod';
import { cancellationOf, creditNoteNumber, creditNoteTotals, renderCreditNotePdf, ZCreditNoteDocument } from '../../domain/credit-notes';
import { translate } from '../../domain/messages';
import { trainerDisplayName, trainerSnapshot, type TrainerSnapshot } from '../../domain/trainer-data';
import type { TQueueEmailInput, TQueueEmailResult } from '../mail';
import { writeSettlementLog } from '../../db/writes/settlement-log';
import { sql } from '../../db/queries/sql';
import { todayInGermany } from './payment-date';
import { storeXRechnung } from './e-invoice-files';

// The correction of an issued credit note (DESIGN: never changed once issued): a cancelling
// document ("Stornorechnung", own number, negative amounts, refers to the original, never titled
// "Gutschrift") and then a new credit note in a later run. This activity writes the cancellation
// (numbered gap-free in the transaction that records it, PDF stored once with its hash), puts the
// trainer back to 'approved' with their current data (what the objection was about) and records
// the e-mail to the trainer. Idempotent: a cancellation that exists is answered, not made again.

export const ZCancelCreditNoteInput = z.object({
  creditNoteUuid: z.string().uuid(),
  userUuid: z.string().min(1),
  locale: z.enum(['de', 'en']).default('en'),
});
export type TCancelCreditNoteInput = z.input<typeof ZCancelCreditNoteInput>;
export type TCancelCreditNoteResult = {
  cancellationUuid: string;
  number: string;
  settlementUuid: string;
  trainerUuid: string;
  studioGroupUuid: string;
  /** The outbox row of the trainer's e-mail (null: no address). */
  emailUuid: string | null;
};

type Deps = { orm: MikroORM; dataDir: string; queueEmail: (input: TQueueEmailInput) => Promise<TQueueEmailResult>; writeFile: (absolutePath: string, data: Buffer) => Promise<void> };

type OriginalRow = {
  id: number;
  number: string;
  document_type: string;
  document: unknown;
  file_path: string;
  settlement_run_id: number;
  settlement_trainer_id: number;
  trainer_id: number;
  studio_group_id: number;
  studio_group_uuid: string;
  credit_note_prefix: string;
  settlement_id: number;
  settlement_uuid: string;
  trainer_uuid: string;
};

export function createCancellationActivities({ orm, dataDir, queueEmail, writeFile }: Deps) {
  return {
    async cancelCreditNote(rawInput: TCancelCreditNoteInput): Promise<TCancelCreditNoteResult> {
      const input = ZCancelCreditNoteInput.parse(rawInput);
      const em = orm.em.fork();
      const result = await em.transactional(async (tem) => {
        const [original] = await sql<OriginalRow>(
          tem,
          `select c.id, c.number, c.document_type, c.document, c.file_path, c.settlement_run_id, c.settlement_trainer_id, c.trainer_id,
                  g.id as studio_group_id, g.uuid as studio_group_uuid, g.credit_note_prefix, s.id as settlement_id, s.uuid as settlement_uuid, t.uuid as trainer_uuid
             from credit_note c join studio_group g on g.id = c.studio_group_id
             join settlement_trainer st on st.id = c.settlement_trainer_id join settlement s on s.id = st.settlement_id
             join trainer t on t.id = c.trainer_id
            where c.uuid = ? for update of c`,
          [input.creditNoteUuid],
        );
        if (!original) throw ApplicationFailure.nonRetryable('creditNote.correction.notIssued', 'NotFound');
        if (original.document_type !== 'credit_note') throw ApplicationFailure.nonRetryable('creditNote.correction.notIssued', 'Invalid');
        const base = { settlementUuid: original.settlement_uuid, trainerUuid: original.trainer_uuid, studioGroupUuid: original.studio_group_uuid };
        const [existing] = await sql<{ uuid: string; number: string; file_name: string; file_path: string }>(tem, `select uuid, number, file_name, file_path from credit_note where cancels_id = ?`, [original.id]);
        if (existing) return { ...base, cancellationUuid: existing.uuid, number: existing.number, fileName: existing.file_name, filePath: existing.file_path };

        const parsed = ZCreditNoteDocument.safeParse(original.document);
        if (!parsed.success) throw ApplicationFailure.nonRetryable(`Credit note ${original.number} has no stored document to cancel.`, 'Invalid');
        const issueDate = todayInGermany();
        const year = Number(issueDate.slice(0, 4));
        const [counter] = await sql<{ last_number: number }>(
          tem,
          `insert into credit_note_counter (studio_group_id, year, last_number, updated_at) values (?, ?, 1, now())
           on conflict (studio_group_id, year) do update set last_number = credit_note_counter.last_number + 1, updated_at = now()
           returning last_number`,
          [original.studio_group_id, year],
        );
        const number = creditNoteNumber(original.credit_note_prefix, year, counter!.last_number);
        const doc = cancellationOf(parsed.data, { number, issueDate });
        const totals = creditNoteTotals(doc);
        const pdf = await renderCreditNotePdf(doc);
        const fileName = `${number}.pdf`;
        const filePath = path.join(path.dirname(original.file_path), fileName);
        await writeFile(path.join(dataDir, filePath), pdf);
        await storeXRechnung(dataDir, doc, filePath);
        const cancellationUuid = randomUUID();
        await sql(
          tem,
          `insert into credit_note (uuid, studio_group_id, settlement_run_id, settlement_trainer_id, trainer_id, number, document_type, cancels_id, issue_date,
                                    net_cents, vat_cents, gross_cents, file_name, file_path, sha256, document, sent_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, 'cancellation', ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, null, now(), now())`,
          [
            cancellationUuid, original.studio_group_id, original.settlement_run_id, original.settlement_trainer_id, original.trainer_id, number, original.id, issueDate,
            totals.netCents, totals.vatCents, totals.grossCents, fileName, filePath, createHash('sha256').update(pdf).digest('hex'), JSON.stringify(doc),
          ],
        );
        // The trainer is billed anew from their current data: back to 'approved', snapshot refreshed.
        const [trainer] = await sql<TrainerSnapshot & Record<string, unknown>>(
          tem,
          `select uuid, id, source_id as "sourceId", firstname, lastname, company_name as "companyName", email, street, house_number as "houseNumber",
                  postal_code as "postalCode", city, country, iban, bic, tax_number as "taxNumber", tax_number_mandatory as "taxNumberMandatory",
                  vat_id as "vatId", vat_liable as "vatLiable"
             from trainer where id = ?`,
          [original.trainer_id],
        );
        await sql(tem, `update settlement_trainer set workflow_state = 'approved', trainer_snapshot = ?::jsonb, updated_at = now() where id = ?`, [
          JSON.stringify(trainerSnapshot(trainer!)),
          original.settlement_trainer_id,
        ]);
        await writeSettlementLog(tem, { id: original.settlement_id, uuid: original.settlement_uuid }, [
          {
            eventKey: `cancellation:${original.number}`,
            proc: 'credit_note_cancellation',
            trainerUuid: original.trainer_uuid,
            status: 'success',
            message: translate(input.locale, 'creditNote.correction.cancelled', { number, original: original.number, trainer: trainerDisplayName(trainer!) }),
          },
        ]);
        return { ...base, cancellationUuid, number, fileName, filePath };
      });
      const queued = await queueEmail({
        studioGroupUuid: result.studioGroupUuid,
        purpose: 'credit-note-cancellation',
        reference: result.cancellationUuid,
        recipient: { kind: 'trainer', trainerUuid: result.trainerUuid },
        subjectKey: 'creditNote.correction.mailSubject',
        bodyKey: 'creditNote.correction.mailBody',
        params: { number: result.number },
        link: { path: `/trainer/studio/${result.studioGroupUuid}/credit-notes`, labelKey: 'mail.creditNote.action' },
        attachments: [{ fileName: result.fileName, filePath: result.filePath, contentType: 'application/pdf' }],
      });
      return {
        cancellationUuid: result.cancellationUuid,
        number: result.number,
        settlementUuid: result.settlementUuid,
        trainerUuid: result.trainerUuid,
        studioGroupUuid: result.studioGroupUuid,
        emailUuid: queued.queued ? queued.emailUuid : null,
      };
    },
  };
}

import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { CreditNoteActivities } from '../activities/credit-notes';
import type { MailActivities } from '../activities/mail';
import { CREDIT_NOTE_BATCH, EMAIL_DELIVERY, SHORT_WRITE } from './activity-options';
import { CREDIT_NOTE_RUN_CHUNK_SIZE, creditNoteRunStateQuery, type TCreditNoteRunInput, type TCreditNoteRunResult, type TCreditNoteRunState } from './credit-note-run.messages';

// One "send credit notes" of a settlement (`credit-note-run-{runUuid}`, a child of the settlement's
// workflow): for each selected trainer the credit note number, the PDF and its record
// (credit_note_created), then the e-mails (credit_note_send), then for the run the SEPA file, the
// ZIP, the studio-costs CSV and the settlement's sums. Every activity is idempotent (a number is
// assigned once per run and trainer; an e-mail is sent once per outbox row), so a worker killed in
// the middle resumes where it stood: every trainer exactly once, no number skipped.
//
// Changing this file: runs are short (minutes), but keep recorded histories replaying all the same
// (test/workflows/replay.test.ts); put changed behaviour behind `patched()`.

const { startCreditNoteRun, markCreditNotesSent, finishCreditNoteRun, queueCreditNoteEmails } = proxyActivities<CreditNoteActivities>(SHORT_WRITE);
const { issueCreditNotes, createRunFiles } = proxyActivities<CreditNoteActivities>(CREDIT_NOTE_BATCH);
const { deliverEmails } = proxyActivities<MailActivities>(EMAIL_DELIVERY);

export async function creditNoteRunWorkflow(input: TCreditNoteRunInput): Promise<TCreditNoteRunResult> {
  const { runUuid, settlementUuid, locale } = input;
  const trainerUuids = [...new Set(input.trainerUuids)];
  const state: TCreditNoteRunState = { runUuid, phase: 'issuing', total: trainerUuids.length, processed: 0, issuedTrainerUuids: [], refusedTrainerUuids: [] };
  setHandler(creditNoteRunStateQuery, () => ({ ...state, issuedTrainerUuids: [...state.issuedTrainerUuids], refusedTrainerUuids: [...state.refusedTrainerUuids] }));

  await startCreditNoteRun({ runUuid, settlementUuid, trainerUuids, userUuid: input.userUuid, locale });
  for (let offset = 0; offset < trainerUuids.length; offset += CREDIT_NOTE_RUN_CHUNK_SIZE) {
    const chunk = trainerUuids.slice(offset, offset + CREDIT_NOTE_RUN_CHUNK_SIZE);
    const result = await issueCreditNotes({ runUuid, settlementUuid, trainerUuids: chunk, offset, total: trainerUuids.length, locale });
    for (const trainer of result.trainers) {
      if (trainer.outcome === 'refused') state.refusedTrainerUuids.push(trainer.trainerUuid);
      else state.issuedTrainerUuids.push(trainer.trainerUuid);
    }
    state.processed += chunk.length;
  }

  let sentTrainerUuids: string[] = [];
  if (input.sendEmails !== false && state.issuedTrainerUuids.length > 0) {
    state.phase = 'sending';
    for (let offset = 0; offset < state.issuedTrainerUuids.length; offset += CREDIT_NOTE_RUN_CHUNK_SIZE) {
      const chunk = state.issuedTrainerUuids.slice(offset, offset + CREDIT_NOTE_RUN_CHUNK_SIZE);
      const queued = await queueCreditNoteEmails({ runUuid, settlementUuid, trainerUuids: chunk, locale });
      const emailUuids = queued.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));
      if (emailUuids.length > 0) await deliverEmails({ emailUuids });
      // An e-mail recorded in the outbox counts as sent (without SMTP the outbox is the delivery).
      const recorded = queued.trainers.filter((trainer) => trainer.outcome === 'queued').map((trainer) => trainer.trainerUuid);
      if (recorded.length > 0) await markCreditNotesSent({ runUuid, settlementUuid, trainerUuids: recorded, locale });
      sentTrainerUuids = [...sentTrainerUuids, ...recorded];
    }
  }

  state.phase = 'files';
  if (state.issuedTrainerUuids.length > 0) await createRunFiles({ runUuid, settlementUuid, locale });
  const sums = await finishCreditNoteRun({ runUuid, settlementUuid, issued: state.issuedTrainerUuids.length, refused: state.refusedTrainerUuids.length, locale });
  state.phase = 'done';
  return { runUuid, issuedTrainerUuids: [...state.issuedTrainerUuids], refusedTrainerUuids: [...state.refusedTrainerUuids], sentTrainerUuids, sums };
}

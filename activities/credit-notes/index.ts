import { createCreditNoteMailActivities, trainerCreditNotesPath } from './mail';
import { createFinishActivities } from './finish';
import { createIssueActivities } from './issue';
import { createPdfStore, createRenderActivities } from './render';
import { createRunFilesActivities } from './run-files';
import type { CreditNoteActivityDeps } from './run-records';

export * from './credit-note.types';
export { isSepaBusinessDay, nextSepaBusinessDay, transferDateFor, TRANSFER_DAYS_AFTER_ISSUE } from './payment-date';
export { creditNoteFilePath, runFilePaths, sepaMessageId, writeFileAtomic } from './credit-note-files';
export { trainerCreditNotesPath };
export type { CreditNoteActivityDeps };

// The side effects of a credit-note run (workflow `credit-note-run-{runUuid}`, spec admin 2.8/2.9,
// 3, 4): issue the credit notes (number, PDF, record), queue and mark their e-mails, build the run's
// files for the accountant (SEPA pain.001.001.09, ZIP of the PDFs, studio-costs CSV), the
// settlement's sums, and the accounting e-mail.
//
// Idempotent by construction:
// - A credit note is unique per run, settlement trainer and document type. A batch of trainers is
//   numbered and recorded in one transaction that row-locks their settlement trainers and takes the
//   numbers from credit_note_counter (`insert … on conflict do update … returning`: the counter row
//   stays locked until commit, so numbers are gap-free per studio group and year). A crash before the
//   commit undoes the numbers too; a retry after it finds the rows and answers `already_issued`.
// - A PDF is drawn from the credit note's stored document after that commit (same document, same
//   bytes), written atomically under a path by number, and its hash recorded last: a credit note
//   without a hash is drawn again by the retry (issueCreditNotes, drawCreditNotePdfs).
// - A refusal uses no number; its log row (keyed by run and trainer) is written once, and the
//   'error' stream message is published only when that row is new.
// - E-mails are recorded in the outbox under `{group}:credit-note:{runUuid}:{trainerUuid}` and
//   `{group}:accounting:{runUuid}:{requestUuid}:{n}`; a retry answers the recorded row.
// - The run's files have deterministic paths under `{dataDir}/runs/{runUuid}/` and are rewritten
//   (atomically) on a retry; their AccountingFile rows are upserted.
// - The last stream message of the run ('finished_studiogroup') is published on every attempt of
//   finishCreditNoteRun, so a stream that missed it still ends.
//
// One file per step: issue.ts (run start, numbers and records), render.ts (the PDFs), mail.ts (the
// trainers' e-mails), run-files.ts (SEPA, ZIP, CSV), finish.ts (sums, accounting e-mail); the reads
// they share are in run-records.ts.

export function createCreditNoteActivities({ orm, dataDir, queueEmail, queueEmails }: CreditNoteActivityDeps) {
  const pdfStore = createPdfStore({ orm, dataDir });
  return {
    ...createIssueActivities({ orm, pdfStore, dataDir }),
    ...createRenderActivities({ orm, pdfStore, dataDir }),
    ...createCreditNoteMailActivities({ orm, queueEmails, dataDir }),
    ...createRunFilesActivities({ orm, dataDir }),
    ...createFinishActivities({ orm, dataDir, queueEmail, queueEmails }),
  };
}

export type CreditNoteActivities = ReturnType<typeof createCreditNoteActivities>;

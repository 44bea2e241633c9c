import { createCreditNoteMailActivities, trainerCreditNotesPath } from './mail';
import { createFinishActivities } from './finish';
import { createIssueActivities } from './issue';
import { createPdfStore } from './render';
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
// - A credit note is unique per run, settlement trainer and document type. Each trainer is issued in
//   its own transaction that row-locks the settlement trainer, takes the next number from
//   credit_note_counter (`insert … on conflict do update … returning`: the counter row stays locked
//   until commit, so numbers are gap-free per studio group and year), writes the PDF (temp file +
//   rename, path by number), inserts the credit note and its log row. A crash before the commit
//   undoes the number too: the retry redoes everything with the same number and overwrites the same
//   file; a crash after it finds the row and answers `already_issued`.
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

export function createCreditNoteActivities({ orm, dataDir, queueEmail }: CreditNoteActivityDeps) {
  const pdfStore = createPdfStore({ orm, dataDir });
  return {
    ...createIssueActivities({ orm, pdfStore }),
    ...createCreditNoteMailActivities({ orm, queueEmail, dataDir }),
    ...createRunFilesActivities({ orm, dataDir }),
    ...createFinishActivities({ orm, dataDir, queueEmail }),
  };
}

export type CreditNoteActivities = ReturnType<typeof createCreditNoteActivities>;

// Workflow IDs are business keys (DESIGN.md): starting one twice reaches the same run, and
// resuming a process is reaching the same ID. Every place that starts or finds a workflow builds
// its ID here.

/** The one task queue the worker polls for workflows and activities. */
export const TASK_QUEUE = 'trainerpay';

export const classImportWorkflowId = (importUuid: string) => `class-import-${importUuid}`;
export const settlementWorkflowId = (settlementUuid: string) => `settlement-${settlementUuid}`;
export const creditNoteRunWorkflowId = (runUuid: string) => `credit-note-run-${runUuid}`;
export const importQueueWorkflowId = (studioGroupUuid: string) => `import-queue-${studioGroupUuid}`;
/** One correction per credit note: a second confirmation reaches the same run. */
export const creditNoteCorrectionWorkflowId = (creditNoteUuid: string) => `credit-note-correction-${creditNoteUuid}`;
/** One accounting e-mail per form submission (requestUuid), of one credit-note run. */
export const accountingEmailWorkflowId = (runUuid: string, requestUuid: string) => `accounting-email-${runUuid}-${requestUuid}`;
/** One e-mail per signed link (invitation, e-mail confirmation, password reset). */
export const accountEmailWorkflowId = (purpose: string, tokenUuid: string) => `account-email-${purpose}-${tokenUuid}`;
/** The staff e-mails about one change of a trainer's data in the portal (outboxMailWorkflow). */
export const trainerDataChangedMailWorkflowId = (trainerUuid: string, changedAt: Date) => `trainer-data-changed-mail-${trainerUuid}-${changedAt.getTime()}`;
/** The contact form's e-mails, one run per contact request. */
export const contactRequestMailWorkflowId = (contactRequestUuid: string) => `contact-request-mail-${contactRequestUuid}`;
/** The schedule that starts the day's document expiry reminders; its runs are `{this id}-{start time}`. */
export const documentExpiryRemindersScheduleId = () => 'document-expiry-reminders';
/** A day's reminder run started by hand (tests, ops): one per day. */
export const documentExpiryRemindersWorkflowId = (day: string) => `document-expiry-reminders-${day}`;
/** One export of a whole studio group (its ZIP and the retention that deletes it). */
export const studioGroupExportWorkflowId = (exportUuid: string) => `studio-group-export-${exportUuid}`;
/**
 * One run per stored bank file: the SHA-256 of its bytes (BankFile.sha256), so the same file reaches
 * the same run, and the intact download that replaces a broken one of the same identity gets a run
 * of its own even while the broken one's run is finishing (docs/decisions/0151).
 */
export const bankFileWorkflowId = (studioGroupUuid: string, fileSha256: string) => `bank-file-${studioGroupUuid}-${fileSha256}`;

// Every workflow the worker runs (Worker option workflowsPath points here). Only workflow
// functions are exported from here; signals, queries and updates live in the *.messages.ts files.
export { classImportWorkflow } from './class-import.workflow';
export { importQueueWorkflow } from './import-queue.workflow';
export { settlementWorkflow } from './settlement.workflow';
export { creditNoteRunWorkflow } from './credit-note-run.workflow';
export { accountingEmailWorkflow } from './accounting-email.workflow';
export { creditNoteCorrectionWorkflow } from './credit-note-correction.workflow';
export { documentExpiryRemindersWorkflow } from './document-expiry-reminders.workflow';
export { accountEmailWorkflow } from './account-email.workflow';
export { contactRequestMailWorkflow } from './contact-request-mail.workflow';
export { outboxMailWorkflow } from './outbox-mail.workflow';
export { bankFileWorkflow } from './bank-file.workflow';

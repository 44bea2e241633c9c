import { describe, expect, it } from 'vitest';
import * as workflows from '../../workflows';
import { ACCOUNT_EMAIL_WORKFLOW, type TAccountEmailWorkflow } from '../../workflows/account-email.messages';
import { ACCOUNTING_EMAIL_WORKFLOW, type TAccountingEmailWorkflow } from '../../workflows/accounting-email.messages';
import { CLASS_IMPORT_WORKFLOW, type TClassImportWorkflow } from '../../workflows/class-import.messages';
import { CREDIT_NOTE_CORRECTION_WORKFLOW, type TCreditNoteCorrectionWorkflow } from '../../workflows/credit-note-correction.messages';
import { CREDIT_NOTE_RUN_WORKFLOW, type TCreditNoteRunWorkflow } from '../../workflows/credit-note-run.messages';
import { DOCUMENT_EXPIRY_REMINDERS_WORKFLOW, type TDocumentExpiryRemindersWorkflow } from '../../workflows/document-expiry-reminders.messages';
import { CONTACT_REQUEST_MAIL_WORKFLOW, type TContactRequestMailWorkflow } from '../../workflows/contact-request-mail.messages';
import { IMPORT_QUEUE_WORKFLOW, type TImportQueueWorkflow } from '../../workflows/import-queue.messages';
import { OUTBOX_MAIL_WORKFLOW, type TOutboxMailWorkflow } from '../../workflows/outbox-mail.messages';
import { SETTLEMENT_WORKFLOW, type TSettlementWorkflow } from '../../workflows/settlement.messages';
import { STUDIO_GROUP_EXPORT_WORKFLOW, type TStudioGroupExportWorkflow } from '../../workflows/studio-group-export.messages';

// The API starts workflows by type name with the signature from the messages file, so it never
// imports a workflow body. The compiler checks each body against its signature here, and the test
// that each name is one the worker registers (workflows/index.ts exports the function by that name).
const signatures: {
  [ACCOUNT_EMAIL_WORKFLOW]: TAccountEmailWorkflow;
  [ACCOUNTING_EMAIL_WORKFLOW]: TAccountingEmailWorkflow;
  [CLASS_IMPORT_WORKFLOW]: TClassImportWorkflow;
  [CREDIT_NOTE_CORRECTION_WORKFLOW]: TCreditNoteCorrectionWorkflow;
  [CREDIT_NOTE_RUN_WORKFLOW]: TCreditNoteRunWorkflow;
  [DOCUMENT_EXPIRY_REMINDERS_WORKFLOW]: TDocumentExpiryRemindersWorkflow;
  [CONTACT_REQUEST_MAIL_WORKFLOW]: TContactRequestMailWorkflow;
  [IMPORT_QUEUE_WORKFLOW]: TImportQueueWorkflow;
  [OUTBOX_MAIL_WORKFLOW]: TOutboxMailWorkflow;
  [SETTLEMENT_WORKFLOW]: TSettlementWorkflow;
  [STUDIO_GROUP_EXPORT_WORKFLOW]: TStudioGroupExportWorkflow;
} = workflows;

describe('workflow type names', () => {
  it('names a workflow the worker registers, under the same name', () => {
    for (const [name, workflow] of Object.entries(signatures)) {
      expect(workflow.name).toBe(name);
      expect(Object.keys(workflows)).toContain(name);
    }
    expect(Object.keys(signatures).sort()).toEqual(Object.keys(workflows).sort());
  });
});

import { executeChild, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { creditNoteRunWorkflow } from './credit-note-run.workflow';
import type { TCreditNoteCorrectionInput, TCreditNoteCorrectionResult } from './credit-note-correction.messages';
import { creditNoteRunWorkflowId } from './ids';
import { FEW_EMAILS_DELIVERY, SHORT_WRITE } from './activity-options';

// The correction of an issued credit note (`credit-note-correction-{creditNoteUuid}`, started when
// the admin confirms a trainer's objection or cancels on their own): the cancelling document and
// its e-mail, then a new credit note for the trainer in a run of its own (a child
// creditNoteRunWorkflow: number, PDF, e-mail, the run's SEPA/ZIP/CSV). The settlement's own
// workflow may have completed long ago; the correction does not need it. One correction per credit
// note: the workflow ID is its business key.

const { cancelCreditNote } = proxyActivities<Activities>(SHORT_WRITE);
const { deliverEmails } = proxyActivities<Activities>(FEW_EMAILS_DELIVERY);

export async function creditNoteCorrectionWorkflow(input: TCreditNoteCorrectionInput): Promise<TCreditNoteCorrectionResult> {
  const cancellation = await cancelCreditNote(input);
  if (cancellation.emailUuid) await deliverEmails({ emailUuids: [cancellation.emailUuid] });
  const runUuid = uuid4();
  const run = await executeChild(creditNoteRunWorkflow, {
    workflowId: creditNoteRunWorkflowId(runUuid),
    args: [
      {
        runUuid,
        settlementUuid: cancellation.settlementUuid,
        studioGroupUuid: cancellation.studioGroupUuid,
        trainerUuids: [cancellation.trainerUuid],
        userUuid: input.userUuid,
        locale: input.locale,
      },
    ],
  });
  return { cancellationNumber: cancellation.number, newRunUuid: runUuid, newCreditNoteIssued: run.issuedTrainerUuids.length > 0 };
}

import { z } from 'zod';

// The credit-note correction's name, input and result. The API and the activities import this
// file, never the workflow body.

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const CREDIT_NOTE_CORRECTION_WORKFLOW = 'creditNoteCorrectionWorkflow' as const;

// The fields of the cancelCreditNote activity's input, which this workflow passes on as it is (the
// activity parses it); locale is required here because the new run needs it too.
export const ZCreditNoteCorrectionInput = z.object({
  creditNoteUuid: z.string().uuid(),
  userUuid: z.string().min(1),
  locale: z.enum(['de', 'en']),
});
export type TCreditNoteCorrectionInput = z.input<typeof ZCreditNoteCorrectionInput>;
export type TCreditNoteCorrectionResult = { cancellationNumber: string; newRunUuid: string; newCreditNoteIssued: boolean };

/** The workflow's signature, for typed starts by name: `start<TCreditNoteCorrectionWorkflow>(CREDIT_NOTE_CORRECTION_WORKFLOW, …)`. */
export type TCreditNoteCorrectionWorkflow = (input: TCreditNoteCorrectionInput) => Promise<TCreditNoteCorrectionResult>;

import { z } from 'zod';

// The accounting e-mail's name, input and result. The API imports this file, never the workflow
// body.

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const ACCOUNTING_EMAIL_WORKFLOW = 'accountingEmailWorkflow' as const;

export const ACCOUNTING_EMAIL_ATTACHMENTS = ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'PAYOUT_RETURNS'] as const;

// Passed on as it is to the sendAccountingEmail activity, which parses it.
export const ZAccountingEmailInput = z.object({
  runUuid: z.string(),
  settlementUuid: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  /** Sanitised by the API. */
  bodyHtml: z.string(),
  attachments: z.array(z.enum(ACCOUNTING_EMAIL_ATTACHMENTS)),
  userUuid: z.string(),
  locale: z.enum(['de', 'en']),
  requestUuid: z.string(),
});
export type TAccountingEmailInput = z.input<typeof ZAccountingEmailInput>;
export type TAccountingEmailResult = { emailUuids: string[]; delivered: number; inOutbox: number; failed: number };

/** The workflow's signature, for typed starts by name: `execute<TAccountingEmailWorkflow>(ACCOUNTING_EMAIL_WORKFLOW, …)`. */
export type TAccountingEmailWorkflow = (input: TAccountingEmailInput) => Promise<TAccountingEmailResult>;

import { z } from 'zod';

// The account e-mail's name and input (invitation, e-mail confirmation, password reset). The API
// imports this file, never the workflow body.

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const ACCOUNT_EMAIL_WORKFLOW = 'accountEmailWorkflow' as const;

export const ACCOUNT_EMAIL_PURPOSES = ['invitation', 'email-confirmation', 'password-reset', 'staff-invitation'] as const;

// Parsed by the queueAccountEmail activity.
export const ZAccountEmailInput = z.object({
  purpose: z.enum(ACCOUNT_EMAIL_PURPOSES),
  /** The link's token row: one e-mail per link. */
  tokenUuid: z.string().uuid(),
  /** An invitation (of a trainer or of staff) names its studio group (its Outbox shows the e-mail); account e-mails have none. */
  studioGroupUuid: z.string().uuid().optional(),
  to: z.email(),
  name: z.string().max(200).optional(),
  locale: z.enum(['de', 'en']),
  /** The web app's path without the language, carrying the signed token. */
  linkPath: z.string().regex(/^\/(?![/\\])\S*$/),
  params: z.record(z.string(), z.union([z.string().max(1000), z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })])).default({}),
});
export type TAccountEmailInput = z.input<typeof ZAccountEmailInput>;
export type TAccountEmailResult = { emailUuid: string; delivery: 'smtp' | 'outbox' | 'failed' };

/** The workflow's signature, for typed starts by name. */
export type TAccountEmailWorkflow = (input: TAccountEmailInput) => Promise<TAccountEmailResult>;

import { z } from 'zod';

// The contact form's e-mails: name, input and result. The API imports this file, never the workflow body.

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const CONTACT_REQUEST_MAIL_WORKFLOW = 'contactRequestMailWorkflow' as const;

/** The outbox rows the API recorded with the contact request (to sales, and the sender's confirmation). */
export const ZContactRequestMailInput = z.object({ contactRequestUuid: z.string(), emailUuids: z.array(z.string()) });
export type TContactRequestMailInput = z.input<typeof ZContactRequestMailInput>;
export type TContactRequestMailResult = { delivered: number; inOutbox: number; failed: number };

export type TContactRequestMailWorkflow = (input: TContactRequestMailInput) => Promise<TContactRequestMailResult>;

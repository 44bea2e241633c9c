import { z } from 'zod';

// E-mails the API recorded in the outbox in its own transaction, handed to SMTP after the commit:
// name, input and result. The API imports this file, never the workflow body. Each caller builds
// the workflow id from its business key (workflows/ids.ts), e.g. one trainer data change.

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const OUTBOX_MAIL_WORKFLOW = 'outboxMailWorkflow' as const;

export const ZOutboxMailInput = z.object({ emailUuids: z.array(z.string().uuid()) });
export type TOutboxMailInput = z.input<typeof ZOutboxMailInput>;
export type TOutboxMailResult = { delivered: number; inOutbox: number; failed: number };

export type TOutboxMailWorkflow = (input: TOutboxMailInput) => Promise<TOutboxMailResult>;

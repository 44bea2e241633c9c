import { z } from 'zod';

// The daily expiry reminder's name, input and result. The schedule (api/schedules) starts it by
// this name; the API never imports the workflow body.

export const DOCUMENT_EXPIRY_REMINDERS_WORKFLOW = 'documentExpiryRemindersWorkflow' as const;

export const ZDocumentExpiryRemindersInput = z.object({
  /** The day to remind for (YYYY-MM-DD, Europe/Berlin); default the workflow's own start day. */
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type TDocumentExpiryRemindersInput = z.input<typeof ZDocumentExpiryRemindersInput>;
export type TDocumentExpiryRemindersResult = { due: number; reminded: number; emailsDelivered: number; emailsInOutbox: number };

export type TDocumentExpiryRemindersWorkflow = (input: TDocumentExpiryRemindersInput) => Promise<TDocumentExpiryRemindersResult>;

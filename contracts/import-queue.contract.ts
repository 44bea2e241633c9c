import { z } from 'zod';
import { ZUuid } from './common.contract';

// The data import queue of the preview check (spec admin 2.17, 7 "Preview check"):
// POST /api/v1/{g}/import/queue, GET /import/queue/status/uuid/{queueUuid},
// DELETE /import/queue/cancel/uuid/{queueUuid}.

export const IMPORT_QUEUE_TYPES = ['recalculate_billing', 'update_location_data_and_recalculate_billing'] as const;
export const IMPORT_QUEUE_STATUSES = ['waiting', 'pending', 'processing', 'completed', 'error', 'cancelled'] as const;
export type TImportQueueStatus = (typeof IMPORT_QUEUE_STATUSES)[number];

const ZOptionalText = z.union([z.string(), z.number()]).optional();

export const ZImportQueueParameters = z.object({
  /** Optional; when sent it must be the studio group of the path. */
  studioGroupUuid: ZUuid.optional(),
  settlementUuid: ZUuid,
  /** The location whose data is imported again; required for update_location_data_and_recalculate_billing. */
  studioUuid: ZUuid.nullish(),
  // Sent by the page and not needed: the path and the settlement say them.
  settlementRunUuid: z.string().nullish(),
  idMandant: ZOptionalText,
  /** A studio group id, so a positive integer (a number or its digits) when sent. */
  idStudioGroup: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).optional(),
  settlementMonth: z.string().optional(),
  apiSlug: z.string().optional(),
});

export const ZEnqueueImportRequest = z
  .object({
    importType: z.enum(IMPORT_QUEUE_TYPES, { message: 'validation.invalid' }),
    /** The caller's uuid (spec 6: sent with every write); the API records the authenticated user. */
    userUuid: z.string().optional(),
    parameters: ZImportQueueParameters,
  })
  .superRefine((request, context) => {
    if (request.importType === 'update_location_data_and_recalculate_billing' && !request.parameters.studioUuid) {
      context.addIssue({ code: 'custom', path: ['parameters', 'studioUuid'], message: 'validation.required' });
    }
  });
export type TEnqueueImportRequest = z.infer<typeof ZEnqueueImportRequest>;

export const ZEnqueueImportResponse = z.object({ success: z.literal(true), queueId: z.number().int(), uuid: ZUuid });
export type TEnqueueImportResponse = z.infer<typeof ZEnqueueImportResponse>;

export const ZImportQueueStatusResponse = z.object({
  success: z.literal(true),
  status: z.enum(IMPORT_QUEUE_STATUSES),
  /** 1 is the item being processed; 0 once the item has finished. */
  position: z.number().int().min(0),
  total: z.number().int().min(1),
  /** Whole minutes until the item's turn (0: less than a minute). */
  estimatedWaitTime: z.number().int().min(0),
  /** The status in the caller's language (spec 8). */
  message: z.string(),
});
export type TImportQueueStatusResponse = z.infer<typeof ZImportQueueStatusResponse>;

export const ZCancelImportResponse = z.object({ success: z.literal(true) });
export type TCancelImportResponse = z.infer<typeof ZCancelImportResponse>;

import { defineQuery } from '@temporalio/workflow';
import { z } from 'zod';

// The studio-group export's input, result and query (docs/decisions/0140). The API and the
// activities import this file, never the workflow body.

export const ZStudioGroupExportInput = z.object({
  exportUuid: z.string().min(1),
  studioGroupUuid: z.string().min(1),
  /** Language of the failure message the screen shows: the requester's. */
  locale: z.enum(['de', 'en']).default('en'),
});
/** What callers pass (defaults may be left out); the workflow parses it into the full shape. */
export type TStudioGroupExportInput = z.input<typeof ZStudioGroupExportInput>;

export type TStudioGroupExportProgress = {
  /** 'writing' while the ZIP is written, 'kept' while it waits to expire, then 'expired'; or 'failed'. */
  phase: 'writing' | 'kept' | 'expired' | 'failed';
};

export type TStudioGroupExportResult = { exportUuid: string; status: 'expired' | 'failed'; sizeBytes: number | null };

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const STUDIO_GROUP_EXPORT_WORKFLOW = 'studioGroupExportWorkflow' as const;
/** The workflow's signature, for typed starts by name. */
export type TStudioGroupExportWorkflow = (input: TStudioGroupExportInput) => Promise<TStudioGroupExportResult>;

export const exportProgressQuery = defineQuery<TStudioGroupExportProgress>('progress');

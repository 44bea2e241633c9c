import { defineQuery } from '@temporalio/workflow';
import { z } from 'zod';

// The class import's input, result and queries. The API and the activities import this file,
// never the workflow body.

export const IMPORT_MODES = ['ondemand', 'update'] as const;
/** 'ondemand' adds and updates classes; 'update' also removes those the source no longer lists. */
export const ZImportMode = z.enum(IMPORT_MODES);
export type TImportMode = z.infer<typeof ZImportMode>;

export const ZClassImportInput = z.object({
  importUuid: z.string().min(1),
  studioGroupUuid: z.string().min(1),
  /** The `{source-system}` of the call; the activities check it against the studio group's. */
  sourceSystem: z.string().min(1),
  dateStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
  dateEnd: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
  mode: ZImportMode,
  /** Who asked for the import ('system' for the demo data at start-up). */
  requestedByUserUuid: z.string().min(1),
  /** Language of the run's messages and log rows: the requester's. Runs recorded before it existed are English. */
  locale: z.enum(['de', 'en']).default('en'),
});
/** What callers pass (defaults may be left out); the workflow parses it into the full shape. */
export type TClassImportInput = z.input<typeof ZClassImportInput>;

export type TClassImportProgress = {
  studiosTotal: number;
  /** Studios finished, successfully or not ('Importing N of M clubs...'). */
  studiosDone: number;
  studiosFailed: number;
  classesImported: number;
  finished: boolean;
};

export type TClassImportResult = TClassImportProgress & {
  importUuid: string;
  status: 'success' | 'error';
  /** Every error message the import reported, studio by studio. */
  errors: string[];
};

/** The workflow type the API starts by name (the worker registers the function of this name). */
export const CLASS_IMPORT_WORKFLOW = 'classImportWorkflow' as const;
/** The workflow's signature, for typed starts by name. */
export type TClassImportWorkflow = (input: TClassImportInput) => Promise<TClassImportResult>;

export const progressQuery = defineQuery<TClassImportProgress>('progress');

import { z } from 'zod';
import { ZImportMode } from '../../workflows/class-import.messages';

// Arguments and results of the import activities, as zod schemas: the activities parse their
// argument with them, and fields can be added without breaking running histories. The workflow
// imports only the types.

export { IMPORT_MODES, ZImportMode, type TImportMode } from '../../workflows/class-import.messages';

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const ZId = z.string().min(1);
const ZLocale = z.enum(['de', 'en']).default('en');

export const ZStartClassImportInput = z.object({
  importUuid: ZId,
  studioGroupUuid: ZId,
  sourceSystem: z.string().min(1),
  dateStart: ZDate,
  dateEnd: ZDate,
  mode: ZImportMode,
  locale: ZLocale,
});
export type TStartClassImportInput = z.input<typeof ZStartClassImportInput>;

export type TImportStudio = { uuid: string; name: string };

export type TStartClassImportResult = {
  /** The studios the source lists, in the order they are imported. */
  studios: TImportStudio[];
  trainers: number;
};

export const ZImportStudioClassesInput = z.object({
  importUuid: ZId,
  studioGroupUuid: ZId,
  studioUuid: ZId,
  dateStart: ZDate,
  dateEnd: ZDate,
  mode: ZImportMode,
  locale: ZLocale,
});
export type TImportStudioClassesInput = z.input<typeof ZImportStudioClassesInput>;

export type TImportStudioClassesResult = {
  studioUuid: string;
  studioName: string;
  classesImported: number;
  /** 'update' mode: classes the source no longer lists, removed. */
  classesDeleted: number;
  /** 'update' mode: classes the source no longer lists, kept because a settlement refers to them. */
  classesKept: number;
  /** Classes naming a trainer TrainerPay does not know: imported without trainer (not paid). */
  classesWithUnknownTrainer: number;
};

export const ZReportStudioImportErrorInput = z.object({
  importUuid: ZId,
  studioGroupUuid: ZId,
  studioUuid: ZId,
  mode: ZImportMode,
  message: z.string(),
  locale: ZLocale,
});
export type TReportStudioImportErrorInput = z.input<typeof ZReportStudioImportErrorInput>;

export const ZFinishClassImportInput = z.object({
  importUuid: ZId,
  studioGroupUuid: ZId,
  mode: ZImportMode,
  studiosTotal: z.number().int().min(0),
  studiosFailed: z.number().int().min(0),
  classesImported: z.number().int().min(0),
  /** Set when the import could not start (e.g. a CSV with bad rows): reported as an error. */
  error: z.string().optional(),
  locale: ZLocale,
});
export type TFinishClassImportInput = z.input<typeof ZFinishClassImportInput>;

export type TFinishClassImportResult = { status: 'success' | 'error'; message: string };

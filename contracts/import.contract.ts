import { z } from 'zod';
import { ZIsoDate } from './common.contract';

/** Body of POST /api/v1/{g}/{source-system}/import/classes/ondemand (and .../update/...). */
export const ZOnDemandImportRequest = z
  .object({ dateStart: ZIsoDate, dateEnd: ZIsoDate })
  .refine((body) => body.dateStart <= body.dateEnd, { message: 'import.dateEndBeforeStart', path: ['dateEnd'] });
export type TOnDemandImportRequest = z.infer<typeof ZOnDemandImportRequest>;

/** The longest range one on-demand import may cover; a year of classes is already a large import. */
export const MAX_IMPORT_RANGE_DAYS = 366;

export const IMPORT_MESSAGE_STATUSES = ['config', 'error', 'success', 'info', 'finished_club', 'finished_studiogroup'] as const;

/** One line of the streamed answer (newline-delimited JSON), and the payload of the socket.io event. */
export const ZImportStreamMessage = z.object({
  status: z.enum(IMPORT_MESSAGE_STATUSES),
  message: z.string(),
  /** On `config`: how many clubs (studios) the import covers. */
  studio_count: z.number().int().optional(),
  /** Which import run the message belongs to (the socket.io room is `import:{import_uuid}`). */
  import_uuid: z.string(),
  studio_name: z.string().optional(),
  classes_import_count: z.number().int().optional(),
});
export type TImportStreamMessage = z.infer<typeof ZImportStreamMessage>;

/** Spec 2.15: an import log entry, newest first. */
export const ZImportLogEntry = z.object({
  uuid: z.string(),
  created_dt: z.string(),
  studio_name: z.string().nullable(),
  proc: z.string(),
  status: z.string(),
  classes_import_count: z.number().int(),
  message: z.string(),
});
export type TImportLogEntry = z.infer<typeof ZImportLogEntry>;
export const ZImportLogList = z.array(ZImportLogEntry);

/** PUT /api/v1/{g}/csv/import/file: the body is the CSV text itself (text/csv). */
export const ZClassesCsvFile = z.string({ error: 'import.csvNotText' });

/** The answer of a stored CSV file: how many classes it holds. */
export const ZCsvFileStored = z.object({ status: z.literal('success'), message: z.string(), classes: z.number().int() });
export type TCsvFileStored = z.infer<typeof ZCsvFileStored>;

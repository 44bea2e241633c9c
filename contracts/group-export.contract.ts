import { z } from 'zod';

// "Export all data" (/admin/export): a whole studio group as one ZIP with a manifest, made by the
// studio-group-export workflow (docs/decisions/0140). The screen reads the exports from the API
// and takes the socket event only as "read again".

export const GROUP_EXPORT_STATUSES = ['running', 'done', 'failed', 'expired'] as const;
export const ZGroupExportStatus = z.enum(GROUP_EXPORT_STATUSES);
export type TGroupExportStatus = z.infer<typeof ZGroupExportStatus>;

/** The ZIP's sections in the order they are written; `manifest.json` comes last (it lists the others' hashes). */
export const GROUP_EXPORT_SECTIONS = ['master-data', 'classes', 'settlements', 'credit-notes', 'run-files', 'documents', 'logs', 'manifest'] as const;
export type TGroupExportSection = (typeof GROUP_EXPORT_SECTIONS)[number];

/** How long a finished export's ZIP is kept before it is deleted (the list keeps the row, 'expired'). */
export const GROUP_EXPORT_RETENTION_DAYS = 7;

export const ZGroupExportParams = z.object({ exportUuid: z.uuid({ error: 'validation.uuid' }) });

export const ZGroupExport = z.object({
  exportUuid: z.string(),
  status: ZGroupExportStatus,
  /** The section being written (one of GROUP_EXPORT_SECTIONS), null when none is. */
  currentSection: z.string().nullable(),
  sectionsDone: z.number().int(),
  sectionsTotal: z.number().int(),
  /** Files in the ZIP so far. */
  filesDone: z.number().int(),
  /** Of the finished ZIP; null until it is complete. */
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the ZIP is deleted. */
  expiresAt: z.string().nullable(),
  requestedBy: z.object({ uuid: z.string(), name: z.string(), email: z.string() }),
  /** Why it failed, in the requester's language. */
  error: z.string().nullable(),
  /** The download path to sign (POST /api/v1/{g}/downloads/sign) while the ZIP is there; null otherwise. */
  downloadPath: z.string().nullable(),
});
export type TGroupExport = z.infer<typeof ZGroupExport>;

export const ZGroupExportList = z.object({ retentionDays: z.number().int(), exports: z.array(ZGroupExport) });
export type TGroupExportList = z.infer<typeof ZGroupExportList>;

/** socket.io, room `studio-group:{uuid}`: an export of the group moved on (a section done, finished, failed, expired). */
export type TGroupExportChangedEvent = { studioGroupUuid: string; exportUuid: string; status: TGroupExportStatus; currentSection: string | null; sectionsDone: number; sectionsTotal: number };
export const GROUP_EXPORT_CHANGED_EVENT = 'group-export:changed' as const;

/** The download path of an export's ZIP (signed like every download the browser opens). */
export const groupExportDownloadPath = (studioGroupUuid: string, exportUuid: string) => `/api/v1/${studioGroupUuid}/export/${exportUuid}/download`;

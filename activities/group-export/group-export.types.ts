import { z } from 'zod';

export const ZWriteGroupExportInput = z.object({ exportUuid: z.string().min(1), studioGroupUuid: z.string().min(1) });
export type TWriteGroupExportInput = z.infer<typeof ZWriteGroupExportInput>;
export type TWriteGroupExportResult = { sizeBytes: number; sha256: string; files: number; expiresAt: string };

export const ZFailGroupExportInput = z.object({ exportUuid: z.string().min(1), message: z.string(), locale: z.enum(['de', 'en']).default('en') });
export type TFailGroupExportInput = z.input<typeof ZFailGroupExportInput>;

export const ZExpireGroupExportInput = z.object({ exportUuid: z.string().min(1) });
export type TExpireGroupExportInput = z.infer<typeof ZExpireGroupExportInput>;

import { z } from 'zod';

// Arguments and results of the document-expiry activities (zod: parsed by the activities; the
// workflow imports only the types, so this file stays deterministic).

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZListDueInput = z.object({ today: ZIsoDate });
export type TListDueInput = z.input<typeof ZListDueInput>;
export type TDueDocument = { documentUuid: string; expiresAt: string };
export type TListDueResult = { documents: TDueDocument[] };

export const ZRemindInput = z.object({ documentUuid: z.string().uuid(), expiresAt: ZIsoDate });
export type TRemindInput = z.input<typeof ZRemindInput>;
export type TRemindResult = { reminded: boolean; emailUuid: string | null };

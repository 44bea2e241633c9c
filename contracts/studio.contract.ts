import { z } from 'zod';
import { ZOptionalText, ZRequiredText, ZSuccess } from './master-data.contract';

/** GET /api/v1/{g}/studios: the studio group's studios (locations), by name. */
export const ZStudio = z.object({
  uuid: z.string(),
  /** The studio's id in the booking system; read-only, it links imported classes to the studio. */
  sourceId: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  /** Imported classes held in the studio, and the trainers who taught them. */
  classCount: z.number().int(),
  trainerCount: z.number().int(),
  updatedAt: z.string(),
});
export type TStudio = z.infer<typeof ZStudio>;
export const ZStudioList = z.array(ZStudio);

/** PUT /api/v1/{g}/studios/{uuid}. `sourceId` is not editable and ignored if sent. */
export const ZUpdateStudioRequest = z.object({
  name: ZRequiredText,
  city: ZOptionalText,
});
export type TUpdateStudioRequest = z.input<typeof ZUpdateStudioRequest>;
export type TUpdateStudioValues = z.output<typeof ZUpdateStudioRequest>;

export const ZStudioSaved = ZSuccess.extend({ studio: ZStudio });
export type TStudioSaved = z.infer<typeof ZStudioSaved>;

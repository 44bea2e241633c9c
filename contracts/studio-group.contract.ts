import { z } from 'zod';
import { ZStudioGroupRef } from './auth.contract';

/** GET /api/v1/{g}/studio-group: the selected group as the admin screens need it. */
export const ZStudioGroupDetail = ZStudioGroupRef.extend({
  companyName: z.string().nullish(),
  /** Path segment of the import calls: which studio-management system the group's classes come from. */
  sourceSystem: z.string(),
});
export type TStudioGroupDetail = z.infer<typeof ZStudioGroupDetail>;

import { z } from 'zod';

/** The answer of the account links' calls that only say they were done. Loaded with the call (api.ts). */
export const ZSuccess = z.object({ status: z.string(), message: z.string() });

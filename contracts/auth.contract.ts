import { z } from 'zod';
import { ZLocale } from './common.contract';

export const ZLoginRequest = z.object({
  email: z.string().trim().toLowerCase().email('validation.email'),
  password: z.string().min(1, 'validation.notEmpty'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRole = z.enum(['trainer', 'staff', 'operator']);
export type TRole = z.infer<typeof ZRole>;

export const ZStudioGroupRef = z.object({
  uuid: z.string(),
  id: z.number().int(),
  mandantId: z.number().int(),
  apiSlug: z.string(),
  name: z.string(),
  /** A staff member's role in this group (docs/decisions/0130): an accountant reads and changes nothing. Absent for operators and trainers. */
  staffRole: z.enum(['admin', 'accountant']).optional(),
});
export type TStudioGroupRef = z.infer<typeof ZStudioGroupRef>;

export const ZLoginResponse = z.object({
  userUuid: z.string(),
  apiKey: z.string(),
  role: ZRole,
  locale: ZLocale,
  name: z.string(),
  studioGroups: z.array(ZStudioGroupRef),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** GET /api/me: who the key belongs to (the log-in answer without the key). */
export const ZMeResponse = ZLoginResponse.omit({ apiKey: true });
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** POST /api/logout: the key is revoked. */
export const ZLogoutResponse = z.object({ status: z.literal('success'), message: z.string() });
export type TLogoutResponse = z.infer<typeof ZLogoutResponse>;

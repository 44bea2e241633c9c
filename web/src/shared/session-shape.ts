import type { TLoginResponse, TRole, TStudioGroupRef } from '../../../contracts/auth.contract';

// The stored session is read before the first render of every screen, so its check is written
// without zod: the trainer portal's first screen loads no contract (docs/decisions/0145). It accepts
// exactly what the log-in answer's contract (ZLoginResponse) accepts and keeps only its fields, as
// the contract's parse did; session-shape.test.ts holds the two together.

const ROLES: readonly TRole[] = ['trainer', 'staff', 'operator'];
const LOCALES: readonly TLoginResponse['locale'][] = ['de', 'en'];
const STAFF_ROLES: readonly NonNullable<TStudioGroupRef['staffRole']>[] = ['admin', 'accountant'];

type Unknown = Record<string, unknown>;
const isObject = (value: unknown): value is Unknown => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T => options.includes(value as T);

function studioGroupOf(raw: unknown): TStudioGroupRef | null {
  if (!isObject(raw)) return null;
  const { uuid, id, mandantId, apiSlug, name, staffRole } = raw;
  if (!isString(uuid) || !isInteger(id) || !isInteger(mandantId) || !isString(apiSlug) || !isString(name)) return null;
  if (staffRole !== undefined && !isOneOf(STAFF_ROLES, staffRole)) return null;
  return { uuid, id, mandantId, apiSlug, name, ...(staffRole === undefined ? {} : { staffRole }) };
}

/** The stored session if it has the log-in answer's shape, else null (an old or edited value: logged out). */
export function sessionOf(raw: unknown): TLoginResponse | null {
  if (!isObject(raw)) return null;
  const { userUuid, apiKey, role, locale, name, studioGroups } = raw;
  if (!isString(userUuid) || !isString(apiKey) || !isOneOf(ROLES, role) || !isOneOf(LOCALES, locale) || !isString(name) || !Array.isArray(studioGroups)) return null;
  const groups = studioGroups.map(studioGroupOf);
  if (groups.some((group) => group === null)) return null;
  return { userUuid, apiKey, role, locale, name, studioGroups: groups as TStudioGroupRef[] };
}

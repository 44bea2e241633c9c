import type { Request } from 'express';
import type { StaffRole } from '../../db/entities';
import { HttpError } from '../http/errors';

// What a staff member's role in a studio group lets them do (docs/decisions/0130). An admin does
// everything staff can do; an accountant reads settlements, credit notes, reports, the DATEV and
// SEPA files and payout status, and changes nothing. The rule is one question asked by the tenancy
// guards (tenancy.ts for /api/v1/{g}, the wizard v1 paths for theirs): does this call change
// anything? The method says so, but for the calls listed here.

/** A call named by its method and Express path, with why an accountant may or may not make it. */
export type ListedCall = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; reason: string };

/**
 * Calls whose method says "change" but which only read or fetch: an accountant may make them.
 * Every other POST, PUT, PATCH and DELETE of an admin route is refused to an accountant.
 */
export const READING_CALLS_WITH_A_CHANGING_METHOD: ListedCall[] = [
  { method: 'POST', path: '/api/v1/:g/downloads/sign', reason: 'signs a five-minute download link for a file the caller may read (credit note, SEPA, DATEV); nothing is stored' },
  { method: 'POST', path: '/admin/settlement/v2/download-credit-note-pdf', reason: "the spec's form post that downloads one credit note's PDF" },
  { method: 'POST', path: '/admin/trainer/export', reason: "the trainers' master data as a CSV download (the creditors an accountant books); nothing is stored" },
];

/**
 * Calls whose method says "read" but which change things (the spec defines them as GETs): the
 * stored sums' recalculation and wizard v1's calls that issue and e-mail credit notes and make the
 * run's files. Refused to an accountant.
 */
export const CHANGING_CALLS_WITH_A_READING_METHOD: ListedCall[] = [
  { method: 'GET', path: '/api/v1/:g/settlement/calculate-sum/:settlementUuid', reason: "recalculates and stores the settlement's sums (the summary's 'Calculate sum' button)" },
  ...['/api', '/api/v1/:g'].flatMap((prefix): ListedCall[] => [
    { method: 'GET', path: `${prefix}/trainer-invoice/create/:apiSlug/:idMandant/:idStudioGroup/:importMonth/:trainerId/:idUser/:settlementUuid`, reason: "issues a trainer's credit note" },
    { method: 'GET', path: `${prefix}/trainer-invoice/send/:idMandant/:idStudioGroup/:importMonth/:trainerId/:idUser/:settlementUuid`, reason: "e-mails a trainer's credit note" },
    { method: 'GET', path: `${prefix}/settlement/update/invoice/:idStudioGroup/:importMonth/:settlementUuid`, reason: "records the settlement's invoices as done" },
    { method: 'GET', path: `${prefix}/settlement/update/emails/:apiSlug/:idStudioGroup/:importMonth/:settlementUuid`, reason: "makes the run's SEPA, ZIP and CSV files" },
  ]),
];

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/v1/:g/downloads/sign` → a regular expression for the request's path. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}/?$`);
const compiled = (calls: ListedCall[]) => calls.map((call) => ({ method: call.method, pattern: patternOf(call.path) }));
const readingCalls = compiled(READING_CALLS_WITH_A_CHANGING_METHOD);
const changingCalls = compiled(CHANGING_CALLS_WITH_A_READING_METHOD);

const listed = (calls: ReturnType<typeof compiled>, method: string, path: string) => calls.some((call) => call.method === method && call.pattern.test(path));

/** Whether a call (method and Express path or request path) changes anything, by the rule above. */
export function changesSomething(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  if (CHANGING_METHODS.has(upper)) return !listed(readingCalls, upper, path);
  return listed(changingCalls, upper, path);
}

/** The request's path as the route table spells it (no query), whatever router it is in. */
const requestPath = (req: Request) => new URL(req.originalUrl, 'http://local').pathname;

/**
 * Refuses a call that would change something to an accountant (403, in their language); anything
 * else passes. `role` is the caller's role in the path's group (undefined: an operator).
 */
export function refuseChangeByAccountant(req: Request, role: StaffRole | undefined): HttpError | undefined {
  if (role !== 'accountant' || !changesSomething(req.method, requestPath(req))) return undefined;
  return new HttpError(403, 'staff.accountantReadOnly', undefined, { role: 'accountant' });
}

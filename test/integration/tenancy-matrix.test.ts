import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventFeed } from '../../db/events';
import { createApp } from '../../api/app';
import { mountedRoutes, pathParamNames, type MountedRoute } from '../../api/openapi/route-table';
import { fingerprint, startTenancyFixture, type TenancyFixture, type TrainerSubject } from '../support/tenancy-fixture';
import { logIn } from '../support/stack';
import { CONTENT_FILE_PATHS } from '../../contracts/site-content.contract';
import { changesSomething } from '../../api/auth/staff-roles';
import { StaffMembership, StudioGroup, User } from '../../db/entities';
import { hashPassword } from '../../domain/passwords';

// The tenancy matrix (DESIGN.md "Security"): every mounted route × every caller who must be refused,
// called with real ids of the first studio group (Demo Fitness Group) and a valid body, so a refusal
// comes from the tenancy check and not from validation. The routes come from the app's own route
// table: a new route is in the matrix the day it is mounted, and a route naming a parameter or body
// field this file has no value for fails until the value map below learns it.
//
// Roles: a trainer reaches only their own account (pointed here at the second trainer of the same
// group), staff only their own groups (admin2 is staff of the yoga collective), the operator every
// group's admin calls but no trainer's own calls. The group's accountant (docs/decisions/0130) is
// refused (403) every admin call that changes something by the rule of api/auth/staff-roles.ts (the
// route table decides, not a list here) and may make every other admin call (checked read-only below). Leak = a 2xx where a refusal is expected, or any
// trainer's IBAN, e-mail or name of the first group in a refused answer. Write = any change in the
// business tables or the settlement workflow's history.

// /metrics is for Prometheus with METRICS_TOKEN, no user's: test/integration/observability.test.ts checks its token.
const PUBLIC_ROUTES = new Set(['/api/health', '/api/login', '/api/openapi.json', '/api/docs', '/metrics']);
// The public site: the contact form and the content files need no log-in.
for (const path of ['/api/request_form', '/api/request_form/token', ...CONTENT_FILE_PATHS.map((file) => `/build/content/${file.replace('{lang}', ':locale')}`)]) PUBLIC_ROUTES.add(path);
// The e-mailed links (invitation, confirmation, reset), 'forgot password' and the logo file need no log-in.
for (const path of ['/api/account-links/invitation', '/api/account-links/invitation/sign-up', '/api/account-links/invitation/decline', '/api/account-links/email-confirmation', '/api/password/forgot', '/api/password/reset', '/build/images/logo/:file', '/api/staff-invitation/:token']) PUBLIC_ROUTES.add(path);
/** The trainer's own delete call gets a token that is not one (`token` below): 403, and the account stays. */
const NOT_A_DELETE_TOKEN_ROUTES = new Set(['/api/v2/trainer_account/delete-account']);
/** Calls about the caller's own session: every signed-in caller may use them. */
const SESSION_ROUTES = new Set(['/api/me', '/api/logout']);

/** v2 calls that read a studio group, not a trainer's account: its trainers, its staff and the operator (admin spec 7). */
const GROUP_READS = new Set(['/api/v2/studio_groups/:uuid']);

type RouteKind = 'admin' | 'trainer' | 'session' | 'group';
const kindOf = (path: string): RouteKind =>
  SESSION_ROUTES.has(path)
    ? 'session'
    : GROUP_READS.has(path)
      ? 'group'
      : path.startsWith('/api/v2/') || /^\/:locale\/trainer\//.test(path)
        ? 'trainer'
        : 'admin';
/** The operators' own calls (contact requests): no staff member's, whatever their role. */
const isOperatorsOwn = (path: string) => path.startsWith('/api/ops/') || path.startsWith('/api/operator/');
/** Admin calls of a group, as its accountant makes them: refused for the role when they change something. */
const isAccountantsGroupCall = (caller: Caller, path: string) => caller.name === 'accountant' && kindOf(path) === 'admin' && !isOperatorsOwn(path);
/** Downloads take headers or a signed link: without either the answer is 401 (sign in) or 403 (link). */
const isDownload = (route: MountedRoute) => !route.path.startsWith('/api/') || /\/run\/:settlementRunUuid\//.test(route.path);

type CallerName = 'no headers' | 'wrong api key' | 'trainer' | 'staff of other group' | 'operator' | 'accountant';
type Caller = { name: CallerName; locale: 'de' | 'en'; headers: () => Record<string, string>; userUuid?: string };

/** One of several values for a name; the first that fits the route's schema (type, format, pattern) is sent. */
class Candidates {
  constructor(readonly values: unknown[]) {}
}
const oneOf = (...values: unknown[]) => new Candidates(values);

/** Names whose value is a particular trainer's: pointing them at another trainer must be refused. */
const SUBJECT_NAMES = new Set([
  'user',
  'userId',
  'trainerUuid',
  'trainer',
  'trainerId',
  'id',
  'trainers/:id',
  'creditNoteUuid',
  'credit-notes/:uuid',
  'outbox/:uuid',
  'spec',
  'xrechnung/:spec',
  'path',
  'filename',
  'trainerAccountUuid',
  'idNotification',
  'classHash',
  'trainersSelected',
  'userUuid',
  'documentUuid',
]);

/**
 * Values by name: a path parameter is looked up as `segment/:name` (the segment before it) and then
 * by its name; body and query fields by their name. `subject` is the trainer the call is about.
 */
function valueMap(fixture: TenancyFixture, subject: TrainerSubject, actingUserUuid: string): Record<string, unknown> {
  const { fitness, settlementUuid, MONTH, runUuid } = fixture;
  const month = MONTH.slice(0, 7);
  const spec = `${fitness.uuid},${month},${subject.trainerUuid},${subject.creditNoteFileName}`;
  return {
    g: fitness.uuid,
    studioGroupUuid: fitness.uuid,
    'studio_groups/:uuid': fitness.uuid,
    idStudioGroup: oneOf(fitness.id, fitness.uuid),
    studioGroupId: fitness.id,
    idMandant: fitness.mandantId,
    apiSlug: fitness.apiSlug,
    sourceSystem: 'demo',
    phase: 'invoice-data',
    locale: 'de',
    settlementUuid,
    settlementRunUuid: runUuid,
    settlementMonth: oneOf(MONTH, month),
    importMonth: MONTH,
    month: oneOf(MONTH, month),
    year: Number(MONTH.slice(0, 4)),
    dateStart: `${month}-01`,
    dateEnd: MONTH,
    validFrom: `${month}-01`,
    effectiveFrom: `${month}-01`,
    queueUuid: fixture.queueUuid,
    positionUuid: fixture.positionUuid,
    contactRequestUuid: fixture.contactRequestUuid,
    'studios/:uuid': fixture.studioUuid,
    studioUuid: fixture.studioUuid,
    locationUuid: fixture.studioUuid,
    'payment-type-rules/:uuid': fixture.paymentTypeRuleUuid,
    // A staff invitation (of any group: a refused caller never reaches the lookup).
    invitationUuid: fixture.positionUuid,
    role: 'admin',
    // The trainer the call is about.
    user: subject.login.userUuid,
    userId: subject.login.userUuid,
    userUuid: subject.login.userUuid,
    trainerUuid: subject.trainerUuid,
    trainer: subject.trainerUuid,
    trainerId: oneOf(subject.trainerId, subject.trainerUuid),
    'trainers/:id': subject.trainerId,
    trainersSelected: [subject.trainerUuid],
    trainersExport: [subject.trainerUuid],
    // Merged into the subject: another trainer of the same group.
    mergeTrainerUuid: fixture.subjects.second.trainerUuid,
    trainerAccountUuid: subject.trainerAccountUuid,
    creditNoteUuid: subject.creditNoteUuid,
    'credit-notes/:uuid': subject.creditNoteUuid,
    'outbox/:uuid': subject.outboxUuid,
    idNotification: subject.notificationUuid,
    classHash: subject.classHash,
    className: subject.className,
    spec,
    // The credit note's XRechnung: the same spec with `{number}.xrechnung.xml`.
    'xrechnung/:spec': `${fitness.uuid},${month},${subject.trainerUuid},${subject.creditNoteFileName.replace(/^Gutschrift /, '').replace(/\.pdf$/, '.xrechnung.xml')}`,
    filename: subject.creditNoteFileName,
    // Wizard v1's paths name the acting user: the caller (the group's admin for callers without a session).
    idUser: actingUserUuid,
    // Plain fields of bodies.
    approved: true,
    trainerReview: true,
    comment: 'Tenancy check',
    message: 'Tenancy check',
    reason: 'Tenancy check',
    description: 'Tenancy check',
    name: 'Tenancy check',
    firstname: 'Mallory',
    lastname: 'Tenancy',
    country: 'DE',
    iban: 'DE89370400440532013000',
    postalCode: '10115',
    taxNumber: '21/815/08150',
    accountingEmail: 'tenancy@example.test',
    accountingEmailAddress: 'tenancy@example.test',
    accountingFiles: ['SEPA_XML'],
    creditNotePrefix: 'GS',
    vatRateBasisPoints: 1900,
    kind: oneOf('flat', 'bonus'),
    flatCents: 1000,
    netCents: 100,
    token: 'not-a-delete-token',
    importType: 'recalculate_billing',
    parameters: { studioGroupUuid: fitness.uuid, settlementUuid },
    review: [],
    documentUuid: subject.documentUuid,
    categoryUuid: fixture.documentCategoryUuid,
    // Bodies of the invitation, sign-up and password calls.
    email: 'tenancy@example.test',
    studioGroupTrainerUuid: subject.trainerUuid,
    // The studio group logo's file: a hash of the group uuid.
    file: `${createHash('sha256').update(fitness.uuid).digest('hex')}.png`,
  };
}

/**
 * Routes whose fields the generic values cannot describe (no contract, a form or a file), or where a
 * name means something else (`values`: merged over the value map for that route only).
 */
function explicitRequests(
  fixture: TenancyFixture,
  subject: TrainerSubject,
): Record<string, { query?: Record<string, string>; body?: unknown; contentType?: string; values?: Record<string, unknown> }> {
  const { fitness, MONTH } = fixture;
  const month = MONTH.slice(0, 7);
  const spec = `${fitness.uuid},${month},${subject.trainerUuid},${encodeURIComponent(subject.creditNoteFileName)}`;
  const pdfFields = { studioGroupUuid: fitness.uuid, settlementMonth: month, trainerUuid: subject.trainerUuid, filename: subject.creditNoteFileName };
  return {
    'GET /admin/settlement/v2/download-credit-note-pdf': { query: pdfFields },
    'POST /admin/settlement/v2/download-credit-note-pdf': { body: new URLSearchParams(pdfFields).toString(), contentType: 'application/x-www-form-urlencoded' },
    'POST /api/v1/:g/downloads/sign': { body: { path: `/admin/credit-note/download/${spec}` } },
    'POST /api/v2/downloads/sign': { body: { path: `/de/trainer/credit-note/download/${spec}` } },
    'PATCH /api/v2/trainer_accounts/:user': { body: { firstname: 'Mallory' }, contentType: 'application/merge-patch+json' },
    'PATCH /api/v2/trainer_account_notification/approve/:user': { body: { idStudioGroup: fitness.uuid, idNotification: subject.notificationUuid }, contentType: 'application/merge-patch+json' },
    'PUT /api/v1/:g/csv/import/file': { body: 'studio;start;name\n', contentType: 'text/csv' },
    // The trainer's list filters by the portal user's uuid (trainer spec 7), not the trainer record's.
    'GET /api/v2/trainer_credit_notes': { values: { trainerUuid: subject.login.userUuid } },
    // A multipart form naming the subject as userUuid (the query names it for the plan: refused, or the caller's own).
    'POST /:locale/trainer/document/upload/:studioGroupUuid/:categoryUuid': {
      query: { userUuid: subject.login.userUuid },
      body: `--tenancy\r\ncontent-disposition: form-data; name="userUuid"\r\n\r\n${subject.login.userUuid}\r\n--tenancy--\r\n`,
      contentType: 'multipart/form-data; boundary=tenancy',
    },
  };
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};

const jsonSchemaOf = (schema: ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Does a value fit a JSON schema's type, format and pattern (enough to pick among candidates)? Path values are text. */
function fits(value: unknown, schema: JsonSchema | undefined, asText = false): boolean {
  if (!schema) return true;
  if (schema.anyOf) return schema.anyOf.some((branch) => fits(value, branch, asText));
  if (schema.enum) return schema.enum.includes(value) || (asText && schema.enum.includes(String(value)));
  const types = typesOf(schema);
  if (types.length === 0) return true;
  if (typeof value === 'number') {
    if (types.includes('integer') ? Number.isInteger(value) : types.includes('number')) return true;
    if (!asText) return false;
  }
  if (typeof value === 'boolean') return types.includes('boolean');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'object' && value !== null) return types.includes('object');
  if (!types.includes('string')) return false;
  const text = String(value);
  if (schema.format === 'uuid') return UUID.test(text);
  if (schema.pattern) return new RegExp(schema.pattern).test(text);
  return true;
}

type Lookup = { found: true; value: unknown; key: string } | { found: false };
function lookUp(values: Record<string, unknown>, keys: string[], schema: JsonSchema | undefined, asText = false): Lookup {
  for (const key of keys) {
    if (!(key in values)) continue;
    const value = values[key];
    if (value instanceof Candidates) {
      const chosen = value.values.find((candidate) => fits(candidate, schema, asText));
      return chosen === undefined ? { found: false } : { found: true, value: chosen, key };
    }
    return { found: true, value, key };
  }
  return { found: false };
}

/**
 * A value for a schema: the map's value for the field's name, else one the schema itself allows
 * (enum, const, default, a number in range, a boolean). A uuid or free string without a mapped
 * value is a gap in the map: it throws, naming the field.
 */
function sample(schema: JsonSchema, name: string, values: Record<string, unknown>, used: Set<string>, where: string): unknown {
  const mapped = lookUp(values, [name], schema);
  if (mapped.found) {
    used.add(mapped.key);
    return mapped.value;
  }
  if (schema.anyOf) {
    const branch = schema.anyOf.find((candidate) => !typesOf(candidate).includes('null')) ?? schema.anyOf[0]!;
    return sample(branch, name, values, used, where);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const types = typesOf(schema);
  if (types.includes('object') || schema.properties) {
    const required = new Set(schema.required ?? []);
    const body: Record<string, unknown> = {};
    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      if (!required.has(field) && !lookUp(values, [field], fieldSchema).found) continue;
      body[field] = sample(fieldSchema, field, values, used, where);
    }
    return body;
  }
  if (types.includes('array')) return schema.minItems ? [sample(schema.items ?? {}, name, values, used, where)] : [];
  if (types.includes('boolean')) return true;
  if (types.includes('integer') || types.includes('number')) {
    const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (types.includes('string') && !schema.format && !schema.pattern) return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  throw new Error(`${where}: no value for "${name}" (${JSON.stringify(schema).slice(0, 120)}); add it to the value map of test/integration/tenancy-matrix.test.ts`);
}

type PlannedCall = {
  route: MountedRoute;
  caller: Caller;
  url: string;
  method: string;
  body?: string;
  contentType: string;
  /**
   * 'refused': a tenancy refusal is expected; 'own': the caller's own data (no other trainer's
   * secrets); 'either': a list filtered by another trainer's id (refused, or answered without them).
   */
  expect: 'refused' | 'own' | 'either';
  /** Secrets that must not appear in the answer (by trainer uuid; all for refused calls). */
  hiddenTrainers: 'all' | 'others-of-demo';
};

/** Builds one route's request for a subject trainer: path, query and body from the value map. */
function buildRequest(fixture: TenancyFixture, route: MountedRoute, subject: TrainerSubject, caller: Caller) {
  const where = `${route.method.toUpperCase()} ${route.path}`;
  const explicit = explicitRequests(fixture, subject)[where];
  const values = { ...valueMap(fixture, subject, caller.userUuid ?? fixture.admin.userUuid), ...explicit?.values };
  const used = new Set<string>();
  const paramSchemas = route.contract?.params ? jsonSchemaOf(route.contract.params).properties ?? {} : {};

  let path = route.path;
  for (const name of pathParamNames(route.path)) {
    const segment = new RegExp(`/([^/:]+)/:${name}(?=/|$)`).exec(route.path)?.[1];
    const found = lookUp(values, [...(segment ? [`${segment}/:${name}`] : []), name], paramSchemas[name], true);
    if (!found.found) throw new Error(`${where}: no value for path parameter :${name}; add it to the value map of test/integration/tenancy-matrix.test.ts`);
    used.add(found.key);
    path = path.replace(new RegExp(`:${name}(?=/|$)`), encodeURIComponent(String(found.value)));
  }

  let query: Record<string, string> = explicit?.query ?? {};
  if (!explicit?.query && route.contract?.query) {
    const sampled = sample(jsonSchemaOf(route.contract.query), 'query', values, new Set(), where) as Record<string, unknown>;
    query = Object.fromEntries(Object.entries(sampled).map(([key, value]) => [key, String(value)]));
    const parsed = route.contract.query.safeParse(query);
    if (!parsed.success) throw new Error(`${where}: the query built from the value map is not valid: ${parsed.error.message}`);
  }
  const search = new URLSearchParams(query).toString();

  let body: string | undefined;
  let contentType = explicit?.contentType ?? 'application/json';
  if (explicit && 'body' in explicit) {
    body = typeof explicit.body === 'string' ? explicit.body : JSON.stringify(explicit.body);
    for (const field of Object.keys(typeof explicit.body === 'object' && explicit.body ? explicit.body : {})) used.add(field);
    if (explicit.query) for (const field of Object.keys(explicit.query)) used.add(field);
  } else if (route.contract?.body) {
    const sampled = sample(jsonSchemaOf(route.contract.body), 'body', values, used, where);
    const parsed = route.contract.body.safeParse(sampled);
    if (!parsed.success) throw new Error(`${where}: the body built from the value map is not valid (${parsed.error.message}); add a value or an explicit body`);
    body = JSON.stringify(sampled);
  } else if (['post', 'put', 'patch'].includes(route.method)) {
    body = '{}';
  }
  if (!body) contentType = 'application/json';
  const namesSubject = [...used].some((key) => SUBJECT_NAMES.has(key));
  const filtersBySubject = Object.keys(query).some((key) => SUBJECT_NAMES.has(key));
  return { url: `${path}${search ? `?${search}` : ''}`, body, contentType, namesSubject, filtersBySubject };
}

let fixture: TenancyFixture;
const ACCOUNTANT_EMAIL = 'accountant@demo.test';
let callers: Caller[];
let routes: MountedRoute[];
/** A second session per signed-in caller, spent on POST /api/logout. */
const logoutHeaders = new Map<CallerName, Record<string, string>>();

beforeAll(async () => {
  fixture = await startTenancyFixture();
  // The first group's accountant: a staff member who reads and changes nothing.
  const em = fixture.stack.orm.em.fork();
  const user = em.create(User, { email: ACCOUNTANT_EMAIL, passwordHash: await hashPassword('demo1234'), role: 'staff', locale: 'de', firstname: 'Bea', lastname: 'Buchhaltung', isVerified: true });
  em.create(StaffMembership, { user, studioGroup: await em.findOneOrFail(StudioGroup, { uuid: fixture.fitness.uuid }), role: 'accountant', createdAt: new Date() });
  await em.flush();
  const accountant = await logIn(fixture.stack.baseUrl, ACCOUNTANT_EMAIL);
  const headersOf = (login: { headers: Record<string, string> }) => () => ({ 'x-user': login.headers['x-user']!, 'x-api-key': login.headers['x-api-key']! });
  callers = [
    { name: 'no headers', locale: 'de', headers: () => ({}) },
    { name: 'wrong api key', locale: 'en', headers: () => ({ 'x-user': fixture.admin.userUuid, 'x-api-key': randomBytes(32).toString('base64url') }) },
    { name: 'trainer', locale: 'de', headers: headersOf(fixture.trainer), userUuid: fixture.trainer.userUuid },
    { name: 'staff of other group', locale: 'en', headers: headersOf(fixture.yogaAdmin), userUuid: fixture.yogaAdmin.userUuid },
    { name: 'operator', locale: 'de', headers: headersOf(fixture.operator), userUuid: fixture.operator.userUuid },
    { name: 'accountant', locale: 'de', headers: headersOf(accountant), userUuid: accountant.userUuid },
  ];
  for (const [name, email] of [['trainer', 'trainer@demo.test'], ['staff of other group', 'admin2@demo.test'], ['operator', 'ops@demo.test'], ['accountant', ACCOUNTANT_EMAIL]] as const) {
    const spare = await logIn(fixture.stack.baseUrl, email);
    logoutHeaders.set(name, { 'x-user': spare.userUuid, 'x-api-key': spare.apiKey });
  }
  // The app is only built, never started: its route table is what the stack serves.
  const app = createApp({ orm: {} as MikroORM, temporal: {} as Client, feed: {} as EventFeed, env: { apiKeyTtlHours: 1, webDist: '/nonexistent', dataDir: '/nonexistent' } });
  routes = mountedRoutes(app).filter((route) => !PUBLIC_ROUTES.has(route.path));
}, 300_000);

afterAll(async () => {
  await fixture?.stack.stop();
});

/** Plans the matrix: who calls what, with which values, expecting what. Throws on a gap in the value map. */
function planMatrix(): { planned: PlannedCall[]; skipped: string[] } {
  const planned: PlannedCall[] = [];
  const skipped: string[] = [];
  const gaps = new Set<string>();
  for (const route of routes) {
    const kind = kindOf(route.path);
    for (const caller of callers) {
      // The operator is platform staff: the admin calls of any group are theirs (read-only check below).
      if (caller.name === 'operator' && kind === 'admin') {
        skipped.push(`${route.method.toUpperCase()} ${route.path} × operator`);
        continue;
      }
      // The accountant's reads are theirs (checked one after the other below); their changes are refused.
      if (isAccountantsGroupCall(caller, route.path) && !changesSomething(route.method, route.path)) {
        skipped.push(`${route.method.toUpperCase()} ${route.path} × accountant`);
        continue;
      }
      // A trainer's own calls are pointed at the second trainer of the same group.
      const subject = caller.name === 'trainer' && kind === 'trainer' ? fixture.subjects.second : fixture.subjects.demo;
      let request: ReturnType<typeof buildRequest>;
      try {
        request = buildRequest(fixture, route, subject, caller);
      } catch (error) {
        gaps.add((error as Error).message);
        continue;
      }
      const signedIn = caller.name !== 'no headers' && caller.name !== 'wrong api key';
      const own =
        signedIn &&
        (kind === 'session' ||
          (kind === 'group' && caller.name !== 'staff of other group') ||
          (caller.name === 'trainer' && kind === 'trainer' && !request.namesSubject));
      planned.push({
        route,
        caller,
        url: request.url,
        method: route.method.toUpperCase(),
        body: request.body,
        contentType: request.contentType,
        expect: own ? (request.filtersBySubject ? 'either' : 'own') : 'refused',
        hiddenTrainers: own && caller.name === 'trainer' ? 'others-of-demo' : 'all',
      });
    }
  }
  if (gaps.size > 0) throw new Error(`The value map has gaps:\n${[...gaps].join('\n')}`);
  return { planned, skipped };
}

/** Statuses a refusal may have: 401 without a valid session, else 403 or 404 (DESIGN.md "Security"). */
function refusalStatuses(call: PlannedCall): number[] {
  if (call.caller.name === 'no headers') return isDownload(call.route) ? [401, 403] : [401];
  if (call.caller.name === 'wrong api key') return [401];
  // The group's accountant is refused for the role, never as a stranger.
  if (isAccountantsGroupCall(call.caller, call.route.path)) return [403];
  return [403, 404];
}

type Outcome = PlannedCall & { status: number; text: string; json?: { status?: unknown; message?: unknown } };

async function run(call: PlannedCall): Promise<Outcome> {
  const headers: Record<string, string> = { ...call.caller.headers(), 'x-locale': call.caller.locale };
  if (call.route.path === '/api/logout' && logoutHeaders.has(call.caller.name)) Object.assign(headers, logoutHeaders.get(call.caller.name));
  if (call.body !== undefined) headers['content-type'] = call.contentType;
  const response = await fetch(`${fixture.stack.baseUrl}${call.url}`, { method: call.method, headers, body: call.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let json: Outcome['json'];
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text) as Outcome['json'];
    } catch {
      json = undefined;
    }
  }
  return { ...call, status: response.status, text, json };
}

async function runAll<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const label = (call: Pick<PlannedCall, 'method' | 'route' | 'caller'>) => `${call.method} ${call.route.path} × ${call.caller.name}`;

describe('tenancy matrix', () => {
  it('refuses every route to every caller outside its tenancy, leaks nothing and writes nothing', { timeout: 240_000 }, async () => {
    const started = Date.now();
    const { planned, skipped } = planMatrix();
    const before = await fingerprint(fixture);
    const outcomes = await runAll(planned, 4, run);
    const after = await fingerprint(fixture);

    const findings: string[] = [];
    const leaks: string[] = [];
    for (const outcome of outcomes) {
      const where = `${label(outcome)} → ${outcome.status}`;
      if (outcome.status >= 500) findings.push(`5xx: ${where} ${outcome.text.slice(0, 200)}`);
      const hidden = fixture.secrets.filter((secret) => outcome.hiddenTrainers === 'all' || secret.trainerUuid !== fixture.subjects.demo.trainerUuid);
      const seen = hidden.filter((secret) => outcome.text.includes(secret.value));
      if (seen.length > 0) leaks.push(`${where}: answer shows ${seen.map((secret) => `${secret.what} of trainer ${secret.trainerUuid}`).join(', ')}`);
      if (outcome.expect === 'either' && (outcome.status < 300 || [403, 404].includes(outcome.status))) continue;
      if (outcome.expect === 'own') {
        if (outcome.status >= 400 && !(NOT_A_DELETE_TOKEN_ROUTES.has(outcome.route.path) && outcome.status === 403)) findings.push(`own call refused: ${where} ${outcome.text.slice(0, 200)}`);
        continue;
      }
      if (outcome.status >= 200 && outcome.status < 300) {
        leaks.push(`${where}: a refused caller got an answer: ${outcome.text.slice(0, 200)}`);
        continue;
      }
      if (!refusalStatuses(outcome).includes(outcome.status)) findings.push(`unexpected status: ${where} (expected ${refusalStatuses(outcome).join('/')}) ${outcome.text.slice(0, 200)}`);
      if (isAccountantsGroupCall(outcome.caller, outcome.route.path) && outcome.status === 403 && !String(outcome.json?.message).includes('Buchhaltung')) {
        findings.push(`accountant refused without the role's message: ${where} ${outcome.text.slice(0, 160)}`);
      }
      if (typeof outcome.json?.status !== 'string' || typeof outcome.json.message !== 'string' || !outcome.json.message.trim()) {
        findings.push(`refusal without {status, message}: ${where} ${outcome.text.slice(0, 120)}`);
      }
    }

    // Messages in the caller's language: the German refusals are not the English ones.
    const messages = (locale: 'de' | 'en', status: number) =>
      new Set(outcomes.filter((outcome) => outcome.caller.locale === locale && outcome.status === status && typeof outcome.json?.message === 'string').map((outcome) => outcome.json!.message as string));
    for (const status of [401, 403, 404]) {
      const english = messages('en', status);
      const untranslated = [...messages('de', status)].filter((message) => english.has(message));
      if (untranslated.length > 0) findings.push(`${status} refusals in English for x-locale de: ${untranslated.join(' | ')}`);
    }

    const written = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
    const refused = outcomes.filter((outcome) => outcome.expect === 'refused').length;
    console.info(
      [
        `tenancy matrix: ${routes.length} routes × ${callers.length} callers = ${routes.length * callers.length} pairs; ${outcomes.length} calls (${refused} expected refusals, ${outcomes.length - refused} own-data calls), ${skipped.length} operator × admin and accountant × reading pairs checked read-only below`,
        `leaks ${leaks.length}, writes ${written.length} (${written.join(', ') || 'none'}), other findings ${findings.length}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ...callers.map((caller) => {
          const counts = new Map<number, number>();
          for (const outcome of outcomes.filter((candidate) => candidate.caller === caller)) counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
          return `  ${caller.name} (${caller.locale}): ${[...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${count}× ${status}`).join(', ')}`;
        }),
        ...leaks.map((leak) => `  LEAK ${leak}`),
        ...findings.map((finding) => `  ${finding}`),
      ].join('\n'),
    );
    expect(leaks).toEqual([]);
    expect(written, 'tables changed by refused calls').toEqual([]);
    expect(findings).toEqual([]);
  });

  it('lets the operator read every admin route of the first group without a server error', { timeout: 120_000 }, async () => {
    const operator = callers.find((caller) => caller.name === 'operator')!;
    const reads = routes.filter((route) => kindOf(route.path) === 'admin' && route.method === 'get');
    // One after the other, as a client of the spec's v1 invoice calls works (one trainer at a time):
    // concurrent v1 calls on one settlement race in the workflow's v1 face (see the closing note).
    const outcomes = await runAll(reads, 1, async (route) => {
      const request = buildRequest(fixture, route, fixture.subjects.demo, operator);
      return run({ route, caller: operator, url: request.url, method: 'GET', body: undefined, contentType: 'application/json', expect: 'own', hiddenTrainers: 'all' });
    });
    const refused = outcomes.filter((outcome) => outcome.status >= 400).map((outcome) => `${label(outcome)} → ${outcome.status} ${outcome.text.slice(0, 160)}`);
    console.info(`operator reads: ${outcomes.length} admin GET routes, ${outcomes.length - refused.length} answered 2xx/3xx${refused.length ? `\n  ${refused.join('\n  ')}` : ''}`);
    expect(outcomes.filter((outcome) => outcome.status >= 500).map(label)).toEqual([]);
    // Real ids: nothing is refused or missing. The process may decline (409: wizard v1 declining a
    // settlement made in wizard v2; 422: the spec's invoice GETs declining a trainer already billed).
    expect(outcomes.filter((outcome) => outcome.status >= 400 && outcome.status !== 409 && outcome.status !== 422).map(label)).toEqual([]);
  });

  it('lets the accountant make every admin call that changes nothing, one after the other, and writes nothing', { timeout: 120_000 }, async () => {
    const accountant = callers.find((caller) => caller.name === 'accountant')!;
    const reads = routes.filter((route) => isAccountantsGroupCall(accountant, route.path) && !changesSomething(route.method, route.path));
    const before = await fingerprint(fixture);
    const outcomes = await runAll(reads, 1, async (route) => {
      const request = buildRequest(fixture, route, fixture.subjects.demo, accountant);
      return run({ route, caller: accountant, url: request.url, method: route.method.toUpperCase(), body: request.body, contentType: request.contentType, expect: 'own', hiddenTrainers: 'all' });
    });
    const after = await fingerprint(fixture);
    const refused = outcomes.filter((outcome) => outcome.status >= 400).map((outcome) => `${label(outcome)} → ${outcome.status} ${outcome.text.slice(0, 160)}`);
    console.info(`accountant reads: ${outcomes.length} admin routes that change nothing (${outcomes.filter((outcome) => outcome.method !== 'GET').length} of them POST), ${outcomes.length - refused.length} answered 2xx/3xx${refused.length ? `\n  ${refused.join('\n  ')}` : ''}`);
    expect(outcomes.filter((outcome) => outcome.method !== 'GET').length).toBeGreaterThan(0);
    expect(outcomes.filter((outcome) => outcome.status >= 500).map(label)).toEqual([]);
    // As for the operator: nothing refused or missing; the process may decline (409, 422).
    expect(outcomes.filter((outcome) => outcome.status >= 400 && outcome.status !== 409 && outcome.status !== 422).map(label)).toEqual([]);
    expect(Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table])).toEqual([]);
  });

  it("answers the trainer's own reads with the same values, so the refusals above are the tenancy check's", async () => {
    const trainer = callers.find((caller) => caller.name === 'trainer')!;
    const reads = routes.filter((route) => kindOf(route.path) !== 'admin' && route.method === 'get');
    const outcomes = await runAll(reads, 4, async (route) => {
      const request = buildRequest(fixture, route, fixture.subjects.demo, trainer);
      return run({ route, caller: trainer, url: request.url, method: 'GET', body: undefined, contentType: 'application/json', expect: 'own', hiddenTrainers: 'others-of-demo' });
    });
    expect(outcomes.length).toBeGreaterThan(10);
    expect(outcomes.filter((outcome) => outcome.status >= 300).map((outcome) => `${label(outcome)} → ${outcome.status} ${outcome.text.slice(0, 160)}`)).toEqual([]);
  });
});

import type { RequestHandler } from 'express';
import type { z, ZodType } from 'zod';
import { describeZodError, HttpError } from './errors';
import { localeOf, zodErrorMap } from './locale';

/** Content types an answer or a request body can have besides JSON. */
export type TMediaType =
  | 'application/json'
  | 'application/x-ndjson'
  | 'application/pdf'
  | 'application/xml'
  | 'application/zip'
  | 'text/csv'
  | 'text/plain'
  | 'image/png'
  | 'text/html'
  | 'multipart/form-data'
  | 'application/x-www-form-urlencoded';

/**
 * A route's contract: what it accepts (params, query, body: parsed at the edge) and what it answers.
 * The same object documents the route in the OpenAPI document (api/openapi/), so a route cannot be
 * mounted with a contract the document does not show.
 */
export type Schemas = {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The success answer (200, or `status`); for a file or stream, what one item/line looks like. */
  response?: ZodType;
  /** Status of the success answer when it is not 200 (e.g. 201), or further success answers. */
  responses?: Partial<Record<200 | 201 | 202 | 204 | 207, ZodType | null>>;
  /** Content type of the success answer; JSON unless said. */
  produces?: TMediaType;
  /** Content type of the body; JSON (and ld+json / merge-patch+json) unless said. */
  consumes?: TMediaType;
  /** One line for the API reference. */
  summary?: string;
  /** 'public': no log-in; 'signed-link': headers or a short-lived signed `?token=`. */
  access?: 'public' | 'signed-link';
};

type Parsed<S extends Schemas> = {
  params: S['params'] extends ZodType ? z.infer<S['params']> : undefined;
  query: S['query'] extends ZodType ? z.infer<S['query']> : undefined;
  body: S['body'] extends ZodType ? z.infer<S['body']> : undefined;
};

declare module 'express-serve-static-core' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface Request {
    /** Values parsed by `validate()`; Express 5 makes req.query read-only, so they live here. */
    validated?: unknown;
  }
}

/**
 * Deeper JSON than any call of the API takes: such a body is refused before anything walks it (the
 * NUL check, zod). JSON.parse reads any depth, so 10,000 levels of `[` parse fine and would overflow
 * the stack of a recursive walk.
 */
export const MAX_JSON_DEPTH = 100;

/** Whether arrays and objects nest deeper than `maxDepth` levels (walked with a stack of our own, not recursion). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return true;
    for (const inner of Object.values(item.value)) pending.push({ value: inner, depth: item.depth + 1 });
  }
  return false;
}

/**
 * The path of the first string (value or key) that holds a NUL character: PostgreSQL's text cannot
 * store one, so such input is refused at the edge with the field named, never passed on to a query.
 * Walked with a stack of our own (depth-first, in key order), so no input can overflow the call stack.
 */
export function findNulCharacter(value: unknown): string | undefined {
  // Each entry links to its parent (a path is spelled out only for the one found); an entry's key
  // is checked when it is taken from the stack, just before its value.
  type Entry = { value: unknown; key?: string; parent?: Entry };
  const pathOf = (entry: Entry, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const pending: Entry[] = [{ value }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    if (entry.key?.includes('\u0000')) return entry.parent ? pathOf(entry.parent, 'key') : 'key';
    const current = entry.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(entry) || 'value';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index--) pending.push({ value: entries[index]![1], key: entries[index]![0], parent: entry });
  }
  return undefined;
}

/** Refuses a body or query nested too deeply or with a NUL character, on every route (with or without a contract). */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  for (const where of ['query', 'body'] as const) {
    if (nestsDeeperThan(req[where], MAX_JSON_DEPTH)) return next(new HttpError(400, 'http.nestedTooDeeply', where, { max: MAX_JSON_DEPTH }));
    const found = findNulCharacter(req[where]);
    const field = found === 'value' ? where : found;
    if (field !== undefined) return next(new HttpError(400, 'validation.fieldMessage', field, { field, reason: 'validation.nulCharacter' }));
  }
  next();
};

/** Where a route's contract hangs on its `validate()` middleware, for the OpenAPI document. */
export const ROUTE_CONTRACT = Symbol.for('trainerpay.routeContract');
export type ContractMiddleware = RequestHandler & { [ROUTE_CONTRACT]: Schemas };

// Under the test runner every JSON answer is checked against its declared schema, so a contract
// that drifts from what the route really answers fails the integration tests, not a client.
const checkAnswers = Boolean(process.env.VITEST);

/**
 * Validates params, query and body at the edge (a bad value is a 400 naming the field) and carries
 * the route's contract for the OpenAPI document.
 */
export function validate<S extends Schemas>(schemas: S): ContractMiddleware {
  const middleware: RequestHandler = (req, res, next) => {
    const validated: Record<string, unknown> = {};
    const locale = localeOf(req);
    for (const where of ['params', 'query', 'body'] as const) {
      const found = findNulCharacter(req[where]);
      const field = found === 'value' ? where : found;
      if (field !== undefined) return next(new HttpError(400, 'validation.fieldMessage', field, { field, reason: 'validation.nulCharacter' }));
    }
    for (const where of ['params', 'query', 'body'] as const) {
      const schema = schemas[where];
      if (!schema) continue;
      // reportInput lets describeZodError tell a missing field from one of the wrong type (the input is never echoed).
      const result = schema.safeParse(where === 'body' ? (req.body ?? {}) : req[where], { error: zodErrorMap(locale), reportInput: true });
      if (!result.success) {
        const { message, field } = describeZodError(result.error, where, locale);
        return next(new HttpError(400, message, field));
      }
      validated[where] = result.data;
    }
    req.validated = validated;
    if (checkAnswers && schemas.response && (schemas.produces ?? 'application/json') === 'application/json') {
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode < 300) {
          const result = schemas.response!.safeParse(body);
          if (!result.success) throw new Error(`answer of ${req.method} ${req.originalUrl} does not match its contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
        }
        return json(body);
      };
    }
    next();
  };
  return Object.assign(middleware, { [ROUTE_CONTRACT]: schemas });
}

/** Reads the values `validate(schemas)` parsed, typed by the same schemas. */
export const validated = <S extends Schemas>(req: { validated?: unknown }, _schemas: S) => req.validated as Parsed<S>;

import type { RequestHandler } from 'express';
import type { z, ZodType } from 'zod';
import { describeZodError, HttpError } from './errors';
import { localeOf, zodErrorMap } from './locale';

type Schemas = { params?: ZodType; query?: ZodType; body?: ZodType };
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

/** Validates params, query and body at the edge; a bad value is a 400 naming the field. */
export function validate<S extends Schemas>(schemas: S): RequestHandler {
  return (req, _res, next) => {
    const validated: Record<string, unknown> = {};
    const locale = localeOf(req);
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
    next();
  };
}

/** Reads the values `validate(schemas)` parsed, typed by the same schemas. */
export const validated = <S extends Schemas>(req: { validated?: unknown }, _schemas: S) => req.validated as Parsed<S>;

import type { Express } from 'express';
import { z, ZodObject, type ZodType } from 'zod';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ZErrorResponse } from '../../contracts/common.contract';
import type { Schemas, TMediaType } from '../http/validate';
import { mountedRoutes, openApiPath, pathParamNames, type MountedRoute } from './route-table';

// The OpenAPI 3.1 document of the whole API, generated from the route table and the zod contracts
// each route validates with (api/http/validate.ts): nothing here is written by hand per route, so the
// document and the server cannot disagree. Served at GET /api/openapi.json.

/** Path parameters that mean the same on every route. */
const KNOWN_PATH_PARAMS: Record<string, ZodType> = {
  g: z.string().uuid().describe('Studio group uuid: the caller must be its staff (or an operator).'),
  studioGroupUuid: z.string().uuid(),
  user: z.string().uuid().describe("The trainer account's user uuid: the caller's own."),
  userId: z.string().uuid(),
};

const ERROR_ANSWERS = {
  400: 'Invalid input: `field` names what is wrong, `message` says why (in the caller\'s language).',
  401: 'Not logged in (`x-user` / `x-api-key` missing or expired), or wrong log-in credentials.',
  403: 'Not for this role.',
  404: 'Not found, or not visible to the caller (another studio group answers exactly as a missing one).',
  409: 'Refused in the current state of the process (e.g. locked once approved or billed).',
  410: 'An e-mailed link (invitation, password reset, e-mail confirmation) that has expired or was used already.',
  413: 'The body or file is too large.',
  422: 'Valid input the process cannot take now (e.g. a trainer who cannot be billed).',
  429: 'Too many attempts; try again later.',
} as const;

const tagOf = (path: string) => {
  const rest = path.replace(/^\/api\/(v1\/\{g\}|v2\/\{[A-Za-z]+\}|v2)?\/?/, '');
  const first = rest.split('/').find((segment) => segment !== '' && !segment.startsWith('{')) ?? 'api';
  return path.startsWith('/api/v2') ? `trainer: ${first}` : path.startsWith('/api/v1') ? first : path.startsWith('/api') ? `unversioned: ${first}` : 'downloads';
};

const operationIdOf = (method: string, path: string) =>
  `${method}${path
    .replace(/\{([^}]+)\}/g, 'By-$1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

function paramsObject(route: MountedRoute): ZodObject | undefined {
  const names = pathParamNames(route.path);
  if (names.length === 0) return undefined;
  const declared = route.contract?.params instanceof ZodObject ? route.contract.params.shape : {};
  const shape: Record<string, ZodType> = {};
  for (const name of names) shape[name] = (declared as Record<string, ZodType>)[name] ?? KNOWN_PATH_PARAMS[name] ?? z.string();
  return z.object(shape);
}

const content = (schema: ZodType | { $ref: string }, mediaType: TMediaType) => ({ [mediaType]: { schema } });

/** A file or a stream is documented by its media type; its schema is what one line or the file is. */
function successContent(contract: Schemas, schema: ZodType | null | undefined) {
  const mediaType = contract.produces ?? 'application/json';
  if (schema === null) return undefined;
  if (mediaType === 'application/json') return content(schema ?? z.unknown(), mediaType);
  return content(schema ?? z.string(), mediaType);
}

function bodyContent(contract: Schemas) {
  if (!contract.body) return undefined;
  const mediaType = contract.consumes ?? 'application/json';
  if (mediaType !== 'application/json') return { content: content(contract.body, mediaType), required: true };
  // The spec's clients send ld+json and merge-patch+json too; all are parsed as JSON.
  return { content: content(contract.body, 'application/json'), required: true };
}

export function buildOpenApiDocument(app: Express, { version = '1' }: { version?: string } = {}) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'xUser', { type: 'apiKey', in: 'header', name: 'x-user', description: 'The user uuid answered by POST /api/login.' });
  registry.registerComponent('securitySchemes', 'xApiKey', { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The API key answered by POST /api/login.' });
  registry.registerComponent('securitySchemes', 'signedLink', { type: 'apiKey', in: 'query', name: 'token', description: 'A five-minute signed download token (POST .../downloads/sign).' });
  // Registered as a plain component: the contracts are built before any `.openapi()` extension could
  // reach them, so every route refers to this one schema by $ref.
  registry.registerComponent('schemas', 'ErrorResponse', z.toJSONSchema(ZErrorResponse) as never);
  const errorResponse = { $ref: '#/components/schemas/ErrorResponse' };

  for (const route of mountedRoutes(app)) {
    const contract: Schemas = route.contract ?? {};
    const path = openApiPath(route.path);
    const successes = contract.responses ?? { 200: contract.response };
    const responses: Record<string, { description: string; content?: Record<string, { schema: ZodType | { $ref: string } }> }> = {};
    for (const [status, schema] of Object.entries(successes)) {
      const body = successContent(contract, schema);
      responses[status] = { description: status === '204' ? 'No content.' : 'Success.', ...(body ? { content: body } : {}) };
    }
    for (const [status, description] of Object.entries(ERROR_ANSWERS)) {
      if (contract.access === 'public' && status === '403') continue;
      responses[status] = { description, content: content(errorResponse, 'application/json') };
    }
    // A file upload is refused while the server's disk keeps less free space than its floor (UPLOAD_MIN_FREE_MB).
    if (contract.consumes === 'multipart/form-data') responses['507'] = { description: 'The server keeps too little free storage to accept uploads now.', content: content(errorResponse, 'application/json') };
    const query = contract.query instanceof ZodObject ? contract.query : undefined;
    const security: Array<Record<string, string[]>> = contract.access === 'public' ? [] : contract.access === 'signed-link' ? [{ xUser: [], xApiKey: [] }, { signedLink: [] }] : [{ xUser: [], xApiKey: [] }];
    registry.registerPath({
      method: route.method,
      path,
      operationId: operationIdOf(route.method, path),
      tags: [tagOf(path)],
      summary: contract.summary,
      security,
      request: {
        params: paramsObject(route),
        query,
        body: bodyContent(contract),
        headers: z.object({ 'x-locale': z.enum(['de', 'en']).optional().describe('Language of messages; else Accept-Language, else the user\'s.') }),
      },
      responses,
    });
  }

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'TrainerPay API',
      version,
      description:
        'Settlement and payout platform for studio groups and their freelance trainers. Amounts in the spec\'s fields (value_gross, sum_net, Brutto, …) are euros as JSON numbers with at most two decimals; a field that carries cents says so in its name (`gross_cents`). Errors answer `{status, message, field?}` in the caller\'s language (x-locale, else Accept-Language).',
    },
  });
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const parameter of (operation as { parameters?: unknown[] }).parameters ?? []) requirePathParameter(parameter as TParameter);
    }
  }
  return document;
}

type TParameter = { in?: string; required?: boolean; schema?: { type?: string | string[] } };

/**
 * OpenAPI requires every path parameter (`required: true`). The generator marks a parameter
 * optional when its zod schema accepts null, which `z.coerce.number()` does (Number(null) is 0);
 * a path segment is text and never null, so the parameter is required and its schema loses 'null'.
 */
function requirePathParameter(parameter: TParameter) {
  if (parameter.in !== 'path') return;
  parameter.required = true;
  const schema = parameter.schema;
  if (!schema || !Array.isArray(schema.type) || !schema.type.includes('null')) return;
  const rest = schema.type.filter((name) => name !== 'null');
  schema.type = rest.length === 1 ? rest[0] : rest;
}

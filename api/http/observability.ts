import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { Counter, Histogram, type Registry } from 'prom-client';
import { defaultPayloadConverter } from '@temporalio/common';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import { metricsScrapeAllowed } from '../../db/metrics';
import { validate } from './validate';
import { isUsableRequestId, REQUEST_ID_HEADER, REQUEST_ID_HTTP_HEADER } from '../../domain/observability/request-id';

// What the api tells an operator about each request: a request id (taken from X-Request-Id when a
// proxy sends a usable one, else new; echoed in the answer), one JSON access-log line, the request
// counted and timed per route pattern in the Prometheus registry, and the id handed to every
// workflow the request starts, signals or updates (a Temporal header; worker/request-id.ts puts it
// on the activities' log lines).

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being served, if any (read by the Temporal client interceptor). */
export const currentRequestId = () => requestContext.getStore()?.requestId;

/** Segments of a path no route pattern named (a 404, or a request refused before routing): ids become placeholders so labels stay few. */
const normalisedPath = (urlPath: string) =>
  urlPath
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ? ':uuid' : /^\d{4}-\d{2}-\d{2}$/.test(segment) ? ':date' : /^\d+$/.test(segment) ? ':id' : segment))
    .join('/');

/**
 * The route pattern of the handler that answered (`/api/v1/:g/settlement/:settlementUuid`): the
 * mount path with its parameters put back, then the route's own path. Read when the answer's head
 * is written, while Express still holds the handler's baseUrl and params. Requests no route took
 * (static files, the web app's pages, 404s) count under a few fixed labels, not their URLs.
 */
function routePatternOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') {
    let base = req.baseUrl;
    for (const [name, value] of Object.entries(req.params ?? {})) {
      if (typeof value === 'string' && value !== '') base = base.split('/').map((segment) => (segment === value ? `:${name}` : segment)).join('/');
    }
    return `${base}${route.path}`;
  }
  if (req.originalUrl.startsWith('/api/') || req.originalUrl === '/api') return normalisedPath(req.originalUrl.split('?')[0]!);
  if (/^\/assets\//.test(req.originalUrl)) return '/assets/*';
  return '(web app)';
}

export function createRequestObservability({ registry, logger }: { registry: Registry; logger: Logger }) {
  const requests = new Counter({ name: 'trainerpay_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const durations = new Histogram({
    name: 'trainerpay_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer’s end, by method and route pattern. Streamed calls (NDJSON) count until their stream ends.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers: [registry],
  });

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const given = req.get(REQUEST_ID_HTTP_HEADER);
    const requestId = isUsableRequestId(given) ? given : randomUUID();
    res.setHeader(REQUEST_ID_HTTP_HEADER, requestId);
    const started = process.hrtime.bigint();
    let route: string | undefined;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      route ??= routePatternOf(req);
      return writeHead(...args);
    }) as typeof res.writeHead;
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pattern = route ?? routePatternOf(req);
      requests.inc({ method: req.method, route: pattern, status: String(res.statusCode) });
      durations.observe({ method: req.method, route: pattern }, seconds);
      logger.info({ requestId, method: req.method, route: pattern, status: res.statusCode, durationMs: Math.round(seconds * 1000) }, 'request');
    });
    requestContext.run({ requestId }, next);
  };
  return { middleware };
}

/**
 * GET /metrics for Prometheus: the registry's text, only with `Authorization: Bearer <METRICS_TOKEN>`;
 * 404 while no token is set, 401 with a wrong or missing one (docs/decisions/0075).
 */
const metricsSchemas = {
  response: z.string().describe('Prometheus text exposition format 0.0.4.'),
  produces: 'text/plain',
  access: 'public',
  summary: 'Prometheus metrics (text exposition format) of this api process; needs `Authorization: Bearer <METRICS_TOKEN>`, and answers 404 while no METRICS_TOKEN is set.',
} as const;

export function createMetricsRouter({ registry, token }: { registry: Registry; token: string | undefined }) {
  const router = Router();
  router.get('/metrics', validate(metricsSchemas), async (req, res) => {
    if (!token) return res.status(404).json({ status: 'error', message: 'Metrics are off: set METRICS_TOKEN to serve them.' });
    if (!metricsScrapeAllowed(req.get('authorization'), token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return res.status(401).json({ status: 'error', message: 'Send Authorization: Bearer <METRICS_TOKEN>.' });
    }
    res.setHeader('Content-Type', registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  });
  return router;
}

/** The headers with the current request's id added (unchanged outside a request: schedules, start-up). */
const withRequestId = <T extends Record<string, unknown>>(headers: T): T => {
  const requestId = currentRequestId();
  return requestId ? { ...headers, [REQUEST_ID_HEADER]: defaultPayloadConverter.toPayload(requestId) } : headers;
};

/** Adds the current request's id as a header to every workflow start, signal and update the api sends. */
export const requestIdClientInterceptor: WorkflowClientInterceptor = {
  start: (input, next) => next({ ...input, headers: withRequestId(input.headers) }),
  startWithDetails: (input, next) => next({ ...input, headers: withRequestId(input.headers) }),
  signal: (input, next) => next({ ...input, headers: withRequestId(input.headers) }),
  signalWithStart: (input, next) => next({ ...input, headers: withRequestId(input.headers) }),
  startUpdate: (input, next) => next({ ...input, headers: withRequestId(input.headers) }),
  startUpdateWithStart: (input, next) => next({ ...input, workflowStartHeaders: withRequestId(input.workflowStartHeaders), updateHeaders: withRequestId(input.updateHeaders) }),
};

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventFeed } from '../../db/events';
import { createApp } from '../app';
import { buildOpenApiDocument } from './document';
import { mountedRoutes, openApiPath } from './route-table';

// The app is only built, never started: the route table and the document need no database.
const app = createApp({ orm: {} as MikroORM, temporal: {} as Client, feed: {} as EventFeed, env: { apiKeyTtlHours: 1, webDist: '/nonexistent', dataDir: '/nonexistent' } });
const routes = mountedRoutes(app);
const document = buildOpenApiDocument(app);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the two log-in headers as security schemes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(expect.arrayContaining(['xUser', 'xApiKey']));
  });

  it('has every mounted route, with its method', () => {
    expect(routes.length).toBeGreaterThan(90);
    const missing = routes.filter((route) => !document.paths?.[openApiPath(route.path)]?.[route.method]).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('documents the answer of every route (a route mounted without a contract fails here)', () => {
    const undocumented = routes.filter((route) => !route.contract?.response && !route.contract?.responses).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(undocumented).toEqual([]);
  });

  it('names the spec\'s calls by the spec\'s paths', () => {
    const paths = Object.keys(document.paths ?? {});
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/{g}/settlement/trainer-preview/send',
        '/api/v1/{g}/settlement/calculate-sum/{settlementUuid}',
        '/api/v2/trainer_account_notification_dto/{user}',
        '/api/v2/{studioGroupUuid}/trainer-account/{userId}/credit-note-preview/{settlementUuid}',
      ]),
    );
  });

  it('documents the payout status beside the credit-note run\'s trainers and the trainer balance rows', () => {
    const answer = (path: string) => JSON.stringify((document.paths?.[path] as { get?: { responses?: Record<string, unknown> } } | undefined)?.get?.responses?.['200'] ?? null);
    const run = answer('/api/v1/{g}/settlement/{settlementUuid}/runs');
    for (const field of ['"payout"', '"reasonCode"', '"repaidBy"']) expect(run).toContain(field);
    for (const report of ['trainer_balance_by_month', 'trainer_balance_by_month_by_class', 'trainer_balance_by_studio_by_month_by_class']) {
      const rows = answer(`/api/v1/{g}/report/${report}/{idMandant}/{idStudioGroup}`);
      for (const field of ['"payout_status"', '"payout_booked_on"', '"payout_reason_code"']) expect(rows, report).toContain(field);
    }
  });

  it('passes openapi-spec-validator (PyPI, installed by scripts/ensure-tools.mjs --test)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    try {
      fs.writeFileSync(file, JSON.stringify(document));
      const result = spawnSync('python3', ['-m', 'openapi_spec_validator', '--validation-errors', 'all', file], { encoding: 'utf8' });
      expect(result.status, `${result.stdout}${result.stderr}${result.error?.message ?? ''}`).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('requires every path parameter, as OpenAPI does', () => {
    const optional: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>)) {
        for (const parameter of operation.parameters ?? []) if (parameter.in === 'path' && parameter.required !== true) optional.push(`${method} ${path} {${parameter.name}}`);
      }
    }
    expect(optional).toEqual([]);
  });

  it('answers errors as {status, message, field?} on every operation', () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>)) {
        expect(operation.responses['400']?.content?.['application/json']?.schema.$ref, `${method} ${path}`).toBe('#/components/schemas/ErrorResponse');
      }
    }
  });
});

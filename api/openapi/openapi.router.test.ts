import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventFeed } from '../../db/events';
import { createApp } from '../app';

// The document and its reference page need no log-in and no database: an app with no backing
// services serves both, as a client or a browser would fetch them.
describe('GET /api/openapi.json and /api/docs', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    const app = createApp({ orm: { em: { fork: () => ({}) } } as unknown as MikroORM, temporal: {} as Client, feed: {} as EventFeed, env: { apiKeyTtlHours: 1, webDist: '/nonexistent', dataDir: '/nonexistent' } });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the OpenAPI 3.1 document without log-in', async () => {
    const answer = await fetch(`${baseUrl}/api/openapi.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('TrainerPay API');
    expect(document.paths['/api/login']).toBeDefined();
  });

  it('serves the API reference page with its own scripts (no CDN)', async () => {
    const page = await fetch(`${baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    expect((await fetch(`${baseUrl}/api/docs/swagger-ui-init.js`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../db/orm';
import { cloneTestDatabase } from '../../test/support/databases';
import { createPostgresRateLimitStore } from './rate-limit-store';

// The shared rate-limit store on real PostgreSQL: two ORMs stand for two api processes (each with
// its own connection pool) counting the same key at once.

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let replicaA: MikroORM;
let replicaB: MikroORM;

beforeAll(async () => {
  database = await cloneTestDatabase();
  replicaA = await initOrm(database.databaseUrl);
  replicaB = await initOrm(database.databaseUrl);
});

afterAll(async () => {
  await replicaA?.close();
  await replicaB?.close();
  await database?.drop();
});

describe('the PostgreSQL rate-limit store', () => {
  it('counts concurrent hits on two processes without losing one', async () => {
    const onA = createPostgresRateLimitStore({ orm: replicaA, prefix: 'login', windowMs: 60_000 });
    const onB = createPostgresRateLimitStore({ orm: replicaB, prefix: 'login', windowMs: 60_000 });
    const hits = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? onA : onB).increment('10.0.0.1|a@b.test')));
    expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    // One window for all: the first hit set it, the others kept it.
    expect(new Set(hits.map((hit) => hit.resetTime?.getTime())).size).toBe(1);
    expect((await onB.get!('10.0.0.1|a@b.test'))?.totalHits).toBe(40);
  });

  it('takes back a hit, forgets a key, and keeps limits of other prefixes apart', async () => {
    const login = createPostgresRateLimitStore({ orm: replicaA, prefix: 'login', windowMs: 60_000 });
    const contact = createPostgresRateLimitStore({ orm: replicaB, prefix: 'contact-form', windowMs: 60_000 });
    await login.increment('k');
    await login.increment('k');
    await contact.increment('k');
    await login.decrement('k');
    expect((await login.get!('k'))?.totalHits).toBe(1);
    expect((await contact.get!('k'))?.totalHits).toBe(1);
    await login.resetKey('k');
    expect(await login.get!('k')).toBeUndefined();
    expect((await contact.get!('k'))?.totalHits).toBe(1);
    await contact.increment('other');
    await contact.resetAll!();
    expect(await contact.get!('other')).toBeUndefined();
    expect((await login.increment('k')).totalHits).toBe(1);
  });

  it('starts counting from 1 again once the window has passed', async () => {
    const store = createPostgresRateLimitStore({ orm: replicaA, prefix: 'short', windowMs: 300 });
    await store.increment('k');
    const second = await store.increment('k');
    expect(second.totalHits).toBe(2);
    const deadline = Date.now() + 10_000;
    while ((await store.get!('k')) !== undefined) {
      if (Date.now() > deadline) throw new Error('the window did not pass');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const fresh = await store.increment('k');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime!.getTime()).toBeGreaterThan(second.resetTime!.getTime());
  });

  it('stores neither the e-mail address nor the IP in clear', async () => {
    const store = createPostgresRateLimitStore({ orm: replicaA, prefix: 'login', windowMs: 60_000 });
    await store.increment('192.168.7.7|someone@example.test');
    const rows = await replicaA.em.fork().getConnection().execute<Array<{ key: string }>>('select key from rate_limit_counter');
    expect(rows.some((row) => row.key.includes('someone') || row.key.includes('192.168'))).toBe(false);
    expect(rows.every((row) => /^[a-z-]+:[0-9a-f]{64}$/.test(row.key))).toBe(true);
  });
});

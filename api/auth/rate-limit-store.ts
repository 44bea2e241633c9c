import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { rateLimit, ipKeyGenerator, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';

// express-rate-limit's store in PostgreSQL (table rate_limit_counter), so a limit holds across every
// api replica (DESIGN.md: nothing assumes one process) instead of per process memory. One round trip
// per call: the count is one atomic `insert … on conflict do update`, which row-locks the key, so
// concurrent requests on several processes never lose a hit. The window is fixed (as the memory
// store's): it starts with the first hit; a row whose window has passed counts from 1 again. Times
// come from the database's clock, so replicas with skewed clocks agree.
//
// The ORM's connection is used directly (no EntityManager): the store runs outside the request's
// unit of work (decrement runs when the answer is finished) and writes no entities.

export type PostgresRateLimitStoreOptions = {
  orm: MikroORM;
  /** Names the limit ('login', 'contact-form'): limits with different prefixes never share a count. */
  prefix: string;
  /** The window; default the limiter's own `windowMs` (read in init). */
  windowMs?: number;
};

type CounterRow = { hits: number; reset_at: Date | string };

const toInfo = (row: CounterRow): ClientRateLimitInfo => ({ totalHits: Number(row.hits), resetTime: new Date(row.reset_at) });

/** The key column holds 100 characters: the prefix, a colon and 64 hex digits. */
const MAX_PREFIX_LENGTH = 35;

export function createPostgresRateLimitStore({ orm, prefix, windowMs: givenWindowMs }: PostgresRateLimitStoreOptions): Store {
  if (!prefix || prefix.length > MAX_PREFIX_LENGTH || prefix.includes(':')) throw new Error(`Rate-limit prefix '${prefix}': 1 to ${MAX_PREFIX_LENGTH} characters, no colon.`);
  let windowMs = givenWindowMs ?? 60_000;
  let lastPurge = Date.now();
  const connection = () => orm.em.getConnection();
  // Keys carry an IP and an e-mail address typed by anyone: hashed, they have a fixed length and
  // nothing personal sits in the table.
  const rowKey = (key: string) => `${prefix}:${createHash('sha256').update(key).digest('hex')}`;

  /** Expired rows of this limit go at most once a window, in the background of a request. */
  const purgeNow = () => {
    if (Date.now() - lastPurge < windowMs) return;
    lastPurge = Date.now();
    connection()
      .execute(`delete from rate_limit_counter where starts_with(key, ?) and reset_at <= now()`, [`${prefix}:`], 'run')
      .catch(() => {});
  };

  return {
    prefix: `${prefix}:`,
    localKeys: false,

    init(options: Options) {
      if (givenWindowMs === undefined) windowMs = options.windowMs;
    },

    async get(key) {
      const rows = await connection().execute<CounterRow[]>(`select hits, reset_at from rate_limit_counter where key = ? and reset_at > now()`, [rowKey(key)]);
      return rows[0] ? toInfo(rows[0]) : undefined;
    },

    async increment(key) {
      purgeNow();
      const rows = await connection().execute<CounterRow[]>(
        `insert into rate_limit_counter as c (key, hits, reset_at) values (?, 1, now() + ? * interval '1 millisecond')
         on conflict (key) do update
            set hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
                reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
         returning hits, reset_at`,
        [rowKey(key), windowMs],
      );
      return toInfo(rows[0]!);
    },

    async decrement(key) {
      await connection().execute(`update rate_limit_counter set hits = hits - 1 where key = ? and hits > 0 and reset_at > now()`, [rowKey(key)], 'run');
    },

    async resetKey(key) {
      await connection().execute(`delete from rate_limit_counter where key = ?`, [rowKey(key)], 'run');
    },

    async resetAll() {
      await connection().execute(`delete from rate_limit_counter where starts_with(key, ?)`, [`${prefix}:`], 'run');
    },
  };
}

/**
 * A limit counted in this store, with the headers every limit of the API sends (RateLimit draft 7,
 * no legacy X-RateLimit-*); `options` says what differs (window, limit, key, which answers count).
 */
export function postgresRateLimit({ orm, prefix, ...options }: { orm: MikroORM; prefix: string } & Partial<Options>) {
  return rateLimit({ standardHeaders: 'draft-7', legacyHeaders: false, ...options, store: createPostgresRateLimitStore({ orm, prefix }) });
}

/** Per client address and typed e-mail address (log-in, password reset), so a studio's shared IP is not one count. */
export const addressAndEmailKey = (req: Request) => `${ipKeyGenerator(req.ip ?? '')}|${String(req.body?.email ?? '').trim().toLowerCase()}`;

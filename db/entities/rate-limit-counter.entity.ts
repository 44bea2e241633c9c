import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The hits of one rate-limited client (log-in attempts per IP and e-mail, contact-form sends, …) in
 * the current window, shared by every api replica (api/auth/rate-limit-store.ts). Written only by
 * an atomic `insert … on conflict do update`, so concurrent requests on several processes count
 * right; a row whose window has passed counts from 1 again and is purged later.
 */
export const RateLimitCounter = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counter',
  properties: (p) => ({
    /** `{prefix}:{sha256 of the limiter's key}`: fixed length, and no e-mail address or IP stored in clear. */
    key: p.string().length(100).primary(),
    hits: p.integer(),
    /** When the window ends (the database's clock, so replicas with skewed clocks agree). */
    resetAt: p.datetime(),
  }),
});
export type RateLimitCounter = InferEntity<typeof RateLimitCounter>;

import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The log-in throttle's counts and waits (api/auth/login-throttle.ts), in the table layout of
 * rate-limiter-flexible's PostgreSQL store, which reads and writes it (the app never does through
 * the ORM). Made by a migration, so the store does not create tables at run time.
 */
export const LoginLimiter = defineEntity({
  name: 'LoginLimiter',
  tableName: 'login_limiter',
  properties: (p) => ({
    /** `{login-failures|login-wait}:{pair|account|address}:{sha256…}`: no e-mail address or IP in clear. */
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    /** Unix milliseconds when the entry ends (the store's clock); expired rows are deleted by the store. */
    expire: p.bigint('number').nullable(),
  }),
});
export type LoginLimiter = InferEntity<typeof LoginLimiter>;

import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ipKeyGenerator } from 'express-rate-limit';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';

// Failed log-ins slow down, after rate-limiter-flexible's "login endpoint protection" pattern, with
// three counts of failures (a success forgets the first two):
// - per account and client address: the owner's typos and a guesser at one address. After
//   FREE_FAILURES_PER_ADDRESS consecutive failures each further one doubles the wait.
// - per account over every address: a guesser spread over many addresses. The bar is much higher,
//   so an attacker elsewhere does not soon lock the owner out of their own account.
// - per client address over every account: one address trying many accounts (credential stuffing);
//   high enough for a studio whose trainers share one address.
// The same counts guard the current password a signed-in trainer types to change the e-mail,
// password or IBAN or to delete the account: a stolen session cannot guess it faster than a log-in.
//
// The counts live in PostgreSQL (the library's Postgres store on the ORM's connection pool, table
// login_limiter made by a migration), so every api replica sees the same counts. Keys are SHA-256
// of the e-mail address and the IP: nothing personal is stored in clear.

/** Consecutive failures per account and address before the first wait. */
export const FREE_FAILURES_PER_ADDRESS = 10;
/** Consecutive failures per account over all addresses before every address waits. */
export const FREE_FAILURES_PER_ACCOUNT = 100;
/** Failures per address over all accounts in a day before that address waits. */
export const FAILURES_PER_ADDRESS_PER_DAY = 200;
/** The first wait; each further failure doubles it, up to MAX_DELAY_SECONDS. */
export const FIRST_DELAY_SECONDS = 60;
export const MAX_DELAY_SECONDS = 60 * 60;
/** How long a count of failures is kept from its first failure (a success ends it sooner). */
const COUNT_SECONDS = 24 * 60 * 60;

export type LoginAttempt = { email: string; ip: string };
/** Allowed, or the seconds to wait before the next attempt. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LoginThrottle = {
  /** Whether an attempt may check a password now. */
  check: (attempt: LoginAttempt) => Promise<ThrottleVerdict>;
  /** Counts a wrong password; the waits it starts apply from the next attempt. */
  failed: (attempt: LoginAttempt) => Promise<void>;
  /** A right password: the account's counts for this address start again. */
  succeeded: (attempt: LoginAttempt) => Promise<void>;
};

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** The wait after `failures` consecutive failures, `free` of which cost nothing: 0, then doubling from FIRST_DELAY_SECONDS. */
export function delaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - free, 20));
}

export function createLoginThrottle(orm: MikroORM): LoginThrottle {
  const store = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({ storeClient: orm.em.getConnection().getKnex(), storeType: 'knex', tableName: 'login_limiter', tableCreated: true, keyPrefix, points, duration: COUNT_SECONDS });
  // Made at the first attempt, not with the app: the OpenAPI document is built from an app without a database.
  let limiters: { counts: RateLimiterPostgres; waits: RateLimiterPostgres } | undefined;
  // The counts never refuse by themselves (points far above any bar): the waits are separate
  // entries, so a wait can grow while the count goes on.
  const limitersNow = () => (limiters ??= { counts: store('login-failures', 1_000_000), waits: store('login-wait', 1) });

  const keysOf = ({ email, ip }: LoginAttempt) => {
    const account = hash(email.trim().toLowerCase());
    // An IPv6 client is counted by its /56 network: one machine holds many addresses of it.
    const address = hash(ipKeyGenerator(ip));
    return { pair: `pair:${account}:${address}`, account: `account:${account}`, address: `address:${address}` };
  };

  const waitOf = (res: RateLimiterRes | null) => (res && res.consumedPoints > limitersNow().waits.points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0);

  const check = async (attempt: LoginAttempt): Promise<ThrottleVerdict> => {
    const keys = keysOf(attempt);
    const { waits } = limitersNow();
    const [pair, account, address] = await Promise.all([waits.get(keys.pair), waits.get(keys.account), waits.get(keys.address)]);
    const retryAfterSeconds = Math.max(waitOf(pair), waitOf(account), waitOf(address));
    return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
  };

  return {
    check,
    async failed(attempt) {
      const keys = keysOf(attempt);
      const { counts, waits } = limitersNow();
      const [pair, account, address] = await Promise.all([counts.consume(keys.pair), counts.consume(keys.account), counts.consume(keys.address)]);
      const pairWait = delaySeconds(pair.consumedPoints, FREE_FAILURES_PER_ADDRESS);
      const accountWait = delaySeconds(account.consumedPoints, FREE_FAILURES_PER_ACCOUNT);
      // An address over its daily bar waits until its count of the day ends.
      const addressWait = address.consumedPoints >= FAILURES_PER_ADDRESS_PER_DAY ? Math.ceil(address.msBeforeNext / 1000) : 0;
      await Promise.all([
        pairWait > 0 ? waits.block(keys.pair, pairWait) : undefined,
        accountWait > 0 ? waits.block(keys.account, accountWait) : undefined,
        addressWait > 0 ? waits.block(keys.address, addressWait) : undefined,
      ]);
    },
    async succeeded(attempt) {
      const keys = keysOf(attempt);
      const { counts, waits } = limitersNow();
      await Promise.all([counts.delete(keys.pair), waits.delete(keys.pair)]);
    },
  };
}

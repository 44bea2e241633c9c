import crypto from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';

// Signed download links (DESIGN "Security"): a download the browser opens by navigation carries no
// x-user/x-api-key headers, so its URL carries a short-lived HMAC instead — never the API key.
//
// token = `{userUuid}.{sessionId}.{expiresAtUnixSeconds}.{base64url(HMAC-SHA256(secret, "v2\n{request}\n{userUuid}\n{sessionId}\n{expires}"))}`
// where {request} is the canonical form of the download request (canonicalDownloadRequest): the
// decoded path plus its other query fields, sorted, so neither the path nor a field can be swapped.
// {sessionId} is the session that signed it: the link works only while that session lives, so a
// log-out or a password change ends the links it handed out (downloads.router.ts checks).

/** Five minutes: long enough to click, short enough that a leaked URL (history, logs) is soon dead. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;

/** The per-database secret's name in app_secret, used when DOWNLOAD_SECRET is not set. */
export const DOWNLOAD_SECRET_NAME = 'download-signing-key';

export type DownloadTokenCheck = { ok: true; userUuid: string; sessionId: number; expiresAt: number } | { ok: false; reason: 'malformed' | 'expired' | 'signature' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The request a token is bound to: the decoded path and every query or form field but `token`,
 * sorted by name. `/a%20b?y=2&x=1` and `/a b?x=1&y=2` are the same request.
 */
export function canonicalDownloadRequest(pathname: string, fields: Record<string, unknown> = {}): string {
  const pairs = Object.entries(fields)
    .filter(([name, value]) => name !== 'token' && typeof value === 'string')
    .map(([name, value]) => [name, value as string] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  return `${safeDecode(pathname)}${query ? `?${query}` : ''}`;
}

const mac = (secret: Buffer, request: string, userUuid: string, sessionId: number, expires: number) =>
  crypto.createHmac('sha256', secret).update(`v2\n${request}\n${userUuid}\n${sessionId}\n${expires}`).digest();

export function signDownloadToken({
  secret,
  request,
  userUuid,
  sessionId,
  now = Date.now(),
  ttlSeconds = DOWNLOAD_TOKEN_TTL_SECONDS,
}: {
  secret: Buffer;
  request: string;
  userUuid: string;
  sessionId: number;
  now?: number;
  ttlSeconds?: number;
}): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${userUuid}.${sessionId}.${expires}.${mac(secret, request, userUuid, sessionId, expires).toString('base64url')}`;
}

/** Checks a token against the request it came with; constant-time compare of the MAC. */
export function verifyDownloadToken({ secret, request, token, now = Date.now() }: { secret: Buffer; request: string; token: string; now?: number }): DownloadTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'malformed' };
  const [userUuid, sessionText, expiresText, signature] = parts as [string, string, string, string];
  if (!UUID.test(userUuid) || !/^\d{1,15}$/.test(sessionText) || !/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return { ok: false, reason: 'malformed' };
  const sessionId = Number(sessionText);
  const expires = Number(expiresText);
  const expected = mac(secret, request, userUuid, sessionId, expires);
  const given = Buffer.from(signature, 'base64url');
  // Signature first, expiry second: a forged token learns nothing about the clock.
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, userUuid, sessionId, expiresAt: expires };
}

/**
 * The signing key: DOWNLOAD_SECRET when set (every replica gets the same value), else a random key
 * generated once per database and kept in app_secret, so several api replicas on one database
 * agree without configuration. The first replica's insert wins; the others read its value.
 */
export async function loadDownloadSecret(orm: MikroORM, configured: string | undefined): Promise<Buffer> {
  if (configured) return crypto.createHash('sha256').update(configured).digest();
  const connection = orm.em.getConnection();
  await connection.execute(`insert into app_secret (name, value, created_at) values (?, ?, now()) on conflict (name) do nothing`, [
    DOWNLOAD_SECRET_NAME,
    crypto.randomBytes(32).toString('base64url'),
  ]);
  const [row] = await connection.execute<Array<{ value: string }>>(`select value from app_secret where name = ?`, [DOWNLOAD_SECRET_NAME]);
  if (!row) throw new Error('download signing key missing after insert');
  return Buffer.from(row.value, 'base64url');
}

/** One lazily loaded secret per app (not per module: tests run several apps on several databases). */
export function createDownloadSecretSource(orm: MikroORM, configured: string | undefined): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    secret ??= loadDownloadSecret(orm, configured).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

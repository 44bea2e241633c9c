import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { type EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/queries/sql';
import { ApiSession, User } from '../../db/entities';
import type { TRole } from '../../contracts/auth.contract';
import { HttpError } from '../http/errors';
import { requestEntityManager } from '../http/entity-manager';

export type AuthContext = {
  userId: number;
  userUuid: string;
  role: TRole;
  locale: string;
  sessionId: number;
};

declare module 'express-serve-static-core' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface Request {
    auth?: AuthContext;
  }
}

/** Keys are shown once at log-in and stored only as their SHA-256 (they are random, so no salt is needed). */
export const hashApiKey = (apiKey: string) => crypto.createHash('sha256').update(apiKey).digest('hex');

export async function createApiSession(em: EntityManager, user: User, ttlHours: number): Promise<string> {
  const apiKey = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  em.create(ApiSession, {
    user,
    keyHash: hashApiKey(apiKey),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
  });
  await em.flush();
  return apiKey;
}

/** A live session with its user, as every call reads it. */
export type LiveSession = { id: number; lastUsedAt: Date; user: { id: number; uuid: string; role: string; locale: string } };

/**
 * Finds the live session for a user uuid and key; undefined when unknown, expired, revoked or not
 * that user's. Every call asks: one plain statement, no entities loaded.
 */
export async function findLiveSession(em: EntityManager, userUuid: string, apiKey: string): Promise<LiveSession | undefined> {
  const [row] = await sql<{ id: number; expires_at: Date; revoked_at: Date | null; last_used_at: Date; user_id: number; user_uuid: string; role: string; locale: string }>(
    em as SqlEntityManager,
    `select s.id, s.expires_at, s.revoked_at, s.last_used_at, u.id as user_id, u.uuid as user_uuid, u.role, u.locale
       from api_session s join app_user u on u.id = s.user_id
      where s.key_hash = ?`,
    [hashApiKey(apiKey)],
    { prepared: true },
  );
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
  if (row.user_uuid !== userUuid) return undefined;
  return { id: row.id, lastUsedAt: new Date(row.last_used_at), user: { id: row.user_id, uuid: row.user_uuid, role: row.role, locale: row.locale } };
}

/** Who calls, as a live session names them: the same for an HTTP call and a socket. */
export function authOfSession(session: LiveSession): AuthContext {
  return { userId: session.user.id, userUuid: session.user.uuid, role: session.user.role as TRole, locale: session.user.locale, sessionId: session.id };
}

const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/** Every call but log-in and health needs `x-user` and `x-api-key` (spec 6). */
export const requireAuth: RequestHandler = async (req, _res, next) => {
  const userUuid = req.header('x-user');
  const apiKey = req.header('x-api-key');
  if (!userUuid || !apiKey) return next(new HttpError(401, 'auth.headersMissing'));
  const em = requestEntityManager();
  const session = await findLiveSession(em, userUuid, apiKey);
  if (!session) return next(new HttpError(401, 'auth.sessionInvalid'));
  if (Date.now() - session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await em.nativeUpdate(ApiSession, { id: session.id }, { lastUsedAt: new Date() });
  }
  req.auth = authOfSession(session);
  next();
};

export async function revokeSession(em: EntityManager, sessionId: number): Promise<void> {
  await em.nativeUpdate(ApiSession, { id: sessionId }, { revokedAt: new Date() });
}

export const authOf = (req: { auth?: AuthContext }): AuthContext => {
  if (!req.auth) throw new HttpError(401, 'auth.headersMissing');
  return req.auth;
};

export { User };

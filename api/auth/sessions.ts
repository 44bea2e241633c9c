import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { type EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/queries/sql';
import { ApiSession, User } from '../../db/entities';
import { EVENTS_CHANNEL } from '../../db/events';
import type { TRole } from '../../contracts/auth.contract';
import { HttpError } from '../http/errors';
import { requestEntityManager } from '../http/entity-manager';
import { forgetSessions, type SessionCache } from './session-cache';

export type AuthContext = {
  userId: number;
  userUuid: string;
  role: TRole;
  locale: string;
  sessionId: number;
  /** When this session logged in: a log-in this recent stands for the current password (current-password.ts). */
  signedInAt: Date;
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
export type LiveSession = { id: number; createdAt: Date; lastUsedAt: Date; expiresAt: Date; user: { id: number; uuid: string; role: string; locale: string } };

type SessionRow = { id: number; created_at: Date; expires_at: Date; revoked_at: Date | null; last_used_at: Date; user_id: number; user_uuid: string; role: string; locale: string };

const liveSessionOf = (row: SessionRow | undefined): LiveSession | undefined => {
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    expiresAt: new Date(row.expires_at),
    user: { id: row.user_id, uuid: row.user_uuid, role: row.role, locale: row.locale },
  };
};

/** A session's row with its user, by its key's hash or its id: one plain statement, no entities loaded. */
async function sessionRow(em: EntityManager, column: 'key_hash' | 'id', value: string | number): Promise<SessionRow | undefined> {
  const [row] = await sql<SessionRow>(
    em as SqlEntityManager,
    `select s.id, s.created_at, s.expires_at, s.revoked_at, s.last_used_at, u.id as user_id, u.uuid as user_uuid, u.role, u.locale
       from api_session s join app_user u on u.id = s.user_id
      where s.${column} = ?`,
    [value],
    { prepared: true },
  );
  return row;
}

/**
 * Finds the live session for a user uuid and key; undefined when unknown, expired, revoked or not
 * that user's. Every call asks; with `sessions`, a session
 * this process checked a moment ago is not read again (api/auth/session-cache.ts).
 */
export async function findLiveSession(em: EntityManager, userUuid: string, apiKey: string, sessions?: SessionCache): Promise<LiveSession | undefined> {
  const keyHash = hashApiKey(apiKey);
  let session = sessions?.get(keyHash);
  if (!session) {
    const mark = sessions?.mark();
    session = liveSessionOf(await sessionRow(em, 'key_hash', keyHash));
    if (session && mark) sessions!.set(keyHash, session, mark);
  }
  return session?.user.uuid === userUuid ? session : undefined;
}

/** The session by its id if it is still live: a signed link and an open socket live only as long as the session that made them. */
export async function findLiveSessionById(em: EntityManager, sessionId: number): Promise<LiveSession | undefined> {
  return liveSessionOf(await sessionRow(em, 'id', sessionId));
}

/** Who calls, as a live session names them: the same for an HTTP call and a socket. */
export function authOfSession(session: LiveSession): AuthContext {
  return {
    userId: session.user.id,
    userUuid: session.user.uuid,
    role: session.user.role as TRole,
    locale: session.user.locale,
    sessionId: session.id,
    signedInAt: session.createdAt,
  };
}

const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/**
 * Every call but log-in and health needs `x-user` and `x-api-key` (spec 6). With `sessions`, the
 * sessions checked a moment ago are kept in this process (app.ts gives the API's calls one).
 */
export function createRequireAuth({ sessions }: { sessions?: SessionCache } = {}): RequestHandler {
  return async (req, _res, next) => {
    const userUuid = req.header('x-user');
    const apiKey = req.header('x-api-key');
    if (!userUuid || !apiKey) return next(new HttpError(401, 'auth.headersMissing'));
    const em = requestEntityManager();
    const session = await findLiveSession(em, userUuid, apiKey, sessions);
    if (!session) return next(new HttpError(401, 'auth.sessionInvalid'));
    if (Date.now() - session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      // A cached session is the same object: the next calls see this write and do not repeat it.
      session.lastUsedAt = new Date();
      await em.nativeUpdate(ApiSession, { id: session.id }, { lastUsedAt: session.lastUsedAt });
    }
    req.auth = authOfSession(session);
    next();
  };
}

export const requireAuth: RequestHandler = createRequireAuth();

/** The feed topic on which every api process hears that a session ended (api/socket.ts closes its sockets). */
export const sessionTopic = (sessionId: number) => `session:${sessionId}`;
export const SESSION_ENDED_EVENT = 'session:ended';

/**
 * Revokes the user's live sessions (or only `sessionId`, or all but `except`) and tells every api
 * process, so the sockets those sessions opened are closed too: one statement, whose notifications
 * name each session's topic as sessionTopic does. NOTIFY is sent on commit when called inside a
 * transaction, so a rolled-back change ends no socket.
 */
export async function revokeSessions(em: EntityManager, { userId, sessionId, except }: { userId?: number; sessionId?: number; except?: number }): Promise<void> {
  if (userId === undefined && sessionId === undefined) throw new Error('revokeSessions needs a user or a session');
  const filters: Array<[string, number | undefined]> = [
    ['user_id = ?', userId],
    ['id = ?', sessionId],
    ['id <> ?', except],
  ];
  const given = filters.filter((filter): filter is [string, number] => filter[1] !== undefined);
  const conditions = ['revoked_at is null', ...given.map(([condition]) => condition)];
  const bindings = given.map(([, value]) => value);
  const revoked = await sql<{ id: number }>(
    em as SqlEntityManager,
    `with revoked as (update api_session set revoked_at = now() where ${conditions.join(' and ')} returning id)
     select id, pg_notify(?, json_build_object('topic', 'session:' || id, 'event', ?::text, 'data', json_build_object('sessionId', id))::text) from revoked`,
    [...bindings, EVENTS_CHANNEL, SESSION_ENDED_EVENT],
  );
  forgetSessions(revoked.map((row) => row.id));
}

export async function revokeSession(em: EntityManager, sessionId: number): Promise<void> {
  await revokeSessions(em, { sessionId });
}

export const authOf = (req: { auth?: AuthContext }): AuthContext => {
  if (!req.auth) throw new HttpError(401, 'auth.headersMissing');
  return req.auth;
};

export { User };

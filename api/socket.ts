import type http from 'node:http';
import { Server } from 'socket.io';
import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventFeed } from '../db/events';
import type { ClientToServerEvents, ServerToClientEvents } from '../contracts/events';
import { authOfSession, findLiveSession, findLiveSessionById, SESSION_ENDED_EVENT, sessionTopic, type AuthContext } from './auth/sessions';
import { studioGroupsOf } from './auth/tenancy';
import { studioGroupOfImport } from './routes/import/import.service';
import { Settlement } from '../db/entities';
import { translate } from '../domain/messages';
import { requestEntityManager } from './http/entity-manager';
import { STAFF_ACCESS_CHANGED_EVENT } from './routes/staff/staff.service';

type SocketData = { auth: AuthContext };

/** Whether the user may follow a room: their own, a studio group they see, or a run of such a group. */
async function mayJoin(temporal: Client, auth: AuthContext, room: string): Promise<boolean> {
  const [kind, key] = room.split(':', 2);
  if (!key) return false;
  if (kind === 'user') return key === auth.userUuid;
  const visibleGroups = (await studioGroupsOf(auth)).map((group) => group.uuid);
  if (kind === 'studio-group') return auth.role !== 'trainer' && visibleGroups.includes(key);
  if (kind === 'import') {
    if (auth.role === 'trainer') return false;
    const groupUuid = await studioGroupOfImport(temporal, key);
    return groupUuid !== undefined && visibleGroups.includes(groupUuid);
  }
  if (kind === 'settlement') {
    // Staff of the settlement's studio group only (and operators); the record names the group.
    if (auth.role === 'trainer' || !/^[0-9a-f-]{36}$/i.test(key)) return false;
    const settlement = await requestEntityManager().findOne(Settlement, { uuid: key }, { populate: ['studioGroup'] });
    return settlement !== null && visibleGroups.includes(settlement.studioGroup.uuid);
  }
  return false;
}

/**
 * socket.io: sockets authenticate on connect with the same user uuid and API key as the REST calls,
 * join their user room, and join run rooms after a permission check. Every event of the PostgreSQL
 * feed is emitted to the room named by its topic, so all api replicas deliver the same events.
 * A socket lives only as long as its session: each joins its session's room, a revoked session
 * (log-out, password change, deletion) is announced on the feed and every replica closes the
 * session's sockets, and a join is refused once the session is gone (should that news be lost).
 */
export function attachSocketServer({ httpServer, orm, temporal, feed }: { httpServer: http.Server; orm: MikroORM; temporal: Client; feed: EventFeed }) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    serveClient: false,
  });

  io.use(async (socket, next) => {
    const { user, apiKey } = (socket.handshake.auth ?? {}) as { user?: string; apiKey?: string };
    if (!user || !apiKey) return next(new Error('Please log in.'));
    const session = await findLiveSession(orm.em.fork(), user, apiKey);
    if (!session) return next(new Error('Your session has expired. Please log in again.'));
    socket.data.auth = authOfSession(session);
    next();
  });

  io.on('connection', (socket) => {
    void socket.join(`user:${socket.data.auth.userUuid}`);
    void socket.join(sessionTopic(socket.data.auth.sessionId));
    socket.on('join', (room, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      RequestContext.create(orm.em, async () => {
        if (!(await findLiveSessionById(requestEntityManager(), socket.data.auth.sessionId))) {
          reply({ ok: false, message: translate(socket.data.auth.locale, 'auth.sessionInvalid') });
          socket.disconnect(true);
          return;
        }
        const allowed = typeof room === 'string' && (await mayJoin(temporal, socket.data.auth, room));
        if (!allowed) return reply({ ok: false, message: translate(socket.data.auth.locale, 'import.mayNotFollow') });
        await socket.join(room);
        reply({ ok: true });
      }).catch(() => reply({ ok: false, message: 'Could not join.' }));
    });
    socket.on('leave', (room) => void socket.leave(room));
  });

  // A staff member removed from a group who keeps another: their sockets leave the rooms they may no longer follow.
  const leaveRoomsNoLongerAllowed = async (userRoom: string) => {
    for (const socket of await io.in(userRoom).fetchSockets()) {
      await RequestContext.create(orm.em, async () => {
        for (const room of socket.rooms) {
          if (room === socket.id || room === userRoom || room === sessionTopic(socket.data.auth.sessionId)) continue;
          if (!(await mayJoin(temporal, socket.data.auth, room))) socket.leave(room);
        }
      }).catch(() => socket.disconnect(true));
    }
  };

  const unsubscribe = feed.subscribeAll((feedEvent) => {
    if (feedEvent.event === SESSION_ENDED_EVENT) {
      io.in(feedEvent.topic).disconnectSockets(true);
      return;
    }
    if (feedEvent.event === STAFF_ACCESS_CHANGED_EVENT) {
      void leaveRoomsNoLongerAllowed(feedEvent.topic);
      return;
    }
    io.to(feedEvent.topic).emit(feedEvent.event as keyof ServerToClientEvents, feedEvent.data as never);
  });

  return {
    io,
    close: async () => {
      unsubscribe();
      await io.close();
    },
  };
}

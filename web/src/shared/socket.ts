import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/events';
import { getSession, onSessionChange } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// One connection per session for the whole app; pages join the rooms of the runs they show.
let socket: AppSocket | null = null;

function getSocket(): AppSocket | null {
  if (socket) return socket;
  const session = getSession();
  if (!session) return null;
  socket = io({ auth: { user: session.userUuid, apiKey: session.apiKey } });
  return socket;
}

// A new user (or a log-out) must not keep the previous user's connection and rooms.
onSessionChange(() => {
  socket?.disconnect();
  socket = null;
});

type RoomOptions<E extends keyof ServerToClientEvents> = {
  /** Room to join, e.g. `import:{uuid}`; null joins nothing. */
  room: string | null;
  event: E;
  onEvent: ServerToClientEvents[E];
  /** The server refused the room (not the caller's studio group, unknown run). */
  onJoinRefused?: (message: string | undefined) => void;
};

/** Joins a socket.io room while the component is mounted (again after every reconnect) and listens to one event. */
export function useSocketRoom<E extends keyof ServerToClientEvents>({ room, event, onEvent, onJoinRefused }: RoomOptions<E>) {
  const handleEvent = useEffectEvent((...args: Parameters<ServerToClientEvents[E]>) => {
    (onEvent as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args);
  });
  const handleRefused = useEffectEvent((message: string | undefined) => onJoinRefused?.(message));

  useEffect(() => {
    if (!room) return;
    const connection = getSocket();
    if (!connection) return;
    // Rooms do not survive a reconnect, so join on every `connect`, not once.
    const join = () =>
      connection.emit('join', room, (result) => {
        if (!result.ok) handleRefused(result.message);
      });
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => handleEvent(...args)) as ServerToClientEvents[E];
    connection.on('connect', join);
    // socket.io's typed `on` cannot narrow a generic event name; the listener matches `event` by construction.
    (connection.on as (name: E, fn: ServerToClientEvents[E]) => void)(event, listener);
    if (connection.connected) join();
    return () => {
      connection.off('connect', join);
      (connection.off as (name: E, fn: ServerToClientEvents[E]) => void)(event, listener);
      if (connection.connected) connection.emit('leave', room);
    };
  }, [room, event]);
}

/**
 * Listens to one event of the rooms the socket is in already (the user's own `user:{uuid}` room,
 * joined by the server on connect) while the component is mounted; joins and leaves nothing.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, onEvent: ServerToClientEvents[E]) {
  const handleEvent = useEffectEvent((...args: Parameters<ServerToClientEvents[E]>) => {
    (onEvent as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args);
  });
  useEffect(() => {
    const connection = getSocket();
    if (!connection) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => handleEvent(...args)) as ServerToClientEvents[E];
    (connection.on as (name: E, fn: ServerToClientEvents[E]) => void)(event, listener);
    return () => {
      (connection.off as (name: E, fn: ServerToClientEvents[E]) => void)(event, listener);
    };
  }, [event]);
}

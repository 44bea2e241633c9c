import type { TImportStreamMessage } from './import.contract';

/**
 * Every socket.io event the server emits, by name. Rooms: `user:{userUuid}`, `import:{importUuid}`,
 * `studio-group:{studioGroupUuid}`. Clients join run rooms with `join` after connecting.
 */
export type ServerToClientEvents = {
  'import:message': (message: TImportStreamMessage) => void;
};

export type ClientToServerEvents = {
  /** Join a room the user may see; the ack answers whether it was allowed. */
  join: (room: string, ack: (result: { ok: boolean; message?: string }) => void) => void;
  leave: (room: string) => void;
};

export const importRoom = (importUuid: string) => `import:${importUuid}`;
export const studioGroupRoom = (studioGroupUuid: string) => `studio-group:${studioGroupUuid}`;

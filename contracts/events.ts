import type { TImportStreamMessage } from './import.contract';
import type { TSettlementApproveAllEvent, TSettlementLogEvent, TSettlementProgressEvent, TSettlementStateEvent } from './settlement.contract';
import type { TOutboxChangedEvent } from './outbox.contract';
import type { TGroupExportChangedEvent } from './group-export.contract';
import type { TBankFileProgressEvent } from './payouts.contract';
import type { TSettlementCommentEvent, TSettlementSendEvent } from './review.contract';

/**
 * Every socket.io event the server emits, by name. Rooms: `user:{userUuid}`, `import:{importUuid}`,
 * `studio-group:{studioGroupUuid}`. Clients join run rooms with `join` after connecting.
 */
export type ServerToClientEvents = {
  'import:message': (message: TImportStreamMessage) => void;
  /** Room `settlement:{settlementUuid}`: preparation progress, log rows, status/lines changed. */
  'settlement:progress': (event: TSettlementProgressEvent) => void;
  'settlement:log': (event: TSettlementLogEvent) => void;
  /** Room `settlement:{settlementUuid}`: progress of the preview check's 'Approve all'. */
  'settlement:approve-all': (event: TSettlementApproveAllEvent) => void;
  'settlement:state': (event: TSettlementStateEvent) => void;
  /** Rooms `settlement:{settlementUuid}` and the trainer's `user:{userUuid}`: a review comment was added. */
  'settlement:comment': (event: TSettlementCommentEvent) => void;
  /** Room `settlement:{settlementUuid}`: a message of a sending (previews, credit notes), as the send stream has it. */
  'settlement:send': (event: TSettlementSendEvent) => void;
  /** Room `user:{userUuid}`: the trainer's notifications changed (the bell refetches). */
  'notification:changed': (event: { userUuid: string }) => void;
  /** Room `studio-group:{studioGroupUuid}`: an e-mail of the group was recorded or sent (the Outbox page refetches). */
  'outbox:changed': (event: TOutboxChangedEvent) => void;
  /** Room `studio-group:{studioGroupUuid}`: an export of the whole group moved on (the export page refetches). */
  'group-export:changed': (event: TGroupExportChangedEvent) => void;
  /** Room `studio-group:{studioGroupUuid}`: a bank file's state or reading progress changed (payouts). */
  'payouts:bank-file': (event: TBankFileProgressEvent) => void;
};

export type ClientToServerEvents = {
  /** Join a room the user may see; the ack answers whether it was allowed. */
  join: (room: string, ack: (result: { ok: boolean; message?: string }) => void) => void;
  leave: (room: string) => void;
};

export const importRoom = (importUuid: string) => `import:${importUuid}`;
export { settlementRoom } from './settlement.contract';
export const studioGroupRoom = (studioGroupUuid: string) => `studio-group:${studioGroupUuid}`;

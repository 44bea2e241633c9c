import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import {
  ZCancelImportResponse,
  ZEnqueueImportResponse,
  ZImportQueueStatusResponse,
  type IMPORT_QUEUE_TYPES,
} from '../../../../contracts/import-queue.contract';
import { apiRequest } from '../../shared/api/client';

// The three calls of the data import queue (spec 7 "Preview check").

export type ImportQueueType = (typeof IMPORT_QUEUE_TYPES)[number];

const groupPath = (group: TStudioGroupRef) => `/api/v1/${encodeURIComponent(group.uuid)}`;

/** POST /import/queue: recalculate the billing (or a location's data and then the billing) of a settlement. */
export function enqueueImport({
  group,
  importType,
  settlementUuid,
  month,
  studioUuid,
  userUuid,
}: {
  group: TStudioGroupRef;
  importType: ImportQueueType;
  settlementUuid: string;
  month: string | null;
  studioUuid?: string | null;
  userUuid?: string;
}) {
  return apiRequest(`${groupPath(group)}/import/queue`, {
    method: 'POST',
    body: {
      importType,
      ...(userUuid ? { userUuid } : {}),
      parameters: {
        studioGroupUuid: group.uuid,
        settlementUuid,
        idMandant: group.mandantId,
        idStudioGroup: group.id,
        apiSlug: group.apiSlug,
        ...(month ? { settlementMonth: month } : {}),
        ...(studioUuid ? { studioUuid } : {}),
      },
    },
    schema: ZEnqueueImportResponse,
  });
}

/** GET /import/queue/status/uuid/{queueUuid}: status, position, total, estimated wait (polled every 15 s). */
export function fetchImportQueueStatus(group: TStudioGroupRef, queueUuid: string, signal?: AbortSignal) {
  return apiRequest(`${groupPath(group)}/import/queue/status/uuid/${encodeURIComponent(queueUuid)}`, { schema: ZImportQueueStatusResponse, signal });
}

/** DELETE /import/queue/cancel/uuid/{queueUuid}. */
export function cancelImport(group: TStudioGroupRef, queueUuid: string) {
  return apiRequest(`${groupPath(group)}/import/queue/cancel/uuid/${encodeURIComponent(queueUuid)}`, { method: 'DELETE', schema: ZCancelImportResponse });
}

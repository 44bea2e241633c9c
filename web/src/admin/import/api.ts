import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { ZCancelImportResponse, ZEnqueueImportResponse, ZImportQueueStatusResponse, type IMPORT_QUEUE_TYPES } from '../../../../contracts/import-queue.contract';
import {
  ZImportLogEntry,
  ZImportStreamMessage,
  type TImportStreamMessage,
  type TOnDemandImportRequest,
} from '../../../../contracts/import.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { readStream } from '../../shared/streams/read-stream';

export const importLogQueryKeys = queryKeysFactory('import-log');

type ImportLogParams = { sourceSystem: string | undefined; studioGroupId: number | undefined };

/** GET /api/{sourceSystem}/import/log/{studioGroupId}: the import log, newest first (spec 2.15). */
export function useImportLog({ sourceSystem, studioGroupId }: ImportLogParams) {
  return useQuery({
    queryKey: importLogQueryKeys.list({ sourceSystem, studioGroupId }),
    queryFn: ({ signal }) =>
      apiRequest(`/api/${encodeURIComponent(sourceSystem ?? '')}/import/log/${studioGroupId}`, {
        schema: z.array(ZImportLogEntry),
        signal,
      }),
    enabled: Boolean(sourceSystem) && studioGroupId !== undefined,
    // An import that just finished must show up when the dashboard opens (spec 9: redirect after 2 s).
    refetchOnMount: 'always',
  });
}

export type ImportMode = 'import' | 'update';

type StartImportParams = {
  studioGroupUuid: string;
  sourceSystem: string;
  mode: ImportMode;
  body: TOnDemandImportRequest;
  onMessage: (message: TImportStreamMessage) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/v1/{g}/{sourceSystem}/import/classes/ondemand (or /update/classes/ondemand): starts the
 * import and reads its newline-delimited JSON answer to the end. Rejects with the server's message
 * when the import is refused (4xx); lines that do not match the contract are skipped (spec 8).
 */
export async function startOnDemandImport({ studioGroupUuid, sourceSystem, mode, body, onMessage, signal }: StartImportParams) {
  const path = `/api/v1/${encodeURIComponent(studioGroupUuid)}/${encodeURIComponent(sourceSystem)}/${mode}/classes/ondemand`;
  await readStream({ path, body, schema: ZImportStreamMessage, onMessage, signal });
}

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

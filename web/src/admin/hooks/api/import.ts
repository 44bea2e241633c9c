import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZImportLogEntry,
  ZImportStreamMessage,
  type TImportStreamMessage,
  type TOnDemandImportRequest,
} from '../../../../../contracts/import.contract';
import { apiRequest } from '../../../shared/api/client';
import { queryKeysFactory } from '../../../shared/api/query-keys';
import { readStream } from '../../../shared/streams/read-stream';

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

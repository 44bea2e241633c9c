import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studioGroupRoom } from '../../../../contracts/events';
import { ZGroupExport, ZGroupExportList } from '../../../../contracts/group-export.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { useSocketRoom } from '../../shared/socket';

// One hook per call of api/routes/group-export, on one query-key factory scoped by studio group.

export const groupExportQueryKeys = queryKeysFactory('group-export');

const base = (studioGroupUuid: string) => `/api/v1/${encodeURIComponent(studioGroupUuid)}`;

/** GET /api/v1/{g}/exports */
export function useGroupExports(studioGroupUuid: string) {
  return useQuery({
    queryKey: groupExportQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/exports`, { schema: ZGroupExportList, signal }),
  });
}

/** POST /api/v1/{g}/export: starts one, or answers the one that runs. */
export function useStartGroupExport(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${base(studioGroupUuid)}/export`, { method: 'POST', body: {}, schema: ZGroupExport }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupExportQueryKeys.all }),
  });
}

/** The ZIP by a signed link (a download the browser opens carries no headers). */
export const downloadGroupExport = (studioGroupUuid: string, path: string) => openSignedDownload({ signCall: signCallOf({ studioGroupUuid }), path });

/** Live progress: the group's room says when an export moved on, and the list is read again. */
export function useGroupExportLiveUpdates(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  useSocketRoom({
    room: studioGroupRoom(studioGroupUuid),
    event: 'group-export:changed',
    onEvent: (event) => {
      if (event.studioGroupUuid !== studioGroupUuid) return;
      void queryClient.invalidateQueries({ queryKey: groupExportQueryKeys.all });
    },
  });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { studioGroupRoom } from '../../../../contracts/events';
import { ZOutboxEmailDetail, ZOutboxList, type TOutboxStatus } from '../../../../contracts/outbox.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { useSocketRoom } from '../../shared/socket';

// One hook per call of api/routes/outbox, on one query-key factory scoped by studio group.

export const outboxQueryKeys = queryKeysFactory('outbox');

const base = (studioGroupUuid: string) => `/api/v1/${encodeURIComponent(studioGroupUuid)}/outbox`;

/** GET /api/v1/{g}/outbox?status= */
export function useOutbox(studioGroupUuid: string, status: TOutboxStatus | null) {
  return useQuery({
    queryKey: outboxQueryKeys.list({ studioGroupUuid, status }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}${status ? `?status=${status}` : ''}`, { schema: ZOutboxList, signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/v1/{g}/outbox/{uuid} */
export function useOutboxEmail(studioGroupUuid: string, uuid: string | null) {
  return useQuery({
    queryKey: [...outboxQueryKeys.detail(uuid ?? ''), studioGroupUuid],
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/${encodeURIComponent(uuid!)}`, { schema: ZOutboxEmailDetail, signal }),
    enabled: uuid !== null,
  });
}

/** A burst of e-mails (a preview to every trainer) becomes one refetch. */
const INVALIDATE_AFTER_MS = 300;

/** Keeps the Outbox page fresh while it is open: the room of the studio group says when an e-mail was recorded or sent. */
export function useOutboxLiveUpdates(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useSocketRoom({
    room: studioGroupRoom(studioGroupUuid),
    event: 'outbox:changed',
    onEvent: (event) => {
      if (event.studioGroupUuid !== studioGroupUuid) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: outboxQueryKeys.all }), INVALIDATE_AFTER_MS);
    },
  });
}

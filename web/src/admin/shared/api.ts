import { useQuery } from '@tanstack/react-query';
import { ZStudioGroupDetail } from '../../../../contracts/studio-group.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';

export { ZStudioGroupDetail, type TStudioGroupDetail } from '../../../../contracts/studio-group.contract';

export const studioGroupQueryKeys = queryKeysFactory('studio-group');

/** The studio group's trainers: master data edits them, the trainer overview merges and links them. */
export const trainerQueryKeys = queryKeysFactory('trainer');

export function useStudioGroup(studioGroupUuid: string | undefined) {
  return useQuery({
    queryKey: studioGroupQueryKeys.detail(studioGroupUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/${encodeURIComponent(studioGroupUuid ?? '')}/studio-group`, { schema: ZStudioGroupDetail, signal }),
    enabled: Boolean(studioGroupUuid),
    staleTime: 5 * 60_000, // the source system of a group changes rarely
  });
}

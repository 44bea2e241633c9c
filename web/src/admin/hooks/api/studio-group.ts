import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZStudioGroupRef } from '../../../../../api/contracts/auth.contract';
import { apiRequest } from '../../../shared/api/client';
import { queryKeysFactory } from '../../../shared/api/query-keys';

// GET /api/v1/{g}/studio-group. No contract for it in api/contracts yet, so the answer's shape is
// stated here from the log-in contract's studio group plus the two fields this screen needs.
export const ZStudioGroupDetail = ZStudioGroupRef.extend({
  companyName: z.string().nullish(),
  /** Path segment of the import calls: which studio-management system the group's classes come from. */
  sourceSystem: z.string(),
});
export type TStudioGroupDetail = z.infer<typeof ZStudioGroupDetail>;

export const studioGroupQueryKeys = queryKeysFactory('studio-group');

export function useStudioGroup(studioGroupUuid: string | undefined) {
  return useQuery({
    queryKey: studioGroupQueryKeys.detail(studioGroupUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/${encodeURIComponent(studioGroupUuid ?? '')}/studio-group`, { schema: ZStudioGroupDetail, signal }),
    enabled: Boolean(studioGroupUuid),
    staleTime: 5 * 60_000, // the source system of a group changes rarely
  });
}

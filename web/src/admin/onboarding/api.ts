import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZContactRequest } from '../../../../contracts/contact.contract';
import {
  ZAuditLog,
  ZOperatorStudioGroup,
  ZOperatorStudioGroupList,
  ZOperatorStudioGroupSaved,
  type TCreateStudioGroupValues,
  type TUpdateStudioGroupValues,
} from '../../../../contracts/onboarding.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';

// One hook per call of api/routes/onboarding/onboarding.router.ts (operators only), and the contact
// request a new group is created from.

export const studioGroupKeys = queryKeysFactory('operator-studio-groups');
export const auditLogKeys = queryKeysFactory('operator-audit-log');

const groupPath = (uuid: string) => `/api/operator/studio-groups/${encodeURIComponent(uuid)}`;

/** GET /api/operator/studio-groups */
export function useStudioGroups() {
  return useQuery({
    queryKey: studioGroupKeys.lists(),
    queryFn: ({ signal }) => apiRequest('/api/operator/studio-groups', { schema: ZOperatorStudioGroupList, signal }),
  });
}

/** GET /api/operator/studio-groups/{uuid} */
export function useStudioGroup(uuid: string) {
  return useQuery({
    queryKey: studioGroupKeys.detail(uuid),
    queryFn: ({ signal }) => apiRequest(groupPath(uuid), { schema: ZOperatorStudioGroup, signal }),
  });
}

/** GET /api/ops/contact-requests/{uuid}: the request a new group is prefilled from. */
export function useContactRequest(uuid: string | null) {
  return useQuery({
    queryKey: ['contact-requests', 'detail', uuid],
    queryFn: ({ signal }) => apiRequest(`/api/ops/contact-requests/${encodeURIComponent(uuid!)}`, { schema: ZContactRequest, signal }),
    enabled: uuid !== null,
  });
}

/** After any change: the lists, this group and the audit log again (and the contact requests a creation handled). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studioGroupKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['contact-requests'] }),
    ]);
}

/** POST /api/operator/studio-groups */
export function useCreateStudioGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (values: TCreateStudioGroupValues) => apiRequest('/api/operator/studio-groups', { method: 'POST', body: values, schema: ZOperatorStudioGroupSaved }),
    onSuccess: invalidate,
  });
}

/** PUT /api/operator/studio-groups/{uuid} */
export function useUpdateStudioGroup(uuid: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (values: TUpdateStudioGroupValues) => apiRequest(groupPath(uuid), { method: 'PUT', body: values, schema: ZOperatorStudioGroupSaved }),
    onSuccess: invalidate,
  });
}

export type StateChange = { action: 'live' } | { action: 'suspend'; reason: string } | { action: 'reactivate' };

/** POST …/live, …/suspend, …/reactivate */
export function useChangeStudioGroupState(uuid: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (change: StateChange) =>
      apiRequest(`${groupPath(uuid)}/${change.action}`, { method: 'POST', body: change.action === 'suspend' ? { reason: change.reason } : undefined, schema: ZOperatorStudioGroupSaved }),
    onSuccess: invalidate,
  });
}

/** GET /api/operator/audit-log?studioGroupUuid= */
export function useAuditLog(studioGroupUuid: string) {
  return useQuery({
    queryKey: auditLogKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`/api/operator/audit-log?studioGroupUuid=${encodeURIComponent(studioGroupUuid)}`, { schema: ZAuditLog, signal }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZStaffInvitationAccepted,
  ZStaffInvitationLinkInfo,
  ZStaffInvitationSaved,
  ZStaffList,
  ZStaffMemberSaved,
  type TStaffInvitationAcceptRequest,
  type TStaffInvitationRequest,
  type TStaffRole,
} from '../../../../contracts/staff.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { setSession } from '../../shared/session';

// One hook per call of api/routes/staff (the group's staff; the e-mailed invitation link).

export const staffQueryKeys = queryKeysFactory('staff');
const ZDone = z.object({ status: z.literal('success'), message: z.string() });

const base = (studioGroupUuid: string) => `/api/v1/${encodeURIComponent(studioGroupUuid)}/staff`;

/** GET /api/v1/{g}/staff */
export function useStaff(studioGroupUuid: string) {
  return useQuery({
    queryKey: staffQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(base(studioGroupUuid), { schema: ZStaffList, signal }),
  });
}

function useStaffMutation<Input, Output>(studioGroupUuid: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKeys.list({ studioGroupUuid }) }) });
}

/** POST /api/v1/{g}/staff/invitations */
export function useInviteStaff(studioGroupUuid: string) {
  return useStaffMutation(studioGroupUuid, (body: TStaffInvitationRequest) => apiRequest(`${base(studioGroupUuid)}/invitations`, { method: 'POST', body, schema: ZStaffInvitationSaved }));
}

/** DELETE /api/v1/{g}/staff/invitations/{invitationUuid} */
export function useWithdrawStaffInvitation(studioGroupUuid: string) {
  return useStaffMutation(studioGroupUuid, (invitationUuid: string) => apiRequest(`${base(studioGroupUuid)}/invitations/${encodeURIComponent(invitationUuid)}`, { method: 'DELETE', schema: ZDone }));
}

/** PUT /api/v1/{g}/staff/{userUuid} */
export function useChangeStaffRole(studioGroupUuid: string) {
  return useStaffMutation(studioGroupUuid, ({ userUuid, role }: { userUuid: string; role: TStaffRole }) =>
    apiRequest(`${base(studioGroupUuid)}/${encodeURIComponent(userUuid)}`, { method: 'PUT', body: { role }, schema: ZStaffMemberSaved }),
  );
}

/** DELETE /api/v1/{g}/staff/{userUuid} */
export function useRemoveStaffMember(studioGroupUuid: string) {
  return useStaffMutation(studioGroupUuid, (userUuid: string) => apiRequest(`${base(studioGroupUuid)}/${encodeURIComponent(userUuid)}`, { method: 'DELETE', schema: ZDone }));
}

const linkPath = (token: string) => `/api/staff-invitation/${encodeURIComponent(token)}`;

/** GET /api/staff-invitation/{token} (no log-in) */
export function useStaffInvitationLink(token: string) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) => apiRequest(linkPath(token), { schema: ZStaffInvitationLinkInfo, signal, auth: false }),
    retry: false,
  });
}

/** POST /api/staff-invitation/{token} (no log-in): the answer is a log-in. */
export function useAcceptStaffInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStaffInvitationAcceptRequest) => apiRequest(linkPath(token), { method: 'POST', body, schema: ZStaffInvitationAccepted, auth: false }),
    onSuccess: ({ status: _status, message: _message, ...session }) => {
      queryClient.clear();
      setSession(session);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvitationSignUpRequest, TPendingInvitation, TStudioGroupLinkRequest } from '../../../../contracts/account-links.contract';
import { apiRequest } from '../api/client';
import { queryKeysFactory } from '../api/query-keys';
import { getSession, setSession, useSession } from '../session';

// One hook per call of api/routes/account-links: the e-mailed links (no log-in), the
// trainer's invitations, connections, confirmation and referral code, the admin's invitation card and
// the group's logo. The trainer portal's frame lists the pending invitations on every screen: that
// answer is typed, not parsed, so the first screen loads no zod; every other call loads its contract
// with the call (docs/decisions/0145).

const contract = () => import('../../../../contracts/account-links.contract');
const ZSuccess = async () => (await import('./answers')).ZSuccess;
export const invitationQueryKeys = queryKeysFactory('account-invitations');
export const logoQueryKeys = queryKeysFactory('studio-group-logo');

/** The session's studio groups after a connection changed (the sidebar lists them). */
export async function refreshSession() {
  const session = getSession();
  if (!session) return;
  const me = await apiRequest('/api/me', { schema: async () => (await import('../../../../contracts/auth.contract')).ZMeResponse });
  setSession({ ...session, ...me });
}

// --- links (no log-in) ----------------------------------------------------------------------------

export function useInvitationLink(token: string) {
  return useQuery({
    queryKey: ['invitation-link', token],
    queryFn: ({ signal }) => apiRequest('/api/account-links/invitation', { method: 'POST', body: { token }, schema: async () => (await contract()).ZInvitationLinkInfo, auth: false, signal }),
    retry: false,
  });
}

export function useSignUpFromInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInvitationSignUpRequest) => apiRequest('/api/account-links/invitation/sign-up', { method: 'POST', body, schema: async () => (await contract()).ZInvitationSignUpAnswer, auth: false }),
    onSuccess: ({ status: _status, message: _message, ...session }) => {
      queryClient.clear();
      setSession(session);
    },
  });
}

export const useDeclineInvitationLink = () =>
  useMutation({ mutationFn: (token: string) => apiRequest('/api/account-links/invitation/decline', { method: 'POST', body: { token }, schema: ZSuccess, auth: false }) });

export const useConfirmEmail = () =>
  useMutation({ mutationFn: (token: string) => apiRequest('/api/account-links/email-confirmation', { method: 'POST', body: { token }, schema: ZSuccess, auth: false }) });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => apiRequest('/api/password/forgot', { method: 'POST', body: { email }, schema: ZSuccess, auth: false }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => apiRequest('/api/password/reset', { method: 'POST', body, schema: ZSuccess, auth: false }) });

// --- trainer --------------------------------------------------------------------------------------

const userOf = () => encodeURIComponent(getSession()?.userUuid ?? '');

/** GET /api/v2/trainer_account/invitations/{user} */
export function usePendingInvitations() {
  const session = useSession();
  return useQuery({
    queryKey: invitationQueryKeys.list({ user: session?.userUuid ?? '' }),
    queryFn: ({ signal }) => apiRequest<TPendingInvitation[]>(`/api/v2/trainer_account/invitations/${userOf()}`, { signal }),
    enabled: session?.role === 'trainer',
  });
}

/** Accept (POST /api/v2/trainer_account_to_studio_groups) or decline an invitation; both refresh the lists. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accept, ...body }: TStudioGroupLinkRequest & { accept: boolean }) => {
      const answer = accept
        ? // As the spec sends it: application/ld+json.
          await apiRequest('/api/v2/trainer_account_to_studio_groups', { method: 'POST', body: JSON.stringify(body), contentType: 'application/ld+json', schema: async () => (await contract()).ZStudioGroupLinkAnswer })
        : await apiRequest('/api/v2/trainer_account/invitations/decline', { method: 'POST', body, schema: ZSuccess });
      if (accept) await refreshSession();
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** DELETE /api/v2/trainer_account/studio_group_connection */
export function useDeleteStudioConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studioGroupUuid: string) =>
      apiRequest('/api/v2/trainer_account/studio_group_connection', {
        method: 'DELETE',
        body: { trainerUuid: getSession()?.userUuid ?? '', studioGroupUuid },
        schema: ZSuccess,
      }),
    // The studio page leaves first (see StudioGroupHeader); then the session's groups (the sidebar) and the lists.
    onSuccess: () => {
      window.setTimeout(() => void refreshSession().then(() => queryClient.invalidateQueries()), 0);
    },
  });
}

/** GET /api/v2/trainer_account/email-verification/{user} */
export const useResendConfirmation = () =>
  useMutation({ mutationFn: () => apiRequest(`/api/v2/trainer_account/email-verification/${userOf()}`, { schema: async () => (await contract()).ZEmailVerificationAnswer }) });

/** GET /api/v2/trainer_account/recommendation/{user} */
export function useRecommendation() {
  const session = useSession();
  return useQuery({
    queryKey: ['recommendation', session?.userUuid ?? ''],
    queryFn: ({ signal }) => apiRequest(`/api/v2/trainer_account/recommendation/${userOf()}`, { schema: async () => (await contract()).ZRecommendation, signal }),
    enabled: Boolean(session),
  });
}

// --- admin ----------------------------------------------------------------------------------------

export function useTrainerInvitation(studioGroupUuid: string, trainerId: number) {
  return useQuery({
    queryKey: invitationQueryKeys.detail(`${studioGroupUuid}:${trainerId}`),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${studioGroupUuid}/trainers/${trainerId}/invitation`, { schema: async () => (await contract()).ZTrainerInvitation, signal }),
  });
}

/** Invite (with an e-mail), resend or revoke; the answer is the new state. */
export function useChangeTrainerInvitation(studioGroupUuid: string, trainerId: number) {
  const queryClient = useQueryClient();
  const base = `/api/v1/${studioGroupUuid}/trainers/${trainerId}/invitation`;
  return useMutation({
    mutationFn: (change: { action: 'invite'; email: string } | { action: 'resend' } | { action: 'revoke' }) =>
      change.action === 'invite'
        ? apiRequest(base, { method: 'POST', body: { email: change.email }, schema: async () => (await contract()).ZTrainerInvitationSaved })
        : change.action === 'resend'
          ? apiRequest(`${base}/resend`, { method: 'POST', schema: async () => (await contract()).ZTrainerInvitationSaved })
          : apiRequest(base, { method: 'DELETE', schema: async () => (await contract()).ZTrainerInvitationSaved }),
    onSuccess: (saved) => queryClient.setQueryData(invitationQueryKeys.detail(`${studioGroupUuid}:${trainerId}`), saved.invitation),
  });
}

export function useStudioGroupLogo(studioGroupUuid: string) {
  return useQuery({
    queryKey: logoQueryKeys.detail(studioGroupUuid),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${studioGroupUuid}/settings/logo`, { schema: async () => (await contract()).ZLogoState, signal }),
  });
}

export function useChangeStudioGroupLogo(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contentBase64: string | null) =>
      contentBase64 === null
        ? apiRequest(`/api/v1/${studioGroupUuid}/settings/logo`, { method: 'DELETE', schema: async () => (await contract()).ZLogoSaved })
        : apiRequest(`/api/v1/${studioGroupUuid}/settings/logo`, { method: 'PUT', body: { contentBase64 }, schema: async () => (await contract()).ZLogoSaved }),
    onSuccess: ({ studioGroupLogoPath, studioGroupLogoUploaded }) => queryClient.setQueryData(logoQueryKeys.detail(studioGroupUuid), { studioGroupLogoPath, studioGroupLogoUploaded }),
  });
}

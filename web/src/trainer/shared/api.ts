import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TConnectedStudioGroup,
  TDeleteAccountRequest,
  TTrainerAccount,
  TTrainerAccountPatchValues,
} from '../../../../contracts/trainer-account.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session';

// One hook per endpoint of api/routes/trainer-account; `{user}` is the signed-in trainer's uuid.
// The portal's frame and first screen read the account and the connected groups: those answers are
// typed, not parsed, so the first screen loads no zod; the other calls load their contract with the
// call (docs/decisions/0145).
const contract = () => import('../../../../contracts/trainer-account.contract');

export const trainerAccountQueryKeys = queryKeysFactory('trainer-account');
export const connectedStudioGroupQueryKeys = queryKeysFactory('trainer-studio-groups');

const userOf = (session: ReturnType<typeof useSession>) => encodeURIComponent(session?.userUuid ?? '');

/** GET /api/v2/trainer_accounts/{user} */
export function useTrainerAccount() {
  const session = useSession();
  return useQuery({
    queryKey: trainerAccountQueryKeys.detail(session?.userUuid ?? ''),
    queryFn: ({ signal }) => apiRequest<TTrainerAccount>(`/api/v2/trainer_accounts/${userOf(session)}`, { signal }),
    enabled: Boolean(session),
  });
}

/** PATCH /api/v2/trainer_accounts/{user} (merge-patch of one tab's fields, already validated by the tab's schema) */
export function useUpdateTrainerAccount() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TTrainerAccountPatchValues>) =>
      apiRequest(`/api/v2/trainer_accounts/${userOf(session)}`, { method: 'PATCH', body, schema: async () => (await contract()).ZTrainerAccountSaved }),
    onSuccess: (saved) => {
      queryClient.setQueryData(trainerAccountQueryKeys.detail(session?.userUuid ?? ''), saved.account);
    },
  });
}

/** GET /api/v2/trainer_account_to_studio_groups_dto/{user} */
export function useConnectedStudioGroups() {
  const session = useSession();
  return useQuery({
    queryKey: connectedStudioGroupQueryKeys.list({ user: session?.userUuid ?? '' }),
    queryFn: ({ signal }) =>
      apiRequest<TConnectedStudioGroup[]>(`/api/v2/trainer_account_to_studio_groups_dto/${userOf(session)}`, { signal }),
    enabled: Boolean(session),
  });
}

/** GET /api/v2/trainer_account/delete/get-token: fetched when the delete dialog opens. */
export function useDeleteAccountToken({ enabled }: { enabled: boolean }) {
  const session = useSession();
  return useQuery({
    queryKey: trainerAccountQueryKeys.detail(`delete-token:${session?.userUuid ?? ''}`),
    queryFn: ({ signal }) => apiRequest('/api/v2/trainer_account/delete/get-token', { schema: async () => (await contract()).ZDeleteAccountToken, signal }),
    enabled: enabled && Boolean(session),
    // A token is short-lived and single-purpose: a fresh one each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/v2/trainer_account/delete-account {token, currentPassword} */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: TDeleteAccountRequest) => apiRequest('/api/v2/trainer_account/delete-account', { method: 'POST', body, schema: async () => (await contract()).ZDeleteAccountAnswer }),
  });
}

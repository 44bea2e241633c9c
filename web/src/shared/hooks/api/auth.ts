import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest } from '../../../../../contracts/auth.contract';
import { apiRequest } from '../../api/client';
import { loadNotifications } from '../../components/LazyNotifications';
import { clearSession, setSession } from '../../session';

/** POST /api/login → the session (user uuid, API key, role, locale, name, studio groups). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // The contract (zod) loads with the call, and the toasts' container for the welcome: the log-in
    // page's first load does without them.
    mutationFn: async (body: TLoginRequest) => {
      const [{ ZLoginResponse }] = await Promise.all([import('../../../../../contracts/auth.contract'), loadNotifications()]);
      return apiRequest('/api/login', { method: 'POST', body, schema: ZLoginResponse, auth: false });
    },
    onSuccess: (session) => {
      queryClient.clear(); // nothing cached for a previous user may show up for this one
      setSession(session);
    },
  });
}

/** POST /api/logout revokes the key; the session is cleared even when the server cannot be reached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}

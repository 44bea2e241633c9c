import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZContactRequest, ZContactRequestList, type CONTACT_REQUEST_FILTERS } from '../../../../contracts/contact.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';

// One hook per call of api/routes/contact/contact-requests.router.ts (operators only).

export type ContactRequestFilter = (typeof CONTACT_REQUEST_FILTERS)[number];
export const contactRequestKeys = queryKeysFactory('contact-requests');

/** GET /api/ops/contact-requests?status= */
export function useContactRequests(status: ContactRequestFilter) {
  return useQuery({
    queryKey: contactRequestKeys.list({ status }),
    queryFn: ({ signal }) => apiRequest(`/api/ops/contact-requests?status=${status}`, { schema: ZContactRequestList, signal }),
    placeholderData: (previous) => previous,
  });
}

/** POST /api/ops/contact-requests/{uuid}/handled */
export function useMarkContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, handled }: { uuid: string; handled: boolean }) =>
      apiRequest(`/api/ops/contact-requests/${encodeURIComponent(uuid)}/handled`, { method: 'POST', body: { handled }, schema: ZContactRequest }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactRequestKeys.all }),
  });
}

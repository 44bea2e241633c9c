import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCreditNoteObjectionAnswer,
  ZSelfBillingConsent,
  ZSelfBillingConsentAnswer,
  ZTrainerIssuedCreditNotesResponse,
} from '../../../../contracts/credit-note-list.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session';

// The trainer's issued credit notes, self-billing consent and objections in one studio group
// (contracts/credit-note-list.contract.ts).

export const issuedCreditNoteQueryKeys = queryKeysFactory('trainer-issued-credit-note');
export const selfBillingConsentQueryKeys = queryKeysFactory('trainer-self-billing-consent');

const basePath = (studioGroupUuid: string, userUuid: string) => `/api/v2/${studioGroupUuid}/trainer-account/${userUuid}`;

export function useIssuedCreditNotes(studioGroupUuid: string) {
  const session = useSession();
  const userUuid = session?.userUuid ?? '';
  return useQuery({
    queryKey: issuedCreditNoteQueryKeys.list({ studioGroupUuid, userUuid }),
    queryFn: ({ signal }) => apiRequest(`${basePath(studioGroupUuid, userUuid)}/credit-notes`, { schema: ZTrainerIssuedCreditNotesResponse, signal }),
    enabled: session?.role === 'trainer',
  });
}

export function useSelfBillingConsent(studioGroupUuid: string) {
  const session = useSession();
  const userUuid = session?.userUuid ?? '';
  return useQuery({
    queryKey: selfBillingConsentQueryKeys.detail(studioGroupUuid),
    queryFn: ({ signal }) => apiRequest(`${basePath(studioGroupUuid, userUuid)}/self-billing-consent`, { schema: ZSelfBillingConsent, signal }),
    enabled: session?.role === 'trainer',
  });
}

export function useGiveSelfBillingConsent(studioGroupUuid: string) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${basePath(studioGroupUuid, session?.userUuid ?? '')}/self-billing-consent`, { method: 'POST', schema: ZSelfBillingConsentAnswer }),
    onSuccess: (answer) => queryClient.setQueryData(selfBillingConsentQueryKeys.detail(studioGroupUuid), answer.consent),
  });
}

export function useObjectToCreditNote(studioGroupUuid: string) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creditNoteUuid, reason }: { creditNoteUuid: string; reason: string }) =>
      apiRequest(`${basePath(studioGroupUuid, session?.userUuid ?? '')}/credit-notes/${creditNoteUuid}/objection`, {
        method: 'POST',
        body: { reason },
        schema: ZCreditNoteObjectionAnswer,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issuedCreditNoteQueryKeys.lists() }),
  });
}

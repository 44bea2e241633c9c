import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { ZAdminCreditNotesResponse, ZSettlementRunsResponse } from '../../../../contracts/credit-note-list.contract';
import { ZStatusResponse } from '../../../../contracts/settlement.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';

// The admin's credit-note list (2.22), its objections and cancel command, and the settlement
// runs' accounting files (2.12).

export const adminCreditNoteQueryKeys = queryKeysFactory('admin-credit-note');
export const settlementRunQueryKeys = queryKeysFactory('settlement-run');

export function useAdminCreditNotes(group: TStudioGroupRef, { year }: { year: number }) {
  return useQuery({
    queryKey: adminCreditNoteQueryKeys.list({ group: group.uuid, year }),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${group.uuid}/credit-notes?year=${year}`, { schema: ZAdminCreditNotesResponse, signal }),
    placeholderData: (previous) => previous,
  });
}

/** The credit notes of one settlement month (the summary's 'Download credit note' needs each file's name). */
export function useMonthCreditNotes(group: TStudioGroupRef, month: string) {
  return useQuery({
    queryKey: adminCreditNoteQueryKeys.list({ group: group.uuid, month }),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${group.uuid}/credit-notes?month=${month}`, { schema: ZAdminCreditNotesResponse, signal }),
  });
}

export function useCancelCreditNote(group: TStudioGroupRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest(`/api/v1/${group.uuid}/credit-notes/${uuid}/cancel`, { method: 'POST', schema: ZStatusResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCreditNoteQueryKeys.lists() }),
  });
}

/** `enabled: false` while the settlement does not exist yet (a new wizard's uuid answers 404). */
export function useSettlementRuns(group: TStudioGroupRef, settlementUuid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settlementRunQueryKeys.list({ group: group.uuid, settlementUuid }),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${group.uuid}/settlement/${settlementUuid}/runs`, { schema: ZSettlementRunsResponse, signal }),
    enabled,
  });
}

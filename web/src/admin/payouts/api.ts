import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { ZErrorResponse } from '../../../../contracts/common.contract';
import { studioGroupRoom } from '../../../../contracts/events';
import {
  BANK_FILE_PROGRESS_EVENT,
  ZBankStatementAccepted,
  ZBankStatementDetail,
  ZBankStatementList,
  ZPayAgainResponse,
  ZPayoutList,
  type TBankFileProgressEvent,
  type TBankStatementAccepted,
  type TPayoutListQueryInput,
  type TPayoutStatus,
} from '../../../../contracts/payouts.contract';
import { ApiError, apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { fetchDownload } from '../../shared/downloads/fetch-download';
import { i18n } from '../../shared/i18n';
import { getSession } from '../../shared/session';
import { useSocketRoom } from '../../shared/socket';

// The Payouts screen's calls: the bank's files uploaded and read (with their live progress), the
// payouts and their CSV, 'pay again', and the demo groups' statement made from a run's payouts.

export const payoutQueryKeys = queryKeysFactory('payout');
export const bankFileQueryKeys = queryKeysFactory('bank-file');

const groupPath = (group: TStudioGroupRef) => `/api/v1/${encodeURIComponent(group.uuid)}`;

export type PayoutFilters = { status: TPayoutStatus | null; month: string | null; search: string };

function payoutQuery({ status, month, search }: PayoutFilters, extra: Partial<TPayoutListQueryInput> = {}): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (month) query.set('month', month);
  if (search.trim()) query.set('search', search.trim());
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /payouts: one page (the grid pages through it on the server's order: newest month, then trainer). */
export function usePayouts(group: TStudioGroupRef, filters: PayoutFilters, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: payoutQueryKeys.list({ group: group.uuid, status: filters.status, month: filters.month, search: filters.search.trim(), page, itemsPerPage }),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group)}/payouts${payoutQuery(filters, { page, itemsPerPage })}`, { schema: ZPayoutList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The open payouts (at most 500): the demo card offers their runs. */
export function useOpenPayouts(group: TStudioGroupRef, enabled: boolean) {
  return useQuery({
    queryKey: payoutQueryKeys.list({ group: group.uuid, status: 'open', demo: true }),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group)}/payouts?status=open&itemsPerPage=500`, { schema: ZPayoutList, signal }),
    enabled,
  });
}

/** GET /payouts.csv with the screen's filters, saved under the server's file name. */
export const downloadPayoutsCsv = (group: TStudioGroupRef, filters: PayoutFilters) => fetchDownload(`${groupPath(group)}/payouts.csv${payoutQuery(filters)}`);

export function useBankStatements(group: TStudioGroupRef) {
  return useQuery({
    queryKey: bankFileQueryKeys.list({ group: group.uuid }),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group)}/bank-statements`, { schema: ZBankStatementList, signal }),
  });
}

/** While the file is read, its record is re-read now and then too: the events say more, but a reconnected socket has missed some. */
const READING_POLL_MS = 3_000;

export function useBankStatement(group: TStudioGroupRef, bankFileUuid: string | null) {
  return useQuery({
    queryKey: bankFileQueryKeys.detail(bankFileUuid ?? ''),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group)}/bank-statement/${encodeURIComponent(bankFileUuid ?? '')}`, { schema: ZBankStatementDetail, signal }),
    enabled: Boolean(bankFileUuid),
    refetchInterval: (query) => (query.state.data?.state === 'stored' || query.state.data?.state === 'reading' ? READING_POLL_MS : false),
  });
}

/** POST /bank-statement as multipart (`file`): 202 with the bank file's uuid; refusals as ApiError with the server's message. */
async function uploadBankStatement(group: TStudioGroupRef, file: File): Promise<TBankStatementAccepted> {
  const session = getSession();
  const form = new FormData();
  form.set('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json', 'x-locale': i18n.language === 'de' ? 'de' : 'en' };
  if (session) {
    headers['x-user'] = session.userUuid;
    headers['x-api-key'] = session.apiKey;
  }
  let response: Response;
  try {
    response = await fetch(`${groupPath(group)}/bank-statement`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError({ status: 0, message: i18n.t('errors.network') });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ZErrorResponse.safeParse(payload);
    throw new ApiError({
      status: response.status,
      message: error.success ? error.data.message : i18n.t('errors.http', { status: response.status }),
      field: error.success ? error.data.field : undefined,
      payload,
    });
  }
  return ZBankStatementAccepted.parse(payload);
}

export function useUploadBankStatement(group: TStudioGroupRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadBankStatement(group, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankFileQueryKeys.all }),
  });
}

export function usePayAgain(group: TStudioGroupRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutUuids: string[]) => apiRequest(`${groupPath(group)}/payouts/pay-again`, { method: 'POST', body: { payoutUuids }, schema: ZPayAgainResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all }),
  });
}

/** GET /payouts/demo-statement: a camt.053 of a demo group's run, one payout of it returned, saved as a file. */
export const downloadDemoStatement = (group: TStudioGroupRef, settlementRunUuid: string) =>
  fetchDownload(`${groupPath(group)}/payouts/demo-statement?settlementRunUuid=${encodeURIComponent(settlementRunUuid)}`);

/** A burst of progress events becomes one refetch. */
const INVALIDATE_AFTER_MS = 300;

/**
 * Keeps the screen fresh while a bank file is read: the studio group's room says when a file's state
 * or progress changed; the latest event of each file is handed to the caller for the progress bar,
 * and the lists refetch (the payouts when a file is done).
 */
export function useBankFileLiveUpdates(group: TStudioGroupRef, onProgress: (event: TBankFileProgressEvent) => void) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useSocketRoom({
    room: studioGroupRoom(group.uuid),
    event: BANK_FILE_PROGRESS_EVENT,
    onEvent: (event) => {
      if (event.studioGroupUuid !== group.uuid) return;
      onProgress(event);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: bankFileQueryKeys.all });
        if (event.state === 'done' || event.state === 'failed') void queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
      }, INVALIDATE_AFTER_MS);
    },
  });
}

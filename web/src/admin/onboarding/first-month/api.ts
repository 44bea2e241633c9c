import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZErrorResponse } from '../../../../../contracts/common.contract';
import { ZBulkInvitationAnswer, ZFirstMonthChecklist, ZTrainerCsvImported, type TBulkInvitationRequest } from '../../../../../contracts/first-month.contract';
import { ApiError, apiRequest } from '../../../shared/api/client';
import { queryKeysFactory } from '../../../shared/api/query-keys';
import { i18n } from '../../../shared/i18n';
import { getSession } from '../../../shared/session';
import { trainerQueryKeys } from '../../shared/api';

// The first month's calls (api/routes/onboarding/first-month.router.ts): the checklist, the trainer
// CSV and the bulk invitation. Both changes refresh the checklist, which reads the group's real data.

export const firstMonthQueryKeys = queryKeysFactory('first-month');

const base = (studioGroupUuid: string) => `/api/v1/${encodeURIComponent(studioGroupUuid)}`;

/** GET /api/v1/{g}/first-month */
export function useFirstMonthChecklist(studioGroupUuid: string | undefined) {
  return useQuery({
    queryKey: firstMonthQueryKeys.detail(studioGroupUuid ?? ''),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid!)}/first-month`, { schema: ZFirstMonthChecklist, signal }),
    enabled: Boolean(studioGroupUuid),
    // The items are read from data other screens change (settings, rules, imports): fresh on every visit.
    refetchOnMount: 'always',
  });
}

/** The server's limit (MAX_TRAINER_CSV_BYTES): a larger file is refused here without sending it. */
export const MAX_TRAINER_CSV_BYTES = 1024 * 1024;

/** POST /api/v1/{g}/trainers/csv, multipart: a refusal carries every row's error in `payload.errors`. */
async function uploadTrainerCsv(studioGroupUuid: string, file: File) {
  const session = getSession();
  const form = new FormData();
  form.set('file', file, file.name);
  const locale = i18n.language === 'de' ? 'de' : 'en';
  let response: Response;
  try {
    response = await fetch(`${base(studioGroupUuid)}/trainers/csv`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-locale': locale, 'x-user': session?.userUuid ?? '', 'x-api-key': session?.apiKey ?? '' },
      body: form,
    });
  } catch {
    throw new ApiError({ status: 0, message: i18n.t('errors.network') });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ZErrorResponse.safeParse(payload);
    throw new ApiError({ status: response.status, message: error.success ? error.data.message : i18n.t('errors.http', { status: response.status }), field: error.success ? error.data.field : undefined, payload });
  }
  return ZTrainerCsvImported.parse(payload);
}

export function useUploadTrainerCsv(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadTrainerCsv(studioGroupUuid, file),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: firstMonthQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.all });
    },
  });
}

/** POST /api/v1/{g}/trainers/invitations */
export function useBulkInvitation(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkInvitationRequest) => apiRequest(`${base(studioGroupUuid)}/trainers/invitations`, { method: 'POST', body, schema: ZBulkInvitationAnswer }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: firstMonthQueryKeys.all }),
  });
}

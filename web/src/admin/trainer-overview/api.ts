import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminTrainerDetail,
  ZAdminTrainerList,
  ZAdminTrainerSaved,
  ZDataCheckResult,
  ZDataStatusResponse,
  ZTrainerMergeOptions,
  ZTrainerMergeResponse,
  type TDataCheckResult,
  type TTrainerAdminSettingsRequest,
  type TTrainerMergeRequest,
  type TTrainerReviewRequest,
} from '../../../../contracts/trainer-overview.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { i18n } from '../../shared/i18n';
import { getSession } from '../../shared/session';
import { trainerQueryKeys } from '../shared/api';

// One hook per call of api/routes/trainer-overview and api/routes/data-check.

export const adminTrainerQueryKeys = queryKeysFactory('admin-trainer');
export const dataCheckQueryKeys = queryKeysFactory('data-check');

const base = (studioGroupUuid: string) => `/api/v1/${encodeURIComponent(studioGroupUuid)}`;

/** GET /api/v1/{g}/trainer-overview */
export function useTrainerOverview(studioGroupUuid: string) {
  return useQuery({
    queryKey: adminTrainerQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/trainer-overview`, { schema: ZAdminTrainerList, signal }),
  });
}

/** GET /api/v1/{g}/trainer-overview/{trainerUuid} */
export function useAdminTrainer(studioGroupUuid: string, trainerUuid: string) {
  return useQuery({
    queryKey: [...adminTrainerQueryKeys.detail(trainerUuid), studioGroupUuid],
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/trainer-overview/${trainerUuid}`, { schema: ZAdminTrainerDetail, signal }),
  });
}

function useRefreshTrainers() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminTrainerQueryKeys.all }), queryClient.invalidateQueries({ queryKey: trainerQueryKeys.all })]);
}

/** PUT /api/v1/{g}/trainer-overview/{trainerUuid}/settings */
export function useSaveTrainerSettings(studioGroupUuid: string, trainerUuid: string) {
  const refresh = useRefreshTrainers();
  return useMutation({
    mutationFn: (body: TTrainerAdminSettingsRequest) => apiRequest(`${base(studioGroupUuid)}/trainer-overview/${trainerUuid}/settings`, { method: 'PUT', body, schema: ZAdminTrainerSaved }),
    onSuccess: refresh,
  });
}

/** POST /api/v1/{g}/trainer-overview/{trainerUuid}/review */
export function useReviewTrainer(studioGroupUuid: string, trainerUuid: string) {
  const refresh = useRefreshTrainers();
  return useMutation({
    mutationFn: (body: TTrainerReviewRequest) => apiRequest(`${base(studioGroupUuid)}/trainer-overview/${trainerUuid}/review`, { method: 'POST', body, schema: ZAdminTrainerSaved }),
    onSuccess: refresh,
  });
}

/** GET /api/v1/{g}/trainer/merge-options */
export function useMergeOptions(studioGroupUuid: string) {
  return useQuery({
    queryKey: adminTrainerQueryKeys.list({ studioGroupUuid, mergeOptions: true }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/trainer/merge-options`, { schema: ZTrainerMergeOptions, signal }),
  });
}

/** POST /api/v1/{g}/trainer/merge */
export function useMergeTrainers(studioGroupUuid: string) {
  const refresh = useRefreshTrainers();
  return useMutation({
    mutationFn: (body: TTrainerMergeRequest) => apiRequest(`${base(studioGroupUuid)}/trainer/merge`, { method: 'POST', body, schema: ZTrainerMergeResponse }),
    onSuccess: refresh,
  });
}

/** Spec 9: the data check's loading indicator lasts at least 500 ms. */
export const DATA_CHECK_MIN_LOADING_MS = 500;

/** GET /api/v1/{g}/data/status/{idStudioGroup}: the CSVIMPORTCHECKER string, parsed. */
export function useDataCheck(studioGroupUuid: string, idStudioGroup: number) {
  return useQuery({
    queryKey: dataCheckQueryKeys.detail(studioGroupUuid),
    queryFn: async ({ signal }): Promise<TDataCheckResult> => {
      const [answer] = await Promise.all([
        apiRequest(`${base(studioGroupUuid)}/data/status/${idStudioGroup}`, { schema: ZDataStatusResponse, signal }),
        new Promise((resolve) => setTimeout(resolve, DATA_CHECK_MIN_LOADING_MS)),
      ]);
      return ZDataCheckResult.parse(JSON.parse(answer.CSVIMPORTCHECKER));
    },
    retry: false,
  });
}

/** The file name of a content-disposition header (spec 7: default trainers_export.csv). */
export function fileNameOf(disposition: string | null, fallback = 'trainers_export.csv'): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/** POST /admin/trainer/export {trainersExport}: downloads the CSV under the server's file name. */
export async function exportTrainers(trainerUuids: string[]): Promise<void> {
  const session = getSession();
  const response = await fetch('/admin/trainer/export', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-locale': i18n.language === 'de' ? 'de' : 'en',
      ...(session ? { 'x-user': session.userUuid, 'x-api-key': session.apiKey } : {}),
    },
    body: JSON.stringify({ trainersExport: trainerUuids }),
  });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

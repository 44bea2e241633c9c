import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZErrorResponse } from '../../../../contracts/common.contract';
import {
  ZDocumentDeleteResponse,
  ZDocumentUploadResponse,
  ZTrainerDocumentsResponse,
  type TDocumentUploadResponse,
} from '../../../../contracts/documents.contract';
import { ApiError, apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { i18n } from '../../shared/i18n';
import { getSession, useSession } from '../../shared/session';

// The documents page's calls, exactly as trainer portal 2/7 names them: the page data
// under /api/v2, and the upload and delete form posts under /{locale}/trainer/document/….

export const trainerDocumentQueryKeys = queryKeysFactory('trainer-documents');

export function useTrainerDocuments(studioGroupUuid: string) {
  const session = useSession();
  const userUuid = session?.userUuid ?? '';
  return useQuery({
    queryKey: trainerDocumentQueryKeys.detail(studioGroupUuid),
    queryFn: ({ signal }) => apiRequest(`/api/v2/${studioGroupUuid}/trainer_account/documents/${userUuid}`, { schema: ZTrainerDocumentsResponse, signal }),
    enabled: session?.role === 'trainer',
  });
}

const language = () => (i18n.language === 'en' ? 'en' : 'de');

/** The multipart upload: the app's usual headers, the file in `file`; refusals as ApiError with the server's message. */
async function uploadDocument({ studioGroupUuid, categoryUuid, file }: { studioGroupUuid: string; categoryUuid: string; file: File }): Promise<TDocumentUploadResponse> {
  const session = getSession();
  const form = new FormData();
  form.set('filename', file.name);
  form.set('category', categoryUuid);
  form.set('studioGroupUuid', studioGroupUuid);
  form.set('userUuid', session?.userUuid ?? '');
  form.set('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/${language()}/trainer/document/upload/${studioGroupUuid}/${categoryUuid}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-locale': language(), 'x-user': session?.userUuid ?? '', 'x-api-key': session?.apiKey ?? '' },
      body: form,
    });
  } catch {
    throw new ApiError({ status: 0, message: i18n.t('errors.network') });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ZErrorResponse.safeParse(payload);
    throw new ApiError({ status: response.status, message: error.success ? error.data.message : i18n.t('errors.http', { status: response.status }), field: error.success ? error.data.field : undefined });
  }
  return ZDocumentUploadResponse.parse(payload);
}

export function useUploadDocument(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryUuid, file }: { categoryUuid: string; file: File }) => uploadDocument({ studioGroupUuid, categoryUuid, file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainerDocumentQueryKeys.detail(studioGroupUuid) }),
  });
}

export function useDeleteDocument(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (documentUuid: string) =>
      apiRequest(`/${language()}/trainer/document/delete/${documentUuid}`, { method: 'POST', body: { studioGroupUuid, userUuid: session?.userUuid }, schema: ZDocumentDeleteResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainerDocumentQueryKeys.detail(studioGroupUuid) }),
  });
}

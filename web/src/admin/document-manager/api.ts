import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZDocumentCategoryDeleted,
  ZDocumentCategoryList,
  ZDocumentCategorySaved,
  ZDocumentDecisionResponse,
  ZDocumentManagerTrainersResponse,
  type TApproveDocumentRequest,
  type TDocumentCategoryInput,
  type TRejectDocumentRequest,
} from '../../../../contracts/documents.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';

// The document manager's and the categories' calls (admin 2.18 / 7).

export const documentManagerQueryKeys = queryKeysFactory('document-manager');
export const documentCategoryQueryKeys = queryKeysFactory('document-categories');

export function useDocumentManagerTrainers(studioGroupUuid: string) {
  return useQuery({
    queryKey: documentManagerQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${studioGroupUuid}/document-manager/trainers`, { schema: ZDocumentManagerTrainersResponse, signal }),
  });
}

export function useDecideDocument(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ({ kind: 'approve' } & TApproveDocumentRequest) | ({ kind: 'reject' } & TRejectDocumentRequest)) => {
      const { kind, ...body } = decision;
      return apiRequest(`/api/v1/${studioGroupUuid}/document-manager/${kind}`, { method: 'POST', body, schema: ZDocumentDecisionResponse });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentManagerQueryKeys.lists() }),
  });
}

export function useDocumentCategories(studioGroupUuid: string) {
  return useQuery({
    queryKey: documentCategoryQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`/api/v1/${studioGroupUuid}/document-categories`, { schema: ZDocumentCategoryList, signal }),
  });
}

export function useSaveDocumentCategory(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryUuid, input }: { categoryUuid?: string; input: TDocumentCategoryInput }) =>
      apiRequest(`/api/v1/${studioGroupUuid}/document-categories${categoryUuid ? `/${categoryUuid}` : ''}`, { method: categoryUuid ? 'PUT' : 'POST', body: input, schema: ZDocumentCategorySaved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentCategoryQueryKeys.lists() }),
  });
}

export function useDeleteDocumentCategory(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryUuid: string) => apiRequest(`/api/v1/${studioGroupUuid}/document-categories/${categoryUuid}`, { method: 'DELETE', schema: ZDocumentCategoryDeleted }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentCategoryQueryKeys.lists() }),
  });
}

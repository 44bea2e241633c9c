import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZPaymentTypeRuleList,
  ZPaymentTypeRuleSaved,
  type TCreatePaymentTypeRuleRequest,
  type TUpdatePaymentTypeRuleRequest,
} from '../../../../contracts/payment-type-rule.contract';
import { ZSuccess } from '../../../../contracts/master-data.contract';
import { ZStudioList, ZStudioSaved, type TUpdateStudioRequest } from '../../../../contracts/studio.contract';
import {
  ZStudioGroupSettings,
  ZStudioGroupSettingsSaved,
  type TStudioGroupSettingsRequest,
} from '../../../../contracts/studio-group-settings.contract';
import { ZTrainerDetail, ZTrainerList, ZTrainerSaved, type TUpdateTrainerRequest } from '../../../../contracts/trainer.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { trainerQueryKeys } from '../shared/api';

// One hook per endpoint of api/routes/master-data, on query-key factories scoped by studio group.

export const studioQueryKeys = queryKeysFactory('studio');
export const paymentTypeRuleQueryKeys = queryKeysFactory('payment-type-rule');
export const studioGroupSettingsQueryKeys = queryKeysFactory('studio-group-settings');

const base = (studioGroupUuid: string) => `/api/v1/${encodeURIComponent(studioGroupUuid)}`;

/** GET /api/v1/{g}/trainers */
export function useTrainers(studioGroupUuid: string) {
  return useQuery({
    queryKey: trainerQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/trainers`, { schema: ZTrainerList, signal }),
  });
}

/** GET /api/v1/{g}/trainers/{id} */
export function useTrainer(studioGroupUuid: string, id: number) {
  return useQuery({
    queryKey: [...trainerQueryKeys.detail(id), studioGroupUuid],
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/trainers/${id}`, { schema: ZTrainerDetail, signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: (count, error) => count < 2 && !(error && 'status' in error && (error as { status: number }).status === 404),
  });
}

/** PUT /api/v1/{g}/trainers/{id} */
export function useUpdateTrainer(studioGroupUuid: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateTrainerRequest) => apiRequest(`${base(studioGroupUuid)}/trainers/${id}`, { method: 'PUT', body, schema: ZTrainerSaved }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...trainerQueryKeys.detail(id), studioGroupUuid], saved.trainer);
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.lists() });
      // Rules show trainer names.
      void queryClient.invalidateQueries({ queryKey: paymentTypeRuleQueryKeys.lists() });
    },
  });
}

/** GET /api/v1/{g}/studios */
export function useStudios(studioGroupUuid: string) {
  return useQuery({
    queryKey: studioQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/studios`, { schema: ZStudioList, signal }),
  });
}

/** PUT /api/v1/{g}/studios/{uuid} */
export function useUpdateStudio(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: TUpdateStudioRequest }) =>
      apiRequest(`${base(studioGroupUuid)}/studios/${encodeURIComponent(uuid)}`, { method: 'PUT', body, schema: ZStudioSaved }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studioQueryKeys.lists() });
      // Trainer rows and rules show studio names.
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: paymentTypeRuleQueryKeys.lists() });
    },
  });
}

/** GET /api/v1/{g}/payment-type-rules (the grid filters by trainer and studio itself) */
export function usePaymentTypeRules(studioGroupUuid: string) {
  return useQuery({
    queryKey: paymentTypeRuleQueryKeys.list({ studioGroupUuid }),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/payment-type-rules`, { schema: ZPaymentTypeRuleList, signal }),
  });
}

/** POST /api/v1/{g}/payment-type-rules */
export function useCreatePaymentTypeRule(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePaymentTypeRuleRequest) =>
      apiRequest(`${base(studioGroupUuid)}/payment-type-rules`, { method: 'POST', body, schema: ZPaymentTypeRuleSaved }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentTypeRuleQueryKeys.lists() }),
  });
}

/** PUT /api/v1/{g}/payment-type-rules/{uuid} */
export function useUpdatePaymentTypeRule(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: TUpdatePaymentTypeRuleRequest }) =>
      apiRequest(`${base(studioGroupUuid)}/payment-type-rules/${encodeURIComponent(uuid)}`, { method: 'PUT', body, schema: ZPaymentTypeRuleSaved }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentTypeRuleQueryKeys.lists() }),
  });
}

/** DELETE /api/v1/{g}/payment-type-rules/{uuid} */
export function useDeletePaymentTypeRule(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest(`${base(studioGroupUuid)}/payment-type-rules/${encodeURIComponent(uuid)}`, { method: 'DELETE', schema: ZSuccess }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentTypeRuleQueryKeys.lists() }),
  });
}

/** GET /api/v1/{g}/settings */
export function useStudioGroupSettings(studioGroupUuid: string) {
  return useQuery({
    queryKey: studioGroupSettingsQueryKeys.detail(studioGroupUuid),
    queryFn: ({ signal }) => apiRequest(`${base(studioGroupUuid)}/settings`, { schema: ZStudioGroupSettings, signal }),
  });
}

/** PUT /api/v1/{g}/settings */
export function useUpdateStudioGroupSettings(studioGroupUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStudioGroupSettingsRequest) => apiRequest(`${base(studioGroupUuid)}/settings`, { method: 'PUT', body, schema: ZStudioGroupSettingsSaved }),
    onSuccess: (saved) => {
      queryClient.setQueryData(studioGroupSettingsQueryKeys.detail(studioGroupUuid), saved.settings);
      // The import screens read the source system from the studio group detail.
      void queryClient.invalidateQueries({ queryKey: ['studio-group'] });
    },
  });
}

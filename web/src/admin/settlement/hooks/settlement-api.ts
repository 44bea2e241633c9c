import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import {
  ZAdminPosition,
  ZAdminPositionListResponse,
  ZCalculateSumResponse,
  ZBillableTrainersResponse,
  ZSettlementCommandResponse,
  ZSettlementDetail,
  ZSettlementIndexResponse,
  ZSettlementLogResponse,
  ZSettlementStepResponse,
  ZSettlementWorkflowInfo,
  ZStatusResponse,
  ZTrainerListResponse,
  ZTrainerPreviewResponse,
  ZTrainerSummaryResponse,
  type TCreateAdminPositionRequest,
  type TPreparationPhase,
  type TSettlementAction,
  type TSettlementDetail,
} from '../../../../../contracts/settlement.contract';
import { ApiError, apiRequest } from '../../../shared/api/client';
import { queryKeysFactory } from '../../../shared/api/query-keys';

// One hook per call of the settlement wizard v2 (spec 7), on one query-key factory. Everything of
// one settlement sits below `detail(uuid)`, so invalidating that prefix refreshes all its screens.

const base = queryKeysFactory('settlement');

export const settlementQueryKeys = {
  ...base,
  billableTrainers: (uuid: string, month: string | null) => [...base.detail(uuid), 'billable-trainers', month ?? ''] as const,
  trainerSummary: (uuid: string) => [...base.detail(uuid), 'trainer-summary'] as const,
  trainerList: (uuid: string) => [...base.detail(uuid), 'trainer-list'] as const,
  preview: (uuid: string, trainerUuid: string) => [...base.detail(uuid), 'preview', trainerUuid] as const,
  logs: (uuid: string) => [...base.detail(uuid), 'logs'] as const,
  workflow: (uuid: string) => [...base.detail(uuid), 'workflow'] as const,
  adminPositions: (uuid: string, trainerUuid: string) => [...base.detail(uuid), 'admin-positions', trainerUuid] as const,
};

/** Only the record itself (not the sub-resources below its key prefix). */
const exactDetail = (uuid: string) => ({ queryKey: settlementQueryKeys.detail(uuid), exact: true });

const seg = encodeURIComponent;
const groupPath = (group: TStudioGroupRef) => `/api/v1/${seg(group.uuid)}`;
/** The spec's payload fields that name the studio group; the server checks them against the path. */
const groupFields = (group: TStudioGroupRef) => ({ idMandant: group.mandantId, idStudioGroup: group.id, studioGroupUuid: group.uuid });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /settlements: the settlement index (spec 2.11), newest month first. */
export function useSettlements(group: TStudioGroupRef | null) {
  return useQuery({
    queryKey: settlementQueryKeys.list({ group: group?.uuid }),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group!)}/settlements`, { schema: ZSettlementIndexResponse, signal }),
    enabled: Boolean(group),
  });
}

/** GET /settlement/{uuid}: the record and the workflow's state. A 404 means the settlement is not created yet. */
export function useSettlement(group: TStudioGroupRef | null, uuid: string | null) {
  return useQuery({
    queryKey: settlementQueryKeys.detail(uuid ?? ''),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group!)}/settlement/${seg(uuid!)}`, { schema: ZSettlementDetail, signal }),
    enabled: Boolean(group && uuid),
  });
}

/** GET /settlement/{uuid}/billable-trainers?month=: the select-trainer screen's rows and counters (spec 2.4). */
export function useBillableTrainers(group: TStudioGroupRef | null, uuid: string, month: string | null) {
  return useQuery({
    queryKey: settlementQueryKeys.billableTrainers(uuid, month),
    queryFn: ({ signal }) => {
      const query = month ? `?month=${seg(month)}` : '';
      return apiRequest(`${groupPath(group!)}/settlement/${seg(uuid)}/billable-trainers${query}`, { schema: ZBillableTrainersResponse, signal });
    },
    enabled: Boolean(group && month),
  });
}

type MonthScoped = { group: TStudioGroupRef | null; uuid: string; month: string | null; enabled?: boolean };

/** GET /settlement/trainer/summary/{apiSlug}/{idStudioGroup}/{month}: Trainer, Netto, MwSt, Brutto per prepared trainer. */
export function useTrainerSummary({ group, uuid, month, enabled = true }: MonthScoped) {
  return useQuery({
    queryKey: settlementQueryKeys.trainerSummary(uuid),
    queryFn: ({ signal }) =>
      apiRequest(
        `${groupPath(group!)}/settlement/trainer/summary/${seg(group!.apiSlug)}/${group!.id}/${seg(month!)}?settlementUuid=${seg(uuid)}`,
        { schema: ZTrainerSummaryResponse, signal },
      ),
    enabled: enabled && Boolean(group && month),
  });
}

/** GET /settlement/trainer/list/{apiSlug}/{idStudioGroup}/{month}: the prepared trainers (TrainerID, trainerUuid). */
export function useTrainerList({ group, uuid, month, enabled = true }: MonthScoped) {
  return useQuery({
    queryKey: settlementQueryKeys.trainerList(uuid),
    queryFn: ({ signal }) =>
      apiRequest(
        `${groupPath(group!)}/settlement/trainer/list/${seg(group!.apiSlug)}/${group!.id}/${seg(month!)}?settlementUuid=${seg(uuid)}`,
        { schema: ZTrainerListResponse, signal },
      ),
    enabled: enabled && Boolean(group && month),
  });
}

/** GET /trainer-invoice/preview/{apiSlug}/{idStudioGroup}/{trainer}/{month}: one trainer's preview table (HTML, values escaped). */
export function useTrainerPreview({ group, uuid, month, trainerUuid }: MonthScoped & { trainerUuid: string | null }) {
  return useQuery({
    queryKey: settlementQueryKeys.preview(uuid, trainerUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        `${groupPath(group!)}/trainer-invoice/preview/${seg(group!.apiSlug)}/${group!.id}/${seg(trainerUuid!)}/${seg(month!)}?settlementUuid=${seg(uuid)}`,
        { schema: ZTrainerPreviewResponse, signal },
      ),
    enabled: Boolean(group && month && trainerUuid),
  });
}

/** GET /settlement/logs/{idStudioGroup}/{month}/{uuid}: the settlement log, oldest first (spec 2.12). */
export function useSettlementLogs({ group, uuid, month, enabled = true }: MonthScoped) {
  return useQuery({
    queryKey: settlementQueryKeys.logs(uuid),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group!)}/settlement/logs/${group!.id}/${seg(month!)}/${seg(uuid)}`, { schema: ZSettlementLogResponse, signal }),
    enabled: enabled && Boolean(group && month),
  });
}

/** GET /settlement/{uuid}/workflow (ops): the workflow's status, history rows and Temporal UI link. */
export function useSettlementWorkflow(group: TStudioGroupRef | null, uuid: string) {
  return useQuery({
    queryKey: settlementQueryKeys.workflow(uuid),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group!)}/settlement/${seg(uuid)}/workflow`, { schema: ZSettlementWorkflowInfo, signal }),
    enabled: Boolean(group && uuid),
  });
}

/** GET /settlement/{uuid}/admin-positions?trainerUuid=: the 'Administration' rows of one trainer. */
export function useAdminPositions(group: TStudioGroupRef | null, uuid: string, trainerUuid: string | null) {
  return useQuery({
    queryKey: settlementQueryKeys.adminPositions(uuid, trainerUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group!)}/settlement/${seg(uuid)}/admin-positions?trainerUuid=${seg(trainerUuid!)}`, {
        schema: ZAdminPositionListResponse,
        signal,
      }),
    enabled: Boolean(group && trainerUuid),
  });
}

// --- commands ----------------------------------------------------------------------------------

/** After a command the workflow's answer is the new truth: put it into the cached record, then refetch. */
function useApplyState(uuid: string) {
  const queryClient = useQueryClient();
  return (state: TSettlementDetail['workflow']) => {
    if (state) {
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(uuid), (detail) =>
        detail ? { ...detail, workflow: state, step: state.step, status: state.status } : detail,
      );
    }
    void queryClient.invalidateQueries(exactDetail(uuid));
    void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.lists() });
  };
}

/** POST /settlement/{uuid}/selection: "Next" on the select-trainer screen; creates the settlement if it is new. */
export function useSaveSelection(group: TStudioGroupRef, uuid: string) {
  const applyState = useApplyState(uuid);
  return useMutation({
    mutationFn: ({ month, trainerUuids }: { month: string; trainerUuids: string[] }) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/selection`, {
        method: 'POST',
        body: { ...groupFields(group), settlementMonth: month, trainersSelected: trainerUuids },
        schema: ZSettlementStepResponse,
      }),
    onSuccess: (answer) => applyState(answer.state),
  });
}

/** POST /settlement/{apiSlug}/create/{phase}: one of the three preparation calls (33 / 66 / 100 %). */
export function runPreparationCall({
  group,
  uuid,
  month,
  phase,
  trainerUuids,
  signal,
}: {
  group: TStudioGroupRef;
  uuid: string;
  month: string;
  phase: TPreparationPhase;
  trainerUuids?: string[];
  signal?: AbortSignal;
}) {
  return apiRequest(`${groupPath(group)}/settlement/${seg(group.apiSlug)}/create/${phase}`, {
    method: 'POST',
    body: { ...groupFields(group), settlementMonth: month, settlementUuid: uuid, ...(trainerUuids ? { trainersSelected: trainerUuids } : {}) },
    schema: ZSettlementStepResponse,
    signal,
  });
}

/** POST /settlement/create {trainerReview}: previews for trainers (step 3) or straight to credit notes (step 5). */
export function useCreateSettlement(group: TStudioGroupRef, uuid: string) {
  const applyState = useApplyState(uuid);
  return useMutation({
    mutationFn: ({ month, trainerReview }: { month: string; trainerReview: boolean }) =>
      apiRequest(`${groupPath(group)}/settlement/create`, {
        method: 'POST',
        body: { ...groupFields(group), apiSlug: group.apiSlug, settlementMonth: month, settlementUuid: uuid, trainerReview },
        schema: ZSettlementStepResponse,
      }),
    onSuccess: (answer) => applyState(answer.state),
  });
}

/** POST /settlement/{uuid}/step: jump to a step the workflow has reached (spec 2.2: jump by index). */
export function useJumpToStep(group: TStudioGroupRef, uuid: string) {
  const applyState = useApplyState(uuid);
  return useMutation({
    mutationFn: (step: number) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/step`, { method: 'POST', body: { step }, schema: ZSettlementStepResponse }),
    onSuccess: (answer) => applyState(answer.state),
  });
}

/** POST /settlement/{uuid}/command: finish, archive or delete (spec 2.12 modals). */
export function useSettlementCommand(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, month, userUuid }: { action: TSettlementAction; month?: string; userUuid?: string }) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/command`, {
        method: 'POST',
        body: { ...groupFields(group), action, ...(month ? { settlementMonth: month } : {}), ...(userUuid ? { userUuid } : {}) },
        schema: ZSettlementCommandResponse,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(uuid), (detail) =>
        detail ? { ...detail, status: answer.settlementStatus } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(uuid) });
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.lists() });
    },
  });
}

/** POST /settlement/{uuid}/admin-positions: a manual line; the trainer's lines are prepared again. */
export function useAddAdminPosition(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAdminPositionRequest) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/admin-positions`, { method: 'POST', body, schema: ZAdminPosition }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(uuid) }),
  });
}

/** DELETE /settlement/{uuid}/admin-positions/{positionUuid}. */
export function useDeleteAdminPosition(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (positionUuid: string) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/admin-positions/${seg(positionUuid)}`, { method: 'DELETE', schema: ZStatusResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(uuid) }),
  });
}

/** GET /settlement/calculate-sum/{uuid}: sums of all lines, stored on the settlement (the sum cards). */
export function useCalculateSum(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${groupPath(group)}/settlement/calculate-sum/${seg(uuid)}`, { schema: ZCalculateSumResponse }),
    onSuccess: (answer) => {
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(uuid), (detail) =>
        detail ? { ...detail, sumNet: answer.sumNet, sumVat: answer.sumVat, sumGross: answer.sumGross } : detail,
      );
      void queryClient.invalidateQueries(exactDetail(uuid));
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.lists() });
    },
  });
}

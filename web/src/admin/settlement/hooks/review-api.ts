import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import {
  ZApprovalListResponse,
  ZApprovedTrainersResponse,
  ZApproveByLocationResponse,
  ZCommentsResponse,
  ZCreditNotePreview,
  ZPreviewCheckResponse,
  ZReviewSavedResponse,
  ZSendStreamMessage,
  ZTrainerReviewsResponse,
  type TCommentMood,
  type TReviewRow,
  type TSendStreamMessage,
} from '../../../../../contracts/review.contract';
import { apiRequest } from '../../../shared/api/client';
import { readStream } from '../../../shared/streams/read-stream';
import { settlementQueryKeys } from './settlement-api';

// One hook per call of the review loop (spec 7 "Preview check" and the review calls of "Settlement
// wizard v2"). Every key sits below the settlement's detail key, so a 'settlement:state' event (which
// invalidates that prefix) refreshes these screens too.

export const reviewQueryKeys = {
  reviews: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'reviews'] as const,
  previewCheck: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'preview-check'] as const,
  creditNotePreviews: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'credit-note-preview'] as const,
  creditNotePreview: (uuid: string, trainerUuid: string) => [...settlementQueryKeys.detail(uuid), 'credit-note-preview', trainerUuid] as const,
  approvedTrainers: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'approved-trainers'] as const,
};

const seg = encodeURIComponent;
const groupPath = (group: TStudioGroupRef) => `/api/v1/${seg(group.uuid)}`;

/** GET /settlement/trainer/reviews/{idStudioGroup}/{settlementUuid}: one review per trainer sent a preview (step 4). */
export function useTrainerReviews(group: TStudioGroupRef, settlementUuid: string) {
  return useQuery({
    queryKey: reviewQueryKeys.reviews(settlementUuid),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer/reviews/${group.id}/${seg(settlementUuid)}`, { schema: ZTrainerReviewsResponse, signal }),
  });
}

/** PUT /trainer_account/settlement_review/{settlementUuid}: the company's comments, row approvals and 'review finished'. */
export function useSaveTrainerReview(group: TStudioGroupRef, settlementUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trainerUuid, review, approved }: { trainerUuid: string; review: TReviewRow[]; approved: boolean }) =>
      apiRequest(`${groupPath(group)}/trainer_account/settlement_review/${seg(settlementUuid)}`, {
        method: 'PUT',
        // The brief of spec 7 names it trainerAccountUuid; the API reads trainerUuid first (the trainer record).
        body: { trainerUuid, trainerAccountUuid: trainerUuid, studioGroupUuid: group.uuid, review, approved },
        schema: ZReviewSavedResponse,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) }),
  });
}

/** GET /settlement/{settlementUuid}/preview-check: locations and their trainers (left column of 2.10). */
export function usePreviewCheck(group: TStudioGroupRef, settlementUuid: string) {
  return useQuery({
    queryKey: reviewQueryKeys.previewCheck(settlementUuid),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group)}/settlement/${seg(settlementUuid)}/preview-check`, { schema: ZPreviewCheckResponse, signal }),
  });
}

/** POST /settlement/trainer-preview/{trainerUuid}: one trainer's credit-note preview with its comments and approvals. */
export function useCreditNotePreview(group: TStudioGroupRef, settlementUuid: string, trainerUuid: string | null) {
  return useQuery({
    queryKey: reviewQueryKeys.creditNotePreview(settlementUuid, trainerUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/${seg(trainerUuid!)}`, {
        method: 'POST',
        body: { settlementUuid, apiSlug: group.apiSlug },
        schema: ZCreditNotePreview,
        signal,
      }),
    enabled: Boolean(trainerUuid),
  });
}

/** GET /settlement/trainer-preview/{settlementUuid}/approved: trainers whose credit note may go out. */
export function useApprovedTrainers(group: TStudioGroupRef, settlementUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewQueryKeys.approvedTrainers(settlementUuid),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/${seg(settlementUuid)}/approved`, { schema: ZApprovedTrainersResponse, signal }),
    enabled,
  });
}

/** After an approval or comment: the trainer's preview, the left column and the wizard's state are stale. */
function useRefreshPreview(settlementUuid: string) {
  const queryClient = useQueryClient();
  return (trainerUuid?: string) => {
    if (trainerUuid) void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.creditNotePreview(settlementUuid, trainerUuid) });
    void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.previewCheck(settlementUuid) });
    void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.approvedTrainers(settlementUuid) });
    void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.reviews(settlementUuid) });
    void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid), exact: true });
  };
}

/** POST /settlement/trainer-preview/approve_by_company/{trainerUuid}: the editable Company switch. */
export function approveByCompany({
  group,
  settlementUuid,
  trainerUuid,
  approved,
  userUuid,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  trainerUuid: string;
  approved: boolean;
  userUuid?: string;
}) {
  return apiRequest(`${groupPath(group)}/settlement/trainer-preview/approve_by_company/${seg(trainerUuid)}`, {
    method: 'POST',
    body: { settlementUuid, approved, ...(userUuid ? { userUuid } : {}) },
    schema: ZApprovalListResponse,
  });
}

export function useApproveByCompany(group: TStudioGroupRef, settlementUuid: string, userUuid?: string) {
  const refresh = useRefreshPreview(settlementUuid);
  return useMutation({
    mutationFn: ({ trainerUuid, approved }: { trainerUuid: string; approved: boolean }) =>
      approveByCompany({ group, settlementUuid, trainerUuid, approved, userUuid }),
    onSettled: (_answer, _error, { trainerUuid }) => refresh(trainerUuid),
  });
}

/** POST /settlement/trainer-preview/approve_by_location/{trainerUuid}: a location sub-header's toggle. */
export function useApproveByLocation(group: TStudioGroupRef, settlementUuid: string, userUuid?: string) {
  const refresh = useRefreshPreview(settlementUuid);
  return useMutation({
    mutationFn: ({ trainerUuid, locationUuid, approved }: { trainerUuid: string; locationUuid: string; approved: boolean }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/approve_by_location/${seg(trainerUuid)}`, {
        method: 'POST',
        body: { settlementUuid, approved, locationUuid, ...(userUuid ? { userUuid } : {}) },
        schema: ZApproveByLocationResponse,
      }),
    onSettled: (_answer, _error, { trainerUuid }) => refresh(trainerUuid),
  });
}

export type AdminComment = {
  trainerUuid: string;
  comment: string;
  classHash: string;
  className: string;
  classDateTime: string;
  mood: TCommentMood | '';
};

/** POST /settlement/trainer-preview/comment/{trainerUuid}: the company's comment on a class or the overall feedback. */
export function useAddAdminComment(group: TStudioGroupRef, settlementUuid: string, userUuid?: string) {
  const refresh = useRefreshPreview(settlementUuid);
  return useMutation({
    mutationFn: ({ trainerUuid, ...body }: AdminComment) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/comment/${seg(trainerUuid)}`, {
        method: 'POST',
        body: { ...body, settlementUuid, ...(userUuid ? { userUuid } : {}) },
        schema: ZCommentsResponse,
      }),
    onSuccess: (_answer, { trainerUuid }) => refresh(trainerUuid),
  });
}

/**
 * POST /settlement/trainer-preview/send: answers a stream of ZSendStreamMessage (config with
 * item_count, then a message per trainer, finished_studiogroup last). A line that is not one of
 * them is skipped (spec 8: an unparseable chunk is skipped).
 */
export async function sendPreviews({
  group,
  settlementUuid,
  month,
  trainerUuids,
  message,
  onMessage,
  signal,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  month: string | null;
  trainerUuids: string[];
  message: string;
  onMessage: (message: TSendStreamMessage) => void;
  signal?: AbortSignal;
}) {
  await readStream({
    path: `${groupPath(group)}/settlement/trainer-preview/send`,
    body: { settlementUuid, ...(month ? { settlementMonth: month } : {}), trainersSelected: trainerUuids, message },
    schema: ZSendStreamMessage,
    onMessage,
    signal,
  });
}

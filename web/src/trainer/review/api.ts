import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAddCommentRequest,
  TCreditNotePreview,
  TReviewRow,
  TSaveReviewRequest,
  TTrainerCreditNotesResponse,
} from '../../../../contracts/review.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session';

// The trainer's side of the review loop (contracts/review.contract.ts; trainer portal 2, 7).
// `{userId}` is the signed-in trainer's uuid. The profile page (the portal's first screen) lists the
// open previews: that answer is typed, not parsed, so the first screen loads no zod; every other call
// loads its contract with the call (docs/decisions/0145).
const contract = () => import('../../../../contracts/review.contract');

export const trainerCreditNoteQueryKeys = queryKeysFactory('trainer-credit-note');
export const creditNotePreviewQueryKeys = queryKeysFactory('trainer-credit-note-preview');
export const trainerSettlementQueryKeys = queryKeysFactory('trainer-settlement');

/** Spec 9: page size 10, newest first. */
export const CREDIT_NOTES_PAGE_SIZE = 10;

/**
 * GET /api/v2/trainer_credit_notes: the trainer's previews still open for review, newest first.
 * The spec's query filters workflowState=preview_send (trainer portal 4, 7): once the company
 * approved (state 'approved') or the credit note is made, the preview leaves this list; the issued
 * credit note is in the credit-notes list then.
 */
export function useTrainerCreditNotes({ studioGroupUuid, page = 1 }: { studioGroupUuid?: string; page?: number } = {}) {
  const session = useSession();
  const userUuid = session?.userUuid ?? '';
  return useQuery({
    queryKey: trainerCreditNoteQueryKeys.list({ user: userUuid, studioGroupUuid, page }),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ workflowState: 'preview_send', 'order[createdDt]': 'desc', itemsPerPage: String(CREDIT_NOTES_PAGE_SIZE), page: String(page), trainerUuid: userUuid });
      if (studioGroupUuid) query.set('studioGroupUuid', studioGroupUuid);
      return apiRequest<TTrainerCreditNotesResponse>(`/api/v2/trainer_credit_notes?${query.toString()}`, { signal });
    },
    enabled: session?.role === 'trainer',
  });
}

/** GET /api/v2/settlements/{settlementUuid} (a settlement that sent this trainer a preview). */
export function useTrainerSettlement(settlementUuid: string | undefined) {
  return useQuery({
    queryKey: trainerSettlementQueryKeys.detail(settlementUuid ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/v2/settlements/${encodeURIComponent(settlementUuid ?? '')}`, { schema: async () => (await contract()).ZTrainerSettlement, signal }),
    enabled: Boolean(settlementUuid),
  });
}

const previewPath = (studioGroupUuid: string, userUuid: string, settlementUuid: string) =>
  `/api/v2/${encodeURIComponent(studioGroupUuid)}/trainer-account/${encodeURIComponent(userUuid)}/credit-note-preview/${encodeURIComponent(settlementUuid)}`;

/**
 * Comments arrive live over the socket (review/use-review-live-updates.ts); this refetch is the safety
 * net for a socket that was down (approvals by the studio also show up this way), with window focus.
 */
export const PREVIEW_REFETCH_MS = 20_000;

/** GET /api/v2/{g}/trainer-account/{userId}/credit-note-preview/{settlementUuid}; undefined for 204. */
export function useCreditNotePreview({ studioGroupUuid, settlementUuid }: { studioGroupUuid: string | undefined; settlementUuid: string | undefined }) {
  const session = useSession();
  const userUuid = session?.userUuid ?? '';
  return useQuery({
    queryKey: creditNotePreviewQueryKeys.detail(`${studioGroupUuid}/${settlementUuid}/${userUuid}`),
    queryFn: async ({ signal }) => (await apiRequest(previewPath(studioGroupUuid ?? '', userUuid, settlementUuid ?? ''), { schema: async () => (await contract()).ZCreditNotePreview.optional(), signal })) ?? null,
    enabled: Boolean(studioGroupUuid && settlementUuid && session),
    refetchInterval: PREVIEW_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
}

type PreviewTarget = { studioGroupUuid: string; settlementUuid: string };

/** POST …/credit-note-preview/{settlementUuid}/add-comment: answers the row's thread, newest first. */
export function useAddReviewComment({ studioGroupUuid, settlementUuid }: PreviewTarget) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddCommentRequest) =>
      apiRequest(`${previewPath(studioGroupUuid, session?.userUuid ?? '', settlementUuid)}/add-comment`, { method: 'POST', body, schema: async () => (await contract()).ZCommentsResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditNotePreviewQueryKeys.details() }),
  });
}

/** POST …/credit-note-preview/{settlementUuid}/approve: the Trainer switch; answers the approval list. */
export function useApproveReview({ studioGroupUuid, settlementUuid }: PreviewTarget) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approved: boolean) =>
      apiRequest(`${previewPath(studioGroupUuid, session?.userUuid ?? '', settlementUuid)}/approve`, {
        method: 'POST',
        body: { settlementUuid, userUuid: session?.userUuid, approved },
        schema: async () => (await contract()).ZApprovalListResponse,
      }),
    onSuccess: (approvals) =>
      queryClient.setQueriesData<TCreditNotePreview | null>({ queryKey: creditNotePreviewQueryKeys.details() }, (current) =>
        current && current.settlementUuid === settlementUuid
          ? { ...current, credit_note_info: { ...current.credit_note_info, approved_by_trainer: approvals.length > 0 ? approvals : 'false' } }
          : current,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditNotePreviewQueryKeys.details() }),
        queryClient.invalidateQueries({ queryKey: trainerCreditNoteQueryKeys.lists() }),
      ]),
  });
}

// The trainer's settlement review (trainer portal 2 "Accounting review screen", 4, 7): GET
// settlement_review (204: no review), and its save, POST the first time and PUT once a review
// exists or after a successful save.

export const settlementReviewQueryKeys = queryKeysFactory('trainer-settlement-review');

type Target = { studioGroupUuid: string; settlementUuid: string };

const reviewPath = ({ studioGroupUuid, settlementUuid }: Target) =>
  `/api/v2/${encodeURIComponent(studioGroupUuid)}/trainer_account/settlement_review/${encodeURIComponent(settlementUuid)}`;

/** GET …/settlement_review/{settlementUuid}/{user}; null for 204 (no review in this settlement). */
export function useSettlementReview({ studioGroupUuid, settlementUuid }: Partial<Target>) {
  const session = useSession();
  const userUuid = session?.userUuid ?? '';
  return useQuery({
    queryKey: settlementReviewQueryKeys.detail(`${studioGroupUuid}/${settlementUuid}/${userUuid}`),
    queryFn: async ({ signal }) =>
      (await apiRequest(`${reviewPath({ studioGroupUuid: studioGroupUuid ?? '', settlementUuid: settlementUuid ?? '' })}/${encodeURIComponent(userUuid)}`, {
        schema: async () => (await contract()).ZTrainerSettlementReview.optional(),
        signal,
      })) ?? null,
    enabled: Boolean(studioGroupUuid && settlementUuid && session),
  });
}

export type SaveReviewInput = { method: 'POST' | 'PUT'; review: TReviewRow[]; approved: boolean };

/** POST (first) or PUT (later) …/settlement_review/{settlementUuid}, as application/ld+json. */
export function useSaveSettlementReview(target: Target) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, review, approved }: SaveReviewInput) => {
      const body: TSaveReviewRequest = { trainerAccountUuid: session?.userUuid ?? '', studioGroupUuid: target.studioGroupUuid, review, approved };
      return apiRequest(reviewPath(target), { method, body: JSON.stringify(body), contentType: 'application/ld+json', schema: async () => (await contract()).ZReviewSavedResponse });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementReviewQueryKeys.details() }),
        queryClient.invalidateQueries({ queryKey: creditNotePreviewQueryKeys.details() }),
        queryClient.invalidateQueries({ queryKey: trainerCreditNoteQueryKeys.lists() }),
      ]),
  });
}

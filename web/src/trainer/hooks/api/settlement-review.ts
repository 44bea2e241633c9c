import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZReviewSavedResponse,
  ZTrainerSettlementReview,
  type TReviewRow,
  type TSaveReviewRequest,
  type TTrainerSettlementReview,
} from '../../../../../contracts/review.contract';
import { apiRequest } from '../../../shared/api/client';
import { queryKeysFactory } from '../../../shared/api/query-keys';
import { useSession } from '../../../shared/session';
import { creditNotePreviewQueryKeys, trainerCreditNoteQueryKeys } from './review';

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
        schema: ZTrainerSettlementReview.optional(),
        signal,
      })) ?? null,
    enabled: Boolean(studioGroupUuid && settlementUuid && session),
  });
}

/** Spec 4: a review exists once the trainer wrote a comment or confirmed; then the save is a PUT. */
export const reviewExists = (review: Pick<TTrainerSettlementReview, 'review' | 'approved'>) =>
  review.approved || review.review.some((row) => (row.trainer_review_comment ?? '') !== '');

/** Spec 5: the characters < > { } are removed and the text trimmed. */
export const cleanReviewComment = (text: string) => text.replace(/[<>{}]/g, '').trim();

/**
 * The rows a save sends (spec 5: only non-empty comments): every row with a comment, and a row
 * whose stored comment was emptied (so a comment can be taken back). Company fields go back as read.
 */
export function reviewRowsToSend(rows: readonly TReviewRow[], comments: Readonly<Record<string, string>>): TReviewRow[] {
  return rows.flatMap((row) => {
    const text = cleanReviewComment(comments[row.row_id] ?? row.trainer_review_comment ?? '');
    const stored = row.trainer_review_comment ?? '';
    if (text === '' && stored === '') return [];
    return [{ ...row, trainer_review_comment: text === '' ? null : text }];
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
      return apiRequest(reviewPath(target), { method, body: JSON.stringify(body), contentType: 'application/ld+json', schema: ZReviewSavedResponse });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementReviewQueryKeys.details() }),
        queryClient.invalidateQueries({ queryKey: creditNotePreviewQueryKeys.details() }),
        queryClient.invalidateQueries({ queryKey: trainerCreditNoteQueryKeys.lists() }),
      ]),
  });
}

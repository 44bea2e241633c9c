import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../shared/socket';
import { creditNotePreviewQueryKeys } from './api';

/**
 * A comment the studio adds (or the trainer adds in another tab) arrives as 'settlement:comment' in
 * the trainer's own room `user:{userUuid}`; the preview is refetched rather than patched, so the
 * screen shows what the server holds (STYLE: invalidate, no second copy of the state).
 */
export function useReviewLiveUpdates({ settlementUuid }: { settlementUuid: string | undefined }) {
  const queryClient = useQueryClient();
  useSocketEvent('settlement:comment', (event) => {
    if (event.settlementUuid !== settlementUuid) return;
    void queryClient.invalidateQueries({ queryKey: creditNotePreviewQueryKeys.details() });
  });
}

import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '../api/client';
import { i18n } from '../i18n';

// The one way a screen follows a streamed-progress run (the class import, the preview sending, the
// credit-note run): one reader at a time (a new run or leaving the screen stops reading; the run
// itself goes on in its workflow), the screen's reducer fed with each message, and the queries the
// run changed refreshed once the stream is over.

/** Why a run's stream stopped early: the start was refused (the server's message) or the stream broke mid-way. */
export type StreamFailure = { refused: boolean; message: string };

export type StreamedRun<Message> = {
  /** Calls the endpoint and reads its stream to the end (e.g. with `readStream`). */
  read: (args: { signal: AbortSignal; onMessage: (message: Message) => void }) => Promise<void>;
  onMessage: (message: Message) => void;
  /** The stream ended on its own. */
  onEnded: () => void;
  onFailed: (failure: StreamFailure) => void;
  /** Refreshed after the stream ended or failed (not when the screen was left or a newer run started). */
  invalidate?: InvalidateQueryFilters[];
  /** Further clean-up at the same moment as `invalidate`. */
  onSettled?: () => void;
};

/** Returns `run`, which starts reading one streamed run (stopping the one before). */
export function useStreamedRun() {
  const queryClient = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  return useCallback(
    async <Message>({ read, onMessage, onEnded, onFailed, invalidate = [], onSettled }: StreamedRun<Message>) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      try {
        await read({ signal: controller.signal, onMessage });
        if (!controller.signal.aborted) onEnded();
      } catch (error) {
        if (controller.signal.aborted) return;
        // An ApiError is the answer to the start itself (4xx, unreachable); anything else broke the stream.
        const refused = error instanceof ApiError;
        onFailed({ refused, message: refused ? errorMessage(error) : i18n.t('errors.network') });
      } finally {
        if (!controller.signal.aborted) {
          onSettled?.();
          for (const filters of invalidate) void queryClient.invalidateQueries(filters);
        }
      }
    },
    [queryClient],
  );
}

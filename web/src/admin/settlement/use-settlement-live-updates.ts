import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { settlementRoom } from '../../../../contracts/events';
import {
  PREPARATION_PHASES,
  type TPreparationPhase,
  type TPreparationState,
  type TSettlementDetail,
  type TSettlementProgressEvent,
} from '../../../../contracts/settlement.contract';
import { useSocketRoom } from '../../shared/socket';
import { settlementQueryKeys } from './api';

export const isPreparationRunning = (phase: TPreparationState['phase']) => (PREPARATION_PHASES as readonly string[]).includes(phase);

/** Bursts of events (a log row per trainer) become one refetch per query. */
const INVALIDATE_AFTER_MS = 150;

/** Invalidates the given query keys once a burst of events has passed (one refetch per query). */
function useBatchedInvalidation() {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, readonly unknown[]>());
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (...keys: (readonly unknown[])[]) => {
    for (const key of keys) pending.current.set(JSON.stringify(key), key);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const keysNow = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of keysNow) void queryClient.invalidateQueries({ queryKey });
    }, INVALIDATE_AFTER_MS);
  };
}

/**
 * The cached settlement with a preparation progress event written into its workflow state. Only a
 * running preparation moves (a late event of a finished one must not reopen it; a new run marks
 * itself as running when it starts), and its bar never runs backwards.
 */
function withPreparationProgress(detail: TSettlementDetail | undefined, event: TSettlementProgressEvent): TSettlementDetail | undefined {
  if (!detail?.workflow) return detail;
  const preparation = detail.workflow.preparation;
  if (!isPreparationRunning(preparation.phase)) return detail;
  const percent = Math.max(preparation.percent, event.percent);
  const phase = PREPARATION_PHASES.indexOf(event.phase) > PREPARATION_PHASES.indexOf(preparation.phase as TPreparationPhase) ? event.phase : preparation.phase;
  return {
    ...detail,
    workflow: { ...detail.workflow, preparation: { ...preparation, phase, percent, processed: event.processed, total: event.total } },
  };
}

/**
 * Follows the socket.io room `settlement:{uuid}` while a settlement screen is open and keeps the
 * TanStack queries fresh: log rows refetch the log, a changed state refetches everything of the
 * settlement, and preparation progress is written into the cached workflow state (the one copy the
 * screens read). Call it once per page: leaving the room on unmount leaves it for the whole page.
 */
export function useSettlementLiveUpdates(uuid: string | null) {
  const queryClient = useQueryClient();
  const [joinError, setJoinError] = useState<string | null>(null);
  const invalidateSoon = useBatchedInvalidation();

  const room = uuid ? settlementRoom(uuid) : null;
  const onJoinRefused = (message: string | undefined) => setJoinError(message ?? '');

  useSocketRoom({
    room,
    event: 'settlement:log',
    onEvent: (event) => {
      if (event.settlementUuid !== uuid) return;
      invalidateSoon(settlementQueryKeys.logs(event.settlementUuid), settlementQueryKeys.workflow(event.settlementUuid));
    },
    onJoinRefused,
  });

  useSocketRoom({
    room,
    event: 'settlement:progress',
    onEvent: (event: TSettlementProgressEvent) => {
      if (event.settlementUuid !== uuid) return;
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(event.settlementUuid), (detail) => withPreparationProgress(detail, event));
    },
  });

  useSocketRoom({
    room,
    event: 'settlement:state',
    onEvent: (event) => {
      if (event.settlementUuid !== uuid) return;
      invalidateSoon(settlementQueryKeys.detail(event.settlementUuid), settlementQueryKeys.lists());
    },
  });

  return { joinError };
}

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { importRoom } from '../../../../contracts/events';
import type { TOnDemandImportRequest } from '../../../../contracts/import.contract';
import { ApiError, errorMessage } from '../../shared/api/client';
import { i18n } from '../../shared/i18n';
import { useSocketRoom } from '../../shared/socket';
import { startOnDemandImport, type ImportMode } from '../hooks/api/import';
import { importRunReducer, initialImportRunState } from './import-run';

type StartParams = { studioGroupUuid: string; sourceSystem: string; mode: ImportMode; body: TOnDemandImportRequest };

/**
 * One on-demand import as the screen follows it: the streamed answer of the start call, and the
 * run's socket.io room, which also serves a reloaded page (`?import=<uuid>`) or a second tab.
 */
export function useImportRun() {
  const [state, dispatch] = useReducer(importRunReducer, initialImportRunState);
  const [joinError, setJoinError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page stops reading; the import itself runs on in its workflow.
  useEffect(() => () => abortRef.current?.abort(), []);

  const start = useCallback(async ({ studioGroupUuid, sourceSystem, mode, body }: StartParams) => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setJoinError(null);
    dispatch({ type: 'start' });
    try {
      await startOnDemandImport({
        studioGroupUuid,
        sourceSystem,
        mode,
        body,
        signal: controller.signal,
        onMessage: (message) => dispatch({ type: 'message', source: 'stream', message }),
      });
      if (!controller.signal.aborted) dispatch({ type: 'streamEnded' });
    } catch (error) {
      if (controller.signal.aborted) return;
      // An ApiError is the answer to the start itself (4xx, unreachable); anything else broke the stream mid-way.
      if (error instanceof ApiError) dispatch({ type: 'failed', error: errorMessage(error) });
      else dispatch({ type: 'streamLost', error: i18n.t('errors.network') });
    }
  }, []);

  const follow = useCallback((importUuid: string) => {
    setJoinError(null);
    dispatch({ type: 'follow', importUuid });
  }, []);

  const active = state.phase === 'starting' || state.phase === 'running';
  useSocketRoom({
    room: active && state.importUuid ? importRoom(state.importUuid) : null,
    event: 'import:message',
    onEvent: (message) => dispatch({ type: 'message', source: 'socket', message }),
    onJoinRefused: (message) => setJoinError(message ?? i18n.t('errors.unexpected')),
  });

  return { state, start, follow, joinError };
}

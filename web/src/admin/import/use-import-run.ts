import { useCallback, useReducer, useState } from 'react';
import { importRoom } from '../../../../contracts/events';
import type { TImportStreamMessage, TOnDemandImportRequest } from '../../../../contracts/import.contract';
import { i18n } from '../../shared/i18n';
import { useSocketRoom } from '../../shared/socket';
import { useStreamedRun } from '../../shared/streams/use-streamed-run';
import { startOnDemandImport, type ImportMode } from './api';
import { importRunReducer, initialImportRunState } from './import-run';

type StartParams = { studioGroupUuid: string; sourceSystem: string; mode: ImportMode; body: TOnDemandImportRequest };

/**
 * One on-demand import as the screen follows it: the streamed answer of the start call, and the
 * run's socket.io room, which also serves a reloaded page (`?import=<uuid>`) or a second tab.
 */
export function useImportRun() {
  const [state, dispatch] = useReducer(importRunReducer, initialImportRunState);
  const [joinError, setJoinError] = useState<string | null>(null);
  // Leaving the page stops reading; the import itself runs on in its workflow.
  const run = useStreamedRun();

  const start = useCallback(
    async ({ studioGroupUuid, sourceSystem, mode, body }: StartParams) => {
      setJoinError(null);
      dispatch({ type: 'start' });
      await run<TImportStreamMessage>({
        read: ({ signal, onMessage }) => startOnDemandImport({ studioGroupUuid, sourceSystem, mode, body, signal, onMessage }),
        onMessage: (message) => dispatch({ type: 'message', source: 'stream', message }),
        onEnded: () => dispatch({ type: 'streamEnded' }),
        onFailed: ({ refused, message }) => dispatch(refused ? { type: 'failed', error: message } : { type: 'streamLost', error: message }),
      });
    },
    [run],
  );

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

import type { TImportStreamMessage } from '../../../../contracts/import.contract';

/**
 * The state of one on-demand import as the screen shows it (spec 2.16, 4 "Import on demand"):
 * progress starts at 1 %, a `config` message gives the number of clubs, each `finished_club`
 * raises the count up to that total, and the import is finished when the stream ends or a
 * `finished_studiogroup` message arrives.
 */
export type ImportRunPhase = 'idle' | 'starting' | 'running' | 'finished' | 'failed';
export type MessageSource = 'stream' | 'socket';
export type ImportRunMessage = TImportStreamMessage & { id: number };

export type ImportRunState = {
  phase: ImportRunPhase;
  importUuid: string | null;
  clubTotal: number | null;
  clubsFinished: number;
  messages: ImportRunMessage[];
  /** The server refused the start (4xx) or could not be reached: shown in a red alert. */
  error: string | null;
  /** The stream broke after the start; the import goes on server-side and the socket keeps reporting. */
  streamLost: boolean;
  /** The same messages arrive by stream and socket: how often each was seen per source (see `message`). */
  seen: Record<MessageSource, Record<string, number>>;
};

export type ImportRunAction =
  | { type: 'start' }
  | { type: 'follow'; importUuid: string }
  | { type: 'message'; source: MessageSource; message: TImportStreamMessage }
  | { type: 'streamEnded' }
  | { type: 'streamLost'; error: string }
  | { type: 'failed'; error: string };

export const initialImportRunState: ImportRunState = {
  phase: 'idle',
  importUuid: null,
  clubTotal: null,
  clubsFinished: 0,
  messages: [],
  error: null,
  streamLost: false,
  seen: { stream: {}, socket: {} },
};

const messageKey = (message: TImportStreamMessage) =>
  JSON.stringify([message.import_uuid, message.status, message.message, message.studio_name ?? null, message.studio_count ?? null]);

const isActive = (phase: ImportRunPhase) => phase === 'starting' || phase === 'running';

export function importRunReducer(state: ImportRunState, action: ImportRunAction): ImportRunState {
  switch (action.type) {
    case 'start':
      return { ...initialImportRunState, phase: 'starting' };
    case 'follow':
      return { ...initialImportRunState, phase: 'running', importUuid: action.importUuid };
    case 'failed':
      return { ...state, phase: 'failed', error: action.error };
    case 'streamLost':
      if (!isActive(state.phase)) return state;
      // Without the run's uuid there is nothing to follow: the start failed as far as the user can tell.
      return state.importUuid ? { ...state, streamLost: true } : { ...state, phase: 'failed', error: action.error };
    case 'streamEnded':
      return isActive(state.phase) ? { ...state, phase: 'finished' } : state;
    case 'message':
      return receive(state, action.source, action.message);
  }
}

function receive(state: ImportRunState, source: MessageSource, message: TImportStreamMessage): ImportRunState {
  if (state.importUuid && message.import_uuid !== state.importUuid) return state;

  // A message is new when this source has now seen it more often than the other source did:
  // identical messages (two "info" lines with the same text) still count, duplicates across sources do not.
  const key = messageKey(message);
  const other: MessageSource = source === 'stream' ? 'socket' : 'stream';
  const count = (state.seen[source][key] ?? 0) + 1;
  const seen = { ...state.seen, [source]: { ...state.seen[source], [key]: count } };
  if (count <= (state.seen[other][key] ?? 0)) return { ...state, seen };

  const next: ImportRunState = {
    ...state,
    seen,
    importUuid: state.importUuid ?? message.import_uuid,
    phase: state.phase === 'starting' ? 'running' : state.phase,
    messages: [...state.messages, { ...message, id: state.messages.length }],
  };
  switch (message.status) {
    case 'config':
      return { ...next, clubTotal: message.studio_count ?? next.clubTotal };
    case 'finished_club':
      return { ...next, clubsFinished: next.clubTotal === null ? next.clubsFinished + 1 : Math.min(next.clubsFinished + 1, next.clubTotal) };
    case 'finished_studiogroup':
      return { ...next, phase: 'finished' };
    default:
      return next;
  }
}

/** Width of the progress bar in percent: 1 % at the start, the share of finished clubs after. */
export function importProgress(state: ImportRunState): number {
  if (state.phase === 'finished') return 100;
  if (!state.clubTotal) return 1;
  return Math.max(1, Math.round((state.clubsFinished / state.clubTotal) * 100));
}

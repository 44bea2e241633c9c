import type { TSendStreamMessage } from '../../../../../contracts/review.contract';

/**
 * One preview sending as step 3 shows it (spec 2.6, 4 "Preview send"): a `config` message gives the
 * number of trainers, each per-trainer message (success, info, error) moves the bar by 100 / count,
 * and `finished_studiogroup` (or the end of the stream) ends it.
 */
export type SendPreviewPhase = 'idle' | 'sending' | 'finished' | 'failed';
export type SendPreviewMessage = TSendStreamMessage & { id: number };

export type SendPreviewState = {
  phase: SendPreviewPhase;
  total: number | null;
  processed: number;
  messages: SendPreviewMessage[];
  error: string | null;
};

export type SendPreviewAction =
  | { type: 'start'; total: number }
  | { type: 'message'; message: TSendStreamMessage }
  | { type: 'streamEnded' }
  | { type: 'failed'; error: string };

export const initialSendPreviewState: SendPreviewState = { phase: 'idle', total: null, processed: 0, messages: [], error: null };

const PER_TRAINER = new Set<TSendStreamMessage['status']>(['success', 'info', 'error']);

export function sendPreviewReducer(state: SendPreviewState, action: SendPreviewAction): SendPreviewState {
  switch (action.type) {
    case 'start':
      return { ...initialSendPreviewState, phase: 'sending', total: action.total };
    case 'failed':
      return { ...state, phase: 'failed', error: action.error };
    case 'streamEnded':
      return state.phase === 'sending' ? { ...state, phase: 'finished' } : state;
    case 'message': {
      const { message } = action;
      const next = { ...state, messages: [...state.messages, { ...message, id: state.messages.length }] };
      if (message.status === 'config') return { ...next, total: message.item_count ?? next.total };
      if (message.status === 'finished_studiogroup') return { ...next, phase: 'finished' };
      if (PER_TRAINER.has(message.status)) {
        const processed = next.total === null ? next.processed + 1 : Math.min(next.processed + 1, next.total);
        return { ...next, processed };
      }
      return next;
    }
  }
}

/** Width of the bar: 100 / count per trainer done, 100 % once finished. */
export function sendPreviewProgress(state: SendPreviewState): number {
  if (state.phase === 'finished') return 100;
  if (!state.total) return 0;
  return Math.min(100, Math.round((state.processed * 100) / state.total));
}

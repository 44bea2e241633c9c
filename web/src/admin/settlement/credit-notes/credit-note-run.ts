import type { TSendStreamMessage } from '../../../../../contracts/review.contract';
import { escapeHtmlLines } from '../../../../../domain/html';

/**
 * One credit-note run as step 5 shows it (spec 2.9, 4 "Credit-note send stream"): `config` gives
 * item_count; every trainer's first message (created, or refused as an error) moves the bar by
 * 100 / item_count; the later 'sent' messages of the same trainers and the files' messages only add
 * lines; `finished_studiogroup` ('Send credit note finished') or the end of the stream ends the run.
 */
export type CreditNoteRunPhase = 'idle' | 'running' | 'finished' | 'failed';
export type CreditNoteRunMessage = TSendStreamMessage & { id: number };

export type CreditNoteRunState = {
  phase: CreditNoteRunPhase;
  runUuid: string | null;
  total: number | null;
  /** Trainers with a first message (created or refused). */
  processedTrainerUuids: string[];
  created: number;
  failed: number;
  messages: CreditNoteRunMessage[];
  error: string | null;
};

export type CreditNoteRunAction =
  | { type: 'start'; runUuid: string; total: number }
  | { type: 'message'; message: TSendStreamMessage }
  | { type: 'streamEnded' }
  | { type: 'failed'; error: string };

export const initialCreditNoteRunState: CreditNoteRunState = {
  phase: 'idle',
  runUuid: null,
  total: null,
  processedTrainerUuids: [],
  created: 0,
  failed: 0,
  messages: [],
  error: null,
};

export function creditNoteRunReducer(state: CreditNoteRunState, action: CreditNoteRunAction): CreditNoteRunState {
  switch (action.type) {
    case 'start':
      return { ...initialCreditNoteRunState, phase: 'running', runUuid: action.runUuid, total: action.total };
    case 'failed':
      return { ...state, phase: 'failed', error: action.error };
    case 'streamEnded':
      return state.phase === 'running' ? { ...state, phase: 'finished' } : state;
    case 'message': {
      const { message } = action;
      const next = { ...state, messages: [...state.messages, { ...message, id: state.messages.length }] };
      if (message.status === 'config') return { ...next, total: message.item_count ?? next.total };
      if (message.status === 'finished_studiogroup') return { ...next, phase: 'finished' };
      const trainerUuid = message.trainer_uuid;
      if (!trainerUuid || next.processedTrainerUuids.includes(trainerUuid)) return next;
      return {
        ...next,
        processedTrainerUuids: [...next.processedTrainerUuids, trainerUuid],
        created: next.created + (message.status === 'success' ? 1 : 0),
        failed: next.failed + (message.status === 'error' ? 1 : 0),
      };
    }
  }
}

/** Width of the bar: 100 / item_count per trainer, 100 % once finished. */
export function creditNoteRunProgress(state: CreditNoteRunState): number {
  if (state.phase === 'finished') return 100;
  if (!state.total) return 0;
  return Math.min(100, Math.round((state.processedTrainerUuids.length * 100) / state.total));
}

/** The body of the accounting e-mail as the screen edits it: paragraphs of plain text. */
export function htmlToParagraphs(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const paragraphs = [...parsed.body.querySelectorAll('p')].map((node) => (node.textContent ?? '').trim());
  return (paragraphs.length > 0 ? paragraphs : [parsed.body.textContent ?? '']).join('\n\n');
}

/** Plain text → the e-mail's HTML: a blank line starts a paragraph, a single line break stays one. */
export function paragraphsToHtml(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtmlLines(paragraph)}</p>`)
    .join('');
}

import { describe, expect, it } from 'vitest';
import { initialSendPreviewState, sendPreviewProgress, sendPreviewReducer, type SendPreviewAction, type SendPreviewState } from './send-preview-run';

const run = (actions: SendPreviewAction[]): SendPreviewState => actions.reduce(sendPreviewReducer, initialSendPreviewState);

describe('send preview run (spec 2.6, 4 "Preview send")', () => {
  it('moves the bar by 100 / count per trainer, whatever the outcome, and ends at 100 %', () => {
    const state = run([
      { type: 'start', total: 2 },
      { type: 'message', message: { status: 'config', message: '', item_count: 4 } },
      { type: 'message', message: { status: 'success', message: 'Review for 1 created' } },
      { type: 'message', message: { status: 'info', message: 'Trainer account for 2 is not connected. Review is not available.' } },
      { type: 'message', message: { status: 'error', message: 'Review for 3 has not been created' } },
    ]);
    expect(state.total).toBe(4);
    expect(state.processed).toBe(3);
    expect(sendPreviewProgress(state)).toBe(75);
    expect(state.phase).toBe('sending');
    const done = sendPreviewReducer(state, { type: 'message', message: { status: 'finished_studiogroup', message: 'done' } });
    expect(done.phase).toBe('finished');
    expect(sendPreviewProgress(done)).toBe(100);
    expect(done.messages.map((message) => message.status)).toEqual(['config', 'success', 'info', 'error', 'finished_studiogroup']);
  });

  it('never counts past the total and finishes when the stream ends without a last message', () => {
    const state = run([
      { type: 'start', total: 1 },
      { type: 'message', message: { status: 'success', message: 'a' } },
      { type: 'message', message: { status: 'success', message: 'b' } },
      { type: 'streamEnded' },
    ]);
    expect(state.processed).toBe(1);
    expect(state.phase).toBe('finished');
  });

  it('keeps the failure of the start call', () => {
    const state = run([{ type: 'start', total: 3 }, { type: 'failed', error: 'nope' }, { type: 'streamEnded' }]);
    expect(state.phase).toBe('failed');
    expect(state.error).toBe('nope');
    expect(sendPreviewProgress(state)).toBe(0);
  });
});

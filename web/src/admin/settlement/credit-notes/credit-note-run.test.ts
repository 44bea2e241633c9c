import { describe, expect, it } from 'vitest';
import { creditNoteRunProgress, creditNoteRunReducer, initialCreditNoteRunState, paragraphsToHtml, type CreditNoteRunAction } from './credit-note-run';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('creditNoteRunReducer', () => {
  it('moves the bar by 100 / item_count per trainer; the later "sent" line of a trainer does not count twice', () => {
    const actions: CreditNoteRunAction[] = [
      { type: 'start', runUuid: A, total: 2 },
      { type: 'message', message: { status: 'config', message: 'Creating credit notes for 2 trainers …', item_count: 2 } },
      { type: 'message', message: { status: 'success', message: 'Credit note GS-1 created', trainer_uuid: A, outcome: 'created' } },
    ];
    let state = actions.reduce(creditNoteRunReducer, initialCreditNoteRunState);
    expect(creditNoteRunProgress(state)).toBe(50);
    state = creditNoteRunReducer(state, { type: 'message', message: { status: 'success', message: 'Credit note sent', trainer_uuid: A, outcome: 'created' } });
    expect(creditNoteRunProgress(state)).toBe(50);
    state = creditNoteRunReducer(state, { type: 'message', message: { status: 'error', message: 'not created', trainer_uuid: B, outcome: 'failed' } });
    expect([creditNoteRunProgress(state), state.created, state.failed]).toEqual([100, 1, 1]);
    state = creditNoteRunReducer(state, { type: 'message', message: { status: 'finished_studiogroup', message: 'Send credit note finished' } });
    expect(state.phase).toBe('finished');
    expect(state.messages.map((message) => message.status)).toEqual(['config', 'success', 'success', 'error', 'finished_studiogroup']);
  });

  it('a refusal before the stream fails the run with the server message', () => {
    const actions: CreditNoteRunAction[] = [
      { type: 'start', runUuid: A, total: 1 },
      { type: 'failed', error: 'not approved' },
    ];
    const state = actions.reduce(creditNoteRunReducer, initialCreditNoteRunState);
    expect([state.phase, state.error]).toEqual(['failed', 'not approved']);
  });
});

describe('paragraphsToHtml', () => {
  it('makes paragraphs of blank-line separated text and escapes markup', () => {
    expect(paragraphsToHtml('Hallo,\n\nanbei <b>die</b> Dateien.\nGruß')).toBe('<p>Hallo,</p><p>anbei &lt;b&gt;die&lt;/b&gt; Dateien.<br>Gruß</p>');
  });
});

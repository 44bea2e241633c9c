import { describe, expect, it } from 'vitest';
import type { TImportStreamMessage } from '../../../../contracts/import.contract';
import { importProgress, importRunReducer, initialImportRunState, type ImportRunAction, type ImportRunState } from './import-run';

const uuid = 'b7d4c1e2-0000-4000-8000-000000000001';
const msg = (status: TImportStreamMessage['status'], message: string, extra: Partial<TImportStreamMessage> = {}): TImportStreamMessage => ({
  status,
  message,
  import_uuid: uuid,
  ...extra,
});
const run = (actions: ImportRunAction[], from: ImportRunState = initialImportRunState) => actions.reduce(importRunReducer, from);
const stream = (message: TImportStreamMessage): ImportRunAction => ({ type: 'message', source: 'stream', message });
const socket = (message: TImportStreamMessage): ImportRunAction => ({ type: 'message', source: 'socket', message });

describe('import run', () => {
  it('starts at 1 % and counts finished clubs up to the total', () => {
    const started = run([{ type: 'start' }]);
    expect(importProgress(started)).toBe(1);

    const state = run([stream(msg('config', 'Importing 4 clubs', { studio_count: 4 })), stream(msg('finished_club', 'Club A'))], started);
    expect(state.phase).toBe('running');
    expect(state.importUuid).toBe(uuid);
    expect(state.clubTotal).toBe(4);
    expect(state.clubsFinished).toBe(1);
    expect(importProgress(state)).toBe(25);

    const finished = run([stream(msg('finished_studiogroup', 'done'))], state);
    expect(finished.phase).toBe('finished');
    expect(importProgress(finished)).toBe(100);
  });

  it('never counts beyond the total', () => {
    const state = run([
      { type: 'start' },
      stream(msg('config', 'x', { studio_count: 1 })),
      stream(msg('finished_club', 'A')),
      stream(msg('finished_club', 'B')),
    ]);
    expect(state.clubsFinished).toBe(1);
  });

  it('shows a message once when stream and socket both deliver it, but keeps genuine repeats', () => {
    const info = msg('info', 'Fetching classes');
    const state = run([
      { type: 'start' },
      stream(msg('config', 'x', { studio_count: 2 })),
      socket(msg('config', 'x', { studio_count: 2 })),
      stream(info),
      socket(info),
      socket(info),
      stream(info),
    ]);
    expect(state.messages.map((m) => m.status)).toEqual(['config', 'info', 'info']);
  });

  it('ignores messages of other imports once the run is known', () => {
    const state = run([{ type: 'follow', importUuid: uuid }, socket({ ...msg('error', 'other'), import_uuid: 'another' })]);
    expect(state.messages).toEqual([]);
  });

  it('finishes when the stream ends and keeps following by socket when it breaks', () => {
    const started = run([{ type: 'start' }, stream(msg('config', 'x', { studio_count: 2 }))]);
    expect(run([{ type: 'streamEnded' }], started).phase).toBe('finished');
    const lost = run([{ type: 'streamLost', error: 'network' }], started);
    expect(lost.phase).toBe('running');
    expect(lost.streamLost).toBe(true);
    expect(run([{ type: 'start' }, { type: 'streamLost', error: 'network' }])).toMatchObject({ phase: 'failed', error: 'network' });
  });

  it('keeps the server message of a refused start', () => {
    const state = run([{ type: 'start' }, { type: 'failed', error: 'dateEnd: must not be before dateStart' }]);
    expect(state).toMatchObject({ phase: 'failed', error: 'dateEnd: must not be before dateStart' });
  });
});

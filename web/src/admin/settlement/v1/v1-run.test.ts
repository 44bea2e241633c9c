import { describe, expect, it } from 'vitest';
import { runPerTrainer } from './v1-run';

describe('runPerTrainer', () => {
  it('calls each trainer in turn, reports every answer and advances the bar by 100 / count', async () => {
    const called: number[] = [];
    const messages: Array<[string, string]> = [];
    const progress: number[] = [];
    const results = await runPerTrainer({
      trainers: [1, 2, 3],
      call: async (id) => {
        called.push(id);
        if (id === 2) throw new Error(`Invoice for ${id} has not been created: no consent`);
        return `Invoice for ${id} created`;
      },
      failureText: (id) => `Invoice for ${id} has not been created`,
      onMessage: (status, text) => messages.push([status, text]),
      onProgress: (percent) => progress.push(percent),
    });
    expect(called).toEqual([1, 2, 3]);
    expect(messages).toEqual([
      ['success', 'Invoice for 1 created'],
      ['error', 'Invoice for 2 has not been created: no consent'],
      ['success', 'Invoice for 3 created'],
    ]);
    expect(progress).toEqual([0, 33, 67, 100]);
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
  });

  it('uses the spec message when the call fails without one, and ends at 100 % for no trainers', async () => {
    const messages: string[] = [];
    await runPerTrainer({ trainers: ['A'], call: () => Promise.reject(new Error('')), failureText: (name) => `Invoice for ${name} has not been send`, onMessage: (_s, text) => messages.push(text), onProgress: () => undefined });
    expect(messages).toEqual(['Invoice for A has not been send']);
    const progress: number[] = [];
    await runPerTrainer({ trainers: [], call: () => Promise.resolve(''), failureText: () => '', onMessage: () => undefined, onProgress: (percent) => progress.push(percent) });
    expect(progress).toEqual([0, 100]);
  });
});

import { describe, expect, it } from 'vitest';
import { fitLength } from './text';

describe('fitLength', () => {
  it('leaves text that fits alone', () => {
    expect(fitLength('Änderung der Stammdaten von Max Muster')).toBe('Änderung der Stammdaten von Max Muster');
    expect(fitLength('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it('cuts longer text to the length, ending in an ellipsis', () => {
    const fitted = fitLength(`Subject ${'y'.repeat(400)}`);
    expect(Array.from(fitted)).toHaveLength(255);
    expect(fitted.endsWith('y…')).toBe(true);
    expect(fitLength('abc def', 5)).toBe('abc…');
  });

  it('counts characters as PostgreSQL does and never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(300);
    const fitted = fitLength(emoji);
    expect(Array.from(fitted)).toHaveLength(255);
    expect(fitted).toBe(`${'😀'.repeat(254)}…`);
    expect(fitLength('😀'.repeat(255))).toBe('😀'.repeat(255));
  });
});

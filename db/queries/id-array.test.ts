import { describe, expect, it } from 'vitest';
import { idArray } from './id-array';

describe('idArray', () => {
  it('writes integer ids and uuids as a PostgreSQL array literal', () => {
    expect(idArray([3, 1, 2])).toBe('{3,1,2}');
    expect(idArray(['0b7f3c1e-2a4d-4c5e-9f10-1234567890ab'])).toBe('{0b7f3c1e-2a4d-4c5e-9f10-1234567890ab}');
    expect(idArray([])).toBe('{}');
  });

  it('refuses anything that is not an id, so nothing else reaches the literal', () => {
    expect(() => idArray([1.5])).toThrow(/not an id/);
    expect(() => idArray(['1,2'])).toThrow(/not an id/);
    expect(() => idArray(['x} or {1'])).toThrow(/not an id/);
  });
});

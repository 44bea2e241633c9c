import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './validate';

describe('findNulCharacter', () => {
  it('names the field whose text holds a NUL character (PostgreSQL cannot store it)', () => {
    expect(findNulCharacter({ firstname: 'Anna', address: { street: 'Haupt\u0000str.' } })).toBe('address.street');
    expect(findNulCharacter({ lines: ['ok', 'b\u0000d'] })).toBe('lines.1');
    expect(findNulCharacter('a\u0000')).toBe('value');
  });

  it('finds one in a key too, and passes clean input', () => {
    expect(findNulCharacter({ 'a\u0000': 1 })).toBe('key');
    expect(findNulCharacter({ firstname: 'Jörg', amount: 43.75, tags: [null, true] })).toBeUndefined();
  });
});

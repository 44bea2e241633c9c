import { describe, expect, it } from 'vitest';
import { findNulCharacter, nestsDeeperThan } from './validate';

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

  it('walks any depth without overflowing the stack, and reports the first NUL in key order', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findNulCharacter(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
    expect(findNulCharacter({ a: { x: 'b\u0000' }, 'c\u0000': 1 })).toBe('a.x');
  });
});

describe('nestsDeeperThan', () => {
  it('counts levels of arrays and objects, not of text', () => {
    expect(nestsDeeperThan([[{ a: [] }]], 4)).toBe(false);
    expect(nestsDeeperThan([[{ a: [[]] }]], 4)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)), 100)).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminPositionHash, classHash, fnv1a64Hex } from './class-hash';

/** Reference FNV-1a 64 with BigInt over TextEncoder's UTF-8. */
function referenceFnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('fnv1a64Hex', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64Hex('')).toBe('cbf29ce484222325');
    expect(fnv1a64Hex('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Hex('foobar')).toBe('85944171f73967e8');
  });

  it('agrees with a BigInt implementation on any text, umlauts and emoji included', () => {
    expect(fnv1a64Hex('München Schwabing – Rückenfit 💪')).toBe(referenceFnv1a64('München Schwabing – Rückenfit 💪'));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(fnv1a64Hex(text)).toBe(referenceFnv1a64(text));
      }),
    );
  });
});

describe('classHash', () => {
  const start = Date.parse('2026-03-10T09:00:00Z');

  it('is stable and depends on studio, source id and start', () => {
    const hash = classHash(7, 'C-1', start);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(classHash(7, 'C-1', start)).toBe(hash);
    expect(classHash(8, 'C-1', start)).not.toBe(hash);
    expect(classHash(7, 'C-2', start)).not.toBe(hash);
    expect(classHash(7, 'C-1', start + 60_000)).not.toBe(hash);
  });

  it('keeps class and admin rows apart', () => {
    expect(adminPositionHash(1)).not.toBe(adminPositionHash(2));
    expect(adminPositionHash(1)).toMatch(/^[0-9a-f]{16}$/);
  });
});

// The class hash is the stable key of a settlement row (spec: class_hash); comments and reviews refer
// to it, so it must come out the same every time the month is prepared again. It is FNV-1a (64 bit,
// 16 hex digits) over an unambiguous key of studio id, source id and start instant: pure and
// synchronous (no node:crypto and no async WebCrypto, so api, activities, workflows and the browser
// compute the same value), fixed length for the column, and 64 bits keep collisions out of reach
// (≈1e-10 for 60,000 classes; 32 bits would collide in a large month with ~40 % probability).
// It is a key, not a secret: nothing relies on it being unguessable.

const FNV64_OFFSET_BASIS = [0x2325, 0x8422, 0x9ce4, 0xcbf2] as const; // 0xcbf29ce484222325, low limb first
const FNV64_PRIME_LOW = 0x1b3; // prime = 2^40 + 0x1b3

/** FNV-1a 64-bit hash of the UTF-8 bytes of `text`, as 16 lower-case hex digits. */
export function fnv1a64Hex(text: string): string {
  // Four 16-bit limbs (low first) keep every intermediate product below 2^53, exact in doubles and
  // much faster than BigInt. A plain loop over char codes, no closures: this runs once per class.
  const h = [FNV64_OFFSET_BASIS[0], FNV64_OFFSET_BASIS[1], FNV64_OFFSET_BASIS[2], FNV64_OFFSET_BASIS[3]];
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i += 1;
      }
    }
    if (code < 0x80) mix(h, code);
    else if (code < 0x800) {
      mix(h, 0xc0 | (code >> 6));
      mix(h, 0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      mix(h, 0xe0 | (code >> 12));
      mix(h, 0x80 | ((code >> 6) & 0x3f));
      mix(h, 0x80 | (code & 0x3f));
    } else {
      mix(h, 0xf0 | (code >> 18));
      mix(h, 0x80 | ((code >> 12) & 0x3f));
      mix(h, 0x80 | ((code >> 6) & 0x3f));
      mix(h, 0x80 | (code & 0x3f));
    }
  }
  return hex4(h[3]) + hex4(h[2]) + hex4(h[1]) + hex4(h[0]);
}

/** One FNV-1a step on the limbs: xor the byte in, multiply by the prime modulo 2^64. */
function mix(h: number[], byte: number): void {
  const h0 = h[0] ^ byte;
  // h × (2^40 + 0x1b3): h × 0x1b3 plus h shifted left by 40 bits (limbs 0 and 1 reach limbs 2 and 3).
  const t0 = h0 * FNV64_PRIME_LOW;
  const t1 = h[1] * FNV64_PRIME_LOW + Math.floor(t0 / 0x10000);
  const t2 = h[2] * FNV64_PRIME_LOW + h0 * 0x100 + Math.floor(t1 / 0x10000);
  const t3 = h[3] * FNV64_PRIME_LOW + h[1] * 0x100 + Math.floor(t2 / 0x10000);
  h[0] = t0 & 0xffff;
  h[1] = t1 & 0xffff;
  h[2] = t2 & 0xffff;
  h[3] = t3 & 0xffff;
}

function hex4(limb: number): string {
  return limb.toString(16).padStart(4, '0');
}

/**
 * Hash of a class row: studio id, source id and start instant (UTC ISO), the source id
 * length-prefixed so no two different triples give the same key text.
 */
export function classHash(studioId: number, sourceId: string, startMillis: number): string {
  return fnv1a64Hex(`class|${studioId}|${sourceId.length}:${sourceId}|${new Date(startMillis).toISOString()}`);
}

/** Hash of an 'Administration' row, from the admin position's id. */
export function adminPositionHash(adminPositionId: number): string {
  return fnv1a64Hex(`admin|${adminPositionId}`);
}

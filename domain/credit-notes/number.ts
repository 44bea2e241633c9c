// Credit note numbers (DESIGN "Domain rules"): `{prefix}-{year}-{n}`, gap-free per studio group and
// year, n zero-padded to five digits so that numbers sort as text within a year; a group issuing
// more than 99,999 in a year simply gets longer numbers. The number is also the SEPA end-to-end id,
// so it stays within the SEPA character set and 35 characters.

export type CreditNoteNumberParts = { prefix: string; year: number; sequence: number };

const PREFIX = /^[A-Z][A-Z0-9]{0,9}$/;
const NUMBER = /^([A-Z][A-Z0-9]{0,9})-(\d{4})-(\d{5,})$/;

/** 'GS-2026-00042' from ('GS', 2026, 42). */
export function creditNoteNumber(prefix: string, year: number, sequence: number): string {
  if (!PREFIX.test(prefix)) throw new RangeError(`credit note prefix must be 1-10 upper-case letters or digits starting with a letter, got '${prefix}'`);
  if (!Number.isSafeInteger(year) || year < 1000 || year > 9999) throw new RangeError(`credit note year must have four digits, got ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`credit note sequence must be a positive integer, got ${sequence}`);
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** The parts of a credit note number, or null when `value` is not one. */
export function parseCreditNoteNumber(value: string): CreditNoteNumberParts | null {
  const match = NUMBER.exec(value);
  if (!match) return null;
  const sequence = Number(match[3]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  // Five digits are the minimum width: '000042' is not the canonical form of 42.
  if (match[3].length > 5 && match[3].startsWith('0')) return null;
  return { prefix: match[1], year: Number(match[2]), sequence };
}

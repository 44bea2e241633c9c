import { describe, expect, it } from 'vitest';
import { euroToCents } from './euro-to-cents';

describe('euroToCents', () => {
  it('turns typed euros into integer cents without float drift', () => {
    expect(euroToCents(0.29)).toBe(29);
    expect(euroToCents(25.5)).toBe(2550);
    expect(euroToCents(1234.56)).toBe(123456);
    expect(euroToCents('12,5')).toBe(1250);
    expect(euroToCents('7')).toBe(700);
    expect(euroToCents('-3.05')).toBe(-305);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    expect(euroToCents('')).toBeNull();
    expect(euroToCents('1.234')).toBeNull();
    expect(euroToCents('abc')).toBeNull();
  });
});

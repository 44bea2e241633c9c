import { describe, expect, it } from 'vitest';
import { csvCell } from './grid';

describe('csvCell (the grids\' CSV export)', () => {
  const cell = (value: unknown, format: (value: unknown) => unknown = (inner) => inner) => csvCell({ value, formatValue: format as (value: unknown) => string });

  it('defuses a trainer-typed formula, as every CSV the platform writes', () => {
    expect(cell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cell('x', () => '+49 30 1234')).toBe("'+49 30 1234");
  });

  it('leaves other text, numbers and empty cells as the grid writes them', () => {
    expect(cell('Anna Müller')).toBe('Anna Müller');
    expect(cell(-12.5)).toBe('-12.5');
    expect(cell(null)).toBe('');
  });
});

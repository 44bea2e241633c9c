import { describe, expect, it } from 'vitest';
import { defuseFormula } from './index';

describe('defuseFormula', () => {
  it('puts an apostrophe before every start a spreadsheet runs as a formula', () => {
    for (const text of ['=HYPERLINK("http://x")', '+49 30 1234', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(defuseFormula(text)).toBe(`'${text}`);
  });

  it('leaves other text as it is', () => {
    for (const text of ['Anna', 'Yoga = Balance', '', "'quoted", '12,50']) expect(defuseFormula(text)).toBe(text);
  });
});

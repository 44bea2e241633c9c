import { describe, expect, it } from 'vitest';
import { partsOf } from './rule-check.service';

describe('the payment-type-rule check folds its range in parts', () => {
  it('cuts a year into contiguous parts that cover every day once', () => {
    expect(partsOf({ dateStart: '2025-01-01', dateEnd: '2025-12-31' }, 2)).toEqual([
      { dateStart: '2025-01-01', dateEnd: '2025-07-01' },
      { dateStart: '2025-07-02', dateEnd: '2025-12-31' },
    ]);
  });

  it('keeps a range shorter than the parts whole, a day as one part', () => {
    expect(partsOf({ dateStart: '2025-03-30', dateEnd: '2025-03-30' }, 2)).toEqual([{ dateStart: '2025-03-30', dateEnd: '2025-03-30' }]);
    expect(partsOf({ dateStart: '2025-03-30', dateEnd: '2025-03-31' }, 3)).toEqual([
      { dateStart: '2025-03-30', dateEnd: '2025-03-30' },
      { dateStart: '2025-03-31', dateEnd: '2025-03-31' },
    ]);
  });
});

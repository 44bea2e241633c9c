import { describe, expect, it } from 'vitest';
import { monthPartsOf, partsOf } from './reports.service';
import { foldPlanOf } from './rule-check.service';

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

describe('big reports are built in parts of whole months', () => {
  it('cuts a month range into contiguous runs of whole months', () => {
    expect(monthPartsOf({ dateStart: '2025-01-31', dateEnd: '2025-12-31' }, 2)).toEqual([
      { dateStart: '2025-01-01', dateEnd: '2025-06-30' },
      { dateStart: '2025-07-01', dateEnd: '2025-12-31' },
    ]);
    expect(monthPartsOf({ dateStart: '2025-11-30', dateEnd: '2026-02-28' }, 2)).toEqual([
      { dateStart: '2025-11-01', dateEnd: '2025-12-31' },
      { dateStart: '2026-01-01', dateEnd: '2026-02-28' },
    ]);
    expect(monthPartsOf({ dateStart: '2025-03-31', dateEnd: '2025-03-31' }, 2)).toEqual([{ dateStart: '2025-03-01', dateEnd: '2025-03-31' }]);
  });
});

describe('which months the check reads from their kept folds', () => {
  it('reads whole months from the folds, a rule date on the first of a month included', () => {
    expect(foldPlanOf({ dateStart: '2025-01-01', dateEnd: '2025-03-31' }, ['2025-01-01', '2025-02-01'])).toEqual({ months: ['2025-01-01', '2025-02-01', '2025-03-01'], raw: [] });
  });

  it('reads the partial months at either end from their classes', () => {
    expect(foldPlanOf({ dateStart: '2025-01-15', dateEnd: '2025-04-10' }, [])).toEqual({
      months: ['2025-02-01', '2025-03-01'],
      raw: [
        { dateStart: '2025-01-15', dateEnd: '2025-01-31' },
        { dateStart: '2025-04-01', dateEnd: '2025-04-10' },
      ],
    });
    expect(foldPlanOf({ dateStart: '2025-02-03', dateEnd: '2025-02-03' }, [])).toEqual({ months: [], raw: [{ dateStart: '2025-02-03', dateEnd: '2025-02-03' }] });
  });

  it('reads a month in which a rule starts or ends from its classes, joined with its neighbours', () => {
    // A rule valid from 2025-02-10, another until 2025-03-14 (its boundary is the day after).
    expect(foldPlanOf({ dateStart: '2025-01-01', dateEnd: '2025-05-31' }, ['2025-02-10', '2025-03-15'])).toEqual({
      months: ['2025-01-01', '2025-04-01', '2025-05-01'],
      raw: [{ dateStart: '2025-02-01', dateEnd: '2025-03-31' }],
    });
    // A boundary on the first of the next month is not inside this one.
    expect(foldPlanOf({ dateStart: '2024-12-01', dateEnd: '2025-01-31' }, ['2025-01-01'])).toEqual({ months: ['2024-12-01', '2025-01-01'], raw: [] });
  });
});

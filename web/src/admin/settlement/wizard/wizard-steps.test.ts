import { describe, expect, it } from 'vitest';
import { openingStep, progressOfStep } from './wizard-steps';

describe('wizard steps (spec 2.2)', () => {
  it('draws the progress bar at 5, 20, 40, 55, 80 and 100 %', () => {
    expect([0, 1, 2, 3, 4, 5].map(progressOfStep)).toEqual([5, 20, 40, 55, 80, 100]);
    expect(progressOfStep(9)).toBe(100);
    expect(progressOfStep(-1)).toBe(5);
  });

  it('opens an existing settlement at step 4, or earlier where its workflow stands earlier', () => {
    expect(openingStep(5)).toBe(3);
    expect(openingStep(3)).toBe(3);
    expect(openingStep(1)).toBe(1);
    expect(openingStep(0)).toBe(0);
    // Without review a settlement past preparation opens where it stands.
    expect(openingStep(4, false)).toBe(4);
    expect(openingStep(5, true)).toBe(3);
  });
});

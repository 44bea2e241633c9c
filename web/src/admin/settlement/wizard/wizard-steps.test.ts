import { describe, expect, it } from 'vitest';
import { openingStep, progressOfStep, wizardMenuItems, type WizardMenuState } from './wizard-steps';

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

  it('shows each step its own items in the three-dot menu, hidden ones once they can act', () => {
    const reviewing: WizardMenuState = { step: 0, exists: true, inProgress: true, maxReachable: 4, trainerReview: true, runFinished: false };
    expect(wizardMenuItems(reviewing)).toEqual(['reload', 'trainerPreviews', 'finish', 'next']);
    expect(wizardMenuItems({ ...reviewing, step: 1 })).toEqual(['reload', 'trainerOverview', 'sendPreview']);
    expect(wizardMenuItems({ ...reviewing, step: 2 })).toEqual(['trainerOverview', 'trainerPreviews']);
    expect(wizardMenuItems({ ...reviewing, step: 3 })).toEqual(['reload', 'trainerOverview', 'approveAll', 'sendAll', 'sendCreditNotes']);
    expect(wizardMenuItems({ ...reviewing, step: 4 })).toEqual(['reload', 'trainerOverview']);
    expect(wizardMenuItems({ ...reviewing, step: 4, runFinished: true })).toEqual(['reload', 'trainerOverview', 'accountingEmail']);
    expect(wizardMenuItems({ ...reviewing, step: 5 })).toEqual(['trainerOverview']);
    // A new settlement: only Reload; without review no previews; a finished one offers no commands.
    expect(wizardMenuItems({ step: 0, exists: false, inProgress: false, maxReachable: 0, trainerReview: null, runFinished: false })).toEqual(['reload']);
    expect(wizardMenuItems({ ...reviewing, trainerReview: false })).toEqual(['reload', 'finish', 'next']);
    expect(wizardMenuItems({ ...reviewing, step: 3, inProgress: false })).toEqual(['reload', 'trainerOverview']);
  });
});

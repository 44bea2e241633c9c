// Wizard v2 (spec 2.2): six steps, 0–5 inside, 1–6 on screen.

export const WIZARD_STEPS = ['selectTrainer', 'prepareData', 'sendPreview', 'reviewFeedback', 'createCreditNotes', 'summary'] as const;
export type WizardStepKey = (typeof WIZARD_STEPS)[number];
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** Where the progress bar stands on each step (spec 2.2 and 9: 5 %, 20 %, 40 %, 55 %, 80 %, 100 %). */
export const STEP_PROGRESS = [5, 20, 40, 55, 80, 100] as const;

/** Step 4 (review trainer feedback): where the spec's start rule opens an existing settlement. */
export const REVIEW_STEP = 3;

/** Steps built in this stage of the month close; the panes of the others say what they will do. */
export const BUILT_STEPS: readonly number[] = [0, 1, 2, 3, 4, 5];

export const clampStep = (step: number) => Math.min(LAST_STEP, Math.max(0, Math.trunc(step)));

export const progressOfStep = (step: number) => STEP_PROGRESS[clampStep(step)];

/**
 * The step an existing settlement opens at. The spec's start rule opens it at step 4 (review trainer
 * feedback); steps 3–6 come with the next stages of the month close, so a settlement whose workflow
 * stands earlier (still selecting trainers, preparing data) opens at the workflow's own step instead
 * of a step it has not reached.
 */
export function openingStep(workflowStep: number, trainerReview: boolean | null = null): number {
  // Without trainer review there is no review step to open at: the credit notes (or the summary) are.
  if (trainerReview === false && workflowStep > REVIEW_STEP) return clampStep(workflowStep);
  return Math.min(REVIEW_STEP, clampStep(workflowStep));
}

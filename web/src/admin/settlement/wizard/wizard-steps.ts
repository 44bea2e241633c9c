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

/** The secondary actions of the wizard's three-dot menu (spec 2.2, "Buttons per step"). */
export type WizardMenuItem =
  | 'reload'
  | 'trainerPreviews'
  | 'finish'
  | 'next'
  | 'trainerOverview'
  | 'sendPreview'
  | 'approveAll'
  | 'sendAll'
  | 'sendCreditNotes'
  | 'accountingEmail';

export type WizardMenuState = {
  /** The step on screen (0–5). */
  step: number;
  /** The settlement exists (a new one has none of these but Reload). */
  exists: boolean;
  inProgress: boolean;
  /** The furthest step the workflow has reached. */
  maxReachable: number;
  /** The settlement asks trainers to review (null: not chosen yet). */
  trainerReview: boolean | null;
  /** A credit-note run has finished (its files exist for the accounting e-mail). */
  runFinished: boolean;
};

/**
 * The menu's items on each step, in the spec's order. Items the spec calls "hidden by default"
 * appear once they can do something: trainer previews once previews went out, Next once the
 * workflow has reached the next step, finish while the settlement is in progress, the accounting
 * e-mail once a run has its files. Reload stays on the credit-note step too: an approval made in the
 * preview check meanwhile makes a trainer billable there.
 */
export function wizardMenuItems({ step, exists, inProgress, maxReachable, trainerReview, runFinished }: WizardMenuState): WizardMenuItem[] {
  const previewsSent = exists && trainerReview === true && maxReachable >= REVIEW_STEP;
  const when = (condition: boolean, item: WizardMenuItem): WizardMenuItem[] => (condition ? [item] : []);
  const overview = when(exists, 'trainerOverview');
  switch (clampStep(step)) {
    case 0:
      return ['reload', ...when(previewsSent, 'trainerPreviews'), ...when(exists && inProgress, 'finish'), ...when(exists && maxReachable >= 1, 'next')];
    case 1:
      return ['reload', ...overview, ...when(exists && inProgress && trainerReview === true && maxReachable >= 2, 'sendPreview')];
    case 2:
      return [...overview, ...when(previewsSent, 'trainerPreviews')];
    case 3:
      return ['reload', ...overview, ...(exists && inProgress ? (['approveAll', 'sendAll', 'sendCreditNotes'] as const) : [])];
    case 4:
      return ['reload', ...overview, ...when(exists && runFinished, 'accountingEmail')];
    default:
      return overview;
  }
}

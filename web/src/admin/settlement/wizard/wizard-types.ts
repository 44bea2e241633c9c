import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import type { TSettlementDetail } from '../../../../../contracts/settlement.contract';

/** What the wizard hands every step screen. */
export type WizardStepProps = {
  group: TStudioGroupRef;
  settlementUuid: string;
  /** Last day of the chosen month; null before a month is chosen. */
  month: string | null;
  /** The settlement with its workflow state; null while it is not created yet. */
  settlement: TSettlementDetail | null;
  /** Chooses (or clears, back to the month picker) the month of a settlement not created yet. */
  setMonth: (month: string | null) => void;
  /** Moves the workflow to a step it has reached (spec 2.2: jump by index) and shows it. */
  goToStep: (step: number) => Promise<void>;
  /** Shows the step the workflow stands at after a command answered with its new state. */
  followWorkflow: (step: number) => void;
};

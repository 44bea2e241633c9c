import { z } from 'zod';

// Arguments and results of the payouts activities (the bank-file workflow), as zod schemas:
// deterministic, so the workflow imports the types from here.

const ZUuid = z.string().uuid();

export const ZBankFileRef = z.object({ bankFileUuid: ZUuid });
export type TBankFileRef = z.input<typeof ZBankFileRef>;

export type TApplyBankFileResult = {
  /** done: every entry applied or recorded; failed: the file could not be read to its end (errorKey says why). */
  state: 'done' | 'failed';
  processed: number;
  total: number | null;
  paid: number;
  rejected: number;
  returned: number;
  unmatched: number;
};

export type TNotifyFailedPayoutsResult = { emailUuids: string[]; notified: number };

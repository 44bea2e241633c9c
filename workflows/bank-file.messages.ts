import { z } from 'zod';

// The bank-file workflow's name, input and result (workflow `bank-file-{studioGroupUuid}-{identity
// hash}`, workflows/ids.ts). The API starts it by this name when a bank file is stored.

export const BANK_FILE_WORKFLOW = 'bankFileWorkflow' as const;

export const ZBankFileWorkflowInput = z.object({ bankFileUuid: z.string().uuid(), studioGroupUuid: z.string().uuid() });
export type TBankFileWorkflowInput = z.input<typeof ZBankFileWorkflowInput>;

export type TBankFileWorkflowResult = {
  state: 'done' | 'failed';
  processed: number;
  paid: number;
  rejected: number;
  returned: number;
  unmatched: number;
  /** Trainers told of a rejected/returned payout, and their e-mails handed to SMTP (or left in the outbox). */
  notified: number;
  emailsDelivered: number;
};

export type TBankFileWorkflow = (input: TBankFileWorkflowInput) => Promise<TBankFileWorkflowResult>;

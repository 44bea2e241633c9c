import { z } from 'zod';

// GET /api/v1/{studioGroupUuid}/payouts/demo-statement: a demo group has no bank, so TrainerPay
// plays it: a camt.053 statement of a credit-note run's open payouts, one of them returned, which the
// admin downloads and uploads on the Payouts screen like the bank's own file.

export const ZDemoStatementQuery = z.object({
  settlementRunUuid: z.uuid({ error: 'validation.uuid' }),
});
export type TDemoStatementQuery = z.infer<typeof ZDemoStatementQuery>;

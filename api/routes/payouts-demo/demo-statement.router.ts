import { Router } from 'express';
import { z } from 'zod';
import { ZDemoStatementQuery } from '../../../contracts/payouts-demo.contract';
import { studioGroupOf } from '../../auth/tenancy';
import { validate, validated } from '../../http/validate';
import { demoStatement } from './demo-statement.service';

const demoSchemas = {
  query: ZDemoStatementQuery,
  response: z.string().describe('camt.053.001.08 XML: the run\'s open payouts booked, one of them returned (AC04, with a fee).'),
  produces: 'application/xml',
  summary:
    "Demo groups only (booking system 'demo'): a bank statement of a credit-note run's open payouts, one returned, to upload on the Payouts screen like the bank's. 409 for another group or a run with no open payout.",
} as const;

/** Mounted under /api/v1/:g (staff of the group only). */
export function createDemoStatementRouter() {
  const router = Router({ mergeParams: true });
  router.get('/payouts/demo-statement', validate(demoSchemas), async (req, res) => {
    const { query } = validated(req, demoSchemas);
    const { fileName, xml } = await demoStatement(studioGroupOf(req), query);
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${fileName}"`);
    res.setHeader('cache-control', 'no-store');
    res.send(xml);
  });
  return router;
}

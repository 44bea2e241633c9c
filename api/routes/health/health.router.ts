import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { t } from '../../http/locale';
import { validate } from '../../http/validate';

/** GET /api/health: 200 with status 'success' when both answer; 503 with status 'error' and the same fields otherwise. */
const ZHealth = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  postgres: z.boolean(),
  temporal: z.boolean(),
});

const healthSchemas = {
  response: ZHealth,
  access: 'public',
  summary: 'Whether PostgreSQL and Temporal answer (200), else 503 with the same fields; no log-in.',
} as const;

/** Whether PostgreSQL and Temporal answer; 503 when either does not (for load balancers and ops). */
export function createHealthRouter({ orm, temporal }: { orm: MikroORM; temporal: Client }) {
  const router = Router();
  router.get('/health', validate(healthSchemas), async (req, res) => {
    const [postgres, temporalOk] = await Promise.all([
      orm.em.fork().getConnection().execute('select 1').then(() => true, () => false),
      temporal.connection.workflowService.getSystemInfo({}).then(() => true, () => false),
    ]);
    const healthy = postgres && temporalOk;
    res.status(healthy ? 200 : 503).json({
      status: healthy ? 'success' : 'error',
      message: t(req, healthy ? 'health.ok' : 'health.down'),
      postgres,
      temporal: temporalOk,
    } satisfies z.infer<typeof ZHealth>);
  });
  return router;
}

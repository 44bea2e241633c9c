import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { t } from '../../locale';

/** Whether PostgreSQL and Temporal answer; 503 when either does not (for load balancers and ops). */
export function createHealthRouter({ orm, temporal }: { orm: MikroORM; temporal: Client }) {
  const router = Router();
  router.get('/health', async (req, res) => {
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
    });
  });
  return router;
}

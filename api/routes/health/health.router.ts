import fs from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import { createTransport } from 'nodemailer';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { t } from '../../http/locale';
import { validate } from '../../http/validate';

/**
 * GET /api/health: 200 with status 'success' when every dependency answers; 503 with status 'error',
 * the same fields and `down` naming each one that does not. `smtp` is null when no SMTP_URL is set
 * (e-mails then stay in the outbox by design, which is not a fault).
 */
const ZHealth = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  postgres: z.boolean(),
  temporal: z.boolean(),
  smtp: z.boolean().nullable(),
  /** DATA_DIR is writable and has at least HEALTH_MIN_FREE_BYTES free. */
  disk: z.boolean(),
  down: z.array(z.enum(['postgres', 'temporal', 'smtp', 'disk'])),
});

const healthSchemas = {
  response: ZHealth,
  access: 'public',
  summary: 'Whether PostgreSQL, Temporal, the SMTP server and the data folder are usable (200), else 503 naming what is down; no log-in.',
} as const;

/** Below this the next month's PDFs and run files may not fit: warn before a credit-note run fails half-way. */
export const HEALTH_MIN_FREE_BYTES = 256 * 1024 * 1024;
/** Each probe's limit: a load balancer's health check must answer within its own timeout. */
const PROBE_TIMEOUT_MS = 3_000;

const withTimeout = (probe: Promise<unknown>) =>
  Promise.race([probe.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref())]).catch(() => false);

/** Writes and removes a small file in DATA_DIR (the volume every api and worker shares) and checks its free space. */
async function diskUsable(dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  const probe = path.join(dataDir, `.health-${process.pid}`);
  await fs.writeFile(probe, 'ok');
  await fs.rm(probe, { force: true });
  const stats = await fs.statfs(dataDir);
  if (stats.bavail * stats.bsize < HEALTH_MIN_FREE_BYTES) throw new Error('disk nearly full');
}

/** Connects and greets (EHLO, and log-in when the URL has credentials) without sending anything. */
async function smtpAnswers(smtpUrl: string): Promise<void> {
  const transport = createTransport({ url: smtpUrl, connectionTimeout: PROBE_TIMEOUT_MS, greetingTimeout: PROBE_TIMEOUT_MS, socketTimeout: PROBE_TIMEOUT_MS });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

export function createHealthRouter({ orm, temporal, dataDir, smtpUrl }: { orm: MikroORM; temporal: Client; dataDir: string; smtpUrl: string | undefined }) {
  const router = Router();
  router.get('/health', validate(healthSchemas), async (req, res) => {
    const [postgres, temporalOk, smtp, disk] = await Promise.all([
      withTimeout(orm.em.fork().getConnection().execute('select 1')),
      withTimeout(temporal.connection.workflowService.getSystemInfo({})),
      smtpUrl ? withTimeout(smtpAnswers(smtpUrl)) : Promise.resolve(null),
      withTimeout(diskUsable(dataDir)),
    ]);
    const down = (['postgres', 'temporal', 'smtp', 'disk'] as const).filter((name) => ({ postgres, temporal: temporalOk, smtp, disk })[name] === false);
    const healthy = down.length === 0;
    res.status(healthy ? 200 : 503).json({
      status: healthy ? 'success' : 'error',
      message: t(req, healthy ? 'health.ok' : 'health.down', { down: down.join(', ') }),
      postgres,
      temporal: temporalOk,
      smtp,
      disk,
      down,
    } satisfies z.infer<typeof ZHealth>);
  });
  return router;
}

import crypto from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { operationalFigures } from './queries/operational-figures';

// The Prometheus registry every TrainerPay process (api, worker) serves at /metrics: Node's own
// figures, and the business processes' figures read from PostgreSQL at each scrape. The api adds
// its HTTP counters (api/http/metrics.ts), the worker the Temporal SDK's (worker/metrics.ts).
// docs/decisions/0075 says why /metrics asks for METRICS_TOKEN.

export function createMetricsRegistry({ orm, process: processName }: { orm: MikroORM; process: 'api' | 'worker' }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: registry, prefix: 'trainerpay_' });

  // One read per scrape, shared by the gauges below (prom-client collects them one after another).
  let pending: ReturnType<typeof operationalFigures> | undefined;
  const figures = () => {
    pending ??= operationalFigures(orm.em.fork()).finally(() => setTimeout(() => (pending = undefined), 0));
    return pending;
  };
  new Gauge({
    name: 'trainerpay_outbox_emails',
    help: 'E-mails in the outbox that are not sent: queued (waiting for SMTP) or failed (refused for good).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { outboxQueued, outboxFailed } = await figures();
      this.set({ status: 'queued' }, outboxQueued);
      this.set({ status: 'failed' }, outboxFailed);
    },
  });
  new Gauge({
    name: 'trainerpay_outbox_oldest_queued_age_seconds',
    help: 'How long the oldest queued e-mail has waited (0: none waits). Grows when SMTP is down or no SMTP_URL is set.',
    registers: [registry],
    async collect() {
      this.set((await figures()).outboxOldestQueuedSeconds);
    },
  });
  new Gauge({
    name: 'trainerpay_credit_note_runs',
    help: 'Credit-note runs by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      for (const [status, count] of Object.entries((await figures()).creditNoteRuns)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'trainerpay_credit_note_run_progress',
    help: 'Each running credit-note run: credit notes issued (numbered), rendered (PDF written) and sent (e-mailed) so far.',
    labelNames: ['run', 'stage'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const run of (await figures()).runningRuns) {
        this.set({ run: run.runUuid, stage: 'issued' }, run.issued);
        this.set({ run: run.runUuid, stage: 'rendered' }, run.rendered);
        this.set({ run: run.runUuid, stage: 'sent' }, run.sent);
      }
    },
  });
  return registry;
}

/**
 * Whether a scrape may read /metrics: only with `Authorization: Bearer <METRICS_TOKEN>`, and not at
 * all while no token is configured (the figures name runs and load; closed unless an operator opens them).
 */
export function metricsScrapeAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

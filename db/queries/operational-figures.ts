import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from './sql';

// What /metrics reports of the business processes, read from PostgreSQL at each scrape (so every api
// and worker replica reports the same figures, and nothing is lost with a process): the outbox's
// queue and the credit-note runs in progress.

export type OperationalFigures = {
  outboxQueued: number;
  outboxFailed: number;
  /** Seconds the oldest queued e-mail has waited; 0 when none waits. */
  outboxOldestQueuedSeconds: number;
  creditNoteRuns: Record<'running' | 'finished' | 'failed', number>;
  /** Each running credit-note run: credit notes issued so far, and of those rendered (PDF written) and e-mailed. */
  runningRuns: Array<{ runUuid: string; issued: number; rendered: number; sent: number }>;
};

export async function operationalFigures(em: EntityManager): Promise<OperationalFigures> {
  const [outbox] = await sql<{ queued: string; failed: string; oldest_seconds: string | null }>(
    em,
    `select count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'failed') as failed,
            extract(epoch from now() - min(created_at) filter (where status = 'queued')) as oldest_seconds
       from outgoing_email where status in ('queued', 'failed')`,
  );
  const runs = await sql<{ status: 'running' | 'finished' | 'failed'; count: string }>(em, 'select status, count(*) as count from settlement_run group by status');
  const running = await sql<{ uuid: string; issued: string; rendered: string; sent: string }>(
    em,
    `select r.uuid, count(c.id) as issued, count(c.sha256) as rendered, count(c.sent_at) as sent
       from settlement_run r left join credit_note c on c.settlement_run_id = r.id
      where r.status = 'running' group by r.uuid`,
  );
  const creditNoteRuns = { running: 0, finished: 0, failed: 0 };
  for (const row of runs) creditNoteRuns[row.status] = Number(row.count);
  return {
    outboxQueued: Number(outbox?.queued ?? 0),
    outboxFailed: Number(outbox?.failed ?? 0),
    outboxOldestQueuedSeconds: Math.max(0, Math.round(Number(outbox?.oldest_seconds ?? 0))),
    creditNoteRuns,
    runningRuns: running.map((row) => ({ runUuid: row.uuid, issued: Number(row.issued), rendered: Number(row.rendered), sent: Number(row.sent) })),
  };
}

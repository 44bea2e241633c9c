import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../queries/sql';

export type AuditEntry = {
  /** The user who made the change (operator or staff). */
  actorUserId: number;
  /** The group the change concerns; null for changes outside any group. */
  studioGroupId: number | null;
  /** A dotted key, e.g. `studioGroup.created`, `studioGroup.suspended`, `staff.invited`. */
  action: string;
  /** What changed; never a password, token or key. */
  details?: Record<string, unknown>;
};

/**
 * Records one change in the audit log. Call it inside the `em.transactional` of the change itself
 * (after the flush that gave a new row its id): the row is written in that transaction, so a change
 * rolled back leaves no audit row and a committed one always has its row. The actor's e-mail address
 * is copied in the same statement, so the row still names them after their account is deleted.
 */
export async function recordAudit(em: EntityManager, entry: AuditEntry): Promise<void> {
  const rows = await sql<{ id: number }>(
    em,
    `insert into audit_log (uuid, actor_id, actor_email, studio_group_id, action, details, "at")
     select gen_random_uuid(), u.id, u.email, ?, ?, ?::jsonb, clock_timestamp() from app_user u where u.id = ?
     returning id`,
    [entry.studioGroupId, entry.action, JSON.stringify(entry.details ?? {}), entry.actorUserId],
  );
  if (rows.length === 0) throw new Error(`recordAudit: no user ${entry.actorUserId}`);
}

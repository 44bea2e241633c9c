import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { idProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

/**
 * Who changed what outside a settlement: an operator onboarding, editing, suspending a studio group,
 * staff access granted or removed. Written in the transaction of the change (db/writes/audit-log.ts),
 * so there is no change without its row and no row without its change. Rows outlive their actor
 * and group (set null), because the record of a change must survive the deletion of either.
 */
export const AuditLog = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The actor's e-mail address at the time, kept when the user is deleted. */
    actorEmail: p.string(),
    /** Null for changes not tied to one group. */
    studioGroup: () => p.manyToOne(StudioGroup).nullable().deleteRule('set null'),
    /** A dotted key, e.g. `studioGroup.created`, `studioGroup.suspended`, `staff.invited`. */
    action: p.string(),
    /** What changed (field names, old and new values, a reason); never passwords or tokens. */
    details: p.json<Record<string, unknown>>(),
    at: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [{ properties: ['studioGroup', 'at'] }, { properties: ['at'] }],
});
export type AuditLog = InferEntity<typeof AuditLog>;

import type { RequestHandler } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReferenceKind } from '@mikro-orm/core';
import { z } from 'zod';
import { Settlement, StaffMembership, StudioGroup, StudioGroupTrainer, Trainer, User, type StaffRole } from '../../db/entities';
import { findSettlement as findSettlementRecord } from '../../db/queries/settlements';
import { sql } from '../../db/queries/sql';
import { ZUuid } from '../../contracts/common.contract';
import { HttpError, notFound } from '../http/errors';
import { requestEntityManager } from '../http/entity-manager';
import { authOf, type AuthContext } from './sessions';
import { refuseChangeByAccountant } from './staff-roles';

// Tenancy: which studio groups a caller may see, and every lookup that answers "not found" for what
// belongs to another group (a group, its settlements, its trainers, a trainer's own link), so that
// nothing of another tenant leaks and every feature asks the same question the same way.

declare module 'express-serve-static-core' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface Request {
    /** The studio group of the `{g}` path segment, checked against the caller. */
    studioGroup?: StudioGroup;
  }
}

/** The studio groups a user may see: staff their managed groups, trainers their linked groups, operators all. */
export async function studioGroupsOf(auth: Pick<AuthContext, 'userId' | 'role'>): Promise<StudioGroup[]> {
  const em = requestEntityManager();
  if (auth.role === 'operator') return em.find(StudioGroup, {}, { orderBy: { name: 'asc' } });
  if (auth.role === 'staff') {
    const user = await em.findOneOrFail(User, auth.userId, { populate: ['staffStudioGroups'] });
    return [...user.staffStudioGroups].sort((a, b) => a.name.localeCompare(b.name));
  }
  const links = await em.find(
    StudioGroupTrainer,
    { trainerAccount: { user: auth.userId } },
    { populate: ['studioGroup'], orderBy: { studioGroup: { name: 'asc' } } },
  );
  return links.map((link) => link.studioGroup);
}

let groupColumns: string | undefined;

/**
 * The studio group's columns as its entity names them, not `g.*`: the statement is prepared per
 * connection, and a prepared `*` fails once a migration of another replica adds a column.
 */
function studioGroupColumns(em: EntityManager): string {
  groupColumns ??= em
    .getMetadata()
    .get(StudioGroup.meta.className)
    .props.filter((prop) => prop.persist !== false && (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE))
    .flatMap((prop) => prop.fieldNames)
    .map((column) => `g."${column}"`)
    .join(', ');
  return groupColumns;
}

/**
 * The group of `uuid` if staff or an operator may see it (studioGroupsOf's rule for one group), with
 * the staff member's role there (none for an operator): one membership check and the group, not the
 * user with all their groups — every admin call asks this.
 */
async function visibleStudioGroupByUuid(auth: Pick<AuthContext, 'userId' | 'role'>, uuid: string): Promise<{ group: StudioGroup; role?: StaffRole } | null> {
  const em = requestEntityManager();
  if (auth.role === 'operator') {
    const group = await em.findOne(StudioGroup, { uuid });
    return group && { group };
  }
  // The membership and the group's row in one round trip; em.map makes it the group entity the
  // request's entity manager would have loaded (and keeps it in its identity map).
  const [member] = await sql<Record<string, unknown> & { staff_role: StaffRole }>(
    em,
    `select ${studioGroupColumns(em)}, m.role as staff_role from studio_group g join staff_membership m on m.studio_group_id = g.id where g.uuid = ? and m.user_id = ?`,
    [uuid, auth.userId],
    { prepared: true },
  );
  if (!member) return null;
  const { staff_role: role, ...row } = member;
  return { group: em.map(StudioGroup, row), role };
}

/** The caller's role in a studio group they are staff of (undefined for an operator or a non-member). */
export async function staffRoleIn(auth: Pick<AuthContext, 'userId' | 'role'>, studioGroupId: number): Promise<StaffRole | undefined> {
  if (auth.role !== 'staff') return undefined;
  const membership = await requestEntityManager().findOne(StaffMembership, { user: auth.userId, studioGroup: studioGroupId });
  return membership?.role;
}

const ZStudioGroupKey = z.string().uuid();

/**
 * Guards `/api/v1/:g/...` admin calls: the group must exist and the caller must be its staff (or an
 * operator). A group of someone else answers 404 exactly like a missing one, so nothing leaks; a
 * change by the group's accountant is 403.
 */
export const requireStaffOfStudioGroup: RequestHandler = async (req, _res, next) => {
  const auth = authOf(req);
  if (auth.role === 'trainer') return next(new HttpError(403, 'auth.staffOnly'));
  const key = ZStudioGroupKey.safeParse(req.params.g);
  if (!key.success) return next(new HttpError(400, 'validation.fieldMessage', 'g', { field: 'g', reason: 'tenancy.studioGroupKey' }));
  const visible = await visibleStudioGroupByUuid(auth, key.data);
  if (!visible) return next(new HttpError(404, 'tenancy.studioGroupNotFound'));
  if (refusedWhileSuspended(req, visible.group, auth.role)) return next(new HttpError(423, 'onboarding.groupSuspended'));
  req.studioGroup = visible.group;
  // An accountant reads and changes nothing (api/auth/staff-roles.ts).
  next(refuseChangeByAccountant(req, visible.role));
};

/** Calls that change nothing though they are POSTs: signing a download link (docs/decisions/0125). */
const READS_BY_POST = /\/downloads\/sign$/;

/**
 * A suspended group's staff may read and download but change nothing (docs/decisions/0125): every
 * other call of theirs is 423 Locked. The operator is not held back (they suspended it, and they fix it).
 */
export function refusedWhileSuspended(req: { method: string; path: string }, group: StudioGroup, role: AuthContext['role']): boolean {
  if (!group.suspendedAt || role === 'operator') return false;
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  return !READS_BY_POST.test(req.path);
}

export const studioGroupOf = (req: { studioGroup?: StudioGroup }): StudioGroup => {
  if (!req.studioGroup) throw new HttpError(404, 'tenancy.studioGroupNotFound');
  return req.studioGroup;
};

/** Resolves a studio group the caller may see by its integer id (spec paths like /import/log/{studioGroupId}). */
export async function findVisibleStudioGroupById(auth: AuthContext, id: number): Promise<StudioGroup | undefined> {
  const groups = await studioGroupsOf(auth);
  return groups.find((group) => group.id === id);
}

/** The spec's payload names the group again (idMandant, idStudioGroup, studioGroupUuid, apiSlug): it must be the path's. */
export function assertSameStudioGroup(group: StudioGroup, fields: { idMandant?: number; idStudioGroup?: number; studioGroupUuid?: string; apiSlug?: string }) {
  const mismatch =
    (fields.idMandant !== undefined && fields.idMandant !== group.mandant.id) ||
    (fields.idStudioGroup !== undefined && fields.idStudioGroup !== group.id) ||
    (fields.studioGroupUuid !== undefined && fields.studioGroupUuid !== group.uuid) ||
    (fields.apiSlug !== undefined && fields.apiSlug !== group.apiSlug);
  if (mismatch) throw notFound('tenancy.studioGroupNotFound');
}

/** A settlement of the caller's studio group; deleted ones are gone (404). */
export async function findSettlement(em: EntityManager, group: StudioGroup, settlementUuid: string): Promise<Settlement> {
  const settlement = await findSettlementRecord(em, settlementUuid, { studioGroup: group, excludeDeleted: true, populate: ['createdBy'] });
  if (!settlement) throw notFound('settlement.notFound');
  return settlement;
}

/** A trainer of the group by the spec's `{trainer}` / `{TrainerID}` path value: the record id or its uuid; 404 otherwise. */
export async function findTrainerByKey(em: EntityManager, group: StudioGroup, key: string): Promise<Trainer> {
  // An id beyond PostgreSQL's integer range or a malformed uuid names no trainer: 404, never a failing query.
  const where = /^\d{1,9}$/.test(key) ? { id: Number(key) } : ZUuid.safeParse(key).success ? { uuid: key.toLowerCase() } : null;
  const trainer = where ? await em.findOne(Trainer, { ...where, studioGroup: group }) : null;
  if (!trainer) throw notFound('settlement.trainerNotFound', { trainer: key });
  return trainer;
}

/** The caller's link to the studio group (their trainer record there); 404 when not connected. */
export async function linkOf(em: EntityManager, userId: number, studioGroupUuid: string) {
  const link = await em.findOne(
    StudioGroupTrainer,
    { studioGroup: { uuid: studioGroupUuid }, trainerAccount: { user: userId } },
    { populate: ['studioGroup', 'trainer', 'selfBillingConsentBy'] },
  );
  if (!link) throw notFound('trainerAccount.studioGroupNotConnected');
  return link;
}

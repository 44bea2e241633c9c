import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ContactRequest, Mandant, StudioGroup, User } from '../../../db/entities';
import { recordAudit } from '../../../db/writes/audit-log';
import { sql } from '../../../db/queries/sql';
import { logoUrlPath } from '../../../domain/studio-group-logo';
import type {
  TAuditLogEntry,
  TCreateStudioGroupValues,
  TOperatorStudioGroup,
  TOperatorStudioGroupList,
  TOperatorStudioGroupSummary,
  TStudioGroupState,
  TUpdateStudioGroupValues,
} from '../../../contracts/onboarding.contract';
import type { TDatevSettings } from '../../../contracts/datev-settings.contract';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { settingsOf } from '../master-data/settings.service';

// The operator's onboarding of studio groups (docs/onboarding.md, docs/decisions/0125–0127). Every
// change is one transaction with its audit-log row (db/writes/audit-log.ts).

/** The row of the operator's list: counts and the last settlement in one query for every group. */
type SummaryRow = {
  id: number;
  uuid: string;
  name: string;
  api_slug: string;
  company_name: string;
  mandant_uuid: string;
  mandant_name: string;
  state: TStudioGroupState;
  staff: number;
  trainers: number;
  studios: number;
  last_month: string | null;
  last_status: string | null;
  created_at: Date;
};

// The state (docs/decisions/0125): suspended while suspended; live once marked live or once the group
// has issued a credit note (its first credit-note run went through); set up before that.
const SUMMARY_SQL = `
  select g.id, g.uuid, g.name, g.api_slug, g.company_name, m.uuid as mandant_uuid, m.name as mandant_name,
         case when g.suspended_at is not null then 'suspended'
              when g.live_at is not null or exists (select 1 from credit_note c where c.studio_group_id = g.id) then 'live'
              else 'set_up' end as state,
         (select count(*)::int from staff_membership sm where sm.studio_group_id = g.id) as staff,
         (select count(*)::int from trainer t where t.studio_group_id = g.id) as trainers,
         (select count(*)::int from studio s where s.studio_group_id = g.id) as studios,
         to_char(last.month, 'YYYY-MM-DD') as last_month, last.status as last_status,
         g.created_at
    from studio_group g
    join mandant m on m.id = g.mandant_id
    left join lateral (
      select st.month, st.status from settlement st
       where st.studio_group_id = g.id and st.status <> 'deleted'
       order by st.month desc, st.id desc limit 1) last on true`;

const toSummary = (row: SummaryRow): TOperatorStudioGroupSummary => ({
  uuid: row.uuid,
  name: row.name,
  apiSlug: row.api_slug,
  companyName: row.company_name,
  mandant: { uuid: row.mandant_uuid, name: row.mandant_name },
  state: row.state,
  counts: { staff: row.staff, trainers: row.trainers, studios: row.studios },
  lastSettlement: row.last_month ? { month: row.last_month, status: row.last_status ?? '' } : null,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function listStudioGroups(em: EntityManager): Promise<TOperatorStudioGroupList> {
  const [rows, mandants] = await Promise.all([
    sql<SummaryRow>(em, `${SUMMARY_SQL} order by lower(g.name), g.id`),
    em.find(Mandant, {}, { orderBy: { name: 'asc', id: 'asc' } }),
  ]);
  return { studioGroups: rows.map(toSummary), mandants: mandants.map((mandant) => ({ uuid: mandant.uuid, name: mandant.name })) };
}

async function findGroup(em: EntityManager, studioGroupUuid: string): Promise<StudioGroup> {
  const group = await em.findOne(StudioGroup, { uuid: studioGroupUuid }, { populate: ['mandant'] });
  if (!group) throw notFound('onboarding.notFound');
  return group;
}

export async function studioGroupDetail(em: EntityManager, studioGroupUuid: string): Promise<TOperatorStudioGroup> {
  const group = await findGroup(em, studioGroupUuid);
  const [row] = await sql<SummaryRow>(em, `${SUMMARY_SQL} where g.id = ?`, [group.id]);
  const request = await em.findOne(ContactRequest, { convertedStudioGroup: group }, { fields: ['uuid'] });
  return {
    ...toSummary(row!),
    // The month-close fields exactly as the group's own settings page answers them.
    ...settingsOf(group),
    languages: [...group.languages],
    liveAt: group.liveAt ? group.liveAt.toISOString() : null,
    suspendedAt: group.suspendedAt ? group.suspendedAt.toISOString() : null,
    suspensionReason: group.suspensionReason ?? null,
    contactRequestUuid: request?.uuid ?? null,
    logoPath: logoUrlPath(group.uuid),
  };
}

/** A name or API key another group has: 409 with the field named, before anything is written. */
async function assertUnique(em: EntityManager, values: { name: string; apiSlug: string }, except?: StudioGroup) {
  const others = await sql<{ name: string; api_slug: string }>(
    em,
    'select name, api_slug from studio_group where (lower(name) = lower(?) or api_slug = ?) and id <> ?',
    [values.name, values.apiSlug, except?.id ?? -1],
  );
  if (others.some((other) => other.name.toLowerCase() === values.name.toLowerCase())) throw new HttpError(409, 'onboarding.nameTaken', 'name', { name: values.name });
  if (others.some((other) => other.api_slug === values.apiSlug)) throw new HttpError(409, 'onboarding.slugTaken', 'apiSlug', { apiSlug: values.apiSlug });
}

/** The form's values as the entity's columns (the DATEV settings as its seven columns). */
function columnsOf(values: TUpdateStudioGroupValues) {
  const { datev, ...rest } = values;
  return { ...rest, ...(datev === undefined ? {} : datevColumns(datev)) };
}

const datevColumns = (datev: TDatevSettings | null) => ({
  datevChart: datev?.chart ?? null,
  datevConsultantNumber: datev?.consultantNumber ?? null,
  datevClientNumber: datev?.clientNumber ?? null,
  datevFiscalYearStartMonth: datev?.fiscalYearStartMonth ?? 1,
  datevExpenseAccount: datev?.expenseAccount ?? null,
  datevCreditorRangeStart: datev?.creditorRangeStart ?? null,
  datevCreditorRangeEnd: datev?.creditorRangeEnd ?? null,
});

/** Two racing creations of the same name or key: the unique index decides, and the loser gets the same 409. */
async function uniqueOr409<T>(values: { name: string; apiSlug: string }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw /name/.test(error.message) ? new HttpError(409, 'onboarding.nameTaken', 'name', { name: values.name }) : new HttpError(409, 'onboarding.slugTaken', 'apiSlug', { apiSlug: values.apiSlug });
    }
    throw error;
  }
}

type Actor = { userId: number };

export async function createStudioGroup(em: EntityManager, actor: Actor, values: TCreateStudioGroupValues): Promise<string> {
  const { contactRequestUuid, mandantUuid, ...fields } = values;
  return uniqueOr409(values, () =>
    em.transactional(async (tx) => {
      await assertUnique(tx, values);
      const request = contactRequestUuid ? await tx.findOne(ContactRequest, { uuid: contactRequestUuid }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (contactRequestUuid && !request) throw badRequest('validation.fieldMessage', 'contactRequestUuid', { field: 'contactRequestUuid', reason: 'onboarding.contactRequestNotFound' });
      if (request?.convertedStudioGroup) throw new HttpError(409, 'onboarding.contactRequestConverted', 'contactRequestUuid');
      let mandant: Mandant | null;
      if (mandantUuid) {
        mandant = await tx.findOne(Mandant, { uuid: mandantUuid });
        if (!mandant) throw badRequest('validation.fieldMessage', 'mandantUuid', { field: 'mandantUuid', reason: 'onboarding.mandantNotFound' });
      } else {
        // docs/decisions/0126: a new customer is a new mandant, named after its company.
        mandant = tx.create(Mandant, { name: fields.companyName });
      }
      const group = tx.create(StudioGroup, { ...columnsOf(fields), mandant, liveAt: null, suspendedAt: null, suspensionReason: null });
      await tx.flush();
      if (request) {
        request.convertedStudioGroup = group;
        request.handledAt ??= new Date();
        request.handledBy ??= tx.getReference(User, actor.userId);
        await tx.flush();
      }
      await recordAudit(tx, {
        actorUserId: actor.userId,
        studioGroupId: group.id,
        action: 'studioGroup.created',
        details: { name: group.name, apiSlug: group.apiSlug, mandant: mandant.name, newMandant: !mandantUuid, contactRequestUuid: request?.uuid ?? null },
      });
      return group.uuid;
    }),
  );
}

/** The fields whose value an edit changed; bank and tax values are named, not copied into the log. */
function changedFields(group: StudioGroup, next: ReturnType<typeof columnsOf>): string[] {
  const current = group as unknown as Record<string, unknown>;
  return Object.entries(next)
    .filter(([key, value]) => JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null))
    .map(([key]) => key);
}

export async function updateStudioGroup(em: EntityManager, actor: Actor, studioGroupUuid: string, values: TUpdateStudioGroupValues): Promise<void> {
  await uniqueOr409(values, () =>
    em.transactional(async (tx) => {
      const group = await tx.findOne(StudioGroup, { uuid: studioGroupUuid }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!group) throw notFound('onboarding.notFound');
      await assertUnique(tx, values, group);
      const columns = columnsOf(values);
      const changed = changedFields(group, columns);
      if (changed.length === 0) return;
      const before = { name: group.name, apiSlug: group.apiSlug };
      tx.assign(group, columns);
      await tx.flush();
      await recordAudit(tx, {
        actorUserId: actor.userId,
        studioGroupId: group.id,
        action: 'studioGroup.updated',
        details: { changed, ...(before.name !== group.name ? { name: { from: before.name, to: group.name } } : {}), ...(before.apiSlug !== group.apiSlug ? { apiSlug: { from: before.apiSlug, to: group.apiSlug } } : {}) },
      });
    }),
  );
}

type Transition = 'live' | 'suspend' | 'reactivate';

/** Marks live, suspends or reactivates a group, with its audit row; a transition that does not apply is a 409. */
export async function changeState(em: EntityManager, actor: Actor, studioGroupUuid: string, transition: Transition, reason?: string): Promise<void> {
  await em.transactional(async (tx) => {
    const group = await tx.findOne(StudioGroup, { uuid: studioGroupUuid }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!group) throw notFound('onboarding.notFound');
    const now = new Date();
    if (transition === 'live') {
      if (group.suspendedAt) throw conflict('onboarding.suspendedNotLive');
      if (group.liveAt) throw conflict('onboarding.alreadyLive');
      group.liveAt = now;
    } else if (transition === 'suspend') {
      if (group.suspendedAt) throw conflict('onboarding.alreadySuspended');
      group.suspendedAt = now;
      group.suspensionReason = reason ?? null;
    } else {
      if (!group.suspendedAt) throw conflict('onboarding.notSuspended');
      reason = group.suspensionReason ?? undefined;
      group.suspendedAt = null;
      group.suspensionReason = null;
    }
    await tx.flush();
    const action = { live: 'studioGroup.markedLive', suspend: 'studioGroup.suspended', reactivate: 'studioGroup.reactivated' }[transition];
    await recordAudit(tx, { actorUserId: actor.userId, studioGroupId: group.id, action, details: reason ? { reason } : {} });
  });
}

export async function auditLog(em: EntityManager, filter: { studioGroupUuid?: string; limit: number }): Promise<TAuditLogEntry[]> {
  const rows = await sql<{ uuid: string; at: Date; actor_email: string; group_uuid: string | null; group_name: string | null; action: string; details: Record<string, unknown> }>(
    em,
    `select a.uuid, a."at", a.actor_email, g.uuid as group_uuid, g.name as group_name, a.action, a.details
       from audit_log a left join studio_group g on g.id = a.studio_group_id
      where (?::uuid is null or g.uuid = ?::uuid)
      order by a."at" desc, a.id desc
      limit ?`,
    [filter.studioGroupUuid ?? null, filter.studioGroupUuid ?? null, filter.limit],
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    at: new Date(row.at).toISOString(),
    actor: row.actor_email,
    studioGroupUuid: row.group_uuid,
    studioGroupName: row.group_name,
    action: row.action,
    details: row.details,
  }));
}

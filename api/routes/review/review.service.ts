import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Settlement, SettlementTrainer, Trainer, type StudioGroup } from '../../../db/entities';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { isoDateOf } from '../../../domain/settlement/month';
import type { TApprovalBy } from '../../../contracts/review.contract';
import { ApprovalRefused, countCompanyApproveAll, recordApprovalToggle, recordCompanyApproveAll, type TApprovalToggleResult } from '../../../db/writes/approvals';
import { publishApproveAllProgress } from '../../../db/writes/settlement-log';
import { translate } from '../../../domain/messages';
import type { TApproveAllLockedTrainer } from '../../../contracts/settlement.contract';
import { queryState } from '../../temporal';
import { sql } from '../../../db/queries/sql';
import type { Locale } from '../../../domain/messages';
import { ADMIN_LOCATION_UUID, type TTrainerCreditNoteItem, type TTrainerCreditNotesResponse, type TTrainerSettlement } from '../../../contracts/review.contract';
import type { TTrainerWorkflowState } from '../../../contracts/settlement.contract';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { findSettlement } from '../../auth/tenancy';
import { signalApprovals } from './approval-signals';
import { adminPreviewTarget, assertAdminTargetFound, PREVIEW_SENT_SQL, trainerPreviewTarget } from './preview-targets';
import type { CommentTarget } from './comments';
import { approvalListsOf } from './review-preview';
import { reviewLockOf } from './review-locks';

// The review core: who may see which trainer's preview, and the approvals (recorded here, then
// signalled to the settlement workflow).

/** States before a preview is sent: the trainer sees nothing of the settlement yet. */
const NOT_SENT_STATES = ['new', 'data_created'];

// --- admin side --------------------------------------------------------------------------------

/** A trainer record of the caller's studio group; any other uuid is "not found". */
export async function findTrainerOfGroup(em: EntityManager, group: StudioGroup, trainerUuid: string): Promise<Trainer> {
  const trainer = await em.findOne(Trainer, { uuid: trainerUuid, studioGroup: group });
  if (!trainer) throw notFound('settlement.trainerNotFound', { trainer: trainerUuid });
  return trainer;
}

/** What an approval toggle needs of the trainer's row: its id, the settlement's uuid, the trainer's uuid and names (for a refusal). */
export type ApprovalTarget = { id: number; settlement: { uuid: string }; trainer: Parameters<typeof trainerDisplayName>[0] & { uuid: string } };

type ApprovalTargetRow = { id: number; settlement_uuid: string; trainer_uuid: string; firstname: string | null; lastname: string | null; company_name: string | null; source_id: string };

/** The columns of ApprovalTarget, read after a preview target `target` (st, s, t joined by the caller). */
const APPROVAL_TARGET_COLUMNS = 'st.id, s.uuid as settlement_uuid, t.uuid as trainer_uuid, t.firstname, t.lastname, t.company_name, t.source_id';

const approvalTargetOf = (row: ApprovalTargetRow): ApprovalTarget => ({
  id: row.id,
  settlement: { uuid: row.settlement_uuid },
  trainer: { uuid: row.trainer_uuid, firstname: row.firstname, lastname: row.lastname, companyName: row.company_name, sourceId: row.source_id },
});

/**
 * adminSettlementTrainer for an approval: the same checks and answers, in one statement instead of
 * three entity loads (an approval toggle is the month's most frequent write).
 */
export async function adminApprovalTarget(em: EntityManager, group: Pick<StudioGroup, 'id'>, settlementUuid: string, trainerUuid: string): Promise<ApprovalTarget> {
  const target = adminPreviewTarget(group, settlementUuid, trainerUuid);
  const [row] = await sql<ApprovalTargetRow & { trainer_id: number | null; settlement_id: number | null }>(
    em,
    `with target as (${target.sql})
     select target.trainer_id, target.settlement_id, ${APPROVAL_TARGET_COLUMNS}
       from target left join settlement_trainer st on st.id = target.id left join settlement s on s.id = st.settlement_id left join trainer t on t.id = st.trainer_id`,
    [...target.params],
    { prepared: true },
  );
  assertAdminTargetFound(row!, trainerUuid);
  return approvalTargetOf(row!);
}

/** The trainer's row in a settlement of the caller's group, with what the preview needs loaded. */
export async function adminSettlementTrainer(em: EntityManager, group: StudioGroup, settlementUuid: string, trainerUuid: string): Promise<SettlementTrainer> {
  const trainer = await findTrainerOfGroup(em, group, trainerUuid);
  const settlement = await findSettlement(em, group, settlementUuid);
  const settlementTrainer = await em.findOne(SettlementTrainer, { settlement, trainer }, { populate: ['settlement.studioGroup', 'trainer'] });
  if (!settlementTrainer) throw notFound('review.trainerNotInSettlement');
  return settlementTrainer;
}

// --- trainer side ------------------------------------------------------------------------------

/**
 * The caller's own row in a settlement they were sent a preview of. A settlement they are not in, one
 * of another trainer, one not sent yet or deleted: all "not found", so nothing leaks.
 */
export async function trainerSettlementTrainer(
  em: EntityManager,
  userId: number,
  settlementUuid: string,
  studioGroupUuid?: string,
): Promise<SettlementTrainer> {
  const target = trainerPreviewTarget(userId, settlementUuid, studioGroupUuid);
  const [row] = await em.execute<Array<{ id: number }>>(target.sql, [...target.params]);
  if (!row) throw notFound('settlement.notFound');
  return em.findOneOrFail(SettlementTrainer, row.id, { populate: ['settlement.studioGroup', 'trainer'] });
}

/** trainerSettlementTrainer for an approval: the same check and answer, in one statement. */
export async function trainerApprovalTarget(em: EntityManager, userId: number, settlementUuid: string, studioGroupUuid?: string): Promise<ApprovalTarget> {
  const target = trainerPreviewTarget(userId, settlementUuid, studioGroupUuid);
  const [row] = await sql<ApprovalTargetRow>(
    em,
    `with target as (${target.sql})
     select ${APPROVAL_TARGET_COLUMNS}
       from target join settlement_trainer st on st.id = target.id join settlement s on s.id = st.settlement_id join trainer t on t.id = st.trainer_id`,
    [...target.params],
    { prepared: true },
  );
  if (!row) throw notFound('settlement.notFound');
  return approvalTargetOf(row);
}

/** What a comment of the trainer needs of their row (see AddCommentInput), and their name. */
export type TrainerCommentTarget = CommentTarget & { authorName: string };

/**
 * trainerSettlementTrainer for the comment: the same check, the keys the comment writes and the
 * caller's name, in one statement instead of loading entities.
 */
export async function trainerCommentTarget(em: EntityManager, userId: number, settlementUuid: string, studioGroupUuid: string): Promise<TrainerCommentTarget> {
  const target = trainerPreviewTarget(userId, settlementUuid, studioGroupUuid);
  const [row] = await sql<{ id: number; settlement_uuid: string; trainer_id: number; trainer_uuid: string; firstname: string; lastname: string }>(
    em,
    `with target as (${target.sql})
     select st.id, s.uuid as settlement_uuid, t.id as trainer_id, t.uuid as trainer_uuid, u.firstname, u.lastname
       from target
       join settlement_trainer st on st.id = target.id
       join settlement s on s.id = st.settlement_id
       join trainer t on t.id = st.trainer_id
       join app_user u on u.id = ?`,
    [...target.params, userId],
    { prepared: true },
  );
  if (!row) throw notFound('settlement.notFound');
  return {
    id: row.id,
    settlement: { uuid: row.settlement_uuid },
    trainer: { id: row.trainer_id, uuid: row.trainer_uuid },
    authorName: `${row.firstname} ${row.lastname}`.trim(),
  };
}

export async function trainerSettlement(em: EntityManager, userId: number, settlementUuid: string): Promise<TTrainerSettlement> {
  const settlementTrainer = await trainerSettlementTrainer(em, userId, settlementUuid);
  const settlement: Settlement = settlementTrainer.settlement;
  const lock = await reviewLockOf(em, settlementTrainer.id);
  return {
    settlementUuid: settlement.uuid,
    studioGroupUuid: settlement.studioGroup.uuid,
    studioGroupName: settlement.studioGroup.name,
    settlementMonth: isoDateOf(settlement.month),
    pdfCreated: lock.pdfCreated,
    companyApproved: lock.companyApproved,
  };
}

export type TrainerCreditNotesFilter = {
  workflowState?: TTrainerWorkflowState;
  studioGroupUuid?: string;
  order: 'asc' | 'desc';
  itemsPerPage: number;
  page: number;
};

/**
 * GET /api/v2/trainer_credit_notes: the caller's settlements with a preview sent, ordered by when
 * the preview was sent (the review's creation; the row's last change before that existed).
 */
export async function listTrainerCreditNotes(em: EntityManager, userId: number, filter: TrainerCreditNotesFilter): Promise<TTrainerCreditNotesResponse> {
  const where = [`ta.user_id = ?`, `s.status <> 'deleted'`, PREVIEW_SENT_SQL];
  const params: unknown[] = [userId];
  if (filter.workflowState) {
    where.push('st.workflow_state = ?');
    params.push(filter.workflowState);
  }
  if (filter.studioGroupUuid) {
    where.push('g.uuid = ?');
    params.push(filter.studioGroupUuid);
  }
  const from = `from settlement_trainer st
       join settlement s on s.id = st.settlement_id
       join studio_group g on g.id = s.studio_group_id
       join studio_group_trainer sgt on sgt.trainer_id = st.trainer_id
       join trainer_account ta on ta.id = sgt.trainer_account_id
      where ${where.join(' and ')}`;
  const [count] = await em.execute<Array<{ total: number }>>(`select count(*)::int as total ${from}`, params);
  const rows = await em.execute<
    Array<{ id: number; uuid: string; workflow_state: TTrainerWorkflowState; month: string | Date; settlement_uuid: string; group_uuid: string; group_name: string; sent_at: Date }>
  >(
    `select st.id, st.uuid, st.workflow_state, s.month, s.uuid as settlement_uuid, g.uuid as group_uuid, g.name as group_name,
            coalesce((select min(r.created_at) from review_row r where r.settlement_trainer_id = st.id), st.updated_at) as sent_at
       ${from}
      order by sent_at ${filter.order === 'asc' ? 'asc' : 'desc'}, st.id ${filter.order === 'asc' ? 'asc' : 'desc'}
      limit ? offset ?`,
    [...params, filter.itemsPerPage, (filter.page - 1) * filter.itemsPerPage],
  );
  const approvals = await approvalListsOf(
    em,
    rows.map((row) => row.id),
  );
  const members: TTrainerCreditNoteItem[] = rows.map((row) => ({
    id: row.uuid,
    studioGroup: { studioGroupsName: row.group_name, uuid: row.group_uuid },
    month: isoDateOf(row.month).slice(0, 7),
    settlementUuid: row.settlement_uuid,
    approvedByTrainer: approvals.get(row.id)?.trainer ?? [],
    approvedByCompany: approvals.get(row.id)?.company ?? [],
    createdDt: new Date(row.sent_at).toISOString(),
    workflowState: row.workflow_state,
  }));
  return { 'hydra:member': members, 'hydra:totalItems': count?.total ?? 0 };
}

export const previewSent = (settlementTrainer: SettlementTrainer) => !NOT_SENT_STATES.includes(settlementTrainer.workflowState);

// --- approvals (both sides) --------------------------------------------------------------------

export type ApproveCommand = {
  em: EntityManager;
  temporal: Client;
  settlementTrainer: Pick<ApprovalTarget, 'settlement' | 'trainer'>;
  by: TApprovalBy;
  approved: boolean;
  userUuid: string;
  studioUuid?: string;
  /** The language of the settlement log's row: the caller's. */
  locale: Locale;
};

const REFUSAL_STATUS = { NotFound: 404, Invalid: 422, Conflict: 409 } as const;

/**
 * A toggle is recorded here, in one short transaction under the review's locks
 * (db/writes/approvals.ts: refused with 404/409/422 and the lock's reason). A company toggle is then
 * signalled to the settlement workflow with the trainer's current approvals: the company's approval
 * opens the credit-note step and the run's validator checks it (together with concurrent toggles:
 * approval-signals.ts). The trainer's and a location's toggles decide nothing in the workflow, so
 * they are not signalled (docs/decisions/0165); the lists that show them read them here.
 * Answers the toggled kind's list, newest first. A signal that does not arrive (Temporal
 * unreachable) answers 503 after the write: the same toggle again writes nothing and signals again.
 */
export async function approve({ em, temporal, settlementTrainer, by, approved, userUuid, studioUuid, locale }: ApproveCommand): Promise<TApprovalToggleResult> {
  const settlementUuid = settlementTrainer.settlement.uuid;
  const trainer = settlementTrainer.trainer;
  let result: TApprovalToggleResult;
  try {
    result = await em.transactional((tem) => recordApprovalToggle(tem, { settlementUuid, trainerUuid: trainer.uuid, by, approved, userUuid, studioUuid, locale }));
  } catch (error) {
    if (!(error instanceof ApprovalRefused)) throw error;
    const params = error.params.trainer === undefined ? error.params : { ...error.params, trainer: trainerDisplayName(trainer) };
    throw new HttpError(REFUSAL_STATUS[error.type], error.key, undefined, params);
  }
  if (by === 'company') await signalApprovals(temporal, settlementUuid, { trainerUuid: trainer.uuid, company: result.company, trainer: result.trainer, seq: result.seq });
  return result;
}

export type ApproveAllResult = { approvedCount: number; alreadyApprovedCount: number; locked: TApproveAllLockedTrainer[] };

/**
 * 'Approve all' of the preview check (action approve_all): every open company approval recorded in
 * one transaction by the toggle's write (db/writes/approvals.ts), then the workflow told in one
 * signal, with progress on the settlement's socket room. The workflow is signalled what it does not
 * know yet (asked by its state query): so a repeated call signals nothing, and one after a signal
 * that failed signals what is missing.
 */
export async function approveAllByCompany({ em, temporal, settlementUuid, userUuid, locale }: { em: EntityManager; temporal: Client; settlementUuid: string; userUuid: string; locale: Locale }): Promise<ApproveAllResult> {
  const total = await countCompanyApproveAll(em, settlementUuid);
  await publishApproveAllProgress(em, { settlementUuid, phase: 'recording', processed: 0, total });
  let result: Awaited<ReturnType<typeof recordCompanyApproveAll>>;
  try {
    result = await em.transactional(async (tem) => {
      const recorded = await recordCompanyApproveAll(tem, { settlementUuid, userUuid, locale });
      // Sent on commit, with the log rows of the approvals.
      await publishApproveAllProgress(tem, { settlementUuid, phase: 'recorded', processed: recorded.approved.length, total: recorded.approved.length });
      return recorded;
    });
  } catch (error) {
    if (!(error instanceof ApprovalRefused)) throw error;
    throw new HttpError(REFUSAL_STATUS[error.type], error.key, undefined, error.params);
  }
  const known = (await queryState(temporal, settlementUuid))?.approvals;
  const unknown = result.current.filter(({ trainerUuid, company }) => (known?.[trainerUuid]?.company ?? false) !== company);
  if (unknown.length > 0) await signalApprovals(temporal, settlementUuid, unknown);
  await publishApproveAllProgress(em, { settlementUuid, phase: 'signalled', processed: result.approved.length, total: result.approved.length });
  return {
    approvedCount: result.approved.length,
    alreadyApprovedCount: result.alreadyApproved,
    locked: result.locked.map((item) => ({ trainerUuid: item.trainerUuid, trainer: item.trainer, reason: item.key, message: translate(locale, item.key) })),
  };
}

/**
 * The trainer's switch: refused with the lock's reason (a company approval, a created credit note),
 * which the toggle checks first for the trainer, under the row lock.
 */
export async function approveByTrainer(em: EntityManager, command: Omit<ApproveCommand, 'em' | 'by' | 'studioUuid'> & { settlementTrainer: ApprovalTarget }): Promise<TApprovalToggleResult> {
  return approve({ ...command, em, by: 'trainer' });
}

/** A location of the trainer's lines (its studio uuid); the admin pseudo location has no toggle of its own. */
export async function assertLocationOfTrainer(em: EntityManager, settlementTrainer: Pick<ApprovalTarget, 'id'>, locationUuid: string): Promise<void> {
  if (locationUuid === ADMIN_LOCATION_UUID) throw badRequest('review.locationNotOfTrainer', 'locationUuid');
  const [row] = await em.execute<Array<{ found: number }>>(
    `select 1 as found from settlement_line l join studio s on s.id = l.studio_id
      where l.settlement_trainer_id = ? and s.uuid = ? limit 1`,
    [settlementTrainer.id, locationUuid],
  );
  if (!row) throw badRequest('review.locationNotOfTrainer', 'locationUuid');
}

/** The location approvals of a settlement trainer after a toggle, keyed by studio uuid. */
export async function locationApprovalsOf(em: EntityManager, settlementTrainer: Pick<ApprovalTarget, 'id'>) {
  const lists = await approvalListsOf(em, [settlementTrainer.id]);
  return lists.get(settlementTrainer.id)?.location ?? {};
}

/** `trainerUuid` of the trainer's list query: only the caller's own uuid (spec 7). */
export function assertOwnTrainerUuids(trainerUuid: string | string[] | undefined, userUuid: string): void {
  const asked = trainerUuid === undefined ? [] : Array.isArray(trainerUuid) ? trainerUuid : [trainerUuid];
  if (asked.some((uuid) => uuid !== userUuid)) throw new HttpError(403, 'auth.notYourAccount');
}

import { centsToEuros } from '../../../domain/money';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Settlement, SettlementTrainer, StudioGroup, StudioGroupTrainer, Trainer, User } from '../../../db/entities';
import { trainerLinesWithStudio } from '../../../db/queries/settlement-lines';
import { settlementTrainerIdOf } from '../../../db/queries/settlement-trainers';
import { isoDateOf } from '../../../domain/settlement/month';
import { checkTrainerData, trainerDisplayName, trainerName, type TrainerSnapshot } from '../../../domain/trainer-data';
import type { Locale } from '../../../domain/messages';
import {
  cleanCommentText,
  OVERALL_FEEDBACK,
  type TApprovedTrainersResponse,
  type TPreviewCheckResponse,
  type TPreviewCheckTrainer,
  type TReviewRow,
  type TTrainerReview,
  type TTrainerSettlementReview,
} from '../../../contracts/review.contract';
import type { TTrainerWorkflowState } from '../../../contracts/settlement.contract';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { assertInProgress, findSettlement } from '../settlement/settlement.service';
import { approve } from './review.service';
import { addComment } from './comments';
import { assertReviewOpen, reviewLockOf } from './review-locks';

// The review rows of a trainer's settlement (admin 2.7, 2.10 left column; trainer portal 3, 4, 7):
// the trainer's review screen and its save, the admin's feedback table and its save, the preview
// check's trainer list and the list of company-approved trainers.
//
// The rows are created when the trainer's preview is sent (one per class line, row_id = the class
// hash, and one OVERALL_FEEDBACK row); here they are read and their comments and company marks
// saved. A saved comment is also appended to the row's comment thread, so the review table and the
// threads of the preview check tell the same conversation. 'Approved' is an approval toggle
// (review.service `approve`), which appends the Approval rows read here.

type Sql = <T>(em: EntityManager, query: string, params?: unknown[]) => Promise<T[]>;
const sql: Sql = (em, query, params = []) => em.getConnection().execute(query, params, 'all', em.getTransactionContext());

/** The states of a trainer who was sent a preview (the preview check lists them). */
const PREVIEW_SENT_STATES = ['preview_send', 'credit_note_created', 'credit_note_send', 'approved'] as const;
const ADMIN_STUDIO_NAME = 'Admin';
/** Comment.authorName is varchar(255). */
const AUTHOR_NAME_MAX = 255;

type ReviewRowSql = {
  id: number;
  settlement_trainer_id: number;
  row_id: string;
  course: string;
  trainer_review_comment: string | null;
  company_approved: boolean;
  company_comment: string | null;
  /** Of the matching line (null for the overall row). */
  class_name: string | null;
  class_starts_at: Date | null;
};

type CurrentApprovals = { company: boolean; trainer: boolean };

/**
 * The stored course text carries its amounts (netto, brutto) in integer cents, as the activity that
 * sends the preview writes it; answers carry euros like every amount field (DESIGN "Money in answers").
 */
export function courseInEuros(course: string): string {
  if (!course.startsWith('{')) return course;
  let parsed: unknown;
  try {
    parsed = JSON.parse(course);
  } catch {
    return course;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return course;
  const fields = { ...(parsed as Record<string, unknown>) };
  for (const key of ['netto', 'brutto']) {
    const value = fields[key];
    if (typeof value === 'number' && Number.isSafeInteger(value)) fields[key] = centsToEuros(value);
  }
  return JSON.stringify(fields);
}

const toReviewRow = (row: ReviewRowSql): TReviewRow => ({
  row_id: row.row_id,
  course: courseInEuros(row.course),
  trainer_review_comment: row.trainer_review_comment,
  company_approved: row.company_approved,
  company_comment: row.company_comment,
});

/**
 * Review rows of settlement trainers, in the order of the screens: the overall feedback first, then
 * the class rows by location and time, then admin rows, then any row whose line is gone.
 */
async function reviewRowsOf(em: EntityManager, settlementTrainerIds: number[]): Promise<ReviewRowSql[]> {
  if (settlementTrainerIds.length === 0) return [];
  return sql<ReviewRowSql>(
    em,
    `select rr.id, rr.settlement_trainer_id, rr.row_id, rr.course, rr.trainer_review_comment, rr.company_approved, rr.company_comment,
            l.class_name, l.class_starts_at
       from review_row rr
       left join lateral (
         select l.kind, l.class_name, l.class_starts_at, s.name as studio_name
           from settlement_line l left join studio s on s.id = l.studio_id
          where l.settlement_trainer_id = rr.settlement_trainer_id and l.class_hash = rr.row_id
          order by l.id limit 1) l on true
      where rr.settlement_trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb))
      order by rr.settlement_trainer_id,
               case when rr.row_id = ? then 0 when l.kind = 'class' then 1 when l.kind = 'admin' then 2 else 3 end,
               l.studio_name, l.class_starts_at, rr.id`,
    [JSON.stringify(settlementTrainerIds), OVERALL_FEEDBACK],
  );
}

/** The newest company and trainer approval of each settlement trainer (Approval rows are appended). */
async function currentApprovals(em: EntityManager, settlementTrainerIds: number[]): Promise<Map<number, CurrentApprovals>> {
  const result = new Map<number, CurrentApprovals>();
  if (settlementTrainerIds.length === 0) return result;
  const rows = await sql<{ settlement_trainer_id: number; kind: 'company' | 'trainer'; approved: boolean }>(
    em,
    `select distinct on (a.settlement_trainer_id, a.kind) a.settlement_trainer_id, a.kind, a.approved
       from approval a
      where a.settlement_trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb)) and a.kind in ('company', 'trainer')
      order by a.settlement_trainer_id, a.kind, a.created_at desc, a.id desc`,
    [JSON.stringify(settlementTrainerIds)],
  );
  for (const id of settlementTrainerIds) result.set(id, { company: false, trainer: false });
  for (const row of rows) result.get(row.settlement_trainer_id)![row.kind] = row.approved;
  return result;
}

const snapshotOf = (value: unknown, trainer: { firstname: string | null; lastname: string | null; company_name: string | null; source_id: string }) => {
  const snapshot = (value ?? {}) as Partial<TrainerSnapshot>;
  const names = {
    firstname: snapshot.firstname ?? trainer.firstname,
    lastname: snapshot.lastname ?? trainer.lastname,
    companyName: snapshot.companyName ?? trainer.company_name,
    sourceId: snapshot.sourceId ?? trainer.source_id,
  };
  return { snapshot, displayName: trainerDisplayName(names), name: trainerName(names) };
};

// --- the trainer's review (trainer portal 3, 4, 7) ---------------------------------------------

export type TrainerReviewScope = { em: EntityManager; studioGroupUuid: string; settlementUuid: string; userId: number };

type TrainerReviewTarget = {
  group: StudioGroup;
  settlement: Settlement;
  trainer: Trainer;
  accountName: string;
  settlementTrainerId: number | null;
};

/**
 * The caller's trainer record in the path's studio group and the settlement: a group the trainer is
 * not linked to, or a settlement of another group, is 404 like a missing one.
 */
async function trainerReviewTarget({ em, studioGroupUuid, settlementUuid, userId }: TrainerReviewScope): Promise<TrainerReviewTarget> {
  const link = await em.findOne(
    StudioGroupTrainer,
    { studioGroup: { uuid: studioGroupUuid }, trainerAccount: { user: userId } },
    { populate: ['studioGroup', 'studioGroup.mandant', 'trainer', 'trainerAccount'] },
  );
  if (!link) throw notFound('tenancy.studioGroupNotFound');
  const settlement = await findSettlement(em, link.studioGroup, settlementUuid);
  const settlementTrainerId = await settlementTrainerIdOf(em, { settlementId: settlement.id, trainerId: link.trainer.id });
  const accountName = `${link.trainerAccount.firstname} ${link.trainerAccount.lastname}`.trim() || trainerName(link.trainer);
  return { group: link.studioGroup, settlement, trainer: link.trainer, accountName, settlementTrainerId };
}

/** GET settlement_review: null (204) when no review exists for the caller in this settlement. */
export async function readTrainerReview(scope: TrainerReviewScope): Promise<TTrainerSettlementReview | null> {
  const { em } = scope;
  const target = await trainerReviewTarget(scope);
  if (target.settlementTrainerId === null) return null;
  const id = target.settlementTrainerId;
  const rows = await reviewRowsOf(em, [id]);
  if (rows.length === 0) return null;
  const lines = await trainerLinesWithStudio(em, [id], 'byStudio');
  const footer = { Netto: 0, MwSt: 0, Brutto: 0 };
  for (const line of lines) {
    footer.Netto += line.net_cents;
    footer.MwSt += line.vat_cents;
    footer.Brutto += line.gross_cents;
  }
  const overall = { id_newrow: OVERALL_FEEDBACK, studio_name: OVERALL_FEEDBACK, date: null, class_name: '', duration: 0, class_booked_slot: 0, Netto: 0, MwSt: 0, Brutto: 0 };
  const data = lines.map((line) => ({
    id_newrow: line.class_hash,
    studio_name: line.kind === 'admin' ? ADMIN_STUDIO_NAME : (line.studio_name ?? ''),
    date: line.class_starts_at ? new Date(line.class_starts_at).toISOString() : null,
    class_name: line.kind === 'admin' ? line.description?.trim() || line.class_name : line.class_name,
    duration: line.duration_minutes,
    class_booked_slot: line.booked_slots,
    Netto: centsToEuros(line.net_cents),
    MwSt: centsToEuros(line.vat_cents),
    Brutto: centsToEuros(line.gross_cents),
  }));
  const approvals = (await currentApprovals(em, [id])).get(id)!;
  const lock = await reviewLockOf(em, id);
  const listFooter = { Netto: centsToEuros(footer.Netto), MwSt: centsToEuros(footer.MwSt), Brutto: centsToEuros(footer.Brutto) };
  return { review: rows.map(toReviewRow), list_footer: listFooter, data: [overall, ...data], approved: approvals.trainer, locked: lock.locked };
}

export type SaveRowInput = { row_id: string; trainer_review_comment: string | null; company_approved: boolean; company_comment: string | null };

/** A comment as stored: cleaned, and null when nothing is left. */
const cleanedOrNull = (text: string | null | undefined) => {
  const cleaned = cleanCommentText(text ?? '');
  return cleaned === '' ? null : cleaned;
};

/** Every row id of the request exists (400 naming the first unknown one); nothing is written before. */
function matchRows(stored: ReviewRowSql[], input: SaveRowInput[]) {
  const byRowId = new Map(stored.map((row) => [row.row_id, row]));
  return input.map((item, index) => {
    const row = byRowId.get(item.row_id);
    if (!row) throw badRequest('review.rowNotFound', `review.${index}.row_id`, { row: item.row_id });
    return { row, item };
  });
}

type ThreadComment = { settlementTrainer: SettlementTrainer; row: ReviewRowSql; text: string; authorId: number; authorName: string; role: 'ROLE_TRAINER' | 'ROLE_ADMIN' };

/**
 * Appends a saved review comment to the row's thread (class hash = row id) through the comment
 * calls' own addComment, so it is stored and published live like any comment. A row whose class
 * line is gone (recalculated away) keeps its text but gets no thread entry.
 */
async function appendToThread(em: EntityManager, comment: ThreadComment) {
  if (comment.row.row_id !== OVERALL_FEEDBACK && comment.row.class_name === null) return;
  await addComment(em, {
    settlementTrainer: comment.settlementTrainer,
    author: { userId: comment.authorId, name: comment.authorName.slice(0, AUTHOR_NAME_MAX), role: comment.role },
    request: { comment: comment.text, classHash: comment.row.row_id, className: '', mood: '' },
  });
}

export type SaveTrainerReviewArgs = TrainerReviewScope & {
  temporal: Client;
  userUuid: string;
  review: SaveRowInput[];
  approved?: boolean;
  /** The language of the approval's log row: the caller's. */
  locale: Locale;
};

/**
 * POST/PUT settlement_review by the trainer: their comments per row (company fields of the body are
 * ignored), each changed non-empty one also added to the row's thread, then the confirmation as the
 * trainer's approval. Refused (409) once the company approved or the credit note is created.
 * Answers whether a saved review existed before (POST then answers 200 instead of 201).
 */
export async function saveTrainerReview(args: SaveTrainerReviewArgs): Promise<{ existedBefore: boolean }> {
  const { em, temporal } = args;
  const target = await trainerReviewTarget(args);
  assertInProgress(target.settlement);
  const id = target.settlementTrainerId;
  if (id === null) throw notFound('review.notFound');

  const { existedBefore, trainerApproved } = await em.transactional(async (tem) => {
    // Row lock of the settlement trainer: a concurrent company approval cannot slip between check and write.
    const lock = await reviewLockOf(tem, id, { forUpdate: true });
    const stored = await reviewRowsOf(tem, [id]);
    if (stored.length === 0) throw notFound('review.notFound');
    assertReviewOpen(lock);
    const approvals = (await currentApprovals(tem, [id])).get(id)!;
    const existed = stored.some((row) => row.trainer_review_comment !== null) || (await hasApproval(tem, id, 'trainer'));
    const settlementTrainer = await tem.findOneOrFail(SettlementTrainer, id, { populate: ['settlement', 'trainer'] });
    for (const { row, item } of matchRows(stored, args.review)) {
      const text = cleanedOrNull(item.trainer_review_comment);
      if (text === row.trainer_review_comment) continue;
      await sql(tem, 'update review_row set trainer_review_comment = ?, updated_at = now() where id = ?', [text, row.id]);
      row.trainer_review_comment = text;
      if (text !== null) await appendToThread(tem, { settlementTrainer, row, text, authorId: args.userId, authorName: target.accountName, role: 'ROLE_TRAINER' });
    }
    return { existedBefore: existed, trainerApproved: approvals.trainer };
  });

  if (args.approved !== undefined && args.approved !== trainerApproved) {
    await approve({ em, temporal, settlementTrainer: target, by: 'trainer', approved: args.approved, userUuid: args.userUuid, locale: args.locale });
  }
  return { existedBefore };
}

async function hasApproval(em: EntityManager, settlementTrainerId: number, kind: 'trainer' | 'company') {
  const [row] = await sql<{ found: boolean }>(em, 'select exists (select 1 from approval where settlement_trainer_id = ? and kind = ?) as found', [settlementTrainerId, kind]);
  return row?.found === true;
}

// --- the admin's feedback review (2.7) -----------------------------------------------------------

/** GET /settlement/trainer/reviews/{idStudioGroup}/{settlementUuid}: one entry per trainer with a review. */
export async function listTrainerReviews(em: EntityManager, group: StudioGroup, settlement: Settlement): Promise<TTrainerReview[]> {
  const trainers = await sql<{
    id: number;
    trainer_uuid: string;
    trainer_id: number;
    firstname: string | null;
    lastname: string | null;
    company_name: string | null;
    source_id: string;
    trainer_snapshot: unknown;
    account_user_uuid: string | null;
  }>(
    em,
    `select st.id, t.uuid as trainer_uuid, t.id as trainer_id, t.firstname, t.lastname, t.company_name, t.source_id, st.trainer_snapshot,
            u.uuid as account_user_uuid
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
       left join studio_group_trainer sgt on sgt.trainer_id = t.id
       left join trainer_account ta on ta.id = sgt.trainer_account_id
       left join app_user u on u.id = ta.user_id
      where st.settlement_id = ? and exists (select 1 from review_row rr where rr.settlement_trainer_id = st.id)`,
    [settlement.id],
  );
  const ids = trainers.map((row) => row.id);
  const rows = await reviewRowsOf(em, ids);
  const approvals = await currentApprovals(em, ids);
  const rowsByTrainer = new Map<number, TReviewRow[]>();
  for (const row of rows) {
    const list = rowsByTrainer.get(row.settlement_trainer_id) ?? [];
    list.push(toReviewRow(row));
    rowsByTrainer.set(row.settlement_trainer_id, list);
  }
  return trainers
    .map((row) => ({ row, names: snapshotOf(row.trainer_snapshot, row) }))
    .sort((a, b) => a.names.displayName.localeCompare(b.names.displayName, 'de') || a.row.trainer_id - b.row.trainer_id)
    .map(({ row, names }) => ({
      trainerUuid: row.trainer_uuid,
      TrainerID: row.trainer_id,
      trainerAccountUuid: row.account_user_uuid,
      studioGroupUuid: group.uuid,
      trainerName: names.displayName,
      approved: approvals.get(row.id)!.company,
      trainerApproved: approvals.get(row.id)!.trainer,
      review: rowsByTrainer.get(row.id) ?? [],
    }));
}

/**
 * The trainer an admin save names: `trainerUuid`, or `trainerAccountUuid` given as the trainer
 * record's uuid or as the linked account's (user or account) uuid. Only the group's trainers (404).
 */
export async function findReviewTrainer(em: EntityManager, group: StudioGroup, key: string): Promise<Trainer> {
  const trainer = await em.findOne(Trainer, { uuid: key, studioGroup: group });
  if (trainer) return trainer;
  const link = await em.findOne(
    StudioGroupTrainer,
    { studioGroup: group, $or: [{ trainerAccount: { user: { uuid: key } } }, { trainerAccount: { uuid: key } }] },
    { populate: ['trainer'] },
  );
  if (!link) throw new HttpError(404, 'settlement.trainerNotFound', 'trainerAccountUuid', { trainer: key });
  return link.trainer;
}

export type SaveCompanyReviewArgs = {
  em: EntityManager;
  temporal: Client;
  settlement: Settlement;
  trainer: Trainer;
  user: { id: number; uuid: string };
  review: SaveRowInput[];
  approved?: boolean;
  /** The language of the approval's log row: the caller's. */
  locale: Locale;
};

/**
 * PUT settlement_review by the admin: company comment and mark per row (the trainer's text is theirs
 * and ignored), a changed non-empty company comment also added to the thread; then 'review finished'
 * as the company approval. Refused (409) once the credit note is created; allowed after approval.
 */
export async function saveCompanyReview(args: SaveCompanyReviewArgs): Promise<void> {
  const { em, temporal, settlement, trainer } = args;
  assertInProgress(settlement);
  const id = await settlementTrainerIdOf(em, { settlementId: settlement.id, trainerId: trainer.id });
  if (id === null) throw new HttpError(404, 'review.trainerNotInSettlement', 'trainerAccountUuid');
  const author = await em.findOneOrFail(User, args.user.id);
  const authorName = `${author.firstname} ${author.lastname}`.trim() || author.email;

  const companyApproved = await em.transactional(async (tem) => {
    const lock = await reviewLockOf(tem, id, { forUpdate: true });
    const stored = await reviewRowsOf(tem, [id]);
    if (stored.length === 0) throw notFound('review.notFound');
    if (lock.pdfCreated) throw conflict('review.lockedPdfCreated');
    const settlementTrainer = await tem.findOneOrFail(SettlementTrainer, id, { populate: ['settlement', 'trainer'] });
    for (const { row, item } of matchRows(stored, args.review)) {
      const text = cleanedOrNull(item.company_comment);
      if (text === row.company_comment && item.company_approved === row.company_approved) continue;
      await sql(tem, 'update review_row set company_comment = ?, company_approved = ?, updated_at = now() where id = ?', [text, item.company_approved, row.id]);
      const changedText = text !== row.company_comment;
      row.company_comment = text;
      row.company_approved = item.company_approved;
      if (changedText && text !== null) await appendToThread(tem, { settlementTrainer, row, text, authorId: author.id, authorName, role: 'ROLE_ADMIN' });
    }
    return lock.companyApproved;
  });

  if (args.approved !== undefined && args.approved !== companyApproved) {
    await approve({ em, temporal, settlementTrainer: { settlement, trainer }, by: 'company', approved: args.approved, userUuid: args.user.uuid, locale: args.locale });
  }
}

// --- the preview check (2.10 left column, send-credit-note modal) -------------------------------

/** GET /settlement/{settlementUuid}/preview-check: locations with the trainers who were sent a preview. */
export async function previewCheck(em: EntityManager, settlement: Settlement): Promise<TPreviewCheckResponse> {
  const rows = await sql<{
    id: number;
    trainer_uuid: string;
    trainer_id: number;
    firstname: string | null;
    lastname: string | null;
    company_name: string | null;
    source_id: string;
    street: string | null;
    house_number: string | null;
    postal_code: string | null;
    city: string | null;
    iban: string | null;
    tax_number: string | null;
    tax_number_mandatory: boolean;
    trainer_snapshot: unknown;
    workflow_state: TTrainerWorkflowState;
    location_uuid: string;
    location_name: string;
    has_comments: boolean;
    account_connected: boolean;
  }>(
    em,
    `select st.id, t.uuid as trainer_uuid, t.id as trainer_id, t.firstname, t.lastname, t.company_name, t.source_id,
            t.street, t.house_number, t.postal_code, t.city, t.iban, t.tax_number, t.tax_number_mandatory,
            st.trainer_snapshot, st.workflow_state, s.uuid as location_uuid, s.name as location_name,
            exists (select 1 from comment c where c.settlement_trainer_id = st.id) as has_comments,
            exists (select 1 from studio_group_trainer sgt where sgt.trainer_id = t.id) as account_connected
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
       join (select distinct l.settlement_trainer_id, l.studio_id from settlement_line l
               join settlement_trainer lst on lst.id = l.settlement_trainer_id
              where lst.settlement_id = ? and l.kind = 'class' and l.studio_id is not null) ls on ls.settlement_trainer_id = st.id
       join studio s on s.id = ls.studio_id
      where st.settlement_id = ?
        and (st.workflow_state in (select value from jsonb_array_elements_text(?::jsonb))
             or exists (select 1 from review_row rr where rr.settlement_trainer_id = st.id))`,
    [settlement.id, settlement.id, JSON.stringify(PREVIEW_SENT_STATES)],
  );
  const approvals = await currentApprovals(em, [...new Set(rows.map((row) => row.id))]);
  const locations = new Map<string, string>();
  const trainers = rows.map((row) => {
    locations.set(row.location_uuid, row.location_name);
    const { snapshot, displayName, name } = snapshotOf(row.trainer_snapshot, row);
    // The snapshot is what the credit note prints; without one, the live record.
    const check = checkTrainerData({
      street: snapshot.street !== undefined ? snapshot.street : row.street,
      houseNumber: snapshot.houseNumber !== undefined ? snapshot.houseNumber : row.house_number,
      postalCode: snapshot.postalCode !== undefined ? snapshot.postalCode : row.postal_code,
      city: snapshot.city !== undefined ? snapshot.city : row.city,
      iban: snapshot.iban !== undefined ? snapshot.iban : row.iban,
      taxNumber: snapshot.taxNumber !== undefined ? snapshot.taxNumber : row.tax_number,
      taxNumberMandatory: snapshot.taxNumberMandatory ?? row.tax_number_mandatory,
    });
    const current = approvals.get(row.id)!;
    const trainer: TPreviewCheckTrainer = {
      trainer_uuid: row.trainer_uuid,
      trainer_id: row.trainer_id,
      trainer_company_name: displayName,
      trainer_name: name,
      location_uuid: row.location_uuid,
      workflow_state: row.workflow_state,
      has_comments: row.has_comments,
      approved_by_company: current.company ? 'true' : 'false',
      approved_by_trainer: current.trainer ? 'true' : 'false',
      trainer_data_complete: check.complete,
      trainer_account_connected: row.account_connected,
    };
    return { trainer, locationName: row.location_name };
  });
  trainers.sort(
    (a, b) =>
      a.locationName.localeCompare(b.locationName, 'de') ||
      a.trainer.location_uuid.localeCompare(b.trainer.location_uuid) ||
      a.trainer.trainer_company_name.localeCompare(b.trainer.trainer_company_name, 'de', { sensitivity: 'base' }) ||
      a.trainer.trainer_id - b.trainer.trainer_id,
  );
  return {
    settlementUuid: settlement.uuid,
    settlementMonth: isoDateOf(settlement.month),
    locations: [...locations]
      .map(([location_uuid, location_name]) => ({ location_uuid, location_name }))
      .sort((a, b) => a.location_name.localeCompare(b.location_name, 'de') || a.location_uuid.localeCompare(b.location_uuid)),
    trainers: trainers.map((item) => item.trainer),
  };
}

/** GET /settlement/trainer-preview/{settlementUuid}/approved: company-approved trainers whose credit note is not sent yet. */
export async function approvedTrainers(em: EntityManager, settlement: Settlement): Promise<TApprovedTrainersResponse> {
  const rows = await sql<{
    trainer_uuid: string;
    trainer_id: number;
    firstname: string | null;
    lastname: string | null;
    company_name: string | null;
    source_id: string;
    trainer_snapshot: unknown;
    workflow_state: TTrainerWorkflowState;
    sum_gross: number;
  }>(
    em,
    `select t.uuid as trainer_uuid, t.id as trainer_id, t.firstname, t.lastname, t.company_name, t.source_id, st.trainer_snapshot, st.workflow_state,
            (select coalesce(sum(l.gross_cents), 0)::int from settlement_line l where l.settlement_trainer_id = st.id) as sum_gross
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
      where st.settlement_id = ? and st.workflow_state <> 'credit_note_send'
        and (select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = 'company'
              order by a.created_at desc, a.id desc limit 1) is true`,
    [settlement.id],
  );
  const trainers = rows
    .map((row) => {
      const { displayName, name } = snapshotOf(row.trainer_snapshot, row);
      return { trainer_uuid: row.trainer_uuid, TrainerID: row.trainer_id, trainer_company_name: displayName, trainer_name: name, workflow_state: row.workflow_state, sum_gross: centsToEuros(row.sum_gross) };
    })
    .sort((a, b) => a.trainer_company_name.localeCompare(b.trainer_company_name, 'de', { sensitivity: 'base' }) || a.TrainerID - b.TrainerID);
  return { trainers };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import type { TApprovalBy, TApprovalEntry } from '../../contracts/review.contract';
import { writeSettlementLog } from './settlement-log';
import { lockSettlementShared } from './settlement-lock';
import { idArray } from '../queries/id-array';
import { sql } from '../queries/sql';

/** One approval row to append; its id taken from the sequence beforehand, so it is the trainer's `seq`. */
type ApprovalWrite = {
  id: number;
  settlement_trainer_id: number;
  kind: TApprovalBy;
  studio_id: number | null;
  approved: boolean;
  user_id: number;
  /** The trainer's state after a company toggle; null for the other kinds. */
  next_state: string | null;
};

/**
 * The one write of approvals: the rows appended to `approval` and, for a company toggle, the
 * settlement trainer's state, in one statement for one toggle or a month's approve-all alike (so the
 * two cannot write differently). The caller holds the trainers' row locks and has checked them.
 */
async function appendApprovals(em: EntityManager, rows: ApprovalWrite[]): Promise<Array<{ id: number; timestamp: string }>> {
  if (rows.length === 0) return [];
  return sql<{ id: number; timestamp: string }>(
    em,
    `with input as (
       select * from jsonb_to_recordset(?::jsonb)
         as i(id int, settlement_trainer_id int, kind text, studio_id int, approved boolean, user_id int, next_state text)),
     toggled as (
       update settlement_trainer st set workflow_state = i.next_state, updated_at = now()
         from input i
        where st.id = i.settlement_trainer_id and i.next_state is not null and st.workflow_state in ('data_created', 'preview_send', 'approved'))
     insert into approval (id, settlement_trainer_id, kind, studio_id, approved, user_id, created_at)
     select i.id, i.settlement_trainer_id, i.kind, i.studio_id, i.approved, i.user_id, clock_timestamp() from input i order by i.id
     returning id, extract(epoch from created_at)::bigint as timestamp`,
    [JSON.stringify(rows)],
    { prepared: true },
  );
}

// An approval toggle (spec 2.10 company and location, trainer portal 4 trainer): one row appended to
// `approval`, a log row, and for the company toggle the settlement trainer's state. Approvals are
// review data, like comments: the api writes them here in one short transaction, and the settlement
// workflow learns the company's by signal (`approvalsChangedSignal`; the trainer's and a location's
// decide nothing there, docs/decisions/0165). Not a workflow update each: a month's approvals all
// arrive at one workflow, and an update with an activity per toggle does not hold up under that
// concurrency and grows the history by ~8 events an approval (docs/decisions/0100).
//
// What guards a toggle, checked here under locks: the settlement is in progress; the trainer is in
// it; no credit note has been created for them (lockedPdfCreated); a trainer toggles only a sent
// preview and not once the company approved. The settlement's advisory lock is taken shared: toggles
// of different trainers run side by side, while the settlement's activities (preparation, credit-note
// issuing), which take it exclusively, never interleave with one; the row lock of the settlement
// trainer orders the toggles of one trainer. Setting the current value again writes nothing.

export type TApprovalToggle = {
  settlementUuid: string;
  trainerUuid: string;
  by: TApprovalBy;
  approved: boolean;
  userUuid: string;
  /** The location (studio) of a 'location' toggle. */
  studioUuid?: string | undefined;
  /** The language of the log row. */
  locale: Locale;
};

export type TApprovalToggleResult = {
  /** The toggled kind's list (for a location: that studio's), newest first; timestamps in unix seconds. */
  entries: TApprovalEntry[];
  /** Current company and trainer approval after the toggle. */
  company: boolean;
  trainer: boolean;
  /** The id of the trainer's newest approval row: orders the workflow's signals of one trainer. */
  seq: number;
};

/** A toggle refused: the failure type the api maps to a status (NotFound 404, Invalid 422, Conflict 409). */
export class ApprovalRefused extends Error {
  constructor(
    readonly type: 'NotFound' | 'Invalid' | 'Conflict',
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'ApprovalRefused';
  }
}

const PDF_CREATED = ['credit_note_created', 'credit_note_send'];
const NOT_SENT = ['new', 'data_created'];

/** What a toggle reads of its trainer once their row is locked. */
type TrainerRow = {
  workflow_state: string;
  settlement_id: number;
  settlement_status: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  has_review: boolean;
  user_id: number | null;
  user_name: string;
  studio_id: number | null;
  studio_name: string | null;
  /** The newest toggles: company and trainer, and of the toggled kind (location: that studio). */
  company: boolean | null;
  trainer: boolean | null;
  current: boolean | null;
  /** The toggled kind's list before this toggle, newest first. */
  entries: TApprovalEntry[];
  seq: number | null;
  next_id: number;
};

/** Records one approval toggle in the caller's transaction; refuses with ApprovalRefused. */
export async function recordApprovalToggle(em: EntityManager, input: TApprovalToggle): Promise<TApprovalToggleResult> {
  // Five statements (the month's most frequent write), each prepared once per connection:
  // the settlement's lock, the trainer's row lock, everything the checks and the answer need, the
  // write, the log row with its event. The row lock is a statement of its own so that what is read
  // after it includes a toggle of the same trainer committed while this one waited.
  await lockSettlementShared(em, input.settlementUuid);
  const [locked] = await sql<{ id: number }>(
    em,
    `select st.id from settlement s
       join settlement_trainer st on st.settlement_id = s.id
       join trainer t on t.id = st.trainer_id
      where s.uuid = ? and t.uuid = ? for update of st`,
    [input.settlementUuid, input.trainerUuid],
    { prepared: true },
  );
  if (!locked) throw new ApprovalRefused('NotFound', 'review.trainerNotInSettlement');
  const newest = (kind: string, studio: string) =>
    `(select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = ${kind} and a.studio_id is not distinct from ${studio}
       order by a.created_at desc, a.id desc limit 1)`;
  const [row] = await sql<TrainerRow>(
    em,
    `select st.workflow_state, s.id as settlement_id, s.status as settlement_status,
            t.firstname, t.lastname, t.company_name, t.source_id,
            exists (select 1 from review_row r where r.settlement_trainer_id = st.id) as has_review,
            u.id as user_id, trim(concat(u.firstname, ' ', u.lastname)) as user_name,
            loc.id as studio_id, loc.name as studio_name,
            ${newest(`'company'`, 'null')} as company, ${newest(`'trainer'`, 'null')} as trainer, ${newest('?', 'loc.id')} as current,
            coalesce((select json_agg(json_build_object('approved', a.approved, 'user', trim(concat(au.firstname, ' ', au.lastname)),
                                                         'timestamp', extract(epoch from a.created_at)::bigint) order by a.created_at desc, a.id desc)
                        from approval a join app_user au on au.id = a.user_id
                       where a.settlement_trainer_id = st.id and a.kind = ? and a.studio_id is not distinct from loc.id), '[]') as entries,
            (select max(a.id) from approval a where a.settlement_trainer_id = st.id) as seq,
            nextval(pg_get_serial_sequence('approval', 'id'))::int as next_id
       from settlement_trainer st
       join settlement s on s.id = st.settlement_id
       join trainer t on t.id = st.trainer_id
       left join app_user u on u.uuid = ?
       left join lateral (
         select studio.id, studio.name from studio
          where ? and studio.uuid = ?
            and exists (select 1 from settlement_line l where l.settlement_trainer_id = st.id and l.studio_id = studio.id)) loc on true
      where st.id = ?`,
    [input.by, input.by, input.userUuid, input.by === 'location', input.studioUuid ?? null, locked.id],
    { prepared: true },
  );
  if (!row) throw new ApprovalRefused('NotFound', 'review.trainerNotInSettlement');
  if (input.by === 'trainer') {
    // The trainer learns the lock's reason first (spec 4: the review is locked).
    if (PDF_CREATED.includes(row.workflow_state)) throw new ApprovalRefused('Conflict', 'review.lockedPdfCreated');
    if (row.company === true) throw new ApprovalRefused('Conflict', 'review.lockedCompanyApproved');
  }
  if (row.settlement_status !== 'in_progress') throw new ApprovalRefused('Conflict', 'settlement.notInProgress', { status: `settlement.status.${row.settlement_status}` });
  if (PDF_CREATED.includes(row.workflow_state)) throw new ApprovalRefused('Conflict', 'review.lockedPdfCreated');
  if (row.user_id === null) throw new ApprovalRefused('NotFound', 'auth.notYourAccount');
  if (input.by === 'location' && row.studio_id === null) throw new ApprovalRefused('Invalid', 'validation.invalid');
  if (input.by === 'trainer' && NOT_SENT.includes(row.workflow_state) && !row.has_review) throw new ApprovalRefused('Conflict', 'review.previewNotSent', { trainer: input.trainerUuid });

  const result = { entries: row.entries, company: row.company ?? false, trainer: row.trainer ?? false, seq: Number(row.seq ?? 0) };
  if ((row.current ?? false) === input.approved) return result;

  // Its id was taken from the sequence above; with the trainer's row locked it is the trainer's
  // newest (the answer's seq).
  const next = input.by !== 'company' ? null : input.approved ? 'approved' : row.has_review ? 'preview_send' : 'data_created';
  const [inserted] = await appendApprovals(em, [
    { id: row.next_id, settlement_trainer_id: locked.id, kind: input.by, studio_id: row.studio_id, approved: input.approved, user_id: row.user_id, next_state: next },
  ]);
  const trainer = trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });
  const key: MessageKey = {
    company: input.approved ? 'review.approvedByCompany' : 'review.approvalRevokedByCompany',
    trainer: input.approved ? 'review.approvedByTrainer' : 'review.approvalRevokedByTrainer',
    location: input.approved ? 'review.locationApproved' : 'review.locationApprovalRevoked',
  }[input.by] as MessageKey;
  await writeSettlementLog(em, { id: row.settlement_id, uuid: input.settlementUuid }, [
    { eventKey: `approval:${row.next_id}`, proc: 'approval', trainerUuid: input.trainerUuid, status: 'success', message: translate(input.locale, key, { trainer, location: row.studio_name ?? '' }) },
  ]);
  return {
    entries: [{ approved: input.approved, user: row.user_name, timestamp: Number(inserted!.timestamp) }, ...row.entries],
    company: input.by === 'company' ? input.approved : result.company,
    trainer: input.by === 'trainer' ? input.approved : result.trainer,
    seq: row.next_id,
  };
}

/** The trainers approve-all concerns: those the preview check lists, i.e. sent a preview. */
const APPROVE_ALL_SCOPE = `(st.workflow_state in ('preview_send', 'approved', 'credit_note_created', 'credit_note_send')
       or exists (select 1 from review_row r where r.settlement_trainer_id = st.id))`;

/** How many trainers approve-all would approve now (its progress's total; read without locks). */
export async function countCompanyApproveAll(em: EntityManager, settlementUuid: string): Promise<number> {
  const [row] = await sql<{ open: number }>(
    em,
    `select count(*)::int as open from settlement s join settlement_trainer st on st.settlement_id = s.id
      where s.uuid = ? and ${APPROVE_ALL_SCOPE} and st.workflow_state not in ('credit_note_created', 'credit_note_send')
        and (select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = 'company' and a.studio_id is null
              order by a.created_at desc, a.id desc limit 1) is not true`,
    [settlementUuid],
  );
  return row?.open ?? 0;
}

export type TCompanyApproveAll = { settlementUuid: string; userUuid: string; locale: Locale };

/** A trainer approve-all left as it was, and why (the single toggle's refusal). */
export type TApproveAllLocked = { trainerUuid: string; trainer: string; key: MessageKey };

export type TCompanyApproveAllResult = {
  settlementId: number;
  /** The trainers this call approved. */
  approved: string[];
  /** Trainers the company had approved already: nothing written for them. */
  alreadyApproved: number;
  locked: TApproveAllLocked[];
  /** Every trainer in scope with their current values after the write, for the workflow's signal. */
  current: Array<{ trainerUuid: string; company: boolean; trainer: boolean; seq: number }>;
};

type ApproveAllRow = {
  id: number;
  workflow_state: string;
  trainer_uuid: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  company: boolean | null;
  trainer: boolean | null;
  seq: number | null;
};

/**
 * 'Approve all' of the preview check (spec 2.10, action approve_all): the company approves every
 * trainer who was sent a preview and is not approved by it yet, in the caller's transaction, with
 * the single toggle's locks, refusals and write. A trainer whose credit note is created is locked
 * (listed with the reason, nothing written); a settlement not in progress refuses the whole call.
 * Twice writes nothing the second time.
 */
export async function recordCompanyApproveAll(em: EntityManager, input: TCompanyApproveAll): Promise<TCompanyApproveAllResult> {
  await lockSettlementShared(em, input.settlementUuid);
  const [settlement] = await sql<{ id: number; status: string; user_id: number | null }>(
    em,
    `select s.id, s.status, (select u.id from app_user u where u.uuid = ?) as user_id from settlement s where s.uuid = ?`,
    [input.userUuid, input.settlementUuid],
  );
  if (!settlement) throw new ApprovalRefused('NotFound', 'settlement.notFound');
  if (settlement.status !== 'in_progress') throw new ApprovalRefused('Conflict', 'settlement.notInProgress', { status: `settlement.status.${settlement.status}` });
  if (settlement.user_id === null) throw new ApprovalRefused('NotFound', 'auth.notYourAccount');

  // The trainers' row locks in id order (a toggle locks one of them: no deadlock), in a statement
  // of their own so that what is read next includes toggles committed while this waited.
  const locked = await sql<{ id: number }>(em, `select st.id from settlement_trainer st where st.settlement_id = ? and ${APPROVE_ALL_SCOPE} order by st.id for update of st`, [settlement.id]);
  const newest = (kind: string) =>
    `(select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = '${kind}' and a.studio_id is null order by a.created_at desc, a.id desc limit 1)`;
  const rows = await sql<ApproveAllRow>(
    em,
    `select st.id, st.workflow_state, t.uuid as trainer_uuid, t.firstname, t.lastname, t.company_name, t.source_id,
            ${newest('company')} as company, ${newest('trainer')} as trainer,
            (select max(a.id) from approval a where a.settlement_trainer_id = st.id) as seq
       from settlement_trainer st join trainer t on t.id = st.trainer_id
      where st.id = any(?::int[]) order by st.id`,
    [idArray(locked.map((row) => row.id))],
  );

  const nameOf = (row: ApproveAllRow) => trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });
  const open = rows.filter((row) => row.company !== true && !PDF_CREATED.includes(row.workflow_state));
  const lockedTrainers = rows
    .filter((row) => row.company !== true && PDF_CREATED.includes(row.workflow_state))
    .map((row): TApproveAllLocked => ({ trainerUuid: row.trainer_uuid, trainer: nameOf(row), key: 'review.lockedPdfCreated' }));
  const ids = open.length === 0 ? [] : await sql<{ id: number }>(em, `select nextval(pg_get_serial_sequence('approval', 'id'))::int as id from generate_series(1, ?)`, [open.length]);
  const writes = open.map((row, index): ApprovalWrite => ({
    id: ids[index]!.id,
    settlement_trainer_id: row.id,
    kind: 'company',
    studio_id: null,
    approved: true,
    user_id: settlement.user_id!,
    next_state: 'approved',
  }));
  await appendApprovals(em, writes);
  await writeSettlementLog(
    em,
    { id: settlement.id, uuid: input.settlementUuid },
    writes.map((write, index) => ({
      eventKey: `approval:${write.id}`,
      proc: 'approval',
      trainerUuid: open[index]!.trainer_uuid,
      status: 'success' as const,
      message: translate(input.locale, 'review.approvedByCompany', { trainer: nameOf(open[index]!) }),
    })),
  );
  const written = new Map(writes.map((write) => [write.settlement_trainer_id, write.id]));
  return {
    settlementId: settlement.id,
    approved: open.map((row) => row.trainer_uuid),
    alreadyApproved: rows.filter((row) => row.company === true).length,
    locked: lockedTrainers,
    current: rows.map((row) => ({
      trainerUuid: row.trainer_uuid,
      company: written.has(row.id) || row.company === true,
      trainer: row.trainer ?? false,
      seq: written.get(row.id) ?? Number(row.seq ?? 0),
    })),
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import type { TApprovalBy, TApprovalEntry } from '../../contracts/review.contract';
import { writeSettlementLog } from './settlement-log';
import { lockSettlementShared } from './settlement-lock';
import { sql } from '../queries/sql';

// An approval toggle (spec 2.10 company and location, trainer portal 4 trainer): one row appended to
// `approval`, a log row, and for the company toggle the settlement trainer's state. Approvals are
// review data, like comments: the api writes them here in one short transaction, and the settlement
// workflow only learns the current values by signal (`approvalsChangedSignal`). Not a workflow
// update each: a month's approvals all arrive at one workflow, and an update with an activity per
// toggle does not hold up under that concurrency and grows the history by ~8 events an approval
// (docs/decisions/0100).
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

  // The toggle, and for the company's the trainer's state, in one statement. Its id was taken from
  // the sequence above; with the trainer's row locked it is the trainer's newest (the answer's seq).
  const next = input.by !== 'company' ? null : input.approved ? 'approved' : row.has_review ? 'preview_send' : 'data_created';
  const [inserted] = await sql<{ timestamp: string }>(
    em,
    `with toggled as (
       update settlement_trainer set workflow_state = ?, updated_at = now()
        where id = ? and ?::text is not null and workflow_state in ('data_created', 'preview_send', 'approved'))
     insert into approval (id, settlement_trainer_id, kind, studio_id, approved, user_id, created_at)
     values (?, ?, ?, ?, ?, ?, clock_timestamp())
     returning extract(epoch from created_at)::bigint as timestamp`,
    [next, locked.id, next, row.next_id, locked.id, input.by, row.studio_id, input.approved, row.user_id],
    { prepared: true },
  );
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

import type { EntityManager } from '@mikro-orm/postgresql';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import type { TApprovalBy, TApprovalEntry } from '../../workflows/settlement.messages';
import { writeSettlementLog } from './settlement-log';
import { lockSettlementShared } from './settlement-lock';
import { sql } from './sql';

// An approval toggle (spec 2.10 company and location, trainer portal 4 trainer): one row appended to
// `approval`, a log row, and for the company toggle the settlement trainer's state. Approvals are
// review data, like comments: the api writes them here in one short transaction, and the settlement
// workflow only learns the current values by signal (`approvalsChangedSignal`). They used to be
// updates of the settlement workflow, one each: 1,000 trainers and their company approvals made
// 2,000 updates of one workflow with an activity each, which Temporal aborted under concurrency and
// which grew the history by ~8 events an approval (issue 14).
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

type TrainerRow = {
  id: number;
  workflow_state: string;
  settlement_id: number;
  settlement_status: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  has_review: boolean;
};

/** Records one approval toggle in the caller's transaction; refuses with ApprovalRefused. */
export async function recordApprovalToggle(em: EntityManager, input: TApprovalToggle): Promise<TApprovalToggleResult> {
  await lockSettlementShared(em, input.settlementUuid);
  const [row] = await sql<TrainerRow>(
    em,
    `select st.id, st.workflow_state, s.id as settlement_id, s.status as settlement_status,
            t.firstname, t.lastname, t.company_name, t.source_id,
            exists (select 1 from review_row r where r.settlement_trainer_id = st.id) as has_review
       from settlement s
       join settlement_trainer st on st.settlement_id = s.id
       join trainer t on t.id = st.trainer_id
      where s.uuid = ? and t.uuid = ? for update of st`,
    [input.settlementUuid, input.trainerUuid],
  );
  if (!row) throw new ApprovalRefused('NotFound', 'review.trainerNotInSettlement');
  if (row.settlement_status !== 'in_progress') throw new ApprovalRefused('Conflict', 'settlement.notInProgress', { status: `settlement.status.${row.settlement_status}` });
  if (PDF_CREATED.includes(row.workflow_state)) throw new ApprovalRefused('Conflict', 'review.lockedPdfCreated');
  const [user] = await sql<{ id: number }>(em, 'select id from app_user where uuid = ?', [input.userUuid]);
  if (!user) throw new ApprovalRefused('NotFound', 'auth.notYourAccount');

  const current = async (kind: TApprovalBy, studioId: number | null) => {
    const [latest] = await sql<{ approved: boolean }>(
      em,
      `select approved from approval where settlement_trainer_id = ? and kind = ? and studio_id is not distinct from ?
        order by created_at desc, id desc limit 1`,
      [row.id, kind, studioId],
    );
    return latest?.approved ?? false;
  };
  let studioId: number | null = null;
  let studioName = '';
  if (input.by === 'location') {
    const [studio] = await sql<{ id: number; name: string }>(
      em,
      'select s.id, s.name from studio s where s.uuid = ? and exists (select 1 from settlement_line l where l.settlement_trainer_id = ? and l.studio_id = s.id)',
      [input.studioUuid ?? null, row.id],
    );
    if (!studio) throw new ApprovalRefused('Invalid', 'validation.invalid');
    studioId = studio.id;
    studioName = studio.name;
  }
  if (input.by === 'trainer') {
    if (NOT_SENT.includes(row.workflow_state) && !row.has_review) throw new ApprovalRefused('Conflict', 'review.previewNotSent', { trainer: input.trainerUuid });
    if (await current('company', null)) throw new ApprovalRefused('Conflict', 'review.lockedCompanyApproved');
  }

  if ((await current(input.by, studioId)) !== input.approved) {
    const [inserted] = await sql<{ id: number }>(
      em,
      'insert into approval (settlement_trainer_id, kind, studio_id, approved, user_id, created_at) values (?, ?, ?, ?, ?, clock_timestamp()) returning id',
      [row.id, input.by, studioId, input.approved, user.id],
    );
    if (input.by === 'company') {
      const next = input.approved ? 'approved' : row.has_review ? 'preview_send' : 'data_created';
      await sql(em, `update settlement_trainer set workflow_state = ?, updated_at = now() where id = ? and workflow_state in ('data_created', 'preview_send', 'approved')`, [next, row.id]);
    }
    const trainer = trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });
    const key: MessageKey = {
      company: input.approved ? 'review.approvedByCompany' : 'review.approvalRevokedByCompany',
      trainer: input.approved ? 'review.approvedByTrainer' : 'review.approvalRevokedByTrainer',
      location: input.approved ? 'review.locationApproved' : 'review.locationApprovalRevoked',
    }[input.by] as MessageKey;
    await writeSettlementLog(em, { id: row.settlement_id, uuid: input.settlementUuid }, [
      { eventKey: `approval:${inserted!.id}`, proc: 'approval', trainerUuid: input.trainerUuid, status: 'success', message: translate(input.locale, key, { trainer, location: studioName }) },
    ]);
  }

  const entries = await sql<{ approved: boolean; firstname: string; lastname: string; timestamp: string }>(
    em,
    `select a.approved, u.firstname, u.lastname, extract(epoch from a.created_at)::bigint as timestamp
       from approval a join app_user u on u.id = a.user_id
      where a.settlement_trainer_id = ? and a.kind = ? and a.studio_id is not distinct from ?
      order by a.created_at desc, a.id desc`,
    [row.id, input.by, studioId],
  );
  const [newest] = await sql<{ seq: number | null }>(em, 'select max(id) as seq from approval where settlement_trainer_id = ?', [row.id]);
  return {
    entries: entries.map((entry) => ({ approved: entry.approved, user: `${entry.firstname} ${entry.lastname}`.trim(), timestamp: Number(entry.timestamp) })),
    company: await current('company', null),
    trainer: await current('trainer', null),
    seq: Number(newest?.seq ?? 0),
  };
}

import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { EVENTS_CHANNEL } from '../../db/events';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import type { TQueueEmailInput, TQueueEmailResult } from '../mail';
import { publishSendMessages, writeSettlementLog } from '../shared/settlement-log';
import { settlementRowOf, type SettlementRow } from '../shared/settlement';
import { activityContext } from '../shared/activity-context';
import { ApprovalRefused, recordApprovalToggle } from '../shared/approvals';
import { lockSettlement } from '../shared/settlement-lock';
import { sql } from '../shared/sql';
import {
  ZAnnouncePreviewSendFinishedInput,
  ZCreateTrainerReviewsInput,
  ZRecordApprovalInput,
  type TAnnouncePreviewSendFinishedInput,
  type TCreateTrainerReviewsInput,
  type TCreateTrainerReviewsResult,
  type TRecordApprovalInput,
  type TRecordApprovalResult,
  type TTrainerReviewOutcome,
} from './review.types';

export * from './review.types';

// The review loop's side effects (spec admin 4 "Preview send", trainer portal 4): a trainer's review
// (review rows, state preview_send, portal notification, e-mail) and the approval toggles.
//
// Idempotent: each trainer of a sending is done in its own transaction, which also writes the log
// row keyed `preview:{sendUuid}:{trainerUuid}`; a retry finds that row and answers what was done
// instead of doing it again. The e-mail is recorded under the outbox key
// `{group}:settlement-preview:{settlementUuid}:{trainerUuid}`, so a trainer gets one preview e-mail
// per settlement however often the admin presses 'send'. An approval sets a value: toggling to
// the current value writes nothing, so a retried toggle does not add a second row.

export type ReviewActivityDeps = {
  orm: MikroORM;
  /** The mail activity that records an e-mail in the outbox (delivery is the workflow's next step). */
  queueEmail: (input: TQueueEmailInput) => Promise<TQueueEmailResult>;
};

const PROC = { preview: 'preview', approval: 'approval' } as const;
const PDF_CREATED = ['credit_note_created', 'credit_note_send'];

/** The path of a trainer's review screen, without the language (the e-mail and the portal add it). */
export const reviewPath = (studioGroupUuid: string, settlementUuid: string) => `/trainer/accounting/review/${studioGroupUuid}/${settlementUuid}`;

/** Publishes one stream message of a preview sending (NOTIFY: sent on commit of the surrounding transaction). */
const publishSend = (em: EntityManager, settlementUuid: string, sendUuid: string, message: TSendStreamMessage) => publishSendMessages(em, settlementUuid, sendUuid, 'preview', [message]);

type TrainerRow = {
  settlement_trainer_id: number;
  workflow_state: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  trainer_account_id: number | null;
  account_language: Locale | null;
  has_review: boolean;
};

/**
 * The review rows of a trainer: one per line (row_id = class hash; course = JSON text with
 * studio_name, date (ISO), class_name, class_booked_slot, netto, brutto in integer cents) plus the
 * overall feedback row. Rows already there stay (with their comments); new lines get a row.
 */
export async function insertReviewRows(em: EntityManager, settlementTrainerId: number): Promise<void> {
  await sql(
    em,
    `insert into review_row (settlement_trainer_id, row_id, course, company_approved, created_at, updated_at)
     select ?::int, l.class_hash,
            json_build_object('studio_name', case when l.kind = 'admin' then 'Admin' else s.name end,
                              'date', to_char(l.class_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                              'class_name', case when l.kind = 'admin' then coalesce(l.description, l.class_name) else l.class_name end,
                              'class_booked_slot', l.booked_slots, 'netto', l.net_cents, 'brutto', l.gross_cents)::text,
            false, now(), now()
       from settlement_line l left join studio s on s.id = l.studio_id
      where l.settlement_trainer_id = ?::int
     union all
     select ?::int, 'trainer_feedback_overall', 'trainer_feedback_overall', false, now(), now()
     on conflict (settlement_trainer_id, row_id) do nothing`,
    [settlementTrainerId, settlementTrainerId, settlementTrainerId],
  );
}

export function createReviewActivities({ orm, queueEmail }: ReviewActivityDeps) {
  /** One trainer of a sending, in its own transaction; answers the outcome (a retry answers the recorded one). */
  async function reviewOneTrainer(
    em: EntityManager,
    settlement: SettlementRow,
    input: ReturnType<typeof ZCreateTrainerReviewsInput.parse>,
    trainerUuid: string,
  ): Promise<TTrainerReviewOutcome> {
    const eventKey = `${PROC.preview}:${input.sendUuid}:${trainerUuid}`;
    const say = (key: MessageKey, params?: MessageParams) => translate(input.locale, key, params);
    return em.transactional(async (tem) => {
      await lockSettlement(tem, settlement.uuid);
      const [trainer] = await sql<TrainerRow>(
        tem,
        `select st.id as settlement_trainer_id, st.workflow_state, t.firstname, t.lastname, t.company_name, t.source_id,
                sgt.trainer_account_id, ta.language as account_language,
                exists (select 1 from review_row r where r.settlement_trainer_id = st.id) as has_review
           from settlement_trainer st
           join trainer t on t.id = st.trainer_id
           left join studio_group_trainer sgt on sgt.trainer_id = t.id and sgt.studio_group_id = ?
           left join trainer_account ta on ta.id = sgt.trainer_account_id
          where st.settlement_id = ? and t.uuid = ? and st.prepared_at is not null`,
        [settlement.studio_group_id, settlement.id, trainerUuid],
      );
      const name = trainer ? trainerDisplayName({ companyName: trainer.company_name, firstname: trainer.firstname, lastname: trainer.lastname, sourceId: trainer.source_id }) : trainerUuid;
      const [logged] = await sql<{ status: string }>(tem, 'select status from settlement_log where settlement_id = ? and event_key = ?', [settlement.id, eventKey]);
      if (logged) {
        if (logged.status === 'success') return 'created';
        if (logged.status === 'error') return 'failed';
        return trainer?.has_review ? 'already_sent' : 'not_connected';
      }

      const report = async (outcome: TTrainerReviewOutcome, key: MessageKey) => {
        const status = outcome === 'created' ? 'success' : outcome === 'failed' ? 'error' : 'info';
        const message = say(key, { trainer: name });
        await writeSettlementLog(tem, settlement, [{ eventKey, proc: PROC.preview, trainerUuid, status, message }]);
        await publishSend(tem, settlement.uuid, input.sendUuid, { status, message, trainer_uuid: trainerUuid, outcome });
      };
      if (!trainer) {
        await report('failed', 'review.previewFailed');
        return 'failed';
      }
      if (PDF_CREATED.includes(trainer.workflow_state)) {
        await report('failed', 'review.previewFailed');
        return 'failed';
      }
      if (trainer.trainer_account_id === null) {
        await report('not_connected', 'review.previewNotConnected');
        return 'not_connected';
      }
      if (trainer.has_review) {
        await report('already_sent', 'review.previewAlreadySent');
        return 'already_sent';
      }

      await insertReviewRows(tem, trainer.settlement_trainer_id);
      await sql(tem, `update settlement_trainer set workflow_state = 'preview_send', updated_at = now() where id = ? and workflow_state in ('new', 'data_created')`, [
        trainer.settlement_trainer_id,
      ]);
      // The portal notification, in the trainer's language, with the admin's text after ours.
      const language = trainer.account_language ?? 'de';
      const month = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${settlement.month}T00:00:00Z`));
      const text = [translate(language, 'review.notificationPreview', { month }), input.message.trim()].filter(Boolean).join('\n\n');
      await sql(
        tem,
        `insert into notification (uuid, trainer_account_id, studio_group_id, message, link, approved_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, null, now(), now())`,
        [randomUUID(), trainer.trainer_account_id, settlement.studio_group_id, text, reviewPath(settlement.studio_group_uuid, settlement.uuid)],
      );
      const [account] = await sql<{ uuid: string }>(tem, 'select u.uuid from trainer_account ta join app_user u on u.id = ta.user_id where ta.id = ?', [trainer.trainer_account_id]);
      if (account) await sql(tem, 'select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ topic: `user:${account.uuid}`, event: 'notification:changed', data: { userUuid: account.uuid } })]);
      await report('created', 'review.previewCreated');
      return 'created';
    });
  }

  return {
    /** Sends a batch of trainers their preview (see above); one heartbeat per trainer. */
    async createTrainerReviews(rawInput: TCreateTrainerReviewsInput): Promise<TCreateTrainerReviewsResult> {
      const input = ZCreateTrainerReviewsInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await settlementRowOf(em, input.settlementUuid);
      const trainers: TCreateTrainerReviewsResult['trainers'] = [];
      for (const trainerUuid of input.trainerUuids) {
        let outcome: TTrainerReviewOutcome;
        try {
          outcome = await reviewOneTrainer(em.fork(), settlement, input, trainerUuid);
        } catch (error) {
          // A trainer that cannot be done now (a database hiccup): retry the batch; the ones done
          // are answered from their log rows.
          activityContext()?.heartbeat({ processed: trainers.length });
          throw error;
        }
        let emailUuid: string | undefined;
        if (outcome === 'created') {
          const queued = await queueEmail({
            studioGroupUuid: settlement.studio_group_uuid,
            purpose: 'settlement-preview',
            reference: `${settlement.uuid}:${trainerUuid}`,
            recipient: { kind: 'trainer', trainerUuid },
            subjectKey: 'mail.preview.subject',
            bodyKey: 'mail.preview.body',
            params: { month: { month: settlement.month } },
            ...(input.message.trim() ? { note: input.message.trim() } : {}),
            link: { path: reviewPath(settlement.studio_group_uuid, settlement.uuid), labelKey: 'mail.preview.action' },
          });
          if (queued.queued && queued.status === 'queued') emailUuid = queued.emailUuid;
        }
        trainers.push({ trainerUuid, outcome, ...(emailUuid ? { emailUuid } : {}) });
        activityContext()?.heartbeat({ processed: trainers.length });
      }
      return { trainers };
    },

    /** The last message of a sending ('finished_studiogroup' with the counts); written once. */
    async announcePreviewSendFinished(rawInput: TAnnouncePreviewSendFinishedInput): Promise<void> {
      const input = ZAnnouncePreviewSendFinishedInput.parse(rawInput);
      const em = orm.em.fork();
      await em.transactional(async (tem) => {
        const settlement = await settlementRowOf(tem, input.settlementUuid);
        const message = translate(input.locale, 'review.previewSendFinished', { created: input.created, skipped: input.skipped, failed: input.failed });
        await writeSettlementLog(tem, settlement, [{ eventKey: `${PROC.preview}:${input.sendUuid}:finished`, proc: PROC.preview, trainerUuid: null, status: 'info', message }]);
        // Published on every attempt: a stream that missed it (the attempt before crashed after commit) still ends.
        await publishSend(tem, settlement.uuid, input.sendUuid, { status: 'finished_studiogroup', message });
      });
    },

    /**
     * An approval toggle through the settlement workflow's `approve` update (its validator checked
     * it): the api records toggles itself since issue 14; this stays for the updates of histories
     * and clients from before. The same write as the api's (activities/shared/approvals.ts).
     */
    async recordApproval(rawInput: TRecordApprovalInput): Promise<TRecordApprovalResult> {
      const input = ZRecordApprovalInput.parse(rawInput);
      try {
        const { entries, company, trainer } = await orm.em.fork().transactional((tem) => recordApprovalToggle(tem, input));
        return { entries, company, trainer };
      } catch (error) {
        if (error instanceof ApprovalRefused) throw ApplicationFailure.nonRetryable(error.key, error.type, error.params);
        throw error;
      }
    },
  };
}

export type ReviewActivities = ReturnType<typeof createReviewActivities>;

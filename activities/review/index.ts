import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { translate, type Locale, type MessageKey } from '../../domain/messages';
import { trainerDisplayName } from '../../domain/trainer-data';
import type { TQueueEmailResult, TQueueEmailsInput } from '../mail';
import { notifyAll, publishSendMessages, writeSettlementLog, type LogRowInput } from '../../db/writes/settlement-log';
import { settlementRowOf, type SettlementRow } from '../shared/settlement';
import { activityContext } from '../shared/activity-context';
import { ApprovalRefused, recordApprovalToggle } from '../../db/writes/approvals';
import { lockSettlement } from '../../db/writes/settlement-lock';
import { sql } from '../../db/queries/sql';
import {
  ZAnnouncePreviewSendFinishedInput,
  ZCreateTrainerReviewsInput,
  ZQueuePreviewEmailsInput,
  ZRecordApprovalInput,
  type TAnnouncePreviewSendFinishedInput,
  type TCreateTrainerReviewsInput,
  type TCreateTrainerReviewsResult,
  type TQueuePreviewEmailsInput,
  type TQueuePreviewEmailsResult,
  type TRecordApprovalInput,
  type TRecordApprovalResult,
  type TTrainerReviewOutcome,
} from './review.types';

export * from './review.types';

// The review loop's side effects (spec admin 4 "Preview send", trainer portal 4): a trainer's review
// (review rows, state preview_send, portal notification, e-mail) and the approval toggles.
//
// Idempotent: a batch of a sending is done in one transaction, which also writes each trainer's log
// row keyed `preview:{sendUuid}:{trainerUuid}`; a retry finds those rows and answers what was done
// instead of doing it again. The e-mail is recorded under the outbox key
// `{group}:settlement-preview:{settlementUuid}:{trainerUuid}`, so a trainer gets one preview e-mail
// per settlement however often the admin presses 'send'. An approval sets a value: toggling to
// the current value writes nothing, so a retried toggle does not add a second row.

export type ReviewActivityDeps = {
  orm: MikroORM;
  /** The mail activity that records a batch of e-mails in the outbox (delivery is the workflow's next step). */
  queueEmails: (input: TQueueEmailsInput) => Promise<TQueueEmailResult[]>;
};

const PROC = { preview: 'preview', approval: 'approval' } as const;
const PDF_CREATED = ['credit_note_created', 'credit_note_send'];

/** The path of a trainer's review screen, without the language (the e-mail and the portal add it). */
export const reviewPath = (studioGroupUuid: string, settlementUuid: string) => `/trainer/accounting/review/${studioGroupUuid}/${settlementUuid}`;

/** Publishes one stream message of a preview sending (NOTIFY: sent on commit of the surrounding transaction). */
const publishSend = (em: EntityManager, settlementUuid: string, sendUuid: string, message: TSendStreamMessage) => publishSendMessages(em, settlementUuid, sendUuid, 'preview', [message]);

/** A trainer of a batch (null columns: not prepared in this settlement) and what an earlier attempt logged. */
type TrainerRow = {
  trainer_uuid: string;
  settlement_trainer_id: number | null;
  workflow_state: string | null;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string | null;
  trainer_account_id: number | null;
  account_language: Locale | null;
  account_user_uuid: string | null;
  has_review: boolean;
  logged_status: string | null;
};

/**
 * The review rows of trainers (one statement for all): one per line (row_id = class hash; course =
 * JSON text with studio_name, date (ISO), class_name, class_booked_slot, netto, brutto in integer
 * cents) plus the overall feedback row. Rows already there stay (with their comments); new lines get
 * a row.
 */
export async function insertReviewRows(em: EntityManager, settlementTrainerIds: number | readonly number[]): Promise<void> {
  // An array literal (not a JSON list): the planner sees how many ids there are and reads their lines through the index.
  const ids = `{${(typeof settlementTrainerIds === 'number' ? [settlementTrainerIds] : settlementTrainerIds).map((id) => Math.trunc(id)).join(',')}}`;
  await sql(
    em,
    `insert into review_row (settlement_trainer_id, row_id, course, company_approved, created_at, updated_at)
     select l.settlement_trainer_id, l.class_hash,
            json_build_object('studio_name', case when l.kind = 'admin' then 'Admin' else s.name end,
                              'date', to_char(l.class_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                              'class_name', case when l.kind = 'admin' then coalesce(l.description, l.class_name) else l.class_name end,
                              'class_booked_slot', l.booked_slots, 'netto', l.net_cents, 'brutto', l.gross_cents)::text,
            false, now(), now()
       from settlement_line l left join studio s on s.id = l.studio_id
      where l.settlement_trainer_id = any(?::int[])
     union all
     select id, 'trainer_feedback_overall', 'trainer_feedback_overall', false, now(), now() from unnest(?::int[]) as id
     on conflict (settlement_trainer_id, row_id) do nothing`,
    [ids, ids],
  );
}

export function createReviewActivities({ orm, queueEmails }: ReviewActivityDeps) {
  /**
   * The trainers of a batch in one transaction, a few set-based statements for all of them; answers
   * each trainer's outcome in input order (a retry answers the recorded ones from their log rows).
   */
  async function reviewTrainers(settlement: SettlementRow, input: ReturnType<typeof ZCreateTrainerReviewsInput.parse>): Promise<TTrainerReviewOutcome[]> {
    const trainerUuids = [...new Set(input.trainerUuids)];
    const eventKey = (trainerUuid: string) => `${PROC.preview}:${input.sendUuid}:${trainerUuid}`;
    const outcomes = await orm.em.fork().transactional(async (tem) => {
      await lockSettlement(tem, settlement.uuid);
      const rows = await sql<TrainerRow>(
        tem,
        `select u.trainer_uuid, st.id as settlement_trainer_id, st.workflow_state, t.firstname, t.lastname, t.company_name, t.source_id,
                sgt.trainer_account_id, ta.language as account_language, au.uuid as account_user_uuid,
                st.id is not null and exists (select 1 from review_row r where r.settlement_trainer_id = st.id) as has_review,
                (select sl.status from settlement_log sl where sl.settlement_id = ? and sl.event_key = ? || u.trainer_uuid) as logged_status
           from jsonb_array_elements_text(?::jsonb) with ordinality as u(trainer_uuid, n)
           left join (settlement_trainer st join trainer t on t.id = st.trainer_id)
                  on t.uuid = u.trainer_uuid::uuid and st.settlement_id = ? and st.prepared_at is not null
           left join studio_group_trainer sgt on sgt.trainer_id = t.id and sgt.studio_group_id = ?
           left join trainer_account ta on ta.id = sgt.trainer_account_id
           left join app_user au on au.id = ta.user_id
          order by u.n`,
        [settlement.id, `${PROC.preview}:${input.sendUuid}:`, JSON.stringify(trainerUuids), settlement.id, settlement.studio_group_id],
      );

      const outcomeOf = new Map<string, TTrainerReviewOutcome>();
      const logRows: LogRowInput[] = [];
      const messages: TSendStreamMessage[] = [];
      const created: TrainerRow[] = [];
      for (const trainer of rows) {
        const trainerUuid = trainer.trainer_uuid;
        if (trainer.logged_status) {
          const logged = trainer.logged_status;
          outcomeOf.set(trainerUuid, logged === 'success' ? 'created' : logged === 'error' ? 'failed' : trainer.has_review ? 'already_sent' : 'not_connected');
          continue;
        }
        const [outcome, key]: [TTrainerReviewOutcome, MessageKey] =
          trainer.settlement_trainer_id === null || PDF_CREATED.includes(trainer.workflow_state!)
            ? ['failed', 'review.previewFailed']
            : trainer.trainer_account_id === null
              ? ['not_connected', 'review.previewNotConnected']
              : trainer.has_review
                ? ['already_sent', 'review.previewAlreadySent']
                : ['created', 'review.previewCreated'];
        const name =
          trainer.settlement_trainer_id === null
            ? trainerUuid
            : trainerDisplayName({ companyName: trainer.company_name, firstname: trainer.firstname, lastname: trainer.lastname, sourceId: trainer.source_id! });
        const status = outcome === 'created' ? 'success' : outcome === 'failed' ? 'error' : 'info';
        const message = translate(input.locale, key, { trainer: name });
        outcomeOf.set(trainerUuid, outcome);
        if (outcome === 'created') created.push(trainer);
        logRows.push({ eventKey: eventKey(trainerUuid), proc: PROC.preview, trainerUuid, status, message });
        messages.push({ status, message, trainer_uuid: trainerUuid, outcome });
      }

      if (created.length > 0) {
        const ids = created.map((trainer) => trainer.settlement_trainer_id!);
        await insertReviewRows(tem, ids);
        await sql(
          tem,
          `update settlement_trainer set workflow_state = 'preview_send', updated_at = now()
            where id = any(?::int[]) and workflow_state in ('new', 'data_created')`,
          [`{${ids.join(',')}}`],
        );
        // The portal notifications, each in its trainer's language, with the admin's text after ours.
        const monthIn = (language: Locale) =>
          new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${settlement.month}T00:00:00Z`));
        const notifications = created.map((trainer) => {
          const language = trainer.account_language ?? 'de';
          const text = [translate(language, 'review.notificationPreview', { month: monthIn(language) }), input.message.trim()].filter(Boolean).join('\n\n');
          return { uuid: randomUUID(), trainer_account_id: trainer.trainer_account_id, message: text };
        });
        await sql(
          tem,
          `insert into notification (uuid, trainer_account_id, studio_group_id, message, link, approved_at, created_at, updated_at)
           select r.uuid, r.trainer_account_id, ?, r.message, ?, null, now(), now()
             from rows from (jsonb_to_recordset(?::jsonb) as (uuid uuid, trainer_account_id int, message text)) with ordinality as r(uuid, trainer_account_id, message, n)
            order by r.n`,
          [settlement.studio_group_id, reviewPath(settlement.studio_group_uuid, settlement.uuid), JSON.stringify(notifications)],
        );
        await notifyAll(
          tem,
          created.flatMap((trainer) =>
            trainer.account_user_uuid
              ? [JSON.stringify({ topic: `user:${trainer.account_user_uuid}`, event: 'notification:changed', data: { userUuid: trainer.account_user_uuid } })]
              : [],
          ),
        );
      }
      // The log rows and the stream's messages of the batch, in the order of its trainers.
      await writeSettlementLog(tem, settlement, logRows);
      await publishSendMessages(tem, settlement.uuid, input.sendUuid, 'preview', messages);
      return outcomeOf;
    });
    return input.trainerUuids.map((trainerUuid) => outcomes.get(trainerUuid)!);
  }

  /**
   * Records the preview e-mails of trainers whose review was created (one insert; the outbox key
   * answers an e-mail recorded before, also by an earlier attempt or send); answers each trainer's
   * e-mail still to deliver (none for one already sent).
   */
  async function queuePreviews(settlement: SettlementRow, trainerUuids: string[], message: string): Promise<Map<string, string>> {
    const note = message.trim();
    const queued = await queueEmails({
      emails: trainerUuids.map((trainerUuid) => ({
        studioGroupUuid: settlement.studio_group_uuid,
        purpose: 'settlement-preview',
        reference: `${settlement.uuid}:${trainerUuid}`,
        recipient: { kind: 'trainer' as const, trainerUuid },
        subjectKey: 'mail.preview.subject',
        bodyKey: 'mail.preview.body',
        params: { month: { month: settlement.month } },
        ...(note ? { note } : {}),
        link: { path: reviewPath(settlement.studio_group_uuid, settlement.uuid), labelKey: 'mail.preview.action' },
      })),
    });
    const emailOf = new Map<string, string>();
    queued.forEach((result, index) => {
      if (result.queued && result.status === 'queued') emailOf.set(trainerUuids[index]!, result.emailUuid);
    });
    return emailOf;
  }

  return {
    /**
     * Sends a batch of trainers their preview (see above): one transaction for the batch's reviews,
     * notifications and log rows, then (unless `queueEmails` is false) the e-mails of the created
     * ones recorded in the outbox at once.
     */
    async createTrainerReviews(rawInput: TCreateTrainerReviewsInput): Promise<TCreateTrainerReviewsResult> {
      const input = ZCreateTrainerReviewsInput.parse(rawInput);
      const settlement = await settlementRowOf(orm.em.fork(), input.settlementUuid);
      // A batch that cannot be done now (a database hiccup) throws: the retry answers the recorded trainers.
      const outcomes = await reviewTrainers(settlement, input);
      activityContext()?.heartbeat({ processed: outcomes.length });
      // Also for trainers created by an earlier attempt: the outbox key answers an e-mail recorded before.
      const createdUuids = input.trainerUuids.filter((_, index) => outcomes[index] === 'created');
      const emailOf = input.queueEmails && createdUuids.length > 0 ? await queuePreviews(settlement, createdUuids, input.message) : new Map<string, string>();
      const trainers = input.trainerUuids.map((trainerUuid, index) => {
        const emailUuid = emailOf.get(trainerUuid);
        return { trainerUuid, outcome: outcomes[index]!, ...(emailUuid ? { emailUuid } : {}) };
      });
      activityContext()?.heartbeat({ processed: trainers.length });
      return { trainers };
    },

    /** The preview e-mails of a batch's created trainers, recorded in the outbox (createTrainerReviews left them out). */
    async queuePreviewEmails(rawInput: TQueuePreviewEmailsInput): Promise<TQueuePreviewEmailsResult> {
      const input = ZQueuePreviewEmailsInput.parse(rawInput);
      const settlement = await settlementRowOf(orm.em.fork(), input.settlementUuid);
      const emailOf = await queuePreviews(settlement, input.trainerUuids, input.message);
      return { emailUuids: input.trainerUuids.flatMap((trainerUuid) => emailOf.get(trainerUuid) ?? []) };
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
     * it). The api records toggles itself; this stays so that recorded histories and older clients
     * that still use the update keep working. The same write as the api's (db/writes/approvals.ts).
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

import { ApplicationFailure } from '@temporalio/activity';
import { AdminPosition, SettlementTrainer, type SettlementTrainerState } from '../../db/entities';
import { translate } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import {
  calculateSettlement,
  type ClassFacts,
  type PaymentRuleSnapshot,
  type TrainerSettlement,
} from '../../domain/pay';
import {
  ZMarkTrainersPreparedInput,
  ZPrepareTrainerLinesInput,
  type TMarkTrainersPreparedInput,
  type TMarkTrainersPreparedResult,
  type TPrepareHeartbeat,
  type TPrepareTrainerLinesInput,
  type TPrepareTrainerLinesResult,
} from './prepare.types';
import { publishProgress, publishStateChange, writeSettlementLog, type LogRowInput } from '../../db/writes/settlement-log';
import { activityContext } from '../shared/activity-context';
import { lockSettlement } from '../../db/writes/settlement-lock';
import { sql } from '../../db/queries/sql';
import { isoDateOf } from '../../domain/settlement/month';
import { trainerDisplayName, type TrainerSnapshot } from '../../domain/trainer-data';
import { insertReviewRows } from '../review';
import { eventKeyPrefix, findSettlement, LOCKED, notFound, PROC, withdrawApprovals, WRITE_BATCH_SIZE, type PrepareActivityDeps } from './prepare-records';
import { adminPositionInput, lineRow, replaceLines } from './lines';
import { trainersMonthClasses } from '../../db/queries/month-classes';

// Phases 2 and 3 of the preparation (create/class, create/trainer): each trainer's lines computed
// and written in batches, then the prepared trainers handed to the review or billing.

/**
 * A class's date in the log, as `toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' })` writes
 * it. One formatter for all: that call builds a time-zone formatter each time (~0.5 ms), and a
 * month's unpaid classes are logged by the thousand.
 */
const BERLIN_DATE = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin' });

export function createTrainerLinesActivities({ orm }: PrepareActivityDeps) {
  return {
    /**
     * Phase 2 (create/class, 66 %): prices the month's classes of up to 50 trainers with the frozen
     * rules and replaces each trainer's lines (classes and admin positions) and sums in one
     * transaction per trainer. Heartbeats after each trainer; a retry resumes after the last one done.
     */
    async prepareTrainerLines(rawInput: TPrepareTrainerLinesInput): Promise<TPrepareTrainerLinesResult> {
      const input = ZPrepareTrainerLinesInput.parse(rawInput);
      const context = activityContext();
      const resumeFrom = Math.max(0, (context?.info.heartbeatDetails as TPrepareHeartbeat | undefined)?.processed ?? 0);
      const keyPrefix = `${eventKeyPrefix()}:${input.run}:${PROC.class}`;
      const em = orm.em.fork();
      const settlement = await findSettlement(em, input.settlementUuid);
      if (!Array.isArray(settlement.rulesSnapshot)) throw ApplicationFailure.nonRetryable('The invoice data of this settlement has not been frozen yet.', 'Invalid');
      const rules = settlement.rulesSnapshot as PaymentRuleSnapshot[];
      const month = isoDateOf(settlement.month);

      const rows = await em.find(SettlementTrainer, { settlement, trainer: { uuid: { $in: input.trainerUuids } } }, { populate: ['trainer'] });
      const order = new Map(input.trainerUuids.map((uuid, index) => [uuid, index]));
      rows.sort((a, b) => order.get(a.trainer.uuid)! - order.get(b.trainer.uuid)!);
      if (rows.length !== new Set(input.trainerUuids).size) throw notFound('A trainer of this chunk has no invoice data in the settlement.');

      const trainerIds = rows.map((row) => row.trainer.id);
      const classes = await trainersMonthClasses(em, { studioGroupId: settlement.studioGroup.id, trainerIds, month });
      const positions = await em.find(AdminPosition, { settlement, trainer: { $in: trainerIds } }, { orderBy: { id: 'asc' } });
      const positionUuids = new Map(positions.map((position) => [position.id, position.uuid]));
      const result = calculateSettlement({
        trainers: rows.map((row) => ({ id: row.trainer.id, vatLiable: ((row.trainerSnapshot ?? {}) as Partial<TrainerSnapshot>).vatLiable ?? row.trainer.vatLiable })),
        classes,
        rules,
        vatRateBasisPoints: settlement.studioGroup.vatRateBasisPoints,
        adminPositions: positions.map(adminPositionInput),
      });
      const settled = new Map<number, TrainerSettlement>(result.trainers.map((trainer) => [trainer.trainerId, trainer]));
      const unpaid = new Map<number, LogRowInput[]>();
      const say = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(input.locale, key, params);
      const nameOf = new Map(rows.map((row) => [row.trainer.id, { uuid: row.trainer.uuid, name: trainerDisplayName(row.trainer) }]));
      const report = (list: readonly ClassFacts[], key: 'settlement.log.classWithoutRule' | 'settlement.log.classWithSeveralTrainers', tag: string) => {
        for (const facts of list) {
          const trainer = facts.trainerId === null ? undefined : nameOf.get(facts.trainerId);
          if (!trainer) continue;
          const date = BERLIN_DATE.format(new Date(facts.startsAt));
          const row: LogRowInput = { eventKey: `${keyPrefix}:${trainer.uuid}:${tag}:${facts.id}`, proc: PROC.class, trainerUuid: trainer.uuid, status: 'warning', message: say(key, { trainer: trainer.name, class: facts.name, date }) };
          const list = unpaid.get(facts.trainerId!) ?? [];
          list.push(row);
          unpaid.set(facts.trainerId!, list);
        }
      };
      report(result.check.withoutRule, 'settlement.log.classWithoutRule', 'no-rule');
      report(result.check.withSeveralTrainers, 'settlement.log.classWithSeveralTrainers', 'several-trainers');

      const totals: TPrepareTrainerLinesResult = { trainers: 0, lines: 0, netCents: 0, vatCents: 0, grossCents: 0 };
      // A few trainers per transaction: each trainer's lines and sums change together (a trainer's total
      // is always the sum of their lines), and a retry resumes after the last batch committed.
      for (let index = resumeFrom; index < rows.length; index += WRITE_BATCH_SIZE) {
        const batch = rows.slice(index, index + WRITE_BATCH_SIZE);
        // A fresh entity manager: the transaction writes with plain statements only, and a fork of
        // `em` would compare every entity loaded above for changes at each commit.
        const written = await orm.em.fork().transactional(async (tem) => {
          // The states are read under the row locks: a credit note issued meanwhile is never changed.
          const current = await sql<{ id: number; workflow_state: SettlementTrainerState }>(tem,
            'select id, workflow_state from settlement_trainer where id in (select value::int from jsonb_array_elements_text(?::jsonb)) order by id for update',
            [JSON.stringify(batch.map((row) => row.id))],
          );
          const open = new Set(current.filter((row) => !LOCKED.includes(row.workflow_state)).map((row) => row.id));
          const writable = batch.filter((row) => open.has(row.id));
          if (writable.length === 0) return [];
          await replaceLines(
            tem,
            writable.map((row) => ({ settlementTrainerId: row.id, lines: settled.get(row.trainer.id)!.lines.map((line) => lineRow(line, positionUuids)) })),
          );
          await sql(tem,
            `update settlement_trainer st
                set sum_net_cents = r.net, sum_vat_cents = r.vat, sum_gross_cents = r.gross, prepared_at = now(), updated_at = now()
               from jsonb_to_recordset(?::jsonb) as r(id int, net int, vat int, gross int)
              where st.id = r.id`,
            [JSON.stringify(writable.map((row) => ({ id: row.id, net: settled.get(row.trainer.id)!.totals.netCents, vat: settled.get(row.trainer.id)!.totals.vatCents, gross: settled.get(row.trainer.id)!.totals.grossCents })))],
          );
          await writeSettlementLog(
            tem,
            settlement,
            writable.flatMap((row): LogRowInput[] => {
              const trainerSettlement = settled.get(row.trainer.id)!;
              const { netCents, grossCents } = trainerSettlement.totals;
              const classLines = trainerSettlement.lines.filter((line) => line.kind === 'class').length;
              return [
                ...(unpaid.get(row.trainer.id) ?? []),
                {
                  eventKey: `${keyPrefix}:${row.trainer.uuid}`,
                  proc: PROC.class,
                  trainerUuid: row.trainer.uuid,
                  status: 'success',
                  message: say('settlement.log.classes', { trainer: trainerDisplayName(row.trainer), classes: classLines, net: formatEuro(netCents), gross: formatEuro(grossCents) }),
                },
              ];
            }),
          );
          const processed = input.offset + index + batch.length;
          await publishProgress(tem, { settlementUuid: settlement.uuid, phase: 'class', percent: 33 + Math.floor((33 * processed) / input.total), processed, total: input.total });
          return writable;
        });
        for (const row of written) {
          const trainerSettlement = settled.get(row.trainer.id)!;
          totals.trainers += 1;
          totals.lines += trainerSettlement.lines.length;
          totals.netCents += trainerSettlement.totals.netCents;
          totals.vatCents += trainerSettlement.totals.vatCents;
          totals.grossCents += trainerSettlement.totals.grossCents;
        }
        context?.heartbeat({ processed: index + batch.length, total: rows.length } satisfies TPrepareHeartbeat);
      }
      return totals;
    },

    /** Phase 3 (create/trainer, 100 %): the prepared trainers go to data_created; the log sums up. */
    async markTrainersPrepared(rawInput: TMarkTrainersPreparedInput): Promise<TMarkTrainersPreparedResult> {
      const input = ZMarkTrainersPreparedInput.parse(rawInput);
      const keyPrefix = `${eventKeyPrefix()}:${input.run}:${PROC.trainer}`;
      const em = orm.em.fork();
      return em.transactional(async (tem) => {
        await lockSettlement(tem, input.settlementUuid);
        const settlement = await findSettlement(tem, input.settlementUuid);
        // Re-prepared trainers: their lines may have changed, so their approvals are void (withdrawn
        // below). A trainer who was sent a preview keeps it (state preview_send, review rows, comments
        // on the class hashes) and gets review rows for new lines; the others start at data_created.
        const reviewed = await sql<{ id: number }>(tem,
          `select st.id from settlement_trainer st join trainer t on t.id = st.trainer_id
            where st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
              and st.workflow_state not in ('credit_note_created', 'credit_note_send')
              and exists (select 1 from review_row r where r.settlement_trainer_id = st.id)`,
          [settlement.id, JSON.stringify(input.trainerUuids)],
        );
        for (const row of reviewed) await insertReviewRows(tem, row.id);
        await withdrawApprovals(tem, settlement, input.trainerUuids, input.userUuid ?? null);
        const rows = await sql<{ uuid: string; firstname: string | null; lastname: string | null; company_name: string | null; source_id: string; net: number; vat: number; gross: number }>(tem,
          `update settlement_trainer st
              set workflow_state = case when exists (select 1 from review_row r where r.settlement_trainer_id = st.id) then 'preview_send' else 'data_created' end,
                  updated_at = now()
             from trainer t
            where st.trainer_id = t.id and st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
              and st.workflow_state not in ('credit_note_created', 'credit_note_send')
        returning t.uuid, t.firstname, t.lastname, t.company_name, t.source_id, st.sum_net_cents as net, st.sum_vat_cents as vat, st.sum_gross_cents as gross`,
          [settlement.id, JSON.stringify(input.trainerUuids)],
        );
        rows.sort((a, b) => trainerDisplayName({ companyName: a.company_name, firstname: a.firstname, lastname: a.lastname }).localeCompare(trainerDisplayName({ companyName: b.company_name, firstname: b.firstname, lastname: b.lastname })));
        const total = { trainers: rows.length, netCents: 0, vatCents: 0, grossCents: 0 };
        for (const row of rows) {
          total.netCents += row.net;
          total.vatCents += row.vat;
          total.grossCents += row.gross;
        }
        const say = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(input.locale, key, params);
        await writeSettlementLog(tem, settlement, [
          ...rows.map((row): LogRowInput => ({
            eventKey: `${keyPrefix}:${row.uuid}`,
            proc: PROC.trainer,
            trainerUuid: row.uuid,
            status: 'success',
            message: say('settlement.log.trainerPrepared', { trainer: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }) }),
          })),
          { eventKey: `${keyPrefix}:finished`, proc: PROC.trainer, trainerUuid: null, status: 'success', message: say('settlement.log.preparationFinished', { count: rows.length, net: formatEuro(total.netCents), gross: formatEuro(total.grossCents) }) },
        ]);
        await publishProgress(tem, { settlementUuid: settlement.uuid, phase: 'trainer', percent: 100, processed: rows.length, total: rows.length });
        await publishStateChange(tem, { settlementUuid: settlement.uuid, status: settlement.status, reason: 'prepared' });
        return total;
      });
    },
  };
}

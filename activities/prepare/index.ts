import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { LOCKED_TRAINER_WORKFLOW_STATES } from '../../contracts/settlement.contract';
import { AdminPosition, PaymentTypeRule, Settlement, SettlementTrainer, StudioClass, Trainer, User, type SettlementTrainerState } from '../../db/entities';
import { translate, type Locale } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import {
  calculateSettlement,
  calculateTrainerSettlement,
  snapshotRule,
  type AdminPositionInput,
  type ClassFacts,
  type PaymentRuleSnapshot,
  type SettlementLineResult,
  type TrainerSettlement,
} from '../../domain/pay';
import {
  ZFreezeInvoiceDataInput,
  ZMarkTrainersPreparedInput,
  ZPrepareTrainerLinesInput,
  ZRecordSettlementStatusInput,
  ZRecordTrainerReviewInput,
  ZRemoveAdminPositionInput,
  ZSaveAdminPositionInput,
  type TAdminLinesResult,
  type TFreezeInvoiceDataInput,
  type TFreezeInvoiceDataResult,
  type TMarkTrainersPreparedInput,
  type TMarkTrainersPreparedResult,
  type TPrepareHeartbeat,
  type TPrepareTrainerLinesInput,
  type TPrepareTrainerLinesResult,
  type TRecordSettlementStatusInput,
  type TRecordTrainerReviewInput,
  type TRemoveAdminPositionInput,
  type TSaveAdminPositionInput,
} from './prepare.types';
import { publishProgress, publishStateChange, writeSettlementLog, type LogRowInput } from '../shared/settlement-log';
import { activityContext, lockSettlement } from '../shared/settlement-lock';
import { sql } from '../shared/sql';
import { isoDateOf, monthInstants, monthTitle } from '../../domain/settlement/month';
import { trainerDisplayName, trainerSnapshot, type TrainerSnapshot } from '../../domain/trainer-data';
import { paymentRuleInputOf } from '../../db/payment-rule-input';
import { findSettlement as findSettlementRecord } from '../../db/queries/settlements';
import { insertReviewRows } from '../review';

export * from './prepare.types';

// The preparation of a settlement month (spec 4 "Prepare data", the three calls invoice-data,
// class, trainer) and the settlement's bookkeeping (status, trainer review, admin positions).
// Every activity is idempotent: it takes a transaction-scoped lock on the settlement, replaces what
// it computes (a trainer's lines are deleted and written again in one transaction) and keys its log
// rows, so a retry after a crash finds what it already wrote. One `orm.em.fork()` per execution.

export type PrepareActivityDeps = { orm: MikroORM };

const PROC = { invoiceData: 'invoice-data', class: 'class', trainer: 'trainer', settlement: 'settlement', admin: 'admin-position' } as const;
const LOCKED: readonly SettlementTrainerState[] = LOCKED_TRAINER_WORKFLOW_STATES;

const notFound = (message: string) => ApplicationFailure.nonRetryable(message, 'NotFound');

/** Trainers written per transaction in the class phase (a heartbeat after each batch). */
const WRITE_BATCH_SIZE = 10;

/**
 * Prefix of the log rows' event keys: the workflow run, so a settlement workflow started again
 * (a new run) writes its own rows; 'direct' outside a worker.
 */
const eventKeyPrefix = () => activityContext()?.info.workflowExecution?.runId ?? 'direct';

async function findSettlement(em: EntityManager, uuid: string): Promise<Settlement> {
  const settlement = await findSettlementRecord(em, uuid, { populate: ['studioGroup'] });
  if (!settlement) throw notFound(`Settlement ${uuid} not found.`);
  return settlement;
}

async function userName(em: EntityManager, userUuid: string): Promise<string> {
  const user = await em.findOne(User, { uuid: userUuid }, { fields: ['firstname', 'lastname'] });
  return user ? `${user.firstname} ${user.lastname}`.trim() : userUuid;
}

/**
 * Appends an 'approved: false' row for every approval (trainer, company, location) of these trainers
 * that stands at approved now, in the name of who re-prepared (else the settlement's creator).
 */
async function withdrawApprovals(em: EntityManager, settlement: Settlement, trainerUuids: string[], userUuid: string | null) {
  await sql(em,
    `insert into approval (settlement_trainer_id, kind, studio_id, approved, user_id, created_at)
     select latest.settlement_trainer_id, latest.kind, latest.studio_id, false,
            coalesce((select id from app_user where uuid::text = ?), ?), clock_timestamp()
       from (select distinct on (a.settlement_trainer_id, a.kind, a.studio_id) a.settlement_trainer_id, a.kind, a.studio_id, a.approved
               from approval a join settlement_trainer st on st.id = a.settlement_trainer_id join trainer t on t.id = st.trainer_id
              where st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
                and st.workflow_state not in ('credit_note_created', 'credit_note_send')
              order by a.settlement_trainer_id, a.kind, a.studio_id, a.created_at desc, a.id desc) latest
      where latest.approved`,
    [userUuid ?? '', settlement.createdBy.id, settlement.id, JSON.stringify(trainerUuids)],
  );
}

type ClassRow = {
  id: number;
  studio_id: number;
  source_id: string;
  starts_at: Date;
  name: string;
  category: string | null;
  duration_minutes: number;
  booked_slots: number;
  trainer_id: number | null;
  other_trainers: number[] | null;
};

/** The month's classes whose main trainer is one of `trainerIds`, as the pay engine reads them. */
async function loadClasses(em: EntityManager, studioGroupId: number, trainerIds: number[], month: string): Promise<ClassFacts[]> {
  const { start, end } = monthInstants(month);
  const rows = await sql<ClassRow>(
    em,
    `select id, studio_id, source_id, starts_at, name, category, duration_minutes, booked_slots, trainer_id, other_trainers
       from studio_class
      where studio_group_id = ? and trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb)) and starts_at >= ? and starts_at < ?`,
    [studioGroupId, JSON.stringify(trainerIds), start, end],
  );
  return rows.map((row) => ({
    id: row.id,
    studioId: row.studio_id,
    sourceId: row.source_id,
    startsAt: row.starts_at,
    name: row.name,
    category: row.category,
    durationMinutes: row.duration_minutes,
    bookedSlots: row.booked_slots,
    trainerId: row.trainer_id,
    otherTrainerIds: row.other_trainers ?? [],
  }));
}

function adminPositionInput(position: AdminPosition): AdminPositionInput {
  return { id: position.id, trainerId: position.trainer.id, kind: position.kind, description: position.description, netCents: position.netCents };
}

/** A line as the settlement_line row stores it (the rule and pay breakdown frozen with it). */
function lineRow(line: SettlementLineResult, positionUuids: Map<number, string>) {
  if (line.kind === 'class') {
    return {
      kind: 'class',
      studio_class_id: line.class.id,
      studio_id: line.class.studioId,
      class_hash: line.classHash,
      class_starts_at: new Date(line.class.startsAt).toISOString(),
      class_name: line.className,
      duration_minutes: line.class.durationMinutes,
      booked_slots: line.class.bookedSlots,
      net_cents: line.netCents,
      vat_rate_basis_points: line.vatRateBasisPoints,
      vat_cents: line.vatCents,
      gross_cents: line.grossCents,
      rule_snapshot: { rule: line.rule, pay: line.pay, classDate: line.classDate, category: line.class.category },
      description: null,
    };
  }
  return {
    kind: 'admin',
    studio_class_id: null,
    studio_id: null,
    class_hash: line.classHash,
    class_starts_at: null,
    class_name: line.className,
    duration_minutes: 0,
    booked_slots: 0,
    net_cents: line.netCents,
    vat_rate_basis_points: line.vatRateBasisPoints,
    vat_cents: line.vatCents,
    gross_cents: line.grossCents,
    rule_snapshot: { adminPositionUuid: positionUuids.get(line.adminPositionId) ?? null, adminPositionKind: line.adminPositionKind },
    description: line.description,
  };
}

type LineRow = ReturnType<typeof lineRow>;

/** Replaces the lines of settlement trainers (all, or only the admin lines) in the current transaction. */
async function replaceLines(em: EntityManager, batch: Array<{ settlementTrainerId: number; lines: LineRow[] }>, only?: 'admin') {
  const ids = JSON.stringify(batch.map((item) => item.settlementTrainerId));
  await sql(
    em,
    `delete from settlement_line where settlement_trainer_id in (select value::int from jsonb_array_elements_text(?::jsonb))${only ? ' and kind = ?' : ''}`,
    only ? [ids, only] : [ids],
  );
  const rows = batch.flatMap((item) => item.lines.map((line) => ({ settlement_trainer_id: item.settlementTrainerId, ...line })));
  if (rows.length === 0) return;
  await sql(
    em,
    `insert into settlement_line (settlement_trainer_id, kind, studio_class_id, studio_id, class_hash, class_starts_at, class_name, duration_minutes,
                                  booked_slots, net_cents, vat_rate_basis_points, vat_cents, gross_cents, rule_snapshot, description, created_at, updated_at)
     select r.settlement_trainer_id, r.kind, r.studio_class_id, r.studio_id, r.class_hash, r.class_starts_at, r.class_name, r.duration_minutes,
            r.booked_slots, r.net_cents, r.vat_rate_basis_points, r.vat_cents, r.gross_cents, r.rule_snapshot, r.description, now(), now()
       from rows from (jsonb_to_recordset(?::jsonb) as (settlement_trainer_id int, kind text, studio_class_id int, studio_id int, class_hash text,
                      class_starts_at timestamptz, class_name text, duration_minutes int, booked_slots int, net_cents int, vat_rate_basis_points int,
                      vat_cents int, gross_cents int, rule_snapshot jsonb, description text))
            with ordinality as r(settlement_trainer_id, kind, studio_class_id, studio_id, class_hash, class_starts_at, class_name, duration_minutes,
                                 booked_slots, net_cents, vat_rate_basis_points, vat_cents, gross_cents, rule_snapshot, description, n)
      order by r.n`,
    [JSON.stringify(rows)],
  );
}

/** Sets a settlement trainer's sums to the sums of its lines (every total reconciles to the cent). */
async function sumLinesIntoTrainer(em: EntityManager, settlementTrainerId: number) {
  const [sums] = await sql<{ net: number; vat: number; gross: number }>(
    em,
    `update settlement_trainer st
        set sum_net_cents = s.net, sum_vat_cents = s.vat, sum_gross_cents = s.gross, updated_at = now()
       from (select coalesce(sum(net_cents), 0)::int as net, coalesce(sum(vat_cents), 0)::int as vat, coalesce(sum(gross_cents), 0)::int as gross
               from settlement_line where settlement_trainer_id = ?) s
      where st.id = ?
  returning s.net, s.vat, s.gross`,
    [settlementTrainerId, settlementTrainerId],
  );
  return sums ?? { net: 0, vat: 0, gross: 0 };
}

export function createPrepareActivities({ orm }: PrepareActivityDeps) {
  /** Rebuilds the 'Administration' lines of one trainer from the admin positions, in the current transaction. */
  const rebuildAdminLines = async (em: EntityManager, settlement: Settlement, trainerUuid: string, locale: Locale, eventKey: string): Promise<TAdminLinesResult> => {
    const settlementTrainer = await em.findOne(SettlementTrainer, { settlement, trainer: { uuid: trainerUuid } }, { populate: ['trainer'] });
    const positions = await em.find(AdminPosition, { settlement, trainer: { uuid: trainerUuid } }, { orderBy: { id: 'asc' } });
    // Not prepared yet: the preparation will write the lines.
    if (!settlementTrainer || settlementTrainer.preparedAt === null || settlementTrainer.preparedAt === undefined) {
      return { trainerUuid, positions: positions.length, grossCents: 0 };
    }
    const snapshot = (settlementTrainer.trainerSnapshot ?? {}) as Partial<TrainerSnapshot>;
    const settled = calculateTrainerSettlement({
      trainer: { id: settlementTrainer.trainer.id, vatLiable: snapshot.vatLiable ?? settlementTrainer.trainer.vatLiable },
      vatRateBasisPoints: settlement.studioGroup.vatRateBasisPoints,
      classes: [],
      rules: [],
      adminPositions: positions.map(adminPositionInput),
    });
    const uuids = new Map(positions.map((position) => [position.id, position.uuid]));
    await replaceLines(em, [{ settlementTrainerId: settlementTrainer.id, lines: settled.lines.map((line) => lineRow(line, uuids)) }], 'admin');
    const sums = await sumLinesIntoTrainer(em, settlementTrainer.id);
    const gross = settled.totals.grossCents;
    await writeSettlementLog(em, settlement, [
      {
        eventKey,
        proc: PROC.admin,
        trainerUuid,
        status: 'info',
        message: translate(locale, 'settlement.log.adminLines', { trainer: trainerDisplayName(settlementTrainer.trainer), count: positions.length, gross: formatEuro(sums.gross) }),
      },
    ]);
    await publishStateChange(em, { settlementUuid: settlement.uuid, status: settlement.status, reason: 'admin-positions' });
    return { trainerUuid, positions: positions.length, grossCents: gross };
  };

  return {
    /**
     * Phase 1 (create/invoice-data, 33 %): freezes the month's payment type rules on the settlement
     * (Settlement.rulesSnapshot; the class phase prices with these) and each selected trainer's
     * personal data (SettlementTrainer.trainerSnapshot). Trainers whose credit note is issued are
     * left as they are and reported back.
     */
    async freezeSettlementInvoiceData(rawInput: TFreezeInvoiceDataInput): Promise<TFreezeInvoiceDataResult> {
      const input = ZFreezeInvoiceDataInput.parse(rawInput);
      const keyPrefix = `${eventKeyPrefix()}:${input.run}:${PROC.invoiceData}`;
      const em = orm.em.fork();
      return em.transactional(async (tem) => {
        await lockSettlement(tem, input.settlementUuid);
        const settlement = await findSettlement(tem, input.settlementUuid);
        const month = isoDateOf(settlement.month);
        const { firstDay, lastDay, start, end } = monthInstants(month);

        const rules = await tem.find(
          PaymentTypeRule,
          { studioGroup: settlement.studioGroup, validFrom: { $lte: lastDay }, $or: [{ validTo: null }, { validTo: { $gte: firstDay } }] },
          { orderBy: { id: 'asc' } },
        );
        const snapshots: PaymentRuleSnapshot[] = rules.map((rule) => snapshotRule(paymentRuleInputOf(rule)));
        settlement.rulesSnapshot = snapshots;
        // A class without trainer belongs to no trainer's lines: say so once for the month, so the
        // admin fixes it in the booking system (the pay goes to the trainer once one is set).
        const classesWithoutTrainer = await tem.find(
          StudioClass,
          { studioGroup: settlement.studioGroup, trainer: null, startsAt: { $gte: start, $lt: end } },
          { populate: ['studio'], orderBy: { startsAt: 'asc', id: 'asc' } },
        );

        const wanted = [...new Set(input.trainerUuids)];
        const trainers = await tem.find(Trainer, { studioGroup: settlement.studioGroup, uuid: { $in: wanted } }, { orderBy: { id: 'asc' } });
        const missing = wanted.filter((uuid) => !trainers.some((trainer) => trainer.uuid === uuid));
        if (missing.length > 0) throw notFound(`Trainer ${missing.join(', ')} not found in this studio group.`);

        const existing = await tem.find(SettlementTrainer, { settlement }, { populate: ['trainer'] });
        const byTrainer = new Map(existing.map((row) => [row.trainer.id, row]));
        const lockedTrainerUuids = existing.filter((row) => LOCKED.includes(row.workflowState)).map((row) => row.trainer.uuid);
        const anyCreditNoteSent = existing.some((row) => row.workflowState === 'credit_note_send');

        const prepared: Trainer[] = [];
        const skipped: Trainer[] = [];
        for (const trainer of trainers) {
          const row = byTrainer.get(trainer.id);
          if (row && LOCKED.includes(row.workflowState)) {
            skipped.push(trainer);
            continue;
          }
          const frozen = trainerSnapshot(trainer);
          if (row) row.trainerSnapshot = frozen;
          else tem.create(SettlementTrainer, { settlement, trainer, workflowState: 'new', trainerSnapshot: frozen });
          prepared.push(trainer);
        }
        await tem.flush();

        const by = await userName(tem, input.userUuid);
        const say = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(input.locale, key, params);
        const rows: LogRowInput[] = [
          { eventKey: `${keyPrefix}:start`, proc: PROC.invoiceData, trainerUuid: null, status: 'info', message: say('settlement.log.preparationStarted', { count: prepared.length, month: monthTitle(month, input.locale), user: by }) },
          { eventKey: `${keyPrefix}:rules`, proc: PROC.invoiceData, trainerUuid: null, status: 'info', message: say('settlement.log.rulesFrozen', { count: snapshots.length }) },
          ...prepared.map((trainer): LogRowInput => ({ eventKey: `${keyPrefix}:${trainer.uuid}`, proc: PROC.invoiceData, trainerUuid: trainer.uuid, status: 'success', message: say('settlement.log.invoiceData', { trainer: trainerDisplayName(trainer) }) })),
          ...skipped.map((trainer): LogRowInput => ({ eventKey: `${keyPrefix}:${trainer.uuid}`, proc: PROC.invoiceData, trainerUuid: trainer.uuid, status: 'warning', message: say('settlement.log.trainerLocked', { trainer: trainerDisplayName(trainer) }) })),
          ...classesWithoutTrainer.map((studioClass): LogRowInput => ({
            eventKey: `${keyPrefix}:no-trainer:${studioClass.id}`,
            proc: PROC.invoiceData,
            trainerUuid: null,
            status: 'warning',
            message: say('settlement.log.classWithoutTrainer', {
              class: studioClass.name,
              studio: studioClass.studio.name,
              date: studioClass.startsAt.toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' }),
            }),
          })),
        ];
        await writeSettlementLog(tem, settlement, rows);
        await publishProgress(tem, { settlementUuid: settlement.uuid, phase: 'invoice-data', percent: 33, processed: prepared.length, total: prepared.length });

        return { trainerUuids: prepared.map((trainer) => trainer.uuid), lockedTrainerUuids, anyCreditNoteSent, rules: snapshots.length };
      });
    },

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
      const classes = await loadClasses(em, settlement.studioGroup.id, trainerIds, month);
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
          const date = new Date(facts.startsAt).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });
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
        const written = await em.transactional(async (tem) => {
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

    /** POST /settlement/create: whether trainers review a preview first (Settlement.trainerReview). */
    async recordTrainerReview(rawInput: TRecordTrainerReviewInput): Promise<void> {
      const input = ZRecordTrainerReviewInput.parse(rawInput);
      const em = orm.em.fork();
      await em.transactional(async (tem) => {
        await lockSettlement(tem, input.settlementUuid);
        const settlement = await findSettlement(tem, input.settlementUuid);
        settlement.trainerReview = input.trainerReview;
        await tem.flush();
        const user = await userName(tem, input.userUuid);
        const mode = translate(input.locale, input.trainerReview ? 'settlement.log.withReview' : 'settlement.log.withoutReview');
        await writeSettlementLog(tem, settlement, [
          { eventKey: null, proc: PROC.settlement, trainerUuid: null, status: 'info', message: translate(input.locale, 'settlement.log.trainerReview', { user, mode }) },
        ]);
        await publishStateChange(tem, { settlementUuid: settlement.uuid, status: settlement.status, reason: 'step' });
      });
    },

    /** finish / archive / delete (spec 2.12). Deleting keeps the records, marked 'deleted' and hidden. */
    async recordSettlementStatus(rawInput: TRecordSettlementStatusInput): Promise<void> {
      const input = ZRecordSettlementStatusInput.parse(rawInput);
      const em = orm.em.fork();
      await em.transactional(async (tem) => {
        await lockSettlement(tem, input.settlementUuid);
        const settlement = await findSettlement(tem, input.settlementUuid);
        if (settlement.status === input.status) return;
        settlement.status = input.status;
        if (input.status === 'completed') settlement.completedAt = new Date();
        if (input.status === 'archived') settlement.archivedAt = new Date();
        await tem.flush();
        const user = await userName(tem, input.userUuid);
        await writeSettlementLog(tem, settlement, [
          {
            eventKey: `status:${input.status}`,
            proc: PROC.settlement,
            trainerUuid: null,
            status: 'success',
            message: translate(input.locale, 'settlement.log.status', { status: `settlement.status.${input.status}`, user }),
          },
        ]);
        await publishStateChange(tem, { settlementUuid: settlement.uuid, status: settlement.status, reason: 'status' });
      });
    },

    /** Adds an admin position (idempotent by its uuid) and rebuilds the trainer's 'Administration' lines. */
    async saveAdminPosition(rawInput: TSaveAdminPositionInput): Promise<TAdminLinesResult> {
      const input = ZSaveAdminPositionInput.parse(rawInput);
      const em = orm.em.fork();
      return em.transactional(async (tem) => {
        await lockSettlement(tem, input.settlementUuid);
        const settlement = await findSettlement(tem, input.settlementUuid);
        if (!(await tem.findOne(AdminPosition, { uuid: input.positionUuid }))) {
          const trainer = await tem.findOne(Trainer, { uuid: input.trainerUuid, studioGroup: settlement.studioGroup });
          if (!trainer) throw notFound(`Trainer ${input.trainerUuid} not found in this studio group.`);
          const user = await tem.findOne(User, { uuid: input.userUuid });
          if (!user) throw notFound(`User ${input.userUuid} not found.`);
          tem.create(AdminPosition, { uuid: input.positionUuid, settlement, trainer, kind: input.kind, description: input.description, netCents: input.netCents, createdBy: user });
          await tem.flush();
        }
        return rebuildAdminLines(tem, settlement, input.trainerUuid, input.locale, `admin:${input.positionUuid}:saved`);
      });
    },

    /** Removes an admin position (a no-op when already gone) and rebuilds the trainer's 'Administration' lines. */
    async removeAdminPosition(rawInput: TRemoveAdminPositionInput): Promise<TAdminLinesResult> {
      const input = ZRemoveAdminPositionInput.parse(rawInput);
      const em = orm.em.fork();
      return em.transactional(async (tem) => {
        await lockSettlement(tem, input.settlementUuid);
        const settlement = await findSettlement(tem, input.settlementUuid);
        await tem.nativeDelete(AdminPosition, { uuid: input.positionUuid, settlement });
        return rebuildAdminLines(tem, settlement, input.trainerUuid, input.locale, `admin:${input.positionUuid}:removed`);
      });
    },
  };
}

export type PrepareActivities = ReturnType<typeof createPrepareActivities>;

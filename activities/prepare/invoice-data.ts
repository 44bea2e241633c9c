import { PaymentTypeRule, SettlementTrainer, StudioClass, Trainer } from '../../db/entities';
import { translate } from '../../domain/messages';
import { snapshotRule, type PaymentRuleSnapshot } from '../../domain/pay';
import { ZFreezeInvoiceDataInput, type TFreezeInvoiceDataInput, type TFreezeInvoiceDataResult } from './prepare.types';
import { publishProgress, writeSettlementLog, type LogRowInput } from '../../db/writes/settlement-log';
import { lockSettlement } from '../../db/writes/settlement-lock';
import { isoDateOf, monthInstants, monthTitle } from '../../domain/settlement/month';
import { trainerDisplayName, trainerSnapshot } from '../../domain/trainer-data';
import { paymentRuleInputOf } from '../../db/payment-rule-input';
import { eventKeyPrefix, findSettlement, LOCKED, notFound, PROC, userName, type PrepareActivityDeps } from './prepare-records';

// Phase 1 of the preparation (create/invoice-data): the month's rules and the trainers' data frozen.

/** A class's start in the log; one formatter for all (`toLocaleString` with a time zone builds one per call). */
const BERLIN_DATE_TIME = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });

export function createInvoiceDataActivities({ orm }: PrepareActivityDeps) {
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
              date: BERLIN_DATE_TIME.format(studioClass.startsAt),
            }),
          })),
        ];
        await writeSettlementLog(tem, settlement, rows);
        await publishProgress(tem, { settlementUuid: settlement.uuid, phase: 'invoice-data', percent: 33, processed: prepared.length, total: prepared.length });

        return { trainerUuids: prepared.map((trainer) => trainer.uuid), lockedTrainerUuids, anyCreditNoteSent, rules: snapshots.length };
      });
    },
  };
}

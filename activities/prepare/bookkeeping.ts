import { translate } from '../../domain/messages';
import {
  ZRecordSettlementStatusInput,
  ZRecordTrainerReviewInput,
  type TRecordSettlementStatusInput,
  type TRecordTrainerReviewInput,
} from './prepare.types';
import { publishStateChange, writeSettlementLog } from '../../db/writes/settlement-log';
import { lockSettlement } from '../../db/writes/settlement-lock';
import { findSettlement, PROC, userName, type PrepareActivityDeps } from './prepare-records';

// The settlement's own records outside the preparation: whether trainers review, and its status.

export function createSettlementBookkeepingActivities({ orm }: PrepareActivityDeps) {
  return {
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
  };
}

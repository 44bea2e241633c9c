import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminPosition, Settlement, SettlementTrainer, Trainer, User } from '../../db/entities';
import { translate, type Locale } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import { calculateTrainerSettlement } from '../../domain/pay';
import {
  ZRemoveAdminPositionInput,
  ZSaveAdminPositionInput,
  type TAdminLinesResult,
  type TRemoveAdminPositionInput,
  type TSaveAdminPositionInput,
} from './prepare.types';
import { publishStateChange, writeSettlementLog } from '../../db/writes/settlement-log';
import { lockSettlement } from '../../db/writes/settlement-lock';
import { trainerDisplayName, type TrainerSnapshot } from '../../domain/trainer-data';
import { findSettlement, notFound, PROC, type PrepareActivityDeps } from './prepare-records';
import { adminPositionInput, lineRow, replaceLines, sumLinesIntoTrainer } from './lines';

// Admin positions ('Administration' lines) an admin adds to or removes from a prepared trainer.

/** Rebuilds the 'Administration' lines of one trainer from the admin positions, in the current transaction. */
async function rebuildAdminLines(em: EntityManager, settlement: Settlement, trainerUuid: string, locale: Locale, eventKey: string): Promise<TAdminLinesResult> {
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
}

export function createAdminPositionActivities({ orm }: PrepareActivityDeps) {
  return {
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

import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ImportQueueItem, Settlement, Studio, StudioGroup, User } from '../../db/entities';
import { settlementWorkflowId } from '../../workflows/ids';
import { awaitPreparationPhaseUpdate, startPreparationUpdate } from '../../workflows/settlement.messages';
import { createImportActivities } from '../import';
import { isoDateOf, monthInstants } from '../../domain/settlement/month';
import {
  ZMarkQueueItemInput,
  ZRecordQueueItemInput,
  ZRunQueueItemInput,
  type TMarkQueueItemInput,
  type TRecordQueueItemInput,
  type TRecordQueueItemResult,
  type TRunQueueItemInput,
  type TRunQueueItemResult,
} from './import-queue.types';

export * from './import-queue.types';

// The work of the import queue (spec admin 2.17): the items' rows and their status, and running an
// item. "Update data for this location" imports that studio's classes of the settlement month again
// with the class import's own activity (mode 'update': classes the source no longer lists go, unless
// a settlement already paid them). "Recalculate billing" then asks the settlement workflow to
// prepare its selection again (the startPreparation update, as the admin's "Prepare data" does):
// the settlement workflow stays the owner of its preparation, refuses while one is running, and
// its activities rewrite the lines. Comments are keyed by class hash in their own table, so they
// survive the new lines.

export type ImportQueueActivityDeps = { orm: MikroORM; dataDir: string };

/** While the settlement workflow prepares, the activity only waits: it says it is alive this often. */
const HEARTBEAT_INTERVAL_MS = 10_000;

const notFound = (message: string) => ApplicationFailure.nonRetryable(message, 'NotFound');

export function createImportQueueActivities({ orm, dataDir }: ImportQueueActivityDeps) {
  const importActivities = createImportActivities({ orm, dataDir });

  return {
    /** Writes the item's row (status pending); idempotent by the item's uuid. */
    async recordQueueItem(rawInput: TRecordQueueItemInput): Promise<TRecordQueueItemResult> {
      const { studioGroupUuid, item } = ZRecordQueueItemInput.parse(rawInput);
      const em = orm.em.fork();
      const existing = await em.findOne(ImportQueueItem, { uuid: item.itemUuid });
      if (existing) return { queueId: existing.id };
      const studioGroup = await em.findOne(StudioGroup, { uuid: studioGroupUuid });
      if (!studioGroup) throw notFound(`Studio group ${studioGroupUuid} not found.`);
      const user = await em.findOne(User, { uuid: item.userUuid });
      const row = em.create(ImportQueueItem, {
        uuid: item.itemUuid,
        studioGroup,
        importType: item.importType,
        parameters: { settlementUuid: item.settlementUuid, studioUuid: item.studioUuid, locale: item.locale },
        status: 'pending',
        createdBy: user ?? null,
      });
      await em.flush();
      return { queueId: row.id };
    },

    /** Sets an item's status with its start or end time; a finished item is never changed again. */
    async markQueueItem(rawInput: TMarkQueueItemInput): Promise<void> {
      const input = ZMarkQueueItemInput.parse(rawInput);
      const em = orm.em.fork();
      const row = await em.findOne(ImportQueueItem, { uuid: input.itemUuid });
      if (!row) throw notFound(`Import queue item ${input.itemUuid} not found.`);
      if (['completed', 'error', 'cancelled'].includes(row.status)) return;
      row.status = input.status;
      if (input.status === 'processing') row.startedAt ??= new Date();
      else row.finishedAt ??= new Date();
      if (input.error) Context.current().log.warn('Import queue item failed', { itemUuid: input.itemUuid, error: input.error });
      await em.flush();
    },

    /** Runs one item: the studio's class import if asked for, then the settlement's preparation. */
    async runQueueItem(rawInput: TRunQueueItemInput): Promise<TRunQueueItemResult> {
      const { studioGroupUuid, item } = ZRunQueueItemInput.parse(rawInput);
      const em = orm.em.fork();
      const settlement = await em.findOne(Settlement, { uuid: item.settlementUuid, studioGroup: { uuid: studioGroupUuid } });
      if (!settlement) throw notFound(`Settlement ${item.settlementUuid} not found in this studio group.`);

      let classesImported: number | null = null;
      if (item.importType === 'update_location_data_and_recalculate_billing') {
        if (!item.studioUuid) throw ApplicationFailure.nonRetryable('A studio is required for this import.', 'Invalid');
        const studio = await em.findOne(Studio, { uuid: item.studioUuid, studioGroup: { uuid: studioGroupUuid } });
        if (!studio) throw notFound(`Studio ${item.studioUuid} not found in this studio group.`);
        const { firstDay, lastDay } = monthInstants(isoDateOf(settlement.month));
        // The item's uuid keys the import log rows: a retry finds the studio already imported.
        const imported = await importActivities.importStudioClasses({
          importUuid: item.itemUuid,
          studioGroupUuid,
          studioUuid: studio.uuid,
          dateStart: firstDay,
          dateEnd: lastDay,
          mode: 'update',
          locale: item.locale,
        });
        classesImported = imported.classesImported;
      }

      const context = Context.current();
      const settlementRun = context.client.workflow.getHandle(settlementWorkflowId(item.settlementUuid));
      const beat = setInterval(() => context.heartbeat({ phase: 'recalculate' }), HEARTBEAT_INTERVAL_MS);
      try {
        await settlementRun.executeUpdate(startPreparationUpdate, { args: [{ userUuid: item.userUuid }] });
        const state = await settlementRun.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase: 'trainer' }] });
        return { classesImported, trainersPrepared: state.preparation.preparedTrainerUuids.length };
      } catch (error) {
        // The settlement refused (finished, a preparation running, nothing selected) or is gone:
        // no retry changes that.
        if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
          throw ApplicationFailure.nonRetryable(error.cause.message, 'Conflict', ...(error.cause.details ?? []));
        }
        if (error instanceof WorkflowNotFoundError) throw notFound(`The settlement ${item.settlementUuid} has no running process.`);
        throw error;
      } finally {
        clearInterval(beat);
      }
    },
  };
}

export type ImportQueueActivities = ReturnType<typeof createImportQueueActivities>;

import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WithStartWorkflowOperation, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ImportQueueItem, Settlement, Studio, type StudioGroup } from '../../../db/entities';
import { cancelUpdate, enqueueUpdate, IMPORT_QUEUE_WORKFLOW, itemStatusQuery, type TImportQueueWorkflow } from '../../../workflows/import-queue.messages';
import { importQueueWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { translate, type Locale } from '../../../domain/messages';
import type { TEnqueueImportRequest, TImportQueueStatus, TImportQueueStatusResponse } from '../../../contracts/import-queue.contract';
import { badRequest, conflict, notFound } from '../../http/errors';

// The import queue of a studio group (spec admin 2.17): the workflow `import-queue-{g}` keeps the
// order and runs the items; the rows (ImportQueueItem) say what became of each item, also after
// the workflow has continued as new or ended.

const FINISHED: readonly TImportQueueStatus[] = ['completed', 'error', 'cancelled'];

type Enqueue = { temporal: Client; em: EntityManager; studioGroup: StudioGroup; request: TEnqueueImportRequest; userUuid: string; locale: Locale };

export async function enqueueImport({ temporal, em, studioGroup, request, userUuid, locale }: Enqueue) {
  const { parameters } = request;
  if (parameters.studioGroupUuid && parameters.studioGroupUuid !== studioGroup.uuid) {
    throw badRequest('validation.fieldMessage', 'parameters.studioGroupUuid', { field: 'parameters.studioGroupUuid', reason: 'importQueue.groupMismatch' });
  }
  const settlement = await em.findOne(Settlement, { uuid: parameters.settlementUuid, studioGroup });
  if (!settlement || settlement.status === 'deleted') throw notFound('importQueue.settlementNotFound', { settlementUuid: parameters.settlementUuid });
  if (settlement.status !== 'in_progress') throw conflict('importQueue.settlementClosed');
  const studioUuid = request.importType === 'update_location_data_and_recalculate_billing' ? (parameters.studioUuid ?? null) : null;
  if (studioUuid && !(await em.findOne(Studio, { uuid: studioUuid, studioGroup }))) throw notFound('importQueue.studioNotFound', { studioUuid });

  const itemUuid = randomUUID();
  const item = { itemUuid, importType: request.importType, settlementUuid: settlement.uuid, studioUuid, userUuid, locale };
  // Update-with-start: the queue's run is started if none is running, else the item joins it.
  const startQueue = () =>
    new WithStartWorkflowOperation<TImportQueueWorkflow>(IMPORT_QUEUE_WORKFLOW, {
      workflowId: importQueueWorkflowId(studioGroup.uuid),
      taskQueue: TASK_QUEUE,
      args: [{ studioGroupUuid: studioGroup.uuid }],
      workflowIdConflictPolicy: 'USE_EXISTING',
      memo: { studioGroupUuid: studioGroup.uuid },
    });
  // A run that is just ending (idle) or continuing as new takes no update: try the next one.
  for (let attempt = 1; ; attempt++) {
    try {
      await temporal.workflow.executeUpdateWithStart(enqueueUpdate, { args: [item], startWorkflowOperation: startQueue() });
      break;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof WorkflowNotFoundError || (error instanceof Error && /completed|closed/i.test(error.message)))) throw error;
    }
  }
  const row = await em.findOneOrFail(ImportQueueItem, { uuid: itemUuid });
  return { success: true as const, queueId: row.id, uuid: itemUuid };
}

async function findItem(em: EntityManager, studioGroup: StudioGroup, queueUuid: string) {
  const row = await em.findOne(ImportQueueItem, { uuid: queueUuid, studioGroup });
  if (!row) throw notFound('importQueue.notFound');
  return row;
}

/** Status of an item: position and estimate from the workflow while the item waits or runs. */
export async function importQueueStatus({ temporal, em, studioGroup, queueUuid, locale }: { temporal: Client; em: EntityManager; studioGroup: StudioGroup; queueUuid: string; locale: Locale }): Promise<TImportQueueStatusResponse> {
  const row = await findItem(em, studioGroup, queueUuid);
  let status: TImportQueueStatus = row.status;
  let position = 0;
  let total = 1;
  let estimatedWaitMs = 0;
  if (!FINISHED.includes(status)) {
    try {
      const state = await temporal.workflow.getHandle(importQueueWorkflowId(studioGroup.uuid)).query(itemStatusQuery, queueUuid);
      if (state) ({ status, position, total, estimatedWaitMs } = state);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
    // The workflow may have moved on since the row was read; the row has the last word on the end.
    if (FINISHED.includes(status)) ({ position, total, estimatedWaitMs } = { position: 0, total: 1, estimatedWaitMs: 0 });
  }
  return {
    success: true,
    status,
    position,
    total: Math.max(1, total),
    // Whole minutes; 0 reads 'Less than 1 minute'.
    estimatedWaitTime: Math.round(estimatedWaitMs / 60_000),
    message: translate(locale, `importQueue.status.${status}`),
  };
}

/** Cancels a waiting item; an item being processed or finished is refused with 409. */
export async function cancelImport({ temporal, em, studioGroup, queueUuid }: { temporal: Client; em: EntityManager; studioGroup: StudioGroup; queueUuid: string }) {
  const row = await findItem(em, studioGroup, queueUuid);
  if (FINISHED.includes(row.status)) throw conflict('importQueue.cancelFinished');
  if (row.status === 'processing') throw conflict('importQueue.cancelProcessing');
  try {
    await temporal.workflow.getHandle(importQueueWorkflowId(studioGroup.uuid)).executeUpdate(cancelUpdate, { args: [{ itemUuid: queueUuid }] });
  } catch (error) {
    // The queue's run no longer holds the item: it ended meanwhile.
    if (error instanceof WorkflowNotFoundError) throw conflict('importQueue.cancelFinished');
    throw error;
  }
  return { success: true as const };
}

import { Client, Connection, WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Settlement, StudioGroup } from '../db/entities';
import type { TSettlementWorkflowState } from '../contracts/settlement.contract';
import type { Locale, MessageParams } from '../domain/messages';
import { isoDateOf } from '../domain/settlement/month';
import { SETTLEMENT_WORKFLOW, stateQuery, type TSettlementWorkflow } from '../workflows/settlement.messages';
import { settlementWorkflowId, TASK_QUEUE } from '../workflows/ids';
import { DATA_CONVERTER } from '../config/temporal-payload-codec';
import { HttpError } from './http/errors';
import { requestIdClientInterceptor } from './http/observability';

// The api's Temporal client: connecting, and the settlement workflow's handle, start, updates and
// state query as every feature that talks to it calls them (deadlines, and the errors a screen
// understands: 503 when the process does not answer, a refusal naming the trainer).

export async function connectTemporalClient({ address, namespace }: { address: string; namespace: string }) {
  const connection = await Connection.connect({ address });
  // Every start, signal and update carries the api request's id on to the activities' log lines.
  return { client: new Client({ connection, namespace, dataConverter: DATA_CONVERTER, interceptors: { workflow: [requestIdClientInterceptor] } }), connection };
}

/** How long a call waits for the workflow before answering 503 (the preparation goes on regardless). */
const UPDATE_DEADLINE_MS = 5 * 60_000;
const QUERY_DEADLINE_MS = 5_000;

export const settlementHandle = (temporal: Client, settlementUuid: string): WorkflowHandle<TSettlementWorkflow> =>
  temporal.workflow.getHandle<TSettlementWorkflow>(settlementWorkflowId(settlementUuid));

/**
 * Starts the settlement's workflow; a no-op when it runs already (workflow IDs are business keys).
 * The wizard version (v1 or v2) is the record's: one engine, two faces.
 */
export async function startSettlementWorkflow(temporal: Client, settlement: Settlement, group: StudioGroup, locale: Locale) {
  const createdBy = settlement.createdBy.uuid;
  await temporal.workflow.start<TSettlementWorkflow>(SETTLEMENT_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: settlementWorkflowId(settlement.uuid),
    args: [{ settlementUuid: settlement.uuid, studioGroupUuid: group.uuid, month: isoDateOf(settlement.month), version: settlement.version, createdByUserUuid: createdBy ?? 'system', locale }],
    // The socket.io room check reads which studio group a settlement belongs to from PostgreSQL;
    // the memo names it for ops in the Temporal UI.
    memo: { studioGroupUuid: group.uuid, month: isoDateOf(settlement.month) },
    workflowIdConflictPolicy: 'USE_EXISTING',
    // A finished settlement's ID is never reused: resuming is reaching the same run.
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });
}

/**
 * Runs an update; a workflow that does not answer in time is a 503 (the command may still go through).
 * A refusal that names a trainer by uuid names them as the screen shows them (`names`).
 */
export async function runUpdate<T>(temporal: Client, call: () => Promise<T>, names?: ReadonlyMap<string, string>): Promise<T> {
  try {
    return await withUpdateSentAgain(() => temporal.withDeadline(Date.now() + UPDATE_DEADLINE_MS, call));
  } catch (error) {
    if (isDeadlineExceeded(error)) throw new HttpError(503, 'settlement.processUnavailable');
    if (names && error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
      const params = (error.cause.details?.[0] ?? undefined) as MessageParams | undefined;
      const trainer = params?.trainer === undefined ? undefined : names.get(String(params.trainer));
      if (trainer !== undefined) {
        const status = error.cause.type === 'NotFound' ? 404 : error.cause.type === 'Invalid' ? 422 : 409;
        throw new HttpError(status, error.cause.message, undefined, { ...params, trainer });
      }
    }
    throw error;
  }
}

/** Times an update lost with its workflow task is sent, at most. */
const UPDATE_ATTEMPTS = 3;

/**
 * Sends an update again when the server dropped it with the workflow task it came in, which failed:
 * the settlement's workflow continues as new when its history grows (docs/decisions/0170), and a
 * signal that comes in during that task makes the server refuse the continue and fail the task;
 * updates of that task are answered 'unexpected workflow task failure'. Such an update was never
 * accepted (nothing of it was recorded), so sending it again is safe; the next task goes on.
 */
export async function withUpdateSentAgain<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= UPDATE_ATTEMPTS || !isUpdateLostWithWorkflowTask(error)) throw error;
    }
  }
}

function isUpdateLostWithWorkflowTask(error: unknown): boolean {
  for (let cause = error as { code?: unknown; details?: unknown; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    // gRPC status 9 is FAILED_PRECONDITION.
    if (cause.code === 9 && typeof cause.details === 'string' && cause.details.includes('workflow task failure')) return true;
  }
  return false;
}

function isDeadlineExceeded(error: unknown): boolean {
  for (let cause = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    // gRPC status 4 is DEADLINE_EXCEEDED.
    if (cause.code === 4 || (typeof cause.message === 'string' && /deadline exceeded/i.test(cause.message))) return true;
  }
  return false;
}

/** The workflow's state, or null when it cannot be reached quickly (no worker, ended run). */
export async function queryState(temporal: Client, settlementUuid: string): Promise<TSettlementWorkflowState | null> {
  try {
    return await temporal.withDeadline(Date.now() + QUERY_DEADLINE_MS, () => settlementHandle(temporal, settlementUuid).query(stateQuery));
  } catch {
    return null;
  }
}

import type { WorkflowHandle } from '@temporalio/client';
import type { TWorkflowHistoryRow } from '../../../contracts/settlement.contract';

// A workflow's event history in rows for ops (id, time, type, details), read from Temporal. The
// event type is named after the attributes the event carries (activityTaskScheduledEventAttributes
// → ActivityTaskScheduled), so no protobuf enum table is needed.

type Timestamp = { seconds?: { toNumber(): number } | number | string | null; nanos?: number | null } | null | undefined;
type HistoryEvent = Record<string, unknown> & { eventId?: { toNumber(): number } | number | string | null; eventTime?: Timestamp };

const toNumber = (value: { toNumber(): number } | number | string | null | undefined): number => {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'object') return value.toNumber();
  return Number(value);
};

export const timestampToIso = (timestamp: Timestamp): string | null => {
  if (!timestamp) return null;
  return new Date(toNumber(timestamp.seconds) * 1000 + Math.floor((timestamp.nanos ?? 0) / 1e6)).toISOString();
};

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Attributes = {
  activityType?: { name?: string };
  workflowType?: { name?: string };
  signalName?: string;
  scheduledEventId?: { toNumber(): number } | number;
  failure?: { message?: string; cause?: { message?: string } };
  acceptedRequest?: { input?: { name?: string } };
  meta?: { updateId?: string };
  outcome?: { failure?: { message?: string } };
  rejectedRequest?: { input?: { name?: string } };
  startToFireTimeout?: { seconds?: { toNumber(): number } | number };
  queryType?: string;
  retryState?: number;
};

function describe(type: string, attributes: Attributes, activityNames: Map<number, string>): string {
  const failure = attributes.failure ? [attributes.failure.message, attributes.failure.cause?.message].filter(Boolean).join(': ') : '';
  switch (type) {
    case 'WorkflowExecutionStarted':
      return attributes.workflowType?.name ?? '';
    case 'ActivityTaskScheduled':
      return attributes.activityType?.name ?? '';
    case 'ActivityTaskStarted':
    case 'ActivityTaskCompleted':
    case 'ActivityTaskFailed':
    case 'ActivityTaskTimedOut':
    case 'ActivityTaskCanceled': {
      const name = activityNames.get(toNumber(attributes.scheduledEventId)) ?? '';
      return failure ? `${name}: ${failure}` : name;
    }
    case 'WorkflowExecutionSignaled':
      return attributes.signalName ?? '';
    case 'WorkflowExecutionUpdateAccepted':
      return attributes.acceptedRequest?.input?.name ?? '';
    case 'WorkflowExecutionUpdateRejected':
      return attributes.rejectedRequest?.input?.name ?? failure;
    case 'WorkflowExecutionUpdateCompleted':
      return attributes.outcome?.failure?.message ?? '';
    case 'TimerStarted':
      return attributes.startToFireTimeout ? `${toNumber(attributes.startToFireTimeout.seconds)} s` : '';
    default:
      return failure;
  }
}

/** Every event of the workflow's history as a row, oldest first. */
export async function historyRows(handle: WorkflowHandle): Promise<TWorkflowHistoryRow[]> {
  const history = await handle.fetchHistory();
  const activityNames = new Map<number, string>();
  const rows: TWorkflowHistoryRow[] = [];
  for (const event of (history.events ?? []) as HistoryEvent[]) {
    const attributeKey = Object.keys(event).find((key) => key.endsWith('EventAttributes') && event[key]);
    const type = attributeKey ? upperFirst(attributeKey.replace(/EventAttributes$/, '')) : 'Unknown';
    const attributes = (attributeKey ? event[attributeKey] : {}) as Attributes;
    const id = toNumber(event.eventId);
    if (type === 'ActivityTaskScheduled') activityNames.set(id, attributes.activityType?.name ?? '');
    rows.push({ id, time: timestampToIso(event.eventTime) ?? '', type, details: describe(type, attributes, activityNames) });
  }
  return rows;
}

import {
  AsyncLocalStorage,
  defaultPayloadConverter,
  type ActivityInput,
  type Headers,
  type LocalActivityInput,
  type Next,
  type SignalInput,
  type StartChildWorkflowExecutionInput,
  type UpdateInput,
  type WorkflowExecuteInput,
  type WorkflowInboundCallsInterceptor,
  type WorkflowInterceptorsFactory,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';
import { REQUEST_ID_HEADER } from '../domain/observability/request-id';

// Carries the api's request id (a Temporal header set by the api's client interceptor) from the
// start, signal or update that brought it to every activity and child workflow scheduled while
// handling it. The header is read inside the handler's own async context, so two updates in
// flight at once each hand on their own id. Headers are not part of a command's replay check:
// histories recorded before this interceptor replay unchanged.

const current = new AsyncLocalStorage<string>();

const requestIdOf = (headers: Headers): string | undefined => {
  const payload = headers[REQUEST_ID_HEADER];
  if (!payload) return undefined;
  const value = defaultPayloadConverter.fromPayload<unknown>(payload);
  return typeof value === 'string' ? value : undefined;
};

/** Runs `next` in the request id's context when the input carries one. */
const within = <T>(headers: Headers, next: () => Promise<T>) => {
  const requestId = requestIdOf(headers);
  return requestId ? current.run(requestId, next) : next();
};

const withRequestId = (headers: Headers): Headers => {
  const requestId = current.getStore();
  return requestId ? { ...headers, [REQUEST_ID_HEADER]: defaultPayloadConverter.toPayload(requestId) } : headers;
};

class RequestIdInbound implements WorkflowInboundCallsInterceptor {
  execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
    return within(input.headers, () => next(input));
  }
  handleSignal(input: SignalInput, next: Next<WorkflowInboundCallsInterceptor, 'handleSignal'>) {
    return within(input.headers, () => next(input));
  }
  handleUpdate(input: UpdateInput, next: Next<WorkflowInboundCallsInterceptor, 'handleUpdate'>) {
    return within(input.headers, () => next(input));
  }
}

class RequestIdOutbound implements WorkflowOutboundCallsInterceptor {
  scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
    return next({ ...input, headers: withRequestId(input.headers) });
  }
  scheduleLocalActivity(input: LocalActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>) {
    return next({ ...input, headers: withRequestId(input.headers) });
  }
  startChildWorkflowExecution(input: StartChildWorkflowExecutionInput, next: Next<WorkflowOutboundCallsInterceptor, 'startChildWorkflowExecution'>) {
    return next({ ...input, headers: withRequestId(input.headers) });
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ inbound: [new RequestIdInbound()], outbound: [new RequestIdOutbound()] });

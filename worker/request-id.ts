import { fileURLToPath } from 'node:url';
import { defaultPayloadConverter } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { REQUEST_ID_HEADER } from '../domain/observability/request-id';

/** The workflow interceptors (bundled with the workflows): they hand the api's request id on to activities. */
export const WORKFLOW_INTERCEPTOR_MODULES = [fileURLToPath(new URL('../workflows/request-id.interceptors.ts', import.meta.url))];

/**
 * Puts the request id an activity was scheduled with (the header the workflow interceptors set)
 * on every log line of that activity: the SDK's own (started, completed, failed with its error) and
 * what the activity logs through its context's logger.
 */
export const requestIdActivityInterceptor: ActivityInterceptorsFactory = () => {
  let requestId: string | undefined;
  return {
    inbound: {
      execute(input, next) {
        const payload = input.headers[REQUEST_ID_HEADER];
        const value = payload ? defaultPayloadConverter.fromPayload<unknown>(payload) : undefined;
        if (typeof value === 'string') requestId = value;
        return next(input);
      },
    },
    outbound: {
      getLogAttributes(attributes, next) {
        return next(requestId ? { ...attributes, requestId } : attributes);
      },
    },
  };
};

import { currentRequestId } from './observability';
import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import type { TErrorResponse } from '../../contracts/common.contract';
import { isMessageKey, translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { localeOf } from './locale';

/**
 * A domain error with the HTTP status it maps to. The message is a catalogue key (domain/messages)
 * answered in the caller's language, or a text shown as it is.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: MessageKey,
    readonly field?: string,
    readonly params?: MessageParams,
  ) {
    super(message);
  }
}

export const badRequest = (message: MessageKey, field?: string, params?: MessageParams) => new HttpError(400, message, field, params);
export const notFound = (message: MessageKey, params?: MessageParams) => new HttpError(404, message, undefined, params);
export const conflict = (message: MessageKey, params?: MessageParams) => new HttpError(409, message, undefined, params);

/** Names the first invalid field and why, e.g. `dateStart: must be a date as YYYY-MM-DD`. */
export function describeZodError(error: ZodError, where: string, locale: Locale = 'en'): { message: string; field: string } {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : where;
  const rawReason = issue?.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : (issue?.message ?? 'validation.invalid');
  const reason = isMessageKey(rawReason) ? translate(locale, rawReason) : rawReason;
  return { field, message: translate(locale, 'validation.fieldMessage', { field, reason }) };
}

/** The ApplicationFailure behind an update's failure: its own cause, or an activity's one level down. */
function applicationFailureIn(cause: unknown): ApplicationFailure | undefined {
  if (cause instanceof ApplicationFailure) return cause;
  if (cause instanceof ActivityFailure && cause.cause instanceof ApplicationFailure) return cause.cause;
  return undefined;
}

function toErrorBody(error: unknown, locale: Locale): { httpStatus: number; body: TErrorResponse } {
  const say = (key: MessageKey, params?: MessageParams) => translate(locale, key, params);
  if (error instanceof HttpError) {
    return { httpStatus: error.status, body: { status: 'error', message: say(error.message, error.params), field: error.field } };
  }
  if (error instanceof ZodError) {
    const { field, message } = describeZodError(error, 'body', locale);
    return { httpStatus: 400, body: { status: 'error', message, field } };
  }
  if (error instanceof WorkflowExecutionAlreadyStartedError) {
    return { httpStatus: 409, body: { status: 'error', message: say('process.alreadyRunning') } };
  }
  if (error instanceof WorkflowNotFoundError) {
    return { httpStatus: 404, body: { status: 'error', message: say('process.notFound') } };
  }
  const refusal = error instanceof WorkflowUpdateFailedError ? applicationFailureIn(error.cause) : undefined;
  if (refusal) {
    // Update validators reject with ApplicationFailure, and so do non-retryable activity refusals inside
    // an update (wrapped in an ActivityFailure); its type names the HTTP status (e.g. 'Conflict').
    const httpStatus = refusal.type === 'NotFound' ? 404 : refusal.type === 'Invalid' ? 422 : 409;
    const message = isMessageKey(refusal.message) ? say(refusal.message, (refusal.details?.[0] ?? undefined) as MessageParams | undefined) : refusal.message;
    return { httpStatus, body: { status: 'error', message } };
  }
  const clientError = httpErrorIn(error);
  if (clientError) return { httpStatus: clientError.status, body: { status: 'error', message: say(clientError.message, clientError.params), field: clientError.field } };
  return { httpStatus: 500, body: { status: 'error', message: say('http.serverError') } };
}

type HttpErrorLike = { status?: unknown; statusCode?: unknown; expose?: unknown; type?: unknown; code?: unknown; charset?: unknown; encoding?: unknown };

/**
 * An error of the http-errors kind (body-parser's, express.static's) that blames the request: its
 * status as it is, with a message from the catalogue (their own texts are English only). A server
 * error (expose false) stays a 500.
 */
function httpErrorIn(error: unknown): { status: number; message: MessageKey; params?: MessageParams; field?: string } | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { status: rawStatus, statusCode, expose, type, code, charset, encoding } = error as HttpErrorLike;
  const status = typeof rawStatus === 'number' ? rawStatus : statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499 || expose === false) return undefined;
  if (type === 'entity.parse.failed') return { status, message: 'http.notJson', field: 'body' };
  if (type === 'entity.too.large') return { status, message: 'http.tooLarge', field: 'body' };
  if (type === 'charset.unsupported') return { status, message: 'http.unsupportedCharset', params: { charset: String(charset).toUpperCase() }, field: 'body' };
  if (type === 'encoding.unsupported') return { status, message: 'http.unsupportedEncoding', params: { encoding: String(encoding) }, field: 'body' };
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR): a body that is not what its Content-Encoding says.
  if (typeof code === 'string' && code.startsWith('Z_')) return { status, message: 'http.undecodableBody', field: 'body' };
  return { status, message: 'http.requestRefused', params: { status } };
}

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  const { httpStatus, body } = toErrorBody(error, localeOf(req));
  if (httpStatus >= 500) console.error(`[api] ${req.method} ${req.originalUrl} (request ${currentRequestId() ?? '-'})`, error);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(httpStatus).json(body);
};

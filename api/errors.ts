import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TErrorResponse } from './contracts/common.contract';

/** A domain error with the HTTP status it maps to; the message is shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Names the first invalid field and why, e.g. `dateStart: must be a date as YYYY-MM-DD`. */
export function describeZodError(error: ZodError, where: string): { message: string; field: string } {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : where;
  const reason = issue?.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue?.message;
  return { field, message: `${field}: ${reason ?? 'is invalid'}` };
}

function toErrorBody(error: unknown): { httpStatus: number; body: TErrorResponse } {
  if (error instanceof HttpError) {
    return { httpStatus: error.status, body: { status: 'error', message: error.message, field: error.field } };
  }
  if (error instanceof ZodError) {
    const { field, message } = describeZodError(error, 'body');
    return { httpStatus: 400, body: { status: 'error', message, field } };
  }
  if (error instanceof WorkflowExecutionAlreadyStartedError) {
    return { httpStatus: 409, body: { status: 'error', message: 'This process is already running.' } };
  }
  if (error instanceof WorkflowNotFoundError) {
    return { httpStatus: 404, body: { status: 'error', message: 'No such process.' } };
  }
  if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
    // Update validators reject with ApplicationFailure; its type names the HTTP status (e.g. 'Conflict').
    const httpStatus = error.cause.type === 'NotFound' ? 404 : error.cause.type === 'Invalid' ? 422 : 409;
    return { httpStatus, body: { status: 'error', message: error.cause.message } };
  }
  const bodyParserError = error as { type?: string; status?: number };
  if (bodyParserError?.type === 'entity.parse.failed') {
    return { httpStatus: 400, body: { status: 'error', message: 'The request body is not valid JSON.', field: 'body' } };
  }
  if (bodyParserError?.type === 'entity.too.large') {
    return { httpStatus: 413, body: { status: 'error', message: 'The request body is too large.', field: 'body' } };
  }
  return { httpStatus: 500, body: { status: 'error', message: 'Something went wrong on our side. Please try again.' } };
}

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  const { httpStatus, body } = toErrorBody(error);
  if (httpStatus >= 500) console.error(`[api] ${req.method} ${req.originalUrl}`, error);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(httpStatus).json(body);
};

import type { z } from 'zod';
import { i18n } from '../i18n';
import { clearSession, getSession } from '../session';

/** A failed call: `message` is the server's own message (spec 7: `{status, message}`), `field` names the bad input of a 400. */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** The whole error answer, for calls that say more than one message (e.g. a CSV file's bad lines). */
  readonly payload: unknown;

  constructor({ status, message, field, payload }: { status: number; message: string; field?: string; payload?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.payload = payload;
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  /**
   * Validates the answer against the contract, so a drifted API fails loudly at the edge. A function
   * loads the contract with the call (alongside the request): modules of a first screen, which loads
   * no zod, check their calls' answers this way (docs/decisions/0145).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  signal?: AbortSignal;
  /** false for calls made without a session (log-in): no headers, and a 401 is just an error. */
  auth?: boolean;
  /** Sends a string body as it is with this content type (e.g. text/csv) instead of as JSON. */
  contentType?: string;
};

let onUnauthorized: () => void = () => undefined;

/** What else to drop when a 401 ended the session (main.tsx: the query cache); the route guards do the redirect. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

async function send(path: string, { method = 'GET', body, signal, auth = true, contentType }: RequestOptions<unknown>): Promise<Response> {
  const raw = contentType !== undefined && typeof body === 'string';
  // The server answers its messages in the language of the page (es has navigation only: English).
  const headers: Record<string, string> = { accept: 'application/json', 'x-locale': i18n.language === 'de' ? 'de' : 'en' };
  if (body !== undefined) headers['content-type'] = raw ? contentType : 'application/json';
  const session = auth ? getSession() : null;
  if (session) {
    headers['x-user'] = session.userUuid;
    headers['x-api-key'] = session.apiKey;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: i18n.t('errors.network') });
  }

  if (response.ok) return response;

  const error = await toApiError(response);
  // A 401 on an authenticated call means the key expired or was revoked: the session is gone.
  if (response.status === 401 && session) {
    clearSession('expired');
    onUnauthorized();
  }
  throw error;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // not JSON (a proxy's HTML error page): fall back to the status line
  }
  // The contract (zod) loads with the first refusal: the log-in page's first load does without it.
  const parsed = await import('../../../../contracts/common.contract').then(
    ({ ZErrorResponse }) => ZErrorResponse.safeParse(payload),
    () => null, // its chunk did not load (the network is gone): the status line below
  );
  if (parsed?.success) return new ApiError({ status: response.status, message: parsed.data.message, field: parsed.data.field, payload });
  return new ApiError({ status: response.status, message: i18n.t('errors.http', { status: response.status }) });
}

/** A JSON call. Resolves to the parsed answer (or undefined for 204). */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A contract that loads with the call must not turn into an unhandled rejection when the call fails first.
  if (schema instanceof Promise) schema.catch(() => undefined);
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json();
  const check = await schema;
  return check ? check.parse(payload) : (payload as T);
}

/** A streamed call (newline-delimited JSON): resolves once the answer started, with its body to read. */
export async function apiStream(path: string, options: Omit<RequestOptions<never>, 'schema'> = {}): Promise<ReadableStream<Uint8Array>> {
  const response = await send(path, options);
  if (!response.body) throw new ApiError({ status: response.status, message: i18n.t('errors.unexpected') });
  return response.body;
}

/** The text to show for any error a call can raise. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18n.t('errors.unexpected');
}

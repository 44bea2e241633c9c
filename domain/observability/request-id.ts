// The request id that follows one API call into the workflow it starts or updates and into the
// activities that work for it, so an operator can find every log line of one click
// (docs/operations.md "Logs"). It travels as a Temporal header (not an argument: no workflow or
// activity signature changes, and running histories replay unchanged).

/** The Temporal header's name. */
export const REQUEST_ID_HEADER = 'trainerpay-request-id';

/** The HTTP header a caller (or a proxy) may send, and the api echoes. */
export const REQUEST_ID_HTTP_HEADER = 'x-request-id';

/** A caller's own id is taken when it is short and plain (it ends up in log lines); otherwise a new one is made. */
export const isUsableRequestId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9._:-]{8,100}$/.test(value);

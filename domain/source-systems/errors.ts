/** The API answers 404 "Unknown source system" for this. */
export class UnknownSourceSystemError extends Error {
  constructor(readonly sourceSystem: string) {
    super('Unknown source system');
    this.name = 'UnknownSourceSystemError';
  }
}

/**
 * The source data is wrong in a way a retry cannot fix (a CSV with bad rows, a missing upload).
 * Activities turn it into a non-retryable failure and the import reports the message.
 */
export class SourceDataError extends Error {
  constructor(message: string, readonly details: string[] = []) {
    super(message);
    this.name = 'SourceDataError';
  }
}

import type { ActivityOptions } from '@temporalio/workflow';

// The kinds of activity call the workflows make, each with its timeouts and retry policy, so a
// workflow says which kind a call is (one proxyActivities per kind) instead of spelling out a
// policy. Temporal's replay does not compare these options; still, a value changed here changes
// every running workflow's next attempt, so change one on purpose and say why.

/** Failures a retry cannot mend: input that fails its schema, a record that is gone, a refused rule. */
export const NON_RETRYABLE = ['ZodError', 'NotFound', 'Invalid'];
/** As NON_RETRYABLE, plus a conflict: the caller's answer (409), not a hiccup to wait out. */
export const NON_RETRYABLE_WITH_CONFLICT = [...NON_RETRYABLE, 'Conflict'];

/** The same kind of call with the failures of another domain as non-retryable (the class import's source errors). */
export const withNonRetryable = (options: ActivityOptions, nonRetryableErrorTypes: string[]): ActivityOptions => ({
  ...options,
  retry: { ...options.retry, nonRetryableErrorTypes },
});

/** Bookkeeping: a short database write or read, retried a while so a hiccup does not fail a command. */
export const SHORT_WRITE: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: NON_RETRYABLE },
};

/** A write behind a user's command that may be refused with a conflict (an approval, a queue item's status). */
export const COMMAND_WRITE: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: NON_RETRYABLE_WITH_CONFLICT },
};

/** Recording e-mails in the outbox while the admin's request waits for the answer: fewer attempts. */
export const OUTBOX_RECORD: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE },
};

/** One trainer's step of wizard v1 (issue, send, finish): short, with a heartbeat. */
export const SINGLE_TRAINER_STEP: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: NON_RETRYABLE },
};

/**
 * Batch work: a chunk of trainers an activity, a heartbeat after each trainer; a dead worker is
 * noticed within the heartbeat timeout and the retry resumes after the last trainer done
 * (preparation, preview sending).
 */
export const BATCH: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE },
};

/** Batch work of a credit-note run (issuing, the run's files): as BATCH, with more attempts. */
export const CREDIT_NOTE_BATCH: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10, nonRetryableErrorTypes: NON_RETRYABLE },
};

/** One studio's class import: heartbeats after each chunk, so a dead worker is noticed within half a minute. */
export const STUDIO_IMPORT: ActivityOptions = {
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 3, nonRetryableErrorTypes: NON_RETRYABLE },
};

/**
 * An import queue's item (a class import and the settlement's preparation; minutes for a large
 * studio group). It heartbeats while it waits, so a dead worker is noticed in a minute.
 */
export const QUEUE_ITEM: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 3, nonRetryableErrorTypes: NON_RETRYABLE_WITH_CONFLICT },
};

/**
 * Handing a batch of e-mails to SMTP (each e-mail once, by its outbox row), retried for a long
 * while: an SMTP server that is down should not lose a message.
 */
export const EMAIL_DELIVERY: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20, nonRetryableErrorTypes: NON_RETRYABLE },
};

/** As EMAIL_DELIVERY, for a handful of e-mails (a correction's, an accounting e-mail's recipients). */
export const FEW_EMAILS_DELIVERY: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20, nonRetryableErrorTypes: NON_RETRYABLE },
};

/**
 * A whole studio group's export (gigabytes for a large group): one long activity that heartbeats
 * after every file and every chunk of rows, so a dead worker is noticed within a minute; a retry
 * writes the ZIP afresh (docs/decisions/0140).
 */
export const GROUP_EXPORT_WRITE: ActivityOptions = {
  startToCloseTimeout: '6 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE },
};

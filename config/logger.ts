import pino, { type Logger } from 'pino';
import { DefaultLogger, type LogEntry, type LogLevel as TemporalLogLevel } from '@temporalio/worker';
import type { LogLevel } from './env';

// Structured logs: one JSON object per line on stdout (pino), for the api's requests and the
// worker's Temporal SDK and activity lines alike, so one log pipeline reads both
// (docs/operations.md "Logs"). LOG_LEVEL sets the level; each process names itself in `process`.

const pinoLevel = (level: LogLevel) => level.toLowerCase() as 'trace' | 'debug' | 'info' | 'warn' | 'error';

export function createLogger({ process: processName, level }: { process: 'api' | 'worker' | 'start'; level: LogLevel }): Logger {
  return pino({ level: pinoLevel(level), base: { process: processName }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } });
}

/**
 * The Temporal SDK's logger writing through pino: the worker's own lines and every activity's
 * (with the activity's attributes: type, workflow id, attempt, and the request id).
 */
export function temporalLoggerOf(logger: Logger, level: LogLevel): DefaultLogger {
  return new DefaultLogger(level as TemporalLogLevel, ({ level: entryLevel, message, meta }: LogEntry) => {
    logger[pinoLevel(entryLevel as LogLevel)]({ ...meta }, message);
  });
}

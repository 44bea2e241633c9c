import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  isCancellation,
  proxyActivities,
  setHandler,
  TimeoutFailure,
} from '@temporalio/workflow';
import type { ImportActivities } from '../activities/import';
import type { TImportStudio } from '../activities/import/import.types';
import { SHORT_WRITE, STUDIO_IMPORT, withNonRetryable } from './activity-options';
import { progressQuery, ZClassImportInput, type TClassImportInput, type TClassImportProgress, type TClassImportResult } from './class-import.messages';

// One on-demand class import (spec 2.16): sync the studio group's studios and trainers, import
// each studio's classes of the range in its own activity, report every studio's outcome, and end
// with finished_studiogroup, which closes the streamed answer. A studio that fails is reported
// and the others still import.

/** Studios imported at the same time; each holds a database connection for its transaction. */
export const STUDIO_IMPORT_CONCURRENCY = 4;

// A source's bad data or an unknown source system is not mended by a retry either.
const IMPORT_NON_RETRYABLE = ['ZodError', 'NotFound', 'SourceDataError', 'UnknownSourceSystem', 'WrongSourceSystem'];

// Bookkeeping and master-data sync: short, retried a while so a database hiccup does not lose the
// import's last word.
const { startClassImport, reportStudioImportError, finishClassImport } = proxyActivities<ImportActivities>(withNonRetryable(SHORT_WRITE, IMPORT_NON_RETRYABLE));

// Batch work per studio: heartbeats after each chunk, so a dead worker is noticed within half a minute.
const { importStudioClasses } = proxyActivities<ImportActivities>(withNonRetryable(STUDIO_IMPORT, IMPORT_NON_RETRYABLE));

/** What the user reads for a failed step: the activity's own message, not Temporal's wrapper. */
function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) {
    if (error.cause instanceof TimeoutFailure) return 'import.timedOut';
    return error.cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function classImportWorkflow(rawInput: TClassImportInput): Promise<TClassImportResult> {
  const parsed = ZClassImportInput.safeParse(rawInput);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid class import input: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, 'InvalidInput');
  }
  const input = parsed.data;
  const { importUuid, studioGroupUuid, mode, dateStart, dateEnd, locale } = input;

  const progress: TClassImportProgress = { studiosTotal: 0, studiosDone: 0, studiosFailed: 0, classesImported: 0, finished: false };
  const errors: string[] = [];
  setHandler(progressQuery, () => ({ ...progress }));

  const finish = async (error?: string): Promise<TClassImportResult> => {
    await finishClassImport({
      importUuid,
      studioGroupUuid,
      mode,
      studiosTotal: progress.studiosTotal,
      studiosFailed: progress.studiosFailed,
      classesImported: progress.classesImported,
      error,
      locale,
    });
    progress.finished = true;
    return { ...progress, importUuid, status: error !== undefined || progress.studiosFailed > 0 ? 'error' : 'success', errors };
  };

  try {
    let studios: TImportStudio[];
    try {
      ({ studios } = await startClassImport({ importUuid, studioGroupUuid, sourceSystem: input.sourceSystem, dateStart, dateEnd, mode, locale }));
    } catch (error) {
      if (isCancellation(error)) throw error;
      const message = failureMessage(error);
      errors.push(message);
      return await finish(message);
    }
    progress.studiosTotal = studios.length;

    const pending = [...studios];
    const importPending = async () => {
      for (let studio = pending.shift(); studio; studio = pending.shift()) {
        try {
          const result = await importStudioClasses({ importUuid, studioGroupUuid, studioUuid: studio.uuid, dateStart, dateEnd, mode, locale });
          progress.classesImported += result.classesImported;
        } catch (error) {
          if (isCancellation(error)) throw error;
          const message = failureMessage(error);
          errors.push(`${studio.name}: ${message}`);
          progress.studiosFailed++;
          await reportStudioImportError({ importUuid, studioGroupUuid, studioUuid: studio.uuid, mode, message, locale });
        }
        progress.studiosDone++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(STUDIO_IMPORT_CONCURRENCY, studios.length) }, importPending));
    return await finish();
  } catch (error) {
    if (!isCancellation(error)) throw error;
    // Cancelled: still close the stream and the log, then end as cancelled.
    await CancellationScope.nonCancellable(() => finish('import.cancelled'));
    throw error;
  }
}

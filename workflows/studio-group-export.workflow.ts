import { ActivityFailure, ApplicationFailure, proxyActivities, setHandler, sleep, TimeoutFailure } from '@temporalio/workflow';
import type { GroupExportActivities } from '../activities/group-export';
import { GROUP_EXPORT_WRITE, SHORT_WRITE } from './activity-options';
import { exportProgressQuery, ZStudioGroupExportInput, type TStudioGroupExportInput, type TStudioGroupExportProgress, type TStudioGroupExportResult } from './studio-group-export.messages';

// A studio group's whole data as one ZIP (docs/decisions/0140): one activity streams every section
// into the file and records its progress row by row; the workflow then keeps the export for its
// retention and deletes the file. A failed write (after its retries) is recorded for the screen.

const { writeGroupExport } = proxyActivities<GroupExportActivities>(GROUP_EXPORT_WRITE);
const { failGroupExport, expireGroupExport } = proxyActivities<GroupExportActivities>(SHORT_WRITE);

/** What the user reads for a failed write: the activity's own message, not Temporal's wrapper. */
function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) return error.cause instanceof TimeoutFailure ? 'groupExport.timedOut' : error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

export async function studioGroupExportWorkflow(rawInput: TStudioGroupExportInput): Promise<TStudioGroupExportResult> {
  const parsed = ZStudioGroupExportInput.safeParse(rawInput);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid studio group export input: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, 'InvalidInput');
  }
  const { exportUuid, studioGroupUuid, locale } = parsed.data;
  const progress: TStudioGroupExportProgress = { phase: 'writing' };
  setHandler(exportProgressQuery, () => ({ ...progress }));

  let written: Awaited<ReturnType<GroupExportActivities['writeGroupExport']>>;
  try {
    written = await writeGroupExport({ exportUuid, studioGroupUuid });
  } catch (error) {
    progress.phase = 'failed';
    await failGroupExport({ exportUuid, message: failureMessage(error), locale });
    return { exportUuid, status: 'failed', sizeBytes: null };
  }

  // Kept for its retention, then the file goes (the row stays, 'expired', so the list still says who exported when).
  progress.phase = 'kept';
  await sleep(Math.max(0, Date.parse(written.expiresAt) - Date.now()));
  await expireGroupExport({ exportUuid });
  progress.phase = 'expired';
  return { exportUuid, status: 'expired', sizeBytes: written.sizeBytes };
}

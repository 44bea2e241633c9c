import type { Client, WorkflowHandle } from '@temporalio/client';

// A workflow that continues as new is one workflow id with a chain of runs, each with a history of
// its own; a handle by id alone reaches only the latest.

export type RunHistory = Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;

/** The history of each run of a workflow, first to last, following its continue-as-new chain from the first run. */
export async function historiesOfRuns(client: Client, workflowId: string, firstRunId: string): Promise<RunHistory[]> {
  const histories: RunHistory[] = [];
  for (let runId: string | undefined = firstRunId; runId; ) {
    const history: RunHistory = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    histories.push(history);
    runId = history.events?.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId ?? undefined;
  }
  return histories;
}

import { asyncLocalStorage } from '@temporalio/activity';

/** The activity's context when it runs under a worker; undefined when called directly (bench, tests). */
export const activityContext = () => asyncLocalStorage.getStore();

/**
 * The heartbeat of a loop over many items (PDFs drawn, e-mails delivered): sent for the first item,
 * then at most every `everyMs`. Temporal's SDK throttles what reaches the server, but every call
 * still goes through its heartbeat stream in the worker's busy thread; once per item that was a
 * few per cent of the worker's CPU in a credit-note run. A second is far below every heartbeat
 * timeout (30 s and more).
 */
export function heartbeatEvery(everyMs = 1_000): (details: unknown) => void {
  const context = activityContext();
  let last: number | undefined;
  return (details) => {
    const now = performance.now();
    if (!context || (last !== undefined && now - last < everyMs)) return;
    last = now;
    context.heartbeat(details);
  };
}

// The per-trainer steps of wizard v1 ('Create invoice PDFs', 'Send Emails', spec 4 and 9): one call
// per trainer, back to back (the engine is fast; the spec's one-trainer-every-2-s pacing is left
// out), the bar advancing by 100 / count per trainer. A failed trainer is reported and the run goes
// on with the next one.

export type V1Message = { key: string; status: 'success' | 'error' | 'info'; text: string };

export type PerTrainerResult<T> = { trainer: T; ok: boolean };

export async function runPerTrainer<T>({
  trainers,
  call,
  failureText,
  onMessage,
  onProgress,
}: {
  trainers: readonly T[];
  /** Answers the success message; throws with the server's message on failure. */
  call: (trainer: T) => Promise<string>;
  /** The message when a call fails without a server message (a network failure). */
  failureText: (trainer: T) => string;
  onMessage: (status: V1Message['status'], text: string) => void;
  onProgress: (percent: number) => void;
}): Promise<PerTrainerResult<T>[]> {
  const results: PerTrainerResult<T>[] = [];
  onProgress(0);
  for (const [index, trainer] of trainers.entries()) {
    try {
      onMessage('success', await call(trainer));
      results.push({ trainer, ok: true });
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : failureText(trainer);
      onMessage('error', text);
      results.push({ trainer, ok: false });
    }
    onProgress(Math.round(((index + 1) * 100) / trainers.length));
  }
  if (trainers.length === 0) onProgress(100);
  return results;
}

/** Spec 4: after each step the screen waits 2 s before moving on. */
export const STEP_PAUSE_MS = 2000;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

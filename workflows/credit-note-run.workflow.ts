import { continueAsNew, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { CreditNoteActivities, TIssueCreditNotesResult } from '../activities/credit-notes';
import type { MailActivities } from '../activities/mail';
import { CREDIT_NOTE_BATCH, EMAIL_DELIVERY, SHORT_WRITE } from './activity-options';
import {
  CREDIT_NOTE_RUN_CHUNK_SIZE,
  CREDIT_NOTE_RUN_CHUNKS_PER_RUN,
  creditNoteRunStateQuery,
  type TCreditNoteRunCarried,
  type TCreditNoteRunInput,
  type TCreditNoteRunResult,
  type TCreditNoteRunState,
} from './credit-note-run.messages';

// One "send credit notes" of a settlement (`credit-note-run-{runUuid}`, a child of the settlement's
// workflow): for each selected trainer the credit note number, the PDF and its record
// (credit_note_created), then the e-mails (credit_note_send), then for the run the SEPA file, the
// ZIP, the studio-costs CSV and the settlement's sums. Every activity is idempotent (a number is
// assigned once per run and trainer; an e-mail is sent once per outbox row), so a worker killed in
// the middle resumes where it stood: every trainer exactly once, no number skipped.
//
// Under PIPELINED_RUN the chunks go through a pipeline: a chunk is numbered and recorded
// (recordCreditNotes, one transaction), then its PDFs are drawn (drawCreditNotePdfs) and its e-mails
// go out (queue, deliver, mark sent) while the next chunks are numbered and drawn. Each stage takes
// one chunk after the other (sending two), numbering in the trainers' order, so the numbers follow
// it without gaps; a handful of activities are under way at once. Without the patch (histories recorded before
// it), a chunk is numbered and drawn in one activity, the next chunk waits for its PDFs, and the
// e-mails go out only after the last chunk: PostgreSQL, the render threads and SMTP take turns, and
// the render threads sit idle ~40 % of the run.
//
// Under CONTINUED_RUN (inside the pipelined run) a workflow run takes at most chunksPerRun chunks
// (CREDIT_NOTE_RUN_CHUNKS_PER_RUN, 2,500 trainers): then it waits for its chunks' PDFs and e-mails
// (a failure fails the run, as at the end) and continues as new with the same input plus where it
// stood (`continued`: one character per trainer done, see TCreditNoteRunCarried), so no history
// grows with the number of trainers (~30 events a chunk). The next run skips startCreditNoteRun,
// goes on at the next chunk (numbering stays chunk after chunk: gap-free and in the trainers'
// order), and starts its query state where the last one stood; only the last run makes the files
// and finishes the run, and answers the lists of all runs, as one run would (the parent's
// executeChild follows the continued runs and gets the last one's result; a handle by workflow id
// alone reaches the latest run). Carrying a character per trainer instead of the lists of uuids
// keeps the continued input as small as the first (docs/decisions/0160).
//
// Changing this file: runs are short (minutes), but keep recorded histories replaying all the same
// (test/workflows/replay.test.ts); put changed behaviour behind `patched()`.

/** The pipelined run (recorded history: test/fixtures/histories/credit-note-run-pipelined-v2.json). */
const PIPELINED_RUN = '2026-11-credit-note-run-pipelined';
/**
 * The pipelined run continued as new every chunksPerRun chunks (recorded histories: a first and a
 * last run, test/fixtures/histories/credit-note-run-continued-{first,last}-v1.json).
 */
const CONTINUED_RUN = '2026-11-credit-note-run-continued';
/**
 * Chunks numbered but not drawn yet, at most: the render threads always find the next chunk ready
 * while the one before is sent; numbering does not run far ahead of what is drawn.
 */
const DRAWN_AHEAD = 2;
/** Chunks being sent at once, at most. */
const SENDING_LANES = 2;

const { startCreditNoteRun, markCreditNotesSent, finishCreditNoteRun, queueCreditNoteEmails } = proxyActivities<CreditNoteActivities>(SHORT_WRITE);
const { issueCreditNotes, createRunFiles } = proxyActivities<CreditNoteActivities>(CREDIT_NOTE_BATCH);
const { deliverEmails } = proxyActivities<MailActivities>(EMAIL_DELIVERY);
// The pipelined run's steps, each with a heartbeat timeout: a dead worker's step is retried within
// half a minute wherever the pipeline stood.
const pipeline = proxyActivities<CreditNoteActivities>(CREDIT_NOTE_BATCH);

export async function creditNoteRunWorkflow(input: TCreditNoteRunInput): Promise<TCreditNoteRunResult> {
  const { runUuid, settlementUuid, locale } = input;
  const trainerUuids = [...new Set(input.trainerUuids)];
  // Empty unless an earlier run of this one continued as new (CONTINUED_RUN).
  const earlier = earlierRuns(trainerUuids, input.continued);
  const state: TCreditNoteRunState = {
    runUuid,
    phase: 'issuing',
    total: trainerUuids.length,
    processed: input.continued?.outcomes.length ?? 0,
    issuedTrainerUuids: earlier.issued,
    refusedTrainerUuids: earlier.refused,
  };
  setHandler(creditNoteRunStateQuery, () => ({ ...state, issuedTrainerUuids: [...state.issuedTrainerUuids], refusedTrainerUuids: [...state.refusedTrainerUuids] }));

  // A continued run's first run started it (only a run under CONTINUED_RUN carries `continued`).
  if (!input.continued) await startCreditNoteRun({ runUuid, settlementUuid, trainerUuids, userUuid: input.userUuid, locale });
  const sentTrainerUuids = patched(PIPELINED_RUN) ? [...earlier.sent, ...(await issueAndSendPipelined(input, trainerUuids, state))] : await issueThenSend(input, trainerUuids, state);

  state.phase = 'files';
  if (state.issuedTrainerUuids.length > 0) await createRunFiles({ runUuid, settlementUuid, locale });
  const sums = await finishCreditNoteRun({ runUuid, settlementUuid, issued: state.issuedTrainerUuids.length, refused: state.refusedTrainerUuids.length, locale });
  state.phase = 'done';
  return { runUuid, issuedTrainerUuids: [...state.issuedTrainerUuids], refusedTrainerUuids: [...state.refusedTrainerUuids], sentTrainerUuids, sums };
}

/**
 * The lists of the runs before this one (their `continued` outcomes), in the trainers' order: the
 * order one run would have listed them in, as every activity answers a chunk's trainers in the order
 * they were sent.
 */
function earlierRuns(trainerUuids: string[], continued: TCreditNoteRunCarried | undefined) {
  const issued: string[] = [];
  const refused: string[] = [];
  const sent: string[] = [];
  [...(continued?.outcomes ?? '')].forEach((outcome, index) => {
    const trainerUuid = trainerUuids[index]!;
    if (outcome === 'r') refused.push(trainerUuid);
    if (outcome === 'i' || outcome === 's') issued.push(trainerUuid);
    if (outcome === 's') sent.push(trainerUuid);
  });
  return { issued, refused, sent };
}

/** Records a chunk's outcomes in the query state (issued covers already_issued: a retried run's). */
function countChunk(state: TCreditNoteRunState, chunkSize: number, result: TIssueCreditNotesResult): string[] {
  const issued: string[] = [];
  for (const trainer of result.trainers) {
    if (trainer.outcome === 'refused') state.refusedTrainerUuids.push(trainer.trainerUuid);
    else issued.push(trainer.trainerUuid);
  }
  state.issuedTrainerUuids.push(...issued);
  state.processed += chunkSize;
  return issued;
}

/** A chunk's e-mails: recorded in the outbox, handed to SMTP, marked sent. Answers the trainers marked. */
async function sendChunk(input: TCreditNoteRunInput, issued: string[], activities: Pick<CreditNoteActivities, 'queueCreditNoteEmails' | 'markCreditNotesSent'>): Promise<string[]> {
  const { runUuid, settlementUuid, locale } = input;
  const queued = await activities.queueCreditNoteEmails({ runUuid, settlementUuid, trainerUuids: issued, locale });
  const emailUuids = queued.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));
  if (emailUuids.length > 0) await deliverEmails({ emailUuids });
  // An e-mail recorded in the outbox counts as sent (without SMTP the outbox is the delivery).
  const recorded = queued.trainers.filter((trainer) => trainer.outcome === 'queued').map((trainer) => trainer.trainerUuid);
  if (recorded.length > 0) await activities.markCreditNotesSent({ runUuid, settlementUuid, trainerUuids: recorded, locale });
  return recorded;
}

/** The run before PIPELINED_RUN (histories recorded then replay it): every chunk numbered and drawn, then every e-mail. */
async function issueThenSend(input: TCreditNoteRunInput, trainerUuids: string[], state: TCreditNoteRunState): Promise<string[]> {
  const { runUuid, settlementUuid, locale } = input;
  for (let offset = 0; offset < trainerUuids.length; offset += CREDIT_NOTE_RUN_CHUNK_SIZE) {
    const chunk = trainerUuids.slice(offset, offset + CREDIT_NOTE_RUN_CHUNK_SIZE);
    countChunk(state, chunk.length, await issueCreditNotes({ runUuid, settlementUuid, trainerUuids: chunk, offset, total: trainerUuids.length, locale }));
  }
  let sentTrainerUuids: string[] = [];
  if (input.sendEmails !== false && state.issuedTrainerUuids.length > 0) {
    state.phase = 'sending';
    for (let offset = 0; offset < state.issuedTrainerUuids.length; offset += CREDIT_NOTE_RUN_CHUNK_SIZE) {
      const chunk = state.issuedTrainerUuids.slice(offset, offset + CREDIT_NOTE_RUN_CHUNK_SIZE);
      sentTrainerUuids = [...sentTrainerUuids, ...(await sendChunk(input, chunk, { queueCreditNoteEmails, markCreditNotesSent }))];
    }
  }
  return sentTrainerUuids;
}

/**
 * The pipelined run (see the top of the file) in three stages: numbering (recordCreditNotes) and
 * drawing (drawCreditNotePdfs, both render threads on one chunk) take one chunk after the other;
 * sending (queue, deliver, mark) takes a chunk once it is drawn, in one of SENDING_LANES lanes after
 * that lane's chunk before it. Numbering runs ahead of the drawing by at most DRAWN_AHEAD chunks. A
 * chunk that fails (after its retries) fails the run, as in the sequential run; the stages after it do not start.
 */
async function issueAndSendPipelined(input: TCreditNoteRunInput, trainerUuids: string[], state: TCreditNoteRunState): Promise<string[]> {
  const { runUuid, settlementUuid, locale } = input;
  const sendEmails = input.sendEmails !== false;
  const continues = patched(CONTINUED_RUN);
  const chunkSize = Math.max(1, input.chunkSize ?? CREDIT_NOTE_RUN_CHUNK_SIZE);
  const chunksPerRun = Math.max(1, input.chunksPerRun ?? CREDIT_NOTE_RUN_CHUNKS_PER_RUN);
  // Under CONTINUED_RUN: per trainer done (this run's and the earlier runs'), as TCreditNoteRunCarried says.
  const outcomes = [...(input.continued?.outcomes ?? '')];
  // Per chunk of this run, in the trainers' order.
  const sentByChunk: string[][] = [];
  let failure: { error: unknown } | undefined;
  // The stages' chains never reject: a failure is noted and thrown here, between the steps.
  const noteFailure = (error: unknown) => void (failure ??= { error });
  let drawing: Promise<void> = Promise.resolve();
  // Two lanes of sending, chunks taking turns: one chunk's e-mails wait on the server while the other's are recorded.
  const sending: Array<Promise<void>> = Array.from({ length: SENDING_LANES }, () => Promise.resolve());
  const drawnAfterChunk: Array<Promise<void>> = [];
  for (let offset = outcomes.length, index = 0; offset < trainerUuids.length; offset += chunkSize, index++) {
    if (continues && index === chunksPerRun) {
      // Every chunk of this run drawn and sent (or failed) first: the next run starts with nothing under way.
      await Promise.all([drawing, ...sending]);
      if (failure) throw failure.error;
      await continueAsNew<typeof creditNoteRunWorkflow>({ ...input, continued: { outcomes: outcomes.join('') } });
    }
    if (index >= DRAWN_AHEAD) await drawnAfterChunk[index - DRAWN_AHEAD];
    if (failure) throw failure.error;
    const chunk = trainerUuids.slice(offset, offset + chunkSize);
    const result = await pipeline.recordCreditNotes({ runUuid, settlementUuid, trainerUuids: chunk, offset, total: trainerUuids.length, locale });
    const issued = countChunk(state, chunk.length, result);
    if (continues) noteOutcomes(outcomes, offset, chunk, result);
    if (issued.length > 0) {
      drawing = drawing.then(async () => {
        if (!failure) await pipeline.drawCreditNotePdfs({ runUuid, settlementUuid, trainerUuids: issued, locale });
      }).catch(noteFailure);
      if (sendEmails) {
        const drawn = drawing;
        const lane = index % SENDING_LANES;
        sending[lane] = Promise.all([sending[lane], drawn])
          .then(async () => {
            if (failure) return;
            const sent = await sendChunk(input, issued, pipeline);
            sentByChunk[index] = sent;
            if (continues) for (const trainerUuid of sent) outcomes[offset + chunk.indexOf(trainerUuid)] = 's';
          })
          .catch(noteFailure);
      }
    }
    drawnAfterChunk.push(drawing);
  }
  if (sendEmails && state.issuedTrainerUuids.length > 0) state.phase = 'sending';
  await Promise.all([drawing, ...sending]);
  if (failure) throw failure.error;
  return sentByChunk.flat();
}

/** A chunk's outcomes in the carried form (TCreditNoteRunCarried): 'i' or 'r' per trainer, '-' for one the activity did not answer. */
function noteOutcomes(outcomes: string[], offset: number, chunk: string[], result: TIssueCreditNotesResult): void {
  chunk.forEach((_, index) => (outcomes[offset + index] = '-'));
  for (const trainer of result.trainers) {
    const index = chunk.indexOf(trainer.trainerUuid);
    if (index >= 0) outcomes[offset + index] = trainer.outcome === 'refused' ? 'r' : 'i';
  }
}

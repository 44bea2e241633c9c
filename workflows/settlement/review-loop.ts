import { ActivityFailure, ApplicationFailure, patched, setHandler } from '@temporalio/workflow';
import { approvalsChangedSignal, approveUpdate, FAILURE, PREVIEW_SEND_CHUNK_SIZE, sendPreviewsUpdate, SETTLEMENT_STEP, type TSendPreviewsArgs } from '../settlement.messages';
import { announcePreviewSendFinished, createTrainerReviews, deliverEmails, queuePreviewEmails, recordApproval } from './activities';
import type { TCreateTrainerReviewsResult } from '../../activities/review';
import { distinct, fail, type SettlementContext } from './context';

// Steps 3–4, the review loop (with trainer review): `sendPreviews` sends the chosen trainers their
// preview in batches (run by the main loop), then the approvals come in. The api records each toggle
// in PostgreSQL under the review's locks and signals a company toggle's current values
// (`approvalsChanged`; a trainer's or a location's toggle decides nothing here, docs/decisions/0165),
// which the credit-note step and its validator read; the `approve` update (its validator refuses a locked
// toggle, its activity writes the same rows) stays so that recorded histories and older clients that
// use it keep working (docs/decisions/0100).

const APPROVAL_KINDS: readonly string[] = ['trainer', 'company', 'location'];

export function registerReviewHandlers(ctx: SettlementContext): void {
  const { state, settlementUuid, locale } = ctx;

  setHandler(
    sendPreviewsUpdate,
    (args) => {
      const trainerUuids = distinct(args.trainerUuids);
      ctx.pendingPreviewSend = { ...args, trainerUuids };
      state.previewSend = { sendUuid: args.sendUuid, phase: 'sending', total: trainerUuids.length, processed: 0 };
      ctx.goTo(SETTLEMENT_STEP.sendPreview);
      return { sendUuid: args.sendUuid, trainerUuids, state: ctx.snapshot() };
    },
    {
      validator: ({ trainerUuids }) => {
        ctx.assertInProgress();
        ctx.assertIdle();
        if (state.trainerReview !== true) throw fail(FAILURE.conflict, 'review.reviewRequired');
        if (trainerUuids.length === 0) throw fail(FAILURE.invalid, 'settlement.emptySelection');
        const outside = trainerUuids.find((uuid: string) => !ctx.everPrepared.has(uuid));
        if (outside) throw fail(FAILURE.invalid, 'settlement.trainerNotSelected', { trainer: outside });
        const billed = trainerUuids.find((uuid: string) => state.billedTrainerUuids.includes(uuid));
        if (billed) throw fail(FAILURE.invalid, 'settlement.trainerBilled', { trainer: billed });
      },
    },
  );

  setHandler(approvalsChangedSignal, ({ approvals }) => {
    for (const { trainerUuid, company, trainer, seq } of approvals) {
      if (seq < (ctx.approvalSeqs.get(trainerUuid) ?? 0)) continue;
      ctx.approvalSeqs.set(trainerUuid, seq);
      state.approvals[trainerUuid] = { company, trainer };
    }
  });

  setHandler(
    approveUpdate,
    async ({ trainerUuid, by, approved, userUuid, studioUuid }) => {
      ctx.approvalsInFlight++;
      ctx.approvingTrainers.add(trainerUuid);
      let result: Awaited<ReturnType<typeof recordApproval>>;
      try {
        result = await ctx.withBusy(() => recordApproval({ settlementUuid, trainerUuid, by, approved, userUuid, studioUuid, locale }));
      } catch (error) {
        // The records refused (a lock the workflow did not know of): answer the caller with its reason.
        if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure) throw fail(error.cause.type ?? FAILURE.conflict, error.cause.message);
        throw error;
      } finally {
        ctx.approvalsInFlight--;
        ctx.approvingTrainers.delete(trainerUuid);
      }
      state.approvals[trainerUuid] = { company: result.company, trainer: result.trainer };
      return { entries: result.entries, state: ctx.snapshot() };
    },
    {
      validator: ({ trainerUuid, by, studioUuid }) => {
        ctx.assertInProgress();
        // Only a preparation or a status command keeps an approval out; other trainers' approvals do
        // not (1,000 trainers approve within minutes of each other), one of the same trainer does.
        // Loosening a validator needs no patched(): refused updates leave no trace in the history.
        if (ctx.preparing() || ctx.busyCommands > ctx.approvalsInFlight) throw fail(FAILURE.conflict, 'settlement.preparationRunning');
        if (ctx.approvingTrainers.has(trainerUuid)) throw fail(FAILURE.conflict, 'review.approvalInProgress');
        if (!APPROVAL_KINDS.includes(by)) throw fail(FAILURE.invalid, 'validation.invalid');
        if (by === 'location' && !studioUuid) throw fail(FAILURE.invalid, 'validation.invalid');
        if (!ctx.inSettlement(trainerUuid)) throw fail(FAILURE.notFound, 'review.trainerNotInSettlement');
        if (state.billedTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.conflict, 'review.lockedPdfCreated');
        if (by === 'trainer') {
          if (!state.previewSentTrainerUuids.includes(trainerUuid)) throw fail(FAILURE.conflict, 'review.previewNotSent', { trainer: trainerUuid });
          if (ctx.approvalsOf(trainerUuid).company) throw fail(FAILURE.conflict, 'review.lockedCompanyApproved');
        }
      },
    },
  );
}

/** The pipelined send (recorded history: test/fixtures/histories/settlement-v2-previews-pipelined.json). */
const PIPELINED_SEND = '2026-11-preview-send-pipelined';
/**
 * The pipelined send whose e-mails are recorded in the delivery lane, in chunks of
 * QUEUED_IN_LANE_CHUNK_SIZE (recorded history: test/fixtures/histories/settlement-v2-previews-queued-in-lane.json;
 * docs/decisions/0175).
 */
const QUEUED_IN_LANE_SEND = '2026-11-preview-send-queued-in-lane';
/** Trainers a chunk of QUEUED_IN_LANE_SEND; the older paths keep PREVIEW_SEND_CHUNK_SIZE (their histories schedule by it). */
const QUEUED_IN_LANE_CHUNK_SIZE = 50;
/** Chunks whose e-mails are delivered at once, at most (chunks take turns). */
const DELIVERY_LANES = 2;

type SendCounts = { created: number; skipped: number; failed: number };

/**
 * Sending previews (step 3; spec 4 "Preview send", batched instead of one call every 2 s). Under
 * PIPELINED_SEND a chunk's e-mails are delivered while the next chunk's reviews are created, so
 * PostgreSQL (reviews, notifications, outbox) and SMTP work side by side instead of taking turns;
 * under QUEUED_IN_LANE_SEND the e-mails are also recorded in the outbox in the delivery lane, so
 * the chain of reviews waits for no outbox rows, and a chunk is twice as large. Histories without
 * the patches take the paths they were recorded with. The finish message comes after every delivery.
 */
export async function sendPreviews(ctx: SettlementContext, args: TSendPreviewsArgs): Promise<void> {
  const { sendUuid } = args;
  const messagesLocale = args.locale ?? ctx.locale;
  const counts: SendCounts = { created: 0, skipped: 0, failed: 0 };
  if (patched(QUEUED_IN_LANE_SEND)) await createAndDeliverPipelined(ctx, args, counts, queuedInLane(ctx, args));
  else if (patched(PIPELINED_SEND)) await createAndDeliverPipelined(ctx, args, counts, queuedWithReviews(ctx, args));
  else await createThenDeliver(ctx, args, counts);
  await announcePreviewSendFinished({ settlementUuid: ctx.settlementUuid, sendUuid, ...counts, locale: messagesLocale });
}

/** Notes a chunk's outcomes (the trainers sent a preview, the counts). */
function countChunk(ctx: SettlementContext, counts: SendCounts, result: TCreateTrainerReviewsResult): void {
  const { state } = ctx;
  for (const trainer of result.trainers) {
    if (trainer.outcome === 'created' || trainer.outcome === 'already_sent') {
      if (!state.previewSentTrainerUuids.includes(trainer.trainerUuid)) state.previewSentTrainerUuids.push(trainer.trainerUuid);
    }
    if (trainer.outcome === 'created') counts.created++;
    else if (trainer.outcome === 'failed') counts.failed++;
    else counts.skipped++;
  }
}

/** The e-mails createTrainerReviews recorded for a chunk (the paths before QUEUED_IN_LANE_SEND). */
const emailsOf = (result: TCreateTrainerReviewsResult): string[] => result.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));

const reviewsInput = (ctx: SettlementContext, { sendUuid, trainerUuids, message, userUuid, locale }: TSendPreviewsArgs, chunk: string[], offset: number) => ({
  settlementUuid: ctx.settlementUuid,
  sendUuid,
  trainerUuids: chunk,
  offset,
  total: trainerUuids.length,
  message,
  userUuid,
  locale: locale ?? ctx.locale,
});

/** The send before PIPELINED_SEND (histories recorded then replay it): a chunk's reviews, then its e-mails, then the next chunk. */
async function createThenDeliver(ctx: SettlementContext, args: TSendPreviewsArgs, counts: SendCounts): Promise<void> {
  const { trainerUuids } = args;
  for (let offset = 0; offset < trainerUuids.length; offset += PREVIEW_SEND_CHUNK_SIZE) {
    const chunk = trainerUuids.slice(offset, offset + PREVIEW_SEND_CHUNK_SIZE);
    const result = await createTrainerReviews(reviewsInput(ctx, args, chunk, offset));
    countChunk(ctx, counts, result);
    const emailUuids = emailsOf(result);
    if (emailUuids.length > 0) await deliverEmails({ emailUuids });
    if (ctx.state.previewSend) ctx.state.previewSend.processed += chunk.length;
  }
}

/**
 * How a pipelined send makes a chunk's reviews and delivers its e-mails: `create` is the chain's
 * step, `deliver` the lane's (`stopped`: the send had stopped when the lane came to this chunk, so
 * nothing is delivered).
 */
type PipelineSteps = {
  chunkSize: number;
  create: (chunk: string[], offset: number) => Promise<TCreateTrainerReviewsResult>;
  deliver: (result: TCreateTrainerReviewsResult, stopped: boolean) => Promise<void>;
};

/** PIPELINED_SEND: createTrainerReviews records the chunk's e-mails, the lane delivers them. */
const queuedWithReviews = (ctx: SettlementContext, args: TSendPreviewsArgs): PipelineSteps => ({
  chunkSize: PREVIEW_SEND_CHUNK_SIZE,
  create: (chunk, offset) => createTrainerReviews(reviewsInput(ctx, args, chunk, offset)),
  deliver: async (result, stopped) => {
    const emailUuids = emailsOf(result);
    if (!stopped && emailUuids.length > 0) await deliverEmails({ emailUuids });
  },
});

/**
 * QUEUED_IN_LANE_SEND: createTrainerReviews writes the reviews only; the lane records the created
 * trainers' e-mails (also once the send stops, so a created review never lacks its e-mail in the
 * outbox, as before) and delivers them.
 */
const queuedInLane = (ctx: SettlementContext, args: TSendPreviewsArgs): PipelineSteps => ({
  chunkSize: QUEUED_IN_LANE_CHUNK_SIZE,
  create: (chunk, offset) => createTrainerReviews({ ...reviewsInput(ctx, args, chunk, offset), queueEmails: false }),
  deliver: async (result, stopped) => {
    const created = result.trainers.flatMap((trainer) => (trainer.outcome === 'created' ? [trainer.trainerUuid] : []));
    if (created.length === 0) return;
    const { emailUuids } = await queuePreviewEmails({ settlementUuid: ctx.settlementUuid, trainerUuids: created, message: args.message });
    if (!stopped && emailUuids.length > 0) await deliverEmails({ emailUuids });
  },
});

/**
 * The pipelined send: the chunks' reviews are created one after the other, in the trainers' order;
 * a chunk's e-mails go out in one of DELIVERY_LANES lanes after that lane's chunk before it, while
 * the next chunks' reviews are created. The reviews run at most one chunk ahead of the deliveries
 * under way. A chunk is processed once its e-mails are delivered. They can overlap: the reviews
 * lock the settlement and write review rows, notifications, log rows (and, before
 * QUEUED_IN_LANE_SEND, new outbox rows); the lane's outbox rows and deliveries touch only its
 * chunk's e-mails (other trainers', other keys). A chunk that fails (after its retries) stops the
 * send: no further chunk starts, the deliveries under way finish, and the failure is thrown, as in
 * the sequential send.
 */
async function createAndDeliverPipelined(ctx: SettlementContext, args: TSendPreviewsArgs, counts: SendCounts, steps: PipelineSteps): Promise<void> {
  const { state } = ctx;
  const { trainerUuids } = args;
  const { chunkSize } = steps;
  let failure: { error: unknown } | undefined;
  // The lanes never reject: a failure is noted and thrown once every lane has settled.
  const noteFailure = (error: unknown) => void (failure ??= { error });
  const lanes: Array<Promise<void>> = Array.from({ length: DELIVERY_LANES }, () => Promise.resolve());
  const deliveredAfterChunk: Array<Promise<void>> = [];
  for (let offset = 0, index = 0; offset < trainerUuids.length && !failure; offset += chunkSize, index++) {
    if (index > DELIVERY_LANES) await deliveredAfterChunk[index - DELIVERY_LANES - 1];
    if (failure) break;
    const chunk = trainerUuids.slice(offset, offset + chunkSize);
    let result: TCreateTrainerReviewsResult;
    try {
      result = await steps.create(chunk, offset);
    } catch (error) {
      noteFailure(error);
      break;
    }
    countChunk(ctx, counts, result);
    const lane = index % DELIVERY_LANES;
    lanes[lane] = lanes[lane]!.then(async () => {
      const stopped = failure !== undefined;
      await steps.deliver(result, stopped);
      if (!stopped && state.previewSend) state.previewSend.processed += chunk.length;
    }).catch(noteFailure);
    deliveredAfterChunk.push(lanes[lane]!);
  }
  await Promise.all(lanes);
  if (failure) throw failure.error;
}

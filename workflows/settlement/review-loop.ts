import { ActivityFailure, ApplicationFailure, setHandler } from '@temporalio/workflow';
import { approvalsChangedSignal, approveUpdate, FAILURE, PREVIEW_SEND_CHUNK_SIZE, sendPreviewsUpdate, SETTLEMENT_STEP, type TSendPreviewsArgs } from '../settlement.messages';
import { announcePreviewSendFinished, createTrainerReviews, deliverEmails, recordApproval } from './activities';
import { distinct, fail, type SettlementContext } from './context';

// Steps 3–4, the review loop (with trainer review): `sendPreviews` sends the chosen trainers their
// preview in batches (run by the main loop), then the approvals come in. The api records each toggle
// in PostgreSQL under the review's locks and signals the current values (`approvalsChanged`), which
// the credit-note step and its validator read; the `approve` update (its validator refuses a locked
// toggle, its activity writes the same rows) stays for clients and histories from before issue 14.

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
      ctx.busyCommands++;
      ctx.approvalsInFlight++;
      ctx.approvingTrainers.add(trainerUuid);
      let result: Awaited<ReturnType<typeof recordApproval>>;
      try {
        result = await recordApproval({ settlementUuid, trainerUuid, by, approved, userUuid, studioUuid, locale });
      } catch (error) {
        // The records refused (a lock the workflow did not know of): answer the caller with its reason.
        if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure) throw fail(error.cause.type ?? FAILURE.conflict, error.cause.message);
        throw error;
      } finally {
        ctx.busyCommands--;
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

/** Sending previews (step 3; spec 4 "Preview send", batched instead of one call every 2 s). */
export async function sendPreviews(ctx: SettlementContext, { sendUuid, trainerUuids, message, userUuid, locale: callerLocale }: TSendPreviewsArgs): Promise<void> {
  const { state, settlementUuid, locale } = ctx;
  const messagesLocale = callerLocale ?? locale;
  const counts = { created: 0, skipped: 0, failed: 0 };
  for (let offset = 0; offset < trainerUuids.length; offset += PREVIEW_SEND_CHUNK_SIZE) {
    const chunk = trainerUuids.slice(offset, offset + PREVIEW_SEND_CHUNK_SIZE);
    const result = await createTrainerReviews({ settlementUuid, sendUuid, trainerUuids: chunk, offset, total: trainerUuids.length, message, userUuid, locale: messagesLocale });
    for (const trainer of result.trainers) {
      if (trainer.outcome === 'created' || trainer.outcome === 'already_sent') {
        if (!state.previewSentTrainerUuids.includes(trainer.trainerUuid)) state.previewSentTrainerUuids.push(trainer.trainerUuid);
      }
      if (trainer.outcome === 'created') counts.created++;
      else if (trainer.outcome === 'failed') counts.failed++;
      else counts.skipped++;
    }
    const emailUuids = result.trainers.flatMap((trainer) => (trainer.emailUuid ? [trainer.emailUuid] : []));
    if (emailUuids.length > 0) await deliverEmails({ emailUuids });
    if (state.previewSend) state.previewSend.processed += chunk.length;
  }
  await announcePreviewSendFinished({ settlementUuid, sendUuid, ...counts, locale: messagesLocale });
}

import { randomUUID } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { EventFeed } from '../../../db/events';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { sendPreviewsUpdate } from '../../../workflows/settlement.messages';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { ZUuid } from '../../../contracts/common.contract';
import { ZSendPreviewsRequest, ZSendStreamMessage, type TSendStreamMessage } from '../../../contracts/review.contract';
import { ZSettlementMonth } from '../../../contracts/settlement.contract';
import { followSending } from '../../http/follow-sending';
import { ndjsonStream } from '../../http/ndjson';
import { HttpError, notFound } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { trainerNamesOf } from '../../../db/queries/trainer-names';
import { assertInProgress, assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { assertSameStudioGroup, findSettlement, findTrainerByKey } from '../../auth/tenancy';
import { queryState, runUpdate, settlementHandle } from '../../temporal';
import { requestEntityManager } from '../../http/entity-manager';

// Send previews (spec admin 2.5, 2.6, 4 "Preview send", 7): the screen's streamed call and the
// spec's per-trainer call. Both ask the settlement workflow (the `sendPreviews` update) and follow
// what its activities publish on the event feed for this sending, so a page on another api replica
// — or a reload — sees the same messages. The sending runs on when the browser goes away.

type Deps = { temporal: Client; feed: EventFeed };

const ZTrainerReviewForm = z.object({
  apiSlug: z.string().optional(),
  idMandant: z.coerce.number().int().positive().optional(),
  idStudioGroup: z.coerce.number().int().positive().optional(),
  settlementMonth: ZSettlementMonth.optional(),
  /** TrainerID (the record's id) or its uuid. */
  trainerId: z.string().min(1),
  idUser: z.string().optional(),
  settlementUuid: ZUuid,
  message: z.string().max(2000).optional().default(''),
});

const ZTrainerReviewCreated = z.object({ status: z.literal('success'), message: z.string() });

const schemas = {
  send: {
    body: ZSendPreviewsRequest,
    produces: 'application/x-ndjson',
    response: ZSendStreamMessage,
    summary: 'Sends the previews to the selected trainers: a stream of JSON lines (config with item_count, success / info / error per trainer, finished_studiogroup).',
  },
  one: {
    body: ZTrainerReviewForm,
    consumes: 'application/x-www-form-urlencoded',
    response: ZTrainerReviewCreated,
    responses: { 200: ZTrainerReviewCreated, 204: null },
    summary: 'Sends one trainer\'s preview (form-encoded): 200 review created, 204 trainer account not connected.',
  },
} as const;

/** Mounted under /api/v1/:g. */
export function createSendPreviewRouter({ temporal, feed }: Deps) {
  const router = Router({ mergeParams: true });

  /** Starts a sending; answers once the workflow accepted it (a refusal is the usual error answer). */
  const startSending = async (req: Request, settlementUuid: string, trainerUuids: string[], message: string, lastDay?: string) => {
    const settlement = await findSettlement(requestEntityManager(), studioGroupOf(req), settlementUuid);
    assertInProgress(settlement);
    assertMonthMatches(settlement, lastDay, localeOf(req));
    const sendUuid = randomUUID();
    const sending = followSending(feed, settlement.uuid, sendUuid, async () => {
      const state = await queryState(temporal, settlement.uuid);
      return state?.previewSend?.sendUuid === sendUuid && state.previewSend.phase === 'done';
    });
    try {
      const answer = await runUpdate(
        temporal,
        () =>
          settlementHandle(temporal, settlement.uuid).executeUpdate(sendPreviewsUpdate, {
            args: [{ sendUuid, trainerUuids, message, userUuid: authOf(req).userUuid, locale: localeOf(req) }],
          }),
        await trainerNamesOf(requestEntityManager(), studioGroupOf(req), trainerUuids),
      );
      return { settlement, sending, answer };
    } catch (error) {
      sending.close();
      throw error;
    }
  };

  /** POST /settlement/trainer-preview/send: the NDJSON stream of the step 'Send preview'. */
  router.post('/settlement/trainer-preview/send', validate(schemas.send), async (req: Request, res: Response) => {
    const { body } = validated(req, schemas.send);
    const lastDay = body.settlementMonth ? parseMonth(body.settlementMonth, 'settlementMonth') : undefined;
    const { sending, answer } = await startSending(req, body.settlementUuid, body.trainersSelected, body.message, lastDay);
    req.on('close', sending.close);

    const stream = ndjsonStream<TSendStreamMessage>(res);
    stream.open({ 'X-Send-Uuid': answer.sendUuid });
    stream.write({ status: 'config', message: t(req, 'review.previewSendStarted', { count: answer.trainerUuids.length }), item_count: answer.trainerUuids.length });
    for await (const message of sending.messages) stream.write(message);
    sending.close();
    stream.end();
  });

  /**
   * POST /settlement/trainer/review (form-encoded, one trainer; spec 7): 200 'Review for {id}
   * created', 204 when the trainer has no portal account, 409 'Review for {id} has not been created'.
   */
  router.post('/settlement/trainer/review', express.urlencoded({ extended: false, limit: '100kb' }), validate(schemas.one), async (req: Request, res: Response) => {
    const { body } = validated(req, schemas.one);
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { apiSlug: body.apiSlug, idMandant: body.idMandant, idStudioGroup: body.idStudioGroup });
    const trainer = await findTrainerByKey(requestEntityManager(), group, body.trainerId).catch((error: unknown) => {
      throw error instanceof HttpError && error.status === 404 ? notFound('review.trainerNotInSettlement') : error;
    });
    const lastDay = body.settlementMonth ? parseMonth(body.settlementMonth, 'settlementMonth') : undefined;
    const { sending } = await startSending(req, body.settlementUuid, [trainer.uuid], body.message, lastDay);
    let outcome: TSendStreamMessage | undefined;
    try {
      for await (const message of sending.messages) {
        if (message.trainer_uuid === trainer.uuid) outcome = message;
      }
    } finally {
      sending.close();
    }
    if (outcome?.outcome === 'created' || outcome?.outcome === 'already_sent') {
      res.status(200).json({ status: 'success', message: outcome.message });
      return;
    }
    if (outcome?.outcome === 'not_connected') {
      res.status(204).end();
      return;
    }
    throw new HttpError(409, 'review.previewFailed', undefined, { trainer: trainerDisplayName(trainer) });
  });

  return router;
}

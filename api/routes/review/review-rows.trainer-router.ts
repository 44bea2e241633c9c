import { Router } from 'express';
import { ldJsonBody } from '../../http/ld-json';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { authOf } from '../../auth/sessions';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { ZUuid } from '../../../contracts/common.contract';
import { ZReviewSavedResponse, ZSaveReviewRequest, ZTrainerSettlementReview, type TReviewSavedResponse, type TTrainerSettlementReview } from '../../../contracts/review.contract';
import { HttpError, notFound } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager as em } from '../../http/entity-manager';
import { readTrainerReview, saveTrainerReview } from './trainer-review-rows.service';

type Deps = { temporal: Client };

const pathParams = z.object({ studioGroupUuid: ZUuid, settlementUuid: ZUuid });
const schemas = {
  read: {
    params: pathParams.extend({ user: ZUuid }),
    response: ZTrainerSettlementReview,
    responses: { 200: ZTrainerSettlementReview, 204: null },
    summary: 'The trainer\'s review of a settlement: review rows, data rows and list_footer (Netto, MwSt, Brutto in euros); 204 when there is none.',
  },
  save: {
    params: pathParams,
    body: ZSaveReviewRequest,
    response: ZReviewSavedResponse,
    responses: { 200: ZReviewSavedResponse, 201: ZReviewSavedResponse },
    summary: 'The trainer saves comments per review row and the confirmation (POST first: 201; later POST or PUT: 200). Takes application/ld+json too.',
  },
};

/**
 * Mounted under /api/v2: the trainer's settlement review (trainer portal 3, 4, 7). GET answers 204
 * when the caller has no review in the settlement; the first save is a POST, later ones PUT.
 */
export function createReviewRowsTrainerRouter({ temporal }: Deps) {
  const router = Router();

  router.get('/:studioGroupUuid/trainer_account/settlement_review/:settlementUuid/:user', requireTrainer, requireOwnUser, validate(schemas.read), async (req, res) => {
    const { params } = validated(req, schemas.read);
    const review: TTrainerSettlementReview | null = await readTrainerReview({ em: em(), studioGroupUuid: params.studioGroupUuid, settlementUuid: params.settlementUuid, userId: authOf(req).userId });
    if (!review) {
      res.status(204).end();
      return;
    }
    res.json(review);
  });

  for (const method of ['post', 'put'] as const) {
    router[method]('/:studioGroupUuid/trainer_account/settlement_review/:settlementUuid', requireTrainer, ldJsonBody, validate(schemas.save), async (req, res) => {
      const { params, body } = validated(req, schemas.save);
      const auth = authOf(req);
      if (body.trainerAccountUuid !== auth.userUuid) throw new HttpError(403, 'auth.notYourAccount', 'trainerAccountUuid');
      if (body.studioGroupUuid !== params.studioGroupUuid) throw notFound('tenancy.studioGroupNotFound');
      const { existedBefore } = await saveTrainerReview({
        em: em(),
        temporal,
        studioGroupUuid: params.studioGroupUuid,
        settlementUuid: params.settlementUuid,
        userId: auth.userId,
        userUuid: auth.userUuid,
        review: body.review,
        approved: body.approved,
        locale: localeOf(req),
      });
      const answer: TReviewSavedResponse = { status: 'success', message: t(req, 'review.saved') };
      // The first POST creates the saved review; a POST after one exists is accepted like a PUT.
      res.status(method === 'post' && !existedBefore ? 201 : 200).json(answer);
    });
  }

  return router;
}

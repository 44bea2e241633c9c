import { Router } from 'express';
import { ldJsonBody } from '../../http/ld-json';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { ZUuid } from '../../../contracts/common.contract';
import { ZAdminSaveReviewRequest, ZApprovedTrainersResponse, ZPreviewCheckResponse, ZReviewSavedResponse, ZTrainerReviewsResponse, type TApprovedTrainersResponse, type TPreviewCheckResponse, type TReviewSavedResponse, type TTrainerReview } from '../../../contracts/review.contract';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager as em } from '../../http/entity-manager';
import { assertSameStudioGroup, findSettlement } from '../../auth/tenancy';
import { findReviewTrainer, listTrainerReviews, saveCompanyReview } from './company-review-rows.service';
import { approvedTrainers, previewCheck } from './preview-check.service';

type Deps = { temporal: Client };

const uuidParam = z.object({ settlementUuid: ZUuid });
const schemas = {
  reviews: {
    params: z.object({ idStudioGroup: z.coerce.number().int().positive(), settlementUuid: ZUuid }),
    response: ZTrainerReviewsResponse,
    summary: 'The trainer reviews of a settlement: one per trainer sent a preview, with their review rows (step 4).',
  },
  save: {
    params: uuidParam,
    body: ZAdminSaveReviewRequest,
    response: ZReviewSavedResponse,
    summary: 'The company saves a trainer\'s review rows (comments, approved marks; `approved` = review finished). Takes application/ld+json too.',
  },
  previewCheck: { params: uuidParam, response: ZPreviewCheckResponse, summary: 'Preview check, left column: locations and their trainers with approval marks.' },
  approved: { params: uuidParam, response: ZApprovedTrainersResponse, summary: 'Trainers the company approved: who may be sent a credit note now (sum_gross in euros).' },
};

/**
 * Mounted under /api/v1/:g (before the settlement router): the admin's feedback review (2.7), the
 * preview check's trainer list (2.10) and the approved trainers of the send-credit-note modal.
 */
export function createReviewRowsRouter({ temporal }: Deps) {
  const router = Router({ mergeParams: true });

  router.get('/settlement/trainer/reviews/:idStudioGroup/:settlementUuid', validate(schemas.reviews), async (req, res) => {
    const { params } = validated(req, schemas.reviews);
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { idStudioGroup: params.idStudioGroup });
    const settlement = await findSettlement(em(), group, params.settlementUuid);
    const answer: TTrainerReview[] = await listTrainerReviews(em(), group, settlement);
    res.json(answer);
  });

  router.put('/trainer_account/settlement_review/:settlementUuid', ldJsonBody, validate(schemas.save), async (req, res) => {
    const { params, body } = validated(req, schemas.save);
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { studioGroupUuid: body.studioGroupUuid });
    const settlement = await findSettlement(em(), group, params.settlementUuid);
    const trainer = await findReviewTrainer(em(), group, (body.trainerUuid ?? body.trainerAccountUuid)!);
    const auth = authOf(req);
    await saveCompanyReview({ em: em(), temporal, settlement, trainer, user: { id: auth.userId, uuid: auth.userUuid }, review: body.review, approved: body.approved, locale: localeOf(req) });
    const answer: TReviewSavedResponse = { status: 'success', message: t(req, 'review.saved') };
    res.json(answer);
  });

  router.get('/settlement/:settlementUuid/preview-check', validate(schemas.previewCheck), async (req, res) => {
    const { params } = validated(req, schemas.previewCheck);
    const settlement = await findSettlement(em(), studioGroupOf(req), params.settlementUuid);
    const answer: TPreviewCheckResponse = await previewCheck(em(), settlement);
    res.json(answer);
  });

  router.get('/settlement/trainer-preview/:settlementUuid/approved', validate(schemas.approved), async (req, res) => {
    const { params } = validated(req, schemas.approved);
    const settlement = await findSettlement(em(), studioGroupOf(req), params.settlementUuid);
    const answer: TApprovedTrainersResponse = await approvedTrainers(em(), settlement);
    res.json(answer);
  });

  return router;
}

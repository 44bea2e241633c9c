import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { authOf } from '../../auth/sessions';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { ZUuid } from '../../../contracts/common.contract';
import {
  ZAddCommentRequest,
  ZApprovalListResponse,
  ZCommentsResponse,
  ZCreditNotePreview,
  ZTrainerApproveRequest,
  ZTrainerCreditNotesQuery,
  ZTrainerCreditNotesResponse,
  ZTrainerSettlement,
  type TCommentsResponse,
  type TCreditNotePreview,
  type TTrainerCreditNotesResponse,
  type TTrainerSettlement,
} from '../../../contracts/review.contract';
import { HttpError, notFound } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import { addComment } from './comments';
import { trainerCreditNotePreview } from './review-preview';
import { approveByTrainer, assertOwnTrainerUuids, listTrainerCreditNotes, trainerApprovalTarget, trainerCommentTarget, trainerSettlement } from './review.service';

// The trainer's side of the review (trainer portal 2–5, spec 7): their settlement, the credit-note
// preview, comments and the approval switch. Only the caller's own rows of settlements they were sent
// a preview of; anything else is "not found". Guards per route: this router shares /api/v2.

const previewParams = z.object({ studioGroupUuid: ZUuid, userId: ZUuid, settlementUuid: ZUuid });
const schemas = {
  settlement: { params: z.object({ settlementUuid: ZUuid }), response: ZTrainerSettlement, summary: 'A settlement the trainer was sent a preview of (pdfCreated, studioGroupUuid).' },
  preview: {
    params: previewParams,
    response: ZCreditNotePreview,
    summary: 'The trainer\'s credit-note preview: credit_note_info, credit_note_rows, credit_note_footer (euros), overall_feedback.',
  },
  comment: { params: previewParams, body: ZAddCommentRequest, response: ZCommentsResponse, summary: 'The trainer comments a class (or the overall feedback); answers the thread, newest first.' },
  approve: { params: previewParams, body: ZTrainerApproveRequest, response: ZApprovalListResponse, summary: 'The Trainer approval switch; answers the approval list, newest (current) first.' },
  creditNotes: { query: ZTrainerCreditNotesQuery, response: ZTrainerCreditNotesResponse, summary: 'The trainer\'s settlements by state (hydra:member), newest first.' },
};

const PREVIEW_PATH = '/:studioGroupUuid/trainer-account/:userId/credit-note-preview/:settlementUuid';

/** Mounted under /api/v2 after requireAuth. */
export function createTrainerReviewRouter({ temporal }: { temporal: Client }) {
  const router = Router();

  router.get('/settlements/:settlementUuid', requireTrainer, validate(schemas.settlement), async (req, res) => {
    const { params } = validated(req, schemas.settlement);
    const answer: TTrainerSettlement = await trainerSettlement(requestEntityManager(), authOf(req).userId, params.settlementUuid);
    res.json(answer);
  });

  router.get('/trainer_credit_notes', requireTrainer, validate(schemas.creditNotes), async (req, res) => {
    const { query } = validated(req, schemas.creditNotes);
    const auth = authOf(req);
    assertOwnTrainerUuids([query.trainerUuid ?? [], query['trainerUuid[]'] ?? []].flat(), auth.userUuid);
    const answer: TTrainerCreditNotesResponse = await listTrainerCreditNotes(requestEntityManager(), auth.userId, {
      workflowState: query.workflowState,
      studioGroupUuid: query.studioGroupUuid,
      order: query['order[createdDt]'],
      itemsPerPage: query.itemsPerPage,
      page: query.page,
    });
    res.json(answer);
  });

  router.get(PREVIEW_PATH, requireTrainer, requireOwnUser, validate(schemas.preview), async (req, res) => {
    const { params } = validated(req, schemas.preview);
    const answer: TCreditNotePreview = await trainerCreditNotePreview(requestEntityManager(), authOf(req).userId, params.settlementUuid, params.studioGroupUuid, localeOf(req));
    res.json(answer);
  });

  router.post(`${PREVIEW_PATH}/add-comment`, requireTrainer, requireOwnUser, validate(schemas.comment), async (req, res) => {
    const { params, body } = validated(req, schemas.comment);
    const em = requestEntityManager();
    const auth = authOf(req);
    const target = await trainerCommentTarget(em, auth.userId, params.settlementUuid, params.studioGroupUuid);
    const comments = await addComment(em, {
      settlementTrainer: target,
      author: { userId: auth.userId, name: target.authorName, role: 'ROLE_TRAINER' },
      request: body,
    });
    const answer: TCommentsResponse = { status: 'success', comments };
    res.json(answer);
  });

  router.post(`${PREVIEW_PATH}/approve`, requireTrainer, requireOwnUser, validate(schemas.approve), async (req, res) => {
    const { params, body } = validated(req, schemas.approve);
    const auth = authOf(req);
    // The spec's payload repeats the path's settlement and user: they must agree with it.
    if (body.userUuid !== undefined && body.userUuid !== auth.userUuid) throw new HttpError(403, 'auth.notYourAccount');
    if (body.settlementUuid !== undefined && body.settlementUuid !== params.settlementUuid) throw notFound('settlement.notFound');
    const em = requestEntityManager();
    const settlementTrainer = await trainerApprovalTarget(em, auth.userId, params.settlementUuid, params.studioGroupUuid);
    const answer = await approveByTrainer(em, { temporal, settlementTrainer, approved: body.approved, userUuid: auth.userUuid, locale: localeOf(req) });
    res.json(answer.entries);
  });

  return router;
}

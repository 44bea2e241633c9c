import { Router, type Request, type RequestHandler } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { User } from '../../../db/entities';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { ZUuid } from '../../../contracts/common.contract';
import {
  ZAdminCommentRequest,
  ZApprovalListResponse,
  ZApproveByCompanyRequest,
  ZApproveByLocationRequest,
  ZApproveByLocationResponse,
  ZCommentsResponse,
  ZCreditNotePreview,
  ZTrainerPreviewRequest,
  type TCommentsResponse,
  type TCreditNotePreview,
} from '../../../contracts/review.contract';
import { localeOf } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import { assertSameStudioGroup } from '../../auth/tenancy';
import { addComment } from './comments';
import { adminCreditNotePreview } from './review-preview';
import { adminApprovalTarget, adminSettlementTrainer, approve, assertLocationOfTrainer, locationApprovalsOf } from './review.service';

// The preview check of the admin (spec 2.10, spec 7 "Preview check"): one trainer's preview, the
// comment form and the company and location approval toggles. The left column's list and the
// approved list are served by review-rows. `trainerUuid` is the studio group's trainer record.

const trainerParam = z.object({ trainerUuid: ZUuid });
const schemas = {
  preview: {
    params: trainerParam,
    body: ZTrainerPreviewRequest,
    response: ZCreditNotePreview,
    summary: 'Preview check: one trainer\'s credit-note preview (credit_note_info, credit_note_rows, credit_note_footer in euros, overall_feedback).',
  },
  comment: { params: trainerParam, body: ZAdminCommentRequest, response: ZCommentsResponse, summary: 'Adds the company\'s comment to a class thread (or the overall feedback); answers the thread, newest first.' },
  company: { params: trainerParam, body: ZApproveByCompanyRequest, response: ZApprovalListResponse, summary: 'The Company approval toggle; answers the approval list, newest (current) first.' },
  location: { params: trainerParam, body: ZApproveByLocationRequest, response: ZApproveByLocationResponse, summary: 'Approves (or not) one location of the trainer\'s preview.' },
};

/** Leaves a literal segment (e.g. 'send') to the router that serves it. */
const onlyUuid: RequestHandler = (req, _res, next) => (ZUuid.safeParse(req.params.trainerUuid).success ? next() : next('route'));

/** The caller's name on comments and approvals. */
async function caller(req: Request) {
  const auth = authOf(req);
  const user = await requestEntityManager().findOneOrFail(User, auth.userId);
  return { userId: auth.userId, userUuid: auth.userUuid, name: `${user.firstname} ${user.lastname}`.trim() };
}

/** Mounted under /api/v1/:g (staff of the group). */
export function createPreviewCheckRouter({ temporal }: { temporal: Client }) {
  const router = Router({ mergeParams: true });

  router.post('/settlement/trainer-preview/comment/:trainerUuid', validate(schemas.comment), async (req, res) => {
    const { params, body } = validated(req, schemas.comment);
    const em = requestEntityManager();
    const settlementTrainer = await adminSettlementTrainer(em, studioGroupOf(req), body.settlementUuid, params.trainerUuid);
    const { userId, name } = await caller(req);
    const comments = await addComment(em, { settlementTrainer, author: { userId, name, role: 'ROLE_ADMIN' }, request: body });
    const answer: TCommentsResponse = { status: 'success', comments };
    res.json(answer);
  });

  router.post('/settlement/trainer-preview/approve_by_company/:trainerUuid', validate(schemas.company), async (req, res) => {
    const { params, body } = validated(req, schemas.company);
    const em = requestEntityManager();
    const settlementTrainer = await adminApprovalTarget(em, studioGroupOf(req), body.settlementUuid, params.trainerUuid);
    const answer = await approve({ em, temporal, settlementTrainer, by: 'company', approved: body.approved, userUuid: authOf(req).userUuid, locale: localeOf(req) });
    res.json(answer.entries);
  });

  router.post('/settlement/trainer-preview/approve_by_location/:trainerUuid', validate(schemas.location), async (req, res) => {
    const { params, body } = validated(req, schemas.location);
    const em = requestEntityManager();
    const settlementTrainer = await adminApprovalTarget(em, studioGroupOf(req), body.settlementUuid, params.trainerUuid);
    await assertLocationOfTrainer(em, settlementTrainer, body.locationUuid);
    await approve({ em, temporal, settlementTrainer, by: 'location', approved: body.approved, userUuid: authOf(req).userUuid, studioUuid: body.locationUuid, locale: localeOf(req) });
    res.json({ status: 'success', approved_by_location: await locationApprovalsOf(em, settlementTrainer) });
  });

  // Only a uuid: POST /settlement/trainer-preview/send (the preview sending) shares the pattern.
  router.post('/settlement/trainer-preview/:trainerUuid', onlyUuid, validate(schemas.preview), async (req, res) => {
    const { params, body } = validated(req, schemas.preview);
    const group = studioGroupOf(req);
    assertSameStudioGroup(group, { apiSlug: body.apiSlug });
    const answer: TCreditNotePreview = await adminCreditNotePreview(requestEntityManager(), {
      group,
      settlementUuid: body.settlementUuid,
      trainerUuid: params.trainerUuid,
      settlementMonth: body.settlementMonth,
      locale: localeOf(req),
    });
    res.json(answer);
  });

  return router;
}

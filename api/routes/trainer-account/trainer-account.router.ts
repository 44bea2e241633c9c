import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  ZApproveNotificationRequest,
  ZTrainerAccountPatch,
  type TApproveNotificationAnswer,
  type TTrainerAccountSaved,
} from '../../contracts/trainer-account.contract';
import { authOf } from '../../auth/sessions';
import { HttpError } from '../../errors';
import { t } from '../../locale';
import { validate, validated } from '../../validate';
import { requestEntityManager } from '../master-data/entity-manager';
import {
  accountOf,
  approveNotification,
  connectedStudioGroupNames,
  listConnectedStudioGroups,
  listNotifications,
  patchTrainerAccount,
  savedGroupOf,
  toTrainerAccount,
} from './trainer-account.service';

const SAVED_MESSAGE = {
  personal: 'trainerAccount.personalDataUpdated',
  bank: 'trainerAccount.bankDataUpdated',
  tax: 'trainerAccount.taxDataUpdated',
} as const;

/** Trainer calls only (spec 6): staff and operators get 403. */
const requireTrainer: RequestHandler = (req, _res, next) => {
  if (authOf(req).role !== 'trainer') return next(new HttpError(403, 'trainerAccount.trainerOnly'));
  next();
};

/** `{user}` must be the caller's own uuid (x-user): a trainer reaches only their own account. */
const requireOwnUser: RequestHandler = (req, _res, next) => {
  if (req.params.user !== authOf(req).userUuid) return next(new HttpError(403, 'auth.notYourAccount'));
  next();
};

const ZUuidParams = z.object({ uuid: z.uuid({ error: 'validation.uuid' }) });
const patchSchemas = { body: ZTrainerAccountPatch };
const approveSchemas = { body: ZApproveNotificationRequest };
const studioGroupSchemas = { params: ZUuidParams };

/** Mounted under /api/v2 after requireAuth: the trainer's account, notifications and studio groups. */
export function createTrainerAccountRouter() {
  const router = Router();
  // PATCH is a JSON merge-patch (RFC 7396); app.ts parses application/json only.
  const mergePatchJson = express.json({ type: 'application/merge-patch+json', limit: '100kb' });

  router.get('/trainer_accounts/:user', requireTrainer, requireOwnUser, async (req, res) => {
    res.json(toTrainerAccount(await accountOf(requestEntityManager(), authOf(req).userId)));
  });
  router.patch('/trainer_accounts/:user', requireTrainer, requireOwnUser, mergePatchJson, validate(patchSchemas), async (req, res) => {
    const { body } = validated(req, patchSchemas);
    const account = await patchTrainerAccount(requestEntityManager(), authOf(req).userId, body);
    // A language change answers in the new language, the one the page reloads into.
    const answer: TTrainerAccountSaved = {
      status: 'success',
      message: t({ requestedLocale: body.language ?? req.requestedLocale, auth: req.auth }, SAVED_MESSAGE[savedGroupOf(body)]),
      account: toTrainerAccount(account),
    };
    res.json(answer);
  });

  router.get('/trainer_account_notification_dto/:user', requireTrainer, requireOwnUser, async (req, res) => {
    res.json(await listNotifications(requestEntityManager(), authOf(req).userId));
  });
  router.patch('/trainer_account_notification/approve/:user', requireTrainer, requireOwnUser, mergePatchJson, validate(approveSchemas), async (req, res) => {
    const { body } = validated(req, approveSchemas);
    const answer: TApproveNotificationAnswer = { status: 'success', notification: await approveNotification(requestEntityManager(), authOf(req).userId, body) };
    res.json(answer);
  });

  router.get('/trainer_account_to_studio_groups_dto/:user', requireTrainer, requireOwnUser, async (req, res) => {
    res.json(await listConnectedStudioGroups(requestEntityManager(), authOf(req).userId));
  });
  router.get('/studio_groups/:uuid', requireTrainer, validate(studioGroupSchemas), async (req, res) => {
    const { params } = validated(req, studioGroupSchemas);
    res.json(await connectedStudioGroupNames(requestEntityManager(), authOf(req).userId, params.uuid));
  });
  return router;
}

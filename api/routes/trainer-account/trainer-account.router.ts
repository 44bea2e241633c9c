import express, { Router } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import {
  ZApproveNotificationAnswer,
  ZApproveNotificationRequest,
  ZConnectedStudioGroupList,
  ZDeleteAccountAnswer,
  ZDeleteAccountRequest,
  ZDeleteAccountToken,
  ZStudioGroupNames,
  ZTrainerAccount,
  ZTrainerAccountPatch,
  ZTrainerAccountSaved,
  ZTrainerNotificationList,
  type TApproveNotificationAnswer,
  type TDeleteAccountAnswer,
  type TDeleteAccountToken,
  type TTrainerAccountSaved,
} from '../../../contracts/trainer-account.contract';
import { authOf } from '../../auth/sessions';
import { confirmCurrentPassword } from '../../auth/current-password';
import type { LoginThrottle } from '../../auth/login-throttle';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { HttpError } from '../../http/errors';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import { deliverStaffNotices } from '../trainer-overview/trainer-data-change';
import {
  accountOf,
  approveNotification,
  createDeleteToken,
  deleteTrainerAccount,
  isDeleteTokenValid,
  listConnectedStudioGroups,
  listNotifications,
  needsCurrentPassword,
  patchTrainerAccount,
  savedGroupOf,
  toTrainerAccount,
  visibleStudioGroupNames,
} from './trainer-account.service';

const SAVED_MESSAGE = {
  personal: 'trainerAccount.personalDataUpdated',
  bank: 'trainerAccount.bankDataUpdated',
  tax: 'trainerAccount.taxDataUpdated',
  password: 'trainerAccount.passwordUpdated',
} as const;

const ZUuidParams = z.object({ uuid: z.uuid({ error: 'validation.uuid' }) });
const accountSchemas = { response: ZTrainerAccount, summary: "The trainer's own account (trainer spec 3)." };
const patchSchemas = {
  body: ZTrainerAccountPatch,
  response: ZTrainerAccountSaved,
  summary:
    'Saves any fields of the personal, bank, tax or password groups (JSON merge-patch; application/merge-patch+json or JSON). A new e-mail address, a new password or a different IBAN also needs `currentPassword` (not needed within five minutes of the log-in): missing or wrong is 403 and nothing is saved; wrong ones count as failed log-ins (429 after too many). A new password ends every other session and every reset or confirmation link sent before.',
};
const notificationsSchemas = {
  response: ZTrainerNotificationList,
  summary: "The trainer's notifications, newest first; unread ones have approved null (the bell counts them).",
};
const approveSchemas = { body: ZApproveNotificationRequest, response: ZApproveNotificationAnswer, summary: 'Marks one of the caller\'s notifications read (idempotent).' };
const connectedGroupsSchemas = { response: ZConnectedStudioGroupList, summary: 'The studio groups the trainer is connected to; the first is the default.' };
const studioGroupSchemas = {
  params: ZUuidParams,
  response: ZStudioGroupNames,
  summary: "A studio group's names: for a trainer connected to it, or its staff (the admin screens read it too).",
};
const deleteTokenSchemas = { response: ZDeleteAccountToken, summary: 'A short-lived token the delete-account call must bring back.' };
const deleteSchemas = {
  body: ZDeleteAccountRequest,
  response: ZDeleteAccountAnswer,
  summary: "Deletes the caller's account as far as the law allows (credit notes stay). Needs the dialog's token and `currentPassword` (not needed within five minutes of the log-in): missing or wrong is 403 and nothing is deleted.",
};

/** Mounted under /api/v2 after requireAuth: the trainer's account, notifications and studio groups (trainer spec 7). */
export function createTrainerAccountRouter({
  temporal,
  loginThrottle,
  onEmailChanged,
  dataDir,
}: {
  /** Hands staff the e-mails about a trainer's data change (outboxMailWorkflow); without it they wait in the outbox. */
  temporal?: Client;
  /** Counts wrong current passwords as failed log-ins of the account. */
  loginThrottle: LoginThrottle;
  onEmailChanged?: (em: ReturnType<typeof requestEntityManager>, userId: number) => Promise<void>;
  /** Where the trainers' documents are stored: a deleted account's files go from there. */
  dataDir: string;
}) {
  const router = Router();
  // PATCH is a JSON merge-patch (RFC 7396); app.ts parses application/json only.
  const mergePatchJson = express.json({ type: 'application/merge-patch+json', limit: '100kb' });

  router.get('/trainer_accounts/:user', requireTrainer, requireOwnUser, validate(accountSchemas), async (req, res) => {
    res.json(toTrainerAccount(await accountOf(requestEntityManager(), authOf(req).userId)));
  });
  router.patch('/trainer_accounts/:user', requireTrainer, requireOwnUser, mergePatchJson, validate(patchSchemas), async (req, res) => {
    const { body } = validated(req, patchSchemas);
    const em = requestEntityManager();
    const stored = await accountOf(em, authOf(req).userId);
    if (needsCurrentPassword(stored, body)) await confirmCurrentPassword({ req, user: stored.user, currentPassword: body.currentPassword, throttle: loginThrottle });
    const { account, staffNotices } = await patchTrainerAccount(em, authOf(req).userId, body, { sessionId: authOf(req).sessionId });
    // A change of personal, bank or tax data tells staff (workflowState 'changed'), committed above.
    if (temporal) await deliverStaffNotices(temporal, staffNotices);
    // A new address is confirmed by a link sent to it; the log-in address changes only then.
    if (body.email !== undefined) await onEmailChanged?.(requestEntityManager(), authOf(req).userId);
    // A language change answers in the new language, the one the page reloads into.
    const answer: TTrainerAccountSaved = {
      status: 'success',
      message: t({ requestedLocale: body.language ?? req.requestedLocale, auth: req.auth }, SAVED_MESSAGE[savedGroupOf(body)]),
      account: toTrainerAccount(account),
    };
    res.json(answer);
  });

  router.get('/trainer_account_notification_dto/:user', requireTrainer, requireOwnUser, validate(notificationsSchemas), async (req, res) => {
    res.json(await listNotifications(requestEntityManager(), authOf(req).userId));
  });
  router.patch('/trainer_account_notification/approve/:user', requireTrainer, requireOwnUser, mergePatchJson, validate(approveSchemas), async (req, res) => {
    const { body } = validated(req, approveSchemas);
    const answer: TApproveNotificationAnswer = { status: 'success', notification: await approveNotification(requestEntityManager(), authOf(req).userId, body) };
    res.json(answer);
  });

  router.get('/trainer_account_to_studio_groups_dto/:user', requireTrainer, requireOwnUser, validate(connectedGroupsSchemas), async (req, res) => {
    res.json(await listConnectedStudioGroups(requestEntityManager(), authOf(req).userId));
  });
  // Admin spec 7 reads this call with the staff's headers too: no trainer-only guard, the service scopes by role.
  router.get('/studio_groups/:uuid', validate(studioGroupSchemas), async (req, res) => {
    const { params } = validated(req, studioGroupSchemas);
    res.json(await visibleStudioGroupNames(authOf(req), params.uuid));
  });

  // The delete tab: the dialog fetches a token, the confirm brings it back (no delete by a stray request).
  router.get('/trainer_account/delete/get-token', requireTrainer, validate(deleteTokenSchemas), async (req, res) => {
    const auth = authOf(req);
    const answer: TDeleteAccountToken = { csrf_token: await createDeleteToken(requestEntityManager(), auth.userId, auth.sessionId) };
    res.json(answer);
  });
  router.post('/trainer_account/delete-account', requireTrainer, validate(deleteSchemas), async (req, res) => {
    const { body } = validated(req, deleteSchemas);
    const auth = authOf(req);
    const em = requestEntityManager();
    const account = await accountOf(em, auth.userId);
    if (!isDeleteTokenValid(account.user, auth.sessionId, body.token)) throw new HttpError(403, 'trainerAccount.deleteTokenInvalid', 'token');
    await confirmCurrentPassword({ req, user: account.user, currentPassword: body.currentPassword, throttle: loginThrottle });
    await deleteTrainerAccount(em, auth.userId, dataDir);
    const answer: TDeleteAccountAnswer = { status: 'success', message: t(req, 'trainerAccount.accountDeleted') };
    res.json(answer);
  });
  return router;
}

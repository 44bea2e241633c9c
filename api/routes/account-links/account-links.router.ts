import { Router, type Request } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import {
  ZEmailVerificationAnswer,
  ZForgotPasswordRequest,
  ZInvitationLinkInfo,
  ZInvitationSignUpAnswer,
  ZInvitationSignUpRequest,
  ZInviteTrainerRequest,
  ZLinkTokenBody,
  ZLogoParams,
  ZLogoSaved,
  ZLogoState,
  ZLogoUpload,
  ZPendingInvitationList,
  ZRecommendation,
  ZResetPasswordRequest,
  ZStudioGroupConnectionDelete,
  ZStudioGroupLinkAnswer,
  ZStudioGroupLinkRequest,
  ZTrainerInvitation,
  ZTrainerInvitationSaved,
} from '../../../contracts/account-links.contract';
import { ZSuccess } from '../../../contracts/master-data.contract';
import { ZTrainerIdParams } from '../../../contracts/trainer.contract';
import type { StudioGroup } from '../../../db/entities';
import { addressAndEmailKey, postgresRateLimit } from '../../auth/rate-limit-store';
import { authOf, createApiSession } from '../../auth/sessions';
import { studioGroupOf, studioGroupsOf } from '../../auth/tenancy';
import { recordAudit } from '../../../db/writes/audit-log';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import type { SecretSource } from '../../auth/account-links';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { confirmEmail, logoStateOf, readLogo, recommendationOf, removeLogo, requestPasswordReset, resetPassword, saveLogo, sendEmailConfirmation } from './account.service';
import {
  acceptInvitation,
  declineFromLink,
  declineInvitation,
  deleteStudioConnection,
  invitationLinkInfo,
  inviteTrainer,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
  signUpFromInvitation,
  trainerInvitation,
} from './invitations.service';
import { requestEntityManager } from '../../http/entity-manager';
import { ldJsonBody } from '../../http/ld-json';

// The account routes: the links e-mailed to people (no log-in), the trainer's invitations, connections,
// e-mail confirmation and referral code (/api/v2), the admin's invitations and logo (/api/v1/{g}), and
// the logo file itself.

export type AccountLinksDeps = { orm: MikroORM; temporal: Client; secret: SecretSource; apiKeyTtlHours: number; dataDir: string; referralCampaignEnd: string };

/** E-mail confirmations a user may ask for, and password resets per address and e-mail, in 15 minutes. */
export const CONFIRMATION_EMAILS_PER_WINDOW = 3;
export const PASSWORD_RESETS_PER_WINDOW = 5;
const WINDOW_MS = 15 * 60_000;

const schemas = {
  linkInfo: { body: ZLinkTokenBody, response: ZInvitationLinkInfo, access: 'public', summary: 'What the invitation screen shows for an e-mailed invitation link (no log-in).' },
  signUp: {
    body: ZInvitationSignUpRequest,
    response: ZInvitationSignUpAnswer,
    access: 'public',
    summary: 'A person without an account signs up from the invitation link: a trainer account linked to the invited trainer record, logged in at once.',
  },
  declineLink: { body: ZLinkTokenBody, response: ZSuccess, access: 'public', summary: 'Declines the invitation of an e-mailed link (no log-in).' },
  confirmEmail: { body: ZLinkTokenBody, response: ZSuccess, access: 'public', summary: 'Opens an e-mail confirmation link: the address becomes the log-in address and is confirmed.' },
  forgot: {
    body: ZForgotPasswordRequest,
    response: ZSuccess,
    access: 'public',
    summary: `Forgot password: e-mails a single-use reset link valid for one hour if the address has an account; the same answer either way. ${PASSWORD_RESETS_PER_WINDOW} requests per address and e-mail in 15 minutes.`,
  },
  reset: { body: ZResetPasswordRequest, response: ZSuccess, access: 'public', summary: 'Sets a new password from a reset link and ends every session of the account.' },
  invitations: { response: ZPendingInvitationList, summary: "The trainer's pending invitations (to the account's log-in address)." },
  accept: { body: ZStudioGroupLinkRequest, response: ZStudioGroupLinkAnswer, summary: 'Accepts an invitation: links the account (trainerUuid = user uuid) to the studio group\'s trainer record. Takes application/ld+json (as the spec sends it) or JSON.' },
  decline: { body: ZStudioGroupLinkRequest, response: ZSuccess, summary: 'Declines an invitation: it leaves the list, nothing is linked.' },
  deleteConnection: {
    body: ZStudioGroupConnectionDelete,
    response: ZSuccess,
    summary: 'Removes the connection to a studio group; credit notes and settlements stay. Refused (409) while a settlement of the group waits for the trainer\'s approval.',
  },
  emailVerification: {
    response: ZEmailVerificationAnswer,
    summary: `Sends the e-mail confirmation link again; status 'success' means sent, 'already_confirmed' that there is nothing to confirm (no e-mail). ${CONFIRMATION_EMAILS_PER_WINDOW} per account in 15 minutes.`,
  },
  recommendation: { response: ZRecommendation, summary: "The trainer's personal referral code (made once, stable) and the campaign's last day." },
  trainerInvitation: { params: ZTrainerIdParams, response: ZTrainerInvitation, summary: "The trainer record's latest invitation (or that it is connected)." },
  invite: { params: ZTrainerIdParams, body: ZInviteTrainerRequest, response: ZTrainerInvitationSaved, summary: 'Invites the trainer by e-mail (one pending invitation per trainer).' },
  resend: { params: ZTrainerIdParams, response: ZTrainerInvitationSaved, summary: 'Sends the pending invitation again with a new link; earlier links stop working.' },
  revoke: { params: ZTrainerIdParams, response: ZTrainerInvitationSaved, summary: 'Withdraws the pending invitation; its links stop working.' },
  logo: { response: ZLogoState, summary: "The studio group's logo path (never null) and whether it is an uploaded one (else drawn from the initials)." },
  putLogo: { body: ZLogoUpload, response: ZLogoSaved, summary: 'Stores the logo: PNG or JPEG (checked by content), at most 512 KB, base64 in JSON.' },
  deleteLogo: { response: ZLogoSaved, summary: 'Removes the uploaded logo: the path serves the one drawn from the initials again.' },
  logoFile: { params: ZLogoParams, response: z.string(), produces: 'image/png', access: 'public', summary: "A studio group's logo, named by a hash of its uuid: the uploaded PNG or JPEG, else a PNG drawn from the group's initials on its colour." },
} as const;

const toStudioGroupRef = (group: StudioGroup) => ({ uuid: group.uuid, id: group.id, mandantId: group.mandant.id, apiSlug: group.apiSlug, name: group.name });

/** Mounted under /api before the log-in check: the e-mailed links. */
export function createAccountLinksPublicRouter(deps: AccountLinksDeps) {
  const router = Router();
  const resetLimiter = postgresRateLimit({
    orm: deps.orm,
    prefix: 'password-reset',
    windowMs: WINDOW_MS,
    limit: PASSWORD_RESETS_PER_WINDOW,
    keyGenerator: addressAndEmailKey,
    handler: (req, res) => void res.status(429).json({ status: 'error', message: t(req, 'account.password.tooMany') }),
  });

  router.post('/account-links/invitation', validate(schemas.linkInfo), async (req, res) => {
    res.json(await invitationLinkInfo(requestEntityManager(), deps.secret, validated(req, schemas.linkInfo).body.token));
  });
  router.post('/account-links/invitation/sign-up', validate(schemas.signUp), async (req, res) => {
    const { body } = validated(req, schemas.signUp);
    const user = await signUpFromInvitation(requestEntityManager(), deps.secret, body);
    const apiKey = await createApiSession(requestEntityManager(), user, deps.apiKeyTtlHours);
    const groups = await studioGroupsOf({ userId: user.id, role: 'trainer' });
    res.json({
      status: 'success' as const,
      message: t({ requestedLocale: body.language, auth: req.auth }, 'account.signUp.done'),
      userUuid: user.uuid,
      apiKey,
      role: 'trainer' as const,
      locale: body.language,
      name: `${user.firstname} ${user.lastname}`.trim(),
      studioGroups: groups.map(toStudioGroupRef),
    });
  });
  router.post('/account-links/invitation/decline', validate(schemas.declineLink), async (req, res) => {
    await declineFromLink(requestEntityManager(), deps.secret, validated(req, schemas.declineLink).body.token);
    res.json({ status: 'success', message: t(req, 'account.invitation.declined') });
  });
  router.post('/account-links/email-confirmation', validate(schemas.confirmEmail), async (req, res) => {
    const email = await confirmEmail(requestEntityManager(), deps, validated(req, schemas.confirmEmail).body.token);
    res.json({ status: 'success', message: t(req, 'account.confirmation.done', { email }) });
  });
  router.post('/password/forgot', resetLimiter, validate(schemas.forgot), async (req, res) => {
    await requestPasswordReset(requestEntityManager(), deps, validated(req, schemas.forgot).body.email);
    res.json({ status: 'success', message: t(req, 'account.password.resetSent') });
  });
  router.post('/password/reset', validate(schemas.reset), async (req, res) => {
    const { body } = validated(req, schemas.reset);
    await resetPassword(requestEntityManager(), deps, body.token, body.password);
    res.json({ status: 'success', message: t(req, 'account.password.resetDone') });
  });
  return router;
}

/** Mounted under /api/v2 after the log-in check: the trainer's side (trainer spec 7). */
export function createAccountLinksTrainerRouter(deps: AccountLinksDeps) {
  const router = Router();
  const confirmationLimiter = postgresRateLimit({
    orm: deps.orm,
    prefix: 'email-confirmation',
    windowMs: WINDOW_MS,
    limit: CONFIRMATION_EMAILS_PER_WINDOW,
    keyGenerator: (req) => `user|${authOf(req).userUuid}`,
    handler: (req, res) => void res.status(429).json({ status: 'error', message: t(req, 'account.confirmation.tooMany') }),
  });

  router.get('/trainer_account/invitations/:user', requireTrainer, requireOwnUser, validate(schemas.invitations), async (req, res) => {
    res.json(await pendingInvitations(requestEntityManager(), authOf(req).userId));
  });
  router.post('/trainer_account_to_studio_groups', requireTrainer, ldJsonBody, validate(schemas.accept), async (req, res) => {
    const { body } = validated(req, schemas.accept);
    const { studioGroup } = await acceptInvitation(requestEntityManager(), authOf(req), body);
    res.json({
      status: 'success',
      message: t(req, 'account.invitation.accepted', { studioGroup: studioGroup.companyName }),
      studioGroupUuid: body.studioGroupUuid,
      studioGroupTrainerUuid: body.studioGroupTrainerUuid,
    });
  });
  router.post('/trainer_account/invitations/decline', requireTrainer, validate(schemas.decline), async (req, res) => {
    await declineInvitation(requestEntityManager(), authOf(req), validated(req, schemas.decline).body);
    res.json({ status: 'success', message: t(req, 'account.invitation.declined') });
  });
  router.delete('/trainer_account/studio_group_connection', requireTrainer, validate(schemas.deleteConnection), async (req, res) => {
    const group = await deleteStudioConnection(requestEntityManager(), authOf(req), validated(req, schemas.deleteConnection).body);
    res.json({ status: 'success', message: t(req, 'account.connection.deleted', { studioGroup: group.companyName }) });
  });
  router.get('/trainer_account/email-verification/:user', requireTrainer, requireOwnUser, validate(schemas.emailVerification), confirmationLimiter, async (req, res) => {
    const outcome = await sendEmailConfirmation(requestEntityManager(), deps, authOf(req).userId);
    if (outcome === 'alreadyConfirmed') res.json({ status: 'already_confirmed', message: t(req, 'account.confirmation.alreadyConfirmed') });
    else res.json({ status: 'success', message: t(req, 'account.confirmation.sent') });
  });
  router.get('/trainer_account/recommendation/:user', requireTrainer, requireOwnUser, validate(schemas.recommendation), async (req, res) => {
    res.json(await recommendationOf(requestEntityManager(), authOf(req).userId, deps.referralCampaignEnd));
  });
  return router;
}

/** An operator's logo change while onboarding a group goes into its audit log (docs/decisions/0127). */
async function auditOperatorLogoChange(req: Request, action: string) {
  const auth = authOf(req);
  if (auth.role !== 'operator') return;
  await requestEntityManager().transactional((tx) => recordAudit(tx, { actorUserId: auth.userId, studioGroupId: studioGroupOf(req).id, action }));
}

/** Mounted under /api/v1/:g (staff of the group): a trainer's invitation and the group's logo. */
export function createAccountLinksStaffRouter(deps: AccountLinksDeps) {
  const router = Router({ mergeParams: true });
  router.get('/trainers/:id/invitation', validate(schemas.trainerInvitation), async (req, res) => {
    res.json(await trainerInvitation(requestEntityManager(), studioGroupOf(req), validated(req, schemas.trainerInvitation).params.id));
  });
  router.post('/trainers/:id/invitation', validate(schemas.invite), async (req, res) => {
    const { params, body } = validated(req, schemas.invite);
    const invitation = await inviteTrainer(requestEntityManager(), deps, studioGroupOf(req), params.id, body.email);
    res.json({ status: 'success', message: t(req, 'account.invitation.sent', { email: body.email }), invitation });
  });
  router.post('/trainers/:id/invitation/resend', validate(schemas.resend), async (req, res) => {
    const invitation = await resendInvitation(requestEntityManager(), deps, studioGroupOf(req), validated(req, schemas.resend).params.id);
    res.json({ status: 'success', message: t(req, 'account.invitation.resent', { email: invitation.email ?? '' }), invitation });
  });
  router.delete('/trainers/:id/invitation', validate(schemas.revoke), async (req, res) => {
    const invitation = await revokeInvitation(requestEntityManager(), studioGroupOf(req), validated(req, schemas.revoke).params.id);
    res.json({ status: 'success', message: t(req, 'account.invitation.revoked'), invitation });
  });
  router.get('/settings/logo', validate(schemas.logo), (req, res) => {
    res.json(logoStateOf(studioGroupOf(req)));
  });
  router.put('/settings/logo', validate(schemas.putLogo), async (req, res) => {
    const state = await saveLogo(requestEntityManager(), deps.dataDir, studioGroupOf(req), validated(req, schemas.putLogo).body.contentBase64);
    await auditOperatorLogoChange(req, 'studioGroup.logoSaved');
    res.json({ status: 'success', message: t(req, 'account.logo.saved'), ...state });
  });
  router.delete('/settings/logo', validate(schemas.deleteLogo), async (req, res) => {
    const state = await removeLogo(requestEntityManager(), deps.dataDir, studioGroupOf(req));
    await auditOperatorLogoChange(req, 'studioGroup.logoRemoved');
    res.json({ status: 'success', message: t(req, 'account.logo.removed'), ...state });
  });
  return router;
}

/** Mounted on the app (no log-in: the invitation screen shows it before anyone logs in). */
export function createLogoFileRouter(deps: Pick<AccountLinksDeps, 'dataDir'>) {
  const router = Router();
  router.get('/build/images/logo/:file', validate(schemas.logoFile), async (req, res) => {
    const { bytes, mime } = await readLogo(requestEntityManager(), deps.dataDir, validated(req, schemas.logoFile).params.file);
    res.set({ 'content-type': mime, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' }).send(bytes);
  });
  return router;
}

import { Router } from 'express';
import {
  ZStaffInvitationAccepted,
  ZStaffInvitationAcceptRequest,
  ZStaffInvitationLinkInfo,
  ZStaffInvitationParams,
  ZStaffInvitationRequest,
  ZStaffInvitationSaved,
  ZStaffInvitationTokenParams,
  ZStaffList,
  ZStaffMemberParams,
  ZStaffMemberSaved,
  ZStaffRoleChange,
} from '../../../contracts/staff.contract';
import { ZSuccess } from '../../../contracts/master-data.contract';
import { translate } from '../../../domain/messages';
import { authOf, createApiSession } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { requestEntityManager } from '../../http/entity-manager';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { describeUser } from '../auth/auth.router';
import { acceptStaffInvitation, changeStaffRole, inviteStaff, removeStaffMember, staffInvitationLinkInfo, staffList, withdrawStaffInvitation, type StaffDeps } from './staff.service';

// The staff of a studio group (docs/decisions/0130): the admin's list, invitations, role changes and
// removal under /api/v1/{g} (an accountant is refused every change by the tenancy guard), and the
// e-mailed link that sets the invited person's password (no log-in).

const schemas = {
  list: { response: ZStaffList, summary: "The group's staff: members (name, e-mail, role, since, last log-in) and open invitations (e-mail, role, sent, expires)." },
  invite: {
    body: ZStaffInvitationRequest,
    response: ZStaffInvitationSaved,
    responses: { 201: ZStaffInvitationSaved },
    summary:
      "Invites a person into the group's staff with a role, by an e-mail in their language whose link (14 days, once) sets their password; an operator invites a new group's first admin this way. 400 for an address of a trainer or operator account, 409 for a member or an open invitation. An existing staff account of another group accepts with its own password.",
  },
  withdraw: { params: ZStaffInvitationParams, response: ZSuccess, summary: 'Withdraws an open invitation: its link stops working.' },
  changeRole: { params: ZStaffMemberParams, body: ZStaffRoleChange, response: ZStaffMemberSaved, summary: "Changes a member's role (admin, accountant); 409 for the group's last admin." },
  remove: {
    params: ZStaffMemberParams,
    response: ZSuccess,
    summary: "Removes a member's access to the group at once (their calls and download links for it are refused; with no group left, every session and socket of theirs ends); 409 for the group's last admin.",
  },
  linkInfo: { params: ZStaffInvitationTokenParams, response: ZStaffInvitationLinkInfo, access: 'public', summary: "What the staff invitation page shows for an e-mailed link: the group, the address, the role and whether the link is valid, expired or used." },
  accept: {
    params: ZStaffInvitationTokenParams,
    body: ZStaffInvitationAcceptRequest,
    response: ZStaffInvitationAccepted,
    access: 'public',
    summary:
      "Accepts a staff invitation from its link: a new staff account with this password (at least 8 characters, argon2id), or an existing staff account's current password; the membership is added, the link used, and the person logged in (the log-in answer). 410 for an expired or used link.",
  },
} as const;

/** Mounted under /api/v1/:g (staff of the group or an operator; an accountant may only read). */
export function createStaffRouter(deps: StaffDeps) {
  const router = Router({ mergeParams: true });
  router.get('/staff', validate(schemas.list), async (req, res) => {
    res.json(await staffList(requestEntityManager(), studioGroupOf(req)));
  });
  router.post('/staff/invitations', validate(schemas.invite), async (req, res) => {
    const { body } = validated(req, schemas.invite);
    const invitation = await inviteStaff(requestEntityManager(), deps, studioGroupOf(req), authOf(req), body);
    res.status(201).json({ status: 'success', message: t(req, 'staff.invite.sent', { email: invitation.email }), invitation });
  });
  router.delete('/staff/invitations/:invitationUuid', validate(schemas.withdraw), async (req, res) => {
    const email = await withdrawStaffInvitation(requestEntityManager(), studioGroupOf(req), authOf(req), validated(req, schemas.withdraw).params.invitationUuid);
    res.json({ status: 'success', message: t(req, 'staff.invite.withdrawn', { email }) });
  });
  router.put('/staff/:userUuid', validate(schemas.changeRole), async (req, res) => {
    const { params, body } = validated(req, schemas.changeRole);
    const { member, name } = await changeStaffRole(requestEntityManager(), studioGroupOf(req), authOf(req), params.userUuid, body.role);
    res.json({ status: 'success', message: t(req, 'staff.member.roleChanged', { name, role: t(req, body.role === 'admin' ? 'staff.role.admin' : 'staff.role.accountant') }), member });
  });
  router.delete('/staff/:userUuid', validate(schemas.remove), async (req, res) => {
    const name = await removeStaffMember(requestEntityManager(), studioGroupOf(req), authOf(req), validated(req, schemas.remove).params.userUuid);
    res.json({ status: 'success', message: t(req, 'staff.member.removed', { name }) });
  });
  return router;
}

/** Mounted under /api before the log-in check: the e-mailed link. */
export function createStaffInvitationLinkRouter(deps: StaffDeps & { apiKeyTtlHours: number }) {
  const router = Router();
  router.get('/staff-invitation/:token', validate(schemas.linkInfo), async (req, res) => {
    res.json(await staffInvitationLinkInfo(requestEntityManager(), deps.secret, validated(req, schemas.linkInfo).params.token));
  });
  router.post('/staff-invitation/:token', validate(schemas.accept), async (req, res) => {
    const { params, body } = validated(req, schemas.accept);
    const em = requestEntityManager();
    const { user, group } = await acceptStaffInvitation(em, deps.secret, params.token, body);
    const apiKey = await createApiSession(em, user, deps.apiKeyTtlHours);
    res.json({ status: 'success', message: translate(user.locale, 'staff.link.done', { studioGroup: group.name }), ...(await describeUser(user)), apiKey });
  });
  return router;
}

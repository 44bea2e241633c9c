import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { AccountToken, StaffInvitation, StaffMembership, StudioGroup, User, type StaffRole } from '../../../db/entities';
import { EVENTS_CHANNEL } from '../../../db/events';
import { sql } from '../../../db/queries/sql';
import { recordAudit } from '../../../db/writes/audit-log';
import type { TPendingStaffInvitation, TStaffInvitationLinkInfo, TStaffInvitationRequest, TStaffList, TStaffMember } from '../../../contracts/staff.contract';
import type { TLocale } from '../../../contracts/common.contract';
import { translate } from '../../../domain/messages';
import { hashPassword, verifyPassword } from '../../../domain/passwords';
import { checkLink, issueLink, retireLinks, sendLinkEmail, useLink, type SecretSource } from '../../auth/account-links';
import { revokeSessions, type AuthContext } from '../../auth/sessions';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';

// The staff of a studio group (docs/decisions/0130): members with their role, invitations by e-mail
// (a signed, single-use link like the trainers' invitations, decision 0020), role changes and removal.
// Every change is in the audit log, written in the change's own transaction.

export type StaffDeps = { secret: SecretSource; temporal: Client };

/** The feed event that makes every api process re-check the rooms of a user's sockets (api/socket.ts). */
export const STAFF_ACCESS_CHANGED_EVENT = 'staff:access-changed';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const displayName = (user: { firstname: string; lastname: string; email: string }) => `${user.firstname} ${user.lastname}`.trim() || user.email;
const roleName = (locale: string, role: StaffRole) => translate(locale, role === 'admin' ? 'staff.role.admin' : 'staff.role.accountant');

async function pendingInvitations(em: EntityManager, group: StudioGroup): Promise<TPendingStaffInvitation[]> {
  const invitations = await em.find(StaffInvitation, { studioGroup: group, status: 'pending' }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const links = invitations.length
    ? await em.find(AccountToken, { purpose: 'staff-invitation', staffInvitation: { $in: invitations.map((invitation) => invitation.id) } }, { orderBy: { createdAt: 'desc', id: 'desc' } })
    : [];
  return invitations.map((invitation) => {
    const link = links.find((candidate) => candidate.staffInvitation?.id === invitation.id);
    const expiresAt = link?.expiresAt ?? invitation.createdAt;
    return {
      invitationUuid: invitation.uuid,
      email: invitation.email,
      firstname: invitation.firstname,
      lastname: invitation.lastname,
      role: invitation.role,
      locale: invitation.locale,
      sentAt: (link?.createdAt ?? invitation.createdAt).toISOString(),
      expiresAt: expiresAt.toISOString(),
      expired: expiresAt.getTime() <= Date.now(),
    };
  });
}

async function members(em: EntityManager, group: StudioGroup): Promise<TStaffMember[]> {
  const rows = await sql<{ uuid: string; firstname: string; lastname: string; email: string; role: StaffRole; since: Date; last_login_at: Date | null }>(
    em,
    `select u.uuid, u.firstname, u.lastname, u.email, m.role, m.created_at as since,
            (select max(s.created_at) from api_session s where s.user_id = u.id) as last_login_at
       from staff_membership m join app_user u on u.id = m.user_id
      where m.studio_group_id = ?
      order by u.lastname, u.firstname, u.email`,
    [group.id],
  );
  return rows.map((row) => ({
    userUuid: row.uuid,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    since: new Date(row.since).toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  }));
}

/** GET /api/v1/{g}/staff: members and open invitations. */
export async function staffList(em: EntityManager, group: StudioGroup): Promise<TStaffList> {
  return { members: await members(em, group), invitations: await pendingInvitations(em, group) };
}

/**
 * Invites a person into the group's staff. Refused, with nothing changed: an address of a trainer or
 * operator account (400: one account has one role), a member already (409), an open invitation to the
 * same address (409). An existing staff account of another group may be invited: its link asks for
 * that account's password and adds the membership (no second account, no new password).
 */
export async function inviteStaff(em: EntityManager, deps: StaffDeps, group: StudioGroup, auth: AuthContext, input: TStaffInvitationRequest & { locale: TLocale }): Promise<TPendingStaffInvitation> {
  const email = input.email.toLowerCase();
  const existing = await em.findOne(User, { email });
  if (existing?.role === 'trainer') throw badRequest('staff.invite.trainerAddress', 'email');
  if (existing?.role === 'operator') throw badRequest('staff.invite.operatorAddress', 'email');
  if (existing && (await em.count(StaffMembership, { user: existing, studioGroup: group }))) throw conflict('staff.invite.alreadyMember', { email });
  if (await em.count(StaffInvitation, { studioGroup: group, email, status: 'pending' })) throw conflict('staff.invite.alreadyPending', { email });
  const inviter = await em.findOneOrFail(User, auth.userId);
  const uuid = await em.transactional(async (tx) => {
    const invitation = tx.create(StaffInvitation, {
      studioGroup: group,
      email,
      firstname: input.firstname,
      lastname: input.lastname,
      role: input.role,
      locale: input.locale,
      status: 'pending',
      invitedBy: inviter,
      respondedAt: null,
    });
    await tx.flush();
    const { row, token } = await issueLink(tx, deps.secret, { purpose: 'staff-invitation', staffInvitation: invitation, email });
    await recordAudit(tx, { actorUserId: auth.userId, studioGroupId: group.id, action: 'staff.invited', details: { email, role: input.role, invitationUuid: invitation.uuid } });
    await sendLinkEmail(deps.temporal, {
      purpose: 'staff-invitation',
      tokenUuid: row.uuid,
      studioGroupUuid: group.uuid,
      to: email,
      name: input.firstname,
      locale: input.locale,
      linkPath: `/staff-invitation/${token}`,
      params: { company: group.companyName, inviter: displayName(inviter), role: roleName(input.locale, input.role), date: { date: isoDate(row.expiresAt) } },
    });
    return invitation.uuid;
  });
  const invitation = (await pendingInvitations(em, group)).find((candidate) => candidate.invitationUuid === uuid);
  if (!invitation) throw notFound('staff.invite.notFound');
  return invitation;
}

/** Withdraws an open invitation: its link stops working at once. */
export async function withdrawStaffInvitation(em: EntityManager, group: StudioGroup, auth: AuthContext, invitationUuid: string): Promise<string> {
  return em.transactional(async (tx) => {
    const invitation = await tx.findOne(StaffInvitation, { uuid: invitationUuid, studioGroup: group, status: 'pending' });
    if (!invitation) throw notFound('staff.invite.notFound');
    Object.assign(invitation, { status: 'revoked', respondedAt: new Date() });
    await tx.flush();
    await retireLinks(tx, { purpose: 'staff-invitation', staffInvitation: invitation.id });
    await recordAudit(tx, { actorUserId: auth.userId, studioGroupId: group.id, action: 'staff.invitationWithdrawn', details: { email: invitation.email, invitationUuid } });
    return invitation.email;
  });
}

/**
 * The member and every admin of the group, with the group's row locked: two admins demoting or
 * removing each other at the same moment cannot leave the group without an admin.
 */
async function lockedMembership(tx: EntityManager, group: StudioGroup, userUuid: string) {
  await sql(tx, 'select id from studio_group where id = ? for update', [group.id]);
  const membership = await tx.findOne(StaffMembership, { studioGroup: group, user: { uuid: userUuid } }, { populate: ['user'] });
  if (!membership) throw notFound('staff.member.notFound');
  const admins = await tx.count(StaffMembership, { studioGroup: group, role: 'admin' });
  return { membership, isLastAdmin: membership.role === 'admin' && admins <= 1 };
}

/** Tells every api process to re-check the rooms this user's sockets joined (the group's rooms are no longer theirs). */
async function announceAccessChange(tx: EntityManager, userUuid: string) {
  await sql(tx, `select pg_notify(?, json_build_object('topic', ?::text, 'event', ?::text, 'data', json_build_object('userUuid', ?::text))::text)`, [
    EVENTS_CHANNEL,
    `user:${userUuid}`,
    STAFF_ACCESS_CHANGED_EVENT,
    userUuid,
  ]);
}

/** PUT /api/v1/{g}/staff/{userUuid}: a member's role; the last admin cannot become an accountant. */
export async function changeStaffRole(em: EntityManager, group: StudioGroup, auth: AuthContext, userUuid: string, role: StaffRole): Promise<{ member: TStaffMember; name: string }> {
  const name = await em.transactional(async (tx) => {
    const { membership, isLastAdmin } = await lockedMembership(tx, group, userUuid);
    if (membership.role === role) return displayName(membership.user);
    if (isLastAdmin) throw conflict('staff.member.lastAdmin');
    const from = membership.role;
    membership.role = role;
    await tx.flush();
    await recordAudit(tx, { actorUserId: auth.userId, studioGroupId: group.id, action: 'staff.roleChanged', details: { userUuid, email: membership.user.email, from, to: role } });
    return displayName(membership.user);
  });
  const member = (await members(em, group)).find((candidate) => candidate.userUuid === userUuid);
  if (!member) throw notFound('staff.member.notFound');
  return { member, name };
}

/**
 * DELETE /api/v1/{g}/staff/{userUuid}: removes the member's access at once. Every admin call and
 * download checks the membership, so their sessions and signed links stop reaching the group with
 * this commit; a person left with no group has every session revoked (which closes their sockets
 * too), otherwise their sockets leave the group's rooms. The last admin cannot be removed.
 */
export async function removeStaffMember(em: EntityManager, group: StudioGroup, auth: AuthContext, userUuid: string): Promise<string> {
  return em.transactional(async (tx) => {
    const { membership, isLastAdmin } = await lockedMembership(tx, group, userUuid);
    if (isLastAdmin) throw conflict('staff.member.lastAdmin');
    const user: User = membership.user;
    await tx.nativeDelete(StaffMembership, { user: user.id, studioGroup: group.id });
    const otherGroups = await tx.count(StaffMembership, { user: user.id });
    if (otherGroups === 0) await revokeSessions(tx, { userId: user.id });
    else await announceAccessChange(tx, user.uuid);
    await recordAudit(tx, { actorUserId: auth.userId, studioGroupId: group.id, action: 'staff.removed', details: { userUuid, email: user.email, role: membership.role, sessionsEnded: otherGroups === 0 } });
    return displayName(user);
  });
}

// --- the e-mailed link (no log-in) ---------------------------------------------------------------

const TOKEN_UUID = /^([0-9a-f-]{36})\./;

/** The link's invitation whatever its state; the link's own refusal (invalid, used, expired) says which state. */
async function invitationOfLink(em: EntityManager, secret: SecretSource, token: string): Promise<{ invitation: StaffInvitation; link: AccountToken | null; state: TStaffInvitationLinkInfo['state'] }> {
  let link: AccountToken | null = null;
  let state: TStaffInvitationLinkInfo['state'] = 'valid';
  try {
    link = await checkLink(em, secret, 'staff-invitation', token);
  } catch (error) {
    // 410: the signature was checked, the link is genuine but used or expired.
    if (!(error instanceof HttpError) || error.status !== 410) throw error;
    state = error.message === 'account.link.expired' ? 'expired' : 'used';
  }
  const uuid = TOKEN_UUID.exec(token)?.[1];
  const row = link ?? (uuid ? await em.findOne(AccountToken, { uuid, purpose: 'staff-invitation' }) : null);
  const invitation = row?.staffInvitation ? await em.findOne(StaffInvitation, { id: row.staffInvitation.id }, { populate: ['studioGroup'] }) : null;
  if (!invitation) throw new HttpError(400, 'account.link.invalid', 'token');
  if (state === 'valid' && invitation.status !== 'pending') state = 'used';
  return { invitation, link, state };
}

/** GET /api/staff-invitation/{token}: the group, the address and whether the link still works. */
export async function staffInvitationLinkInfo(em: EntityManager, secret: SecretSource, token: string): Promise<TStaffInvitationLinkInfo> {
  const { invitation, state } = await invitationOfLink(em, secret, token);
  const existing = await em.findOne(User, { email: invitation.email });
  return {
    state,
    studioGroupName: (invitation.studioGroup as StudioGroup).name,
    email: invitation.email,
    firstname: existing?.firstname ?? invitation.firstname,
    lastname: existing?.lastname ?? invitation.lastname,
    role: invitation.role,
    locale: invitation.locale,
    hasAccount: existing?.role === 'staff',
  };
}

/**
 * POST /api/staff-invitation/{token}: a new person gets a staff account with this password (argon2id,
 * the address counts as confirmed: the link went to it); an existing staff account of another group
 * proves it is theirs with its current password. Either way the membership is added with the
 * invitation's role and the link is used, in one transaction.
 */
export async function acceptStaffInvitation(
  em: EntityManager,
  secret: SecretSource,
  token: string,
  input: { password: string; firstname: string; lastname: string },
): Promise<{ user: User; group: StudioGroup }> {
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    const { invitation, link, state } = await invitationOfLink(tx, secret, token);
    if (state === 'expired') throw new HttpError(410, 'staff.link.expired', 'token');
    if (state !== 'valid' || !link) throw new HttpError(410, 'staff.link.used', 'token');
    const group: StudioGroup = invitation.studioGroup;
    let user = await tx.findOne(User, { email: invitation.email });
    if (user && user.role !== 'staff') throw conflict('staff.link.otherAccount');
    if (user && !(await verifyPassword(user.passwordHash, input.password))) throw new HttpError(403, 'staff.link.wrongPassword', 'password');
    if (!user) {
      user = tx.create(User, { email: invitation.email, passwordHash, role: 'staff', locale: invitation.locale, firstname: input.firstname, lastname: input.lastname, isVerified: true });
      await tx.flush();
    }
    await useLink(tx, link);
    if (!(await tx.count(StaffMembership, { user, studioGroup: group }))) tx.create(StaffMembership, { user, studioGroup: group, role: invitation.role, createdAt: new Date() });
    Object.assign(invitation, { status: 'accepted', respondedAt: new Date() });
    await tx.flush();
    await retireLinks(tx, { purpose: 'staff-invitation', staffInvitation: invitation.id });
    await recordAudit(tx, { actorUserId: user.id, studioGroupId: group.id, action: 'staff.joined', details: { email: user.email, role: invitation.role, invitationUuid: invitation.uuid } });
    return { user, group };
  });
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { AccountToken, Invitation, Notification, StudioGroup, StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../../db/entities';
import type { TInvitationLinkInfo, TPendingInvitation, TTrainerInvitation } from '../../../contracts/account-links.contract';
import type { TLocale } from '../../../contracts/common.contract';
import { hashPassword } from '../../../domain/passwords';
import { logoUrlPath } from '../../../domain/studio-group-logo';
import { checkLink, issueLink, retireLinks, sendLinkEmail, useLink, type SecretSource } from '../../auth/account-links';
import type { AuthContext } from '../../auth/sessions';
import { conflict, HttpError, notFound } from '../../http/errors';

// Invitations (admin trainer page → e-mail → invitation screen), sign-up from the link, accepting and
// declining in the portal, and removing a studio connection (trainer portal 2, 4, 7).

export type LinkDeps = { secret: SecretSource; temporal: Client };

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

async function trainerOfGroup(em: EntityManager, group: StudioGroup, trainerId: number): Promise<Trainer> {
  const trainer = await em.findOne(Trainer, { id: trainerId, studioGroup: group });
  if (!trainer) throw notFound('masterData.trainerNotFound');
  return trainer;
}

async function latestInvitation(em: EntityManager, trainer: Trainer): Promise<Invitation | null> {
  return em.findOne(Invitation, { trainer }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

async function latestLink(em: EntityManager, invitation: Invitation): Promise<AccountToken | null> {
  return em.findOne(AccountToken, { invitation, purpose: 'invitation' }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/** The trainer's invitation state for the admin's trainer page. */
export async function trainerInvitation(em: EntityManager, group: StudioGroup, trainerId: number): Promise<TTrainerInvitation> {
  const trainer = await trainerOfGroup(em, group, trainerId);
  const link = await em.findOne(StudioGroupTrainer, { trainer }, { populate: ['trainerAccount'] });
  const invitation = await latestInvitation(em, trainer);
  const token = invitation ? await latestLink(em, invitation) : null;
  return {
    state: link ? 'connected' : (invitation?.status ?? 'none'),
    invitationUuid: invitation?.uuid ?? null,
    email: invitation?.email ?? null,
    sentAt: (token?.createdAt ?? invitation?.createdAt)?.toISOString() ?? null,
    linkExpiresAt: token?.expiresAt.toISOString() ?? null,
    trainerEmail: trainer.email ?? null,
    connectedEmail: link ? link.trainerAccount.email : null,
  };
}

/** The invitation e-mail: to the invited address, in the account's language if the person has one. */
async function sendInvitation(em: EntityManager, deps: LinkDeps, invitation: Invitation, trainer: Trainer, group: StudioGroup) {
  const { row, token } = await issueLink(em, deps.secret, { purpose: 'invitation', invitation, email: invitation.email });
  const user = await em.findOne(User, { email: invitation.email });
  await sendLinkEmail(deps.temporal, {
    purpose: 'invitation',
    tokenUuid: row.uuid,
    studioGroupUuid: group.uuid,
    to: invitation.email,
    name: user?.firstname || trainer.firstname || undefined,
    locale: (user?.locale as TLocale | undefined) ?? 'de',
    linkPath: `/invitation/${token}`,
    params: { company: group.companyName, date: { date: isoDate(row.expiresAt) } },
  });
}

/**
 * Invites the trainer record's person by e-mail: one pending invitation per trainer record (the
 * record belongs to one group), none for a record already connected, none to a staff address.
 */
export async function inviteTrainer(em: EntityManager, deps: LinkDeps, group: StudioGroup, trainerId: number, email: string): Promise<TTrainerInvitation> {
  const trainer = await trainerOfGroup(em, group, trainerId);
  if (await em.count(StudioGroupTrainer, { trainer })) throw conflict('account.invitation.alreadyConnected');
  if (await em.count(Invitation, { trainer, status: 'pending' })) throw conflict('account.invitation.alreadyPending');
  const user = await em.findOne(User, { email });
  if (user && user.role !== 'trainer') throw new HttpError(400, 'account.invitation.staffAddress', 'email');
  if (user && (await em.count(StudioGroupTrainer, { studioGroup: group, trainerAccount: { user } }))) throw conflict('account.invitation.accountConnectedHere');
  await em.transactional(async (tx) => {
    const invitation = tx.create(Invitation, { studioGroup: group, trainer, email, status: 'pending', respondedAt: null });
    await tx.flush();
    await sendInvitation(tx, deps, invitation, trainer, group);
  });
  return trainerInvitation(em, group, trainerId);
}

async function pendingInvitationOf(em: EntityManager, group: StudioGroup, trainerId: number): Promise<{ trainer: Trainer; invitation: Invitation }> {
  const trainer = await trainerOfGroup(em, group, trainerId);
  const invitation = await em.findOne(Invitation, { trainer, status: 'pending' });
  if (!invitation) throw notFound('account.invitation.notPending');
  return { trainer, invitation };
}

/** Sends the pending invitation again with a new link; the earlier links stop working. */
export async function resendInvitation(em: EntityManager, deps: LinkDeps, group: StudioGroup, trainerId: number): Promise<TTrainerInvitation> {
  await em.transactional(async (tx) => {
    const { trainer, invitation } = await pendingInvitationOf(tx, group, trainerId);
    await retireLinks(tx, { purpose: 'invitation', invitation: invitation.id });
    invitation.updatedAt = new Date();
    await sendInvitation(tx, deps, invitation, trainer, group);
  });
  return trainerInvitation(em, group, trainerId);
}

/** Withdraws the pending invitation: its links stop working, the trainer's portal no longer lists it. */
export async function revokeInvitation(em: EntityManager, group: StudioGroup, trainerId: number): Promise<TTrainerInvitation> {
  await em.transactional(async (tx) => {
    const { invitation } = await pendingInvitationOf(tx, group, trainerId);
    Object.assign(invitation, { status: 'revoked', respondedAt: new Date() });
    await tx.flush();
    await retireLinks(tx, { purpose: 'invitation', invitation: invitation.id });
  });
  return trainerInvitation(em, group, trainerId);
}

// --- the invitation link (no log-in) --------------------------------------------------------------

async function pendingInvitationOfLink(em: EntityManager, secret: SecretSource, token: string) {
  const link = await checkLink(em, secret, 'invitation', token);
  const invitation = link.invitation ? await em.findOne(Invitation, { id: link.invitation.id }, { populate: ['studioGroup', 'trainer'] }) : null;
  if (!invitation) throw new HttpError(400, 'account.link.invalid', 'token');
  if (invitation.status !== 'pending') throw new HttpError(410, 'account.invitation.notPending', 'token');
  return { link, invitation };
}

export async function invitationLinkInfo(em: EntityManager, secret: SecretSource, token: string): Promise<TInvitationLinkInfo> {
  const { invitation } = await pendingInvitationOfLink(em, secret, token);
  const group: StudioGroup = invitation.studioGroup;
  const trainer: Trainer = invitation.trainer;
  return {
    studioGroupUuid: group.uuid,
    studioGroupTrainerUuid: trainer.uuid,
    studioGroupCompanyName: group.companyName,
    studioGroupLogoPath: logoUrlPath(group.uuid),
    email: invitation.email,
    firstname: trainer.firstname ?? '',
    lastname: trainer.lastname ?? '',
    hasAccount: (await em.count(User, { email: invitation.email })) > 0,
  };
}

/** Links the account to the invitation's trainer record and closes the invitation and its links. */
async function connect(em: EntityManager, invitation: Invitation, account: TrainerAccount): Promise<StudioGroupTrainer> {
  if (await em.count(StudioGroupTrainer, { trainer: invitation.trainer })) throw conflict('account.invitation.alreadyConnected');
  if (await em.count(StudioGroupTrainer, { studioGroup: invitation.studioGroup, trainerAccount: account })) throw conflict('account.invitation.accountConnectedHere');
  const link = em.create(StudioGroupTrainer, { studioGroup: invitation.studioGroup, trainer: invitation.trainer, trainerAccount: account, selfBillingConsentAt: null, selfBillingConsentBy: null });
  Object.assign(invitation, { status: 'accepted', respondedAt: new Date() });
  await em.flush();
  await retireLinks(em, { purpose: 'invitation', invitation: invitation.id });
  return link;
}

/**
 * A person without an account signs up from the invitation link: a trainer account with the invited
 * address (the link proved they read that mailbox, so it counts as confirmed), their password, and
 * the link to the trainer record, whose data pre-fills the profile.
 */
export async function signUpFromInvitation(
  em: EntityManager,
  secret: SecretSource,
  input: { token: string; firstname: string; lastname: string; password: string; language: TLocale },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    const { link, invitation } = await pendingInvitationOfLink(tx, secret, input.token);
    if (await tx.count(User, { email: invitation.email })) throw conflict('account.invitation.hasAccount');
    const trainer: Trainer = invitation.trainer;
    const user = tx.create(User, { email: invitation.email, passwordHash, role: 'trainer', locale: input.language, firstname: input.firstname, lastname: input.lastname, isVerified: true });
    const account = tx.create(TrainerAccount, {
      user,
      firstname: input.firstname,
      lastname: input.lastname,
      email: invitation.email,
      language: input.language,
      companyName: trainer.companyName ?? null,
      street: trainer.street ?? null,
      house: trainer.houseNumber ?? null,
      zip: trainer.postalCode ?? null,
      city: trainer.city ?? null,
      country: trainer.country ?? null,
      iban: trainer.iban ?? null,
      bic: trainer.bic ?? null,
      isTaxRelevant: trainer.vatLiable,
      taxNumber: trainer.taxNumber ?? null,
      vatId: trainer.vatId ?? null,
    });
    await tx.flush();
    await useLink(tx, link);
    await connect(tx, invitation, account);
    return user;
  });
}

/** Declines from the link (no log-in needed): the invitation is closed, nothing else changes. */
export async function declineFromLink(em: EntityManager, secret: SecretSource, token: string): Promise<void> {
  await em.transactional(async (tx) => {
    const { link, invitation } = await pendingInvitationOfLink(tx, secret, token);
    await useLink(tx, link);
    Object.assign(invitation, { status: 'declined', respondedAt: new Date() });
    await tx.flush();
    await retireLinks(tx, { purpose: 'invitation', invitation: invitation.id });
  });
}

// --- the portal (logged-in trainer) ---------------------------------------------------------------

async function accountOfUser(em: EntityManager, userId: number): Promise<TrainerAccount> {
  const account = await em.findOne(TrainerAccount, { user: userId }, { populate: ['user'] });
  if (!account) throw notFound('trainerAccount.notFound');
  return account;
}

/** Pending invitations to the account's log-in address (trainer spec 7). */
export async function pendingInvitations(em: EntityManager, userId: number): Promise<TPendingInvitation[]> {
  const account = await accountOfUser(em, userId);
  const invitations = await em.find(Invitation, { email: account.user.email, status: 'pending' }, { populate: ['studioGroup', 'trainer'], orderBy: { createdAt: 'asc', id: 'asc' } });
  return invitations.map((invitation) => ({
    studioGroupUuid: invitation.studioGroup.uuid,
    studioGroupTrainerUuid: invitation.trainer.uuid,
    studioGroupCompanyName: invitation.studioGroup.companyName,
    studioGroupLogoPath: logoUrlPath(invitation.studioGroup.uuid),
  }));
}

async function ownPendingInvitation(em: EntityManager, auth: AuthContext, body: { trainerUuid: string; studioGroupUuid: string; studioGroupTrainerUuid: string }) {
  if (body.trainerUuid !== auth.userUuid) throw new HttpError(403, 'account.connection.notYours', 'trainerUuid');
  const account = await accountOfUser(em, auth.userId);
  const invitation = await em.findOne(
    Invitation,
    { email: account.user.email, status: 'pending', studioGroup: { uuid: body.studioGroupUuid }, trainer: { uuid: body.studioGroupTrainerUuid } },
    { populate: ['studioGroup', 'trainer'] },
  );
  if (!invitation) throw notFound('account.invitation.notFound');
  return { account, invitation };
}

/** Accept (trainer spec 4): links the account to the studio group's trainer record. */
export async function acceptInvitation(em: EntityManager, auth: AuthContext, body: { trainerUuid: string; studioGroupUuid: string; studioGroupTrainerUuid: string }) {
  return em.transactional(async (tx) => {
    const { account, invitation } = await ownPendingInvitation(tx, auth, body);
    await connect(tx, invitation, account);
    return { studioGroup: invitation.studioGroup as StudioGroup, trainer: invitation.trainer as Trainer };
  });
}

export async function declineInvitation(em: EntityManager, auth: AuthContext, body: { trainerUuid: string; studioGroupUuid: string; studioGroupTrainerUuid: string }) {
  await em.transactional(async (tx) => {
    const { invitation } = await ownPendingInvitation(tx, auth, body);
    Object.assign(invitation, { status: 'declined', respondedAt: new Date() });
    await tx.flush();
    await retireLinks(tx, { purpose: 'invitation', invitation: invitation.id });
  });
}

/**
 * Removes the account's connection to a studio group. Refused while a settlement of that group waits
 * for the trainer's approval (the review would be left hanging). Issued credit notes and settlements
 * stay: they belong to the trainer record, not to the link; the self-billing consent moves to the
 * trainer record as evidence for them (§14 (2) UStG); the group's notifications go with the link.
 */
export async function deleteStudioConnection(em: EntityManager, auth: AuthContext, body: { trainerUuid: string; studioGroupUuid: string }): Promise<StudioGroup> {
  if (body.trainerUuid !== auth.userUuid) throw new HttpError(403, 'account.connection.notYours', 'trainerUuid');
  return em.transactional(async (tx) => {
    const account = await accountOfUser(tx, auth.userId);
    const link = await tx.findOne(StudioGroupTrainer, { trainerAccount: account, studioGroup: { uuid: body.studioGroupUuid } }, { populate: ['trainer', 'studioGroup', 'selfBillingConsentBy'] });
    if (!link) throw notFound('trainerAccount.studioGroupNotConnected');
    const group: StudioGroup = link.studioGroup;
    const [open] = await tx.execute<Array<{ open: number }>>(
      `select count(*)::int as open from settlement_trainer st join settlement s on s.id = st.settlement_id
        where st.trainer_id = ? and s.status = 'in_progress' and st.workflow_state = 'preview_send'
          and coalesce((select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = 'trainer'
                        order by a.created_at desc, a.id desc limit 1), false) = false`,
      [link.trainer.id],
    );
    if ((open?.open ?? 0) > 0) throw conflict('account.connection.openReview', { studioGroup: group.companyName });
    if (link.selfBillingConsentAt && !link.trainer.selfBillingAgreementAt) {
      Object.assign(link.trainer, { selfBillingAgreementAt: link.selfBillingConsentAt, selfBillingAgreementBy: link.selfBillingConsentBy ?? account.user });
    }
    await tx.flush();
    await tx.nativeDelete(Notification, { trainerAccount: account.id, studioGroup: group.id });
    await tx.nativeDelete(StudioGroupTrainer, { id: link.id });
    return group;
  });
}

import crypto from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { StudioGroup, TrainerAccount, User } from '../../../db/entities';
import { LOGO_MAX_BYTES, type TLogoState } from '../../../contracts/account-links.contract';
import { readLogoFile, removeLogoFile, writeLogoFile } from '../../../db/logo-storage';
import { drawInitialsLogo, logoUrlPath } from '../../../domain/studio-group-logo';
import type { TLocale } from '../../../contracts/common.contract';
import { recommendationCodeFrom, isCampaignActive } from '../../../domain/referral';
import { hashPassword } from '../../../domain/passwords';
import { checkLink, issueLink, retireAllLinksOf, retireLinks, sendLinkEmail, useLink } from '../../auth/account-links';
import { revokeSessions } from '../../auth/sessions';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { LinkDeps } from './invitations.service';

// E-mail confirmation, password reset, the referral code and the studio group's logo.

async function accountOfUser(em: EntityManager, userId: number): Promise<TrainerAccount> {
  const account = await em.findOne(TrainerAccount, { user: userId }, { populate: ['user'] });
  if (!account) throw notFound('trainerAccount.notFound');
  return account;
}

// --- e-mail confirmation --------------------------------------------------------------------------

/**
 * Sends a confirmation link to the account's address (the one the trainer entered last). Only the
 * newest link works. The log-in address changes to it when the link is opened.
 */
export async function sendEmailConfirmation(em: EntityManager, deps: LinkDeps, userId: number): Promise<'sent' | 'alreadyConfirmed'> {
  const account = await accountOfUser(em, userId);
  const user: User = account.user;
  const email = account.email.toLowerCase();
  // Nothing to confirm (a second tab still showing the banner): no e-mail, and the answer says why.
  if (user.isVerified && user.email === email) return 'alreadyConfirmed';
  await em.transactional(async (tx) => {
    await retireLinks(tx, { purpose: 'email-confirmation', user: user.id });
    const { row, token } = await issueLink(tx, deps.secret, { purpose: 'email-confirmation', user, email });
    await sendLinkEmail(deps.temporal, {
      purpose: 'email-confirmation',
      tokenUuid: row.uuid,
      to: email,
      name: account.firstname,
      locale: account.language,
      linkPath: `/confirm-email/${token}`,
    });
  });
  return 'sent';
}

/** The profile saved a new e-mail address: it is unconfirmed until its link is opened. */
export async function emailChanged(em: EntityManager, deps: LinkDeps, userId: number): Promise<void> {
  const account = await accountOfUser(em, userId);
  const user: User = account.user;
  if (account.email.toLowerCase() === user.email && user.isVerified) return;
  user.isVerified = false;
  await em.flush();
  await sendEmailConfirmation(em, deps, userId);
}

/** Opens a confirmation link: the address becomes the log-in address and is confirmed. */
export async function confirmEmail(em: EntityManager, deps: Pick<LinkDeps, 'secret'>, token: string): Promise<string> {
  return em.transactional(async (tx) => {
    const link = await checkLink(tx, deps.secret, 'email-confirmation', token);
    const user = link.user ? await tx.findOne(User, { id: link.user.id }) : null;
    if (!user) throw new HttpError(400, 'account.link.invalid', 'token');
    if (await tx.count(User, { email: link.email, id: { $ne: user.id } })) throw conflict('account.confirmation.addressTaken');
    await useLink(tx, link);
    user.email = link.email;
    user.isVerified = true;
    const account = await tx.findOne(TrainerAccount, { user });
    if (account) account.email = link.email;
    await tx.flush();
    return link.email;
  });
}

// --- password reset -------------------------------------------------------------------------------

/** Sends a reset link if the address has an account; the answer is the same either way. */
export async function requestPasswordReset(em: EntityManager, deps: LinkDeps, email: string): Promise<void> {
  const user = await em.findOne(User, { email });
  if (!user || user.email.endsWith('@deleted.invalid')) return;
  await em.transactional(async (tx) => {
    await retireLinks(tx, { purpose: 'password-reset', user: user.id });
    const { row, token } = await issueLink(tx, deps.secret, { purpose: 'password-reset', user, email: user.email });
    await sendLinkEmail(deps.temporal, {
      purpose: 'password-reset',
      tokenUuid: row.uuid,
      to: user.email,
      name: user.firstname,
      locale: user.locale as TLocale,
      linkPath: `/reset-password/${token}`,
    });
  });
}

/** Sets the new password from a reset link and ends every session and every other link (a stolen key dies with the old password). */
export async function resetPassword(em: EntityManager, deps: Pick<LinkDeps, 'secret'>, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await em.transactional(async (tx) => {
    const link = await checkLink(tx, deps.secret, 'password-reset', token);
    const user = link.user ? await tx.findOne(User, { id: link.user.id }) : null;
    if (!user || user.email !== link.email) throw new HttpError(400, 'account.link.invalid', 'token');
    await useLink(tx, link);
    user.passwordHash = passwordHash;
    await tx.flush();
    await revokeSessions(tx, { userId: user.id });
    await retireAllLinksOf(tx, user.id);
  });
}

// --- referral -----------------------------------------------------------------------------------

/** The account's code, made once and kept (a unique column; a clash draws again). */
export async function recommendationOf(em: EntityManager, userId: number, campaignEnd: string, now = new Date()) {
  const account = await accountOfUser(em, userId);
  for (let attempt = 0; !account.recommendationCode && attempt < 10; attempt++) {
    try {
      await em.nativeUpdate(TrainerAccount, { id: account.id, recommendationCode: null }, { recommendationCode: recommendationCodeFrom(account.firstname, crypto.randomBytes(8)) });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    await em.refresh(account);
  }
  if (!account.recommendationCode) throw new Error('no free recommendation code');
  return { recommendationCode: account.recommendationCode, campaignEndsOn: campaignEnd, campaignActive: isCampaignActive(campaignEnd, now) };
}

// --- studio group logo ----------------------------------------------------------------------------

/** Where the group's logo is: the uploaded one, or the one drawn from its initials (never empty). */
export const logoPathOf = (group: Pick<StudioGroup, 'uuid'>) => logoUrlPath(group.uuid);

export const logoStateOf = (group: StudioGroup): TLogoState => ({ studioGroupLogoPath: logoPathOf(group), studioGroupLogoUploaded: Boolean(group.logoPath) });

/** Stores a PNG or JPEG logo, checked by its content (not by a name or a declared type), at most LOGO_MAX_BYTES. */
export async function saveLogo(em: EntityManager, dataDir: string, group: StudioGroup, contentBase64: string): Promise<TLogoState> {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw badRequest('account.logo.notImage', 'contentBase64');
  if (bytes.length > LOGO_MAX_BYTES) throw new HttpError(413, 'account.logo.tooLarge', 'contentBase64');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') throw badRequest('account.logo.notImage', 'contentBase64');
  await writeLogoFile(dataDir, group.uuid, bytes);
  group.logoPath = logoUrlPath(group.uuid);
  await em.flush();
  return logoStateOf(group);
}

export async function removeLogo(em: EntityManager, dataDir: string, group: StudioGroup): Promise<TLogoState> {
  await removeLogoFile(dataDir, group.uuid);
  group.logoPath = null;
  await em.flush();
  return logoStateOf(group);
}

// Drawn logos by file name with the name they were drawn from: drawing one costs a few
// milliseconds, and a page with a notification list asks for the same logo many times.
const drawnLogos = new Map<string, { name: string; bytes: Buffer }>();
const DRAWN_LOGOS_KEPT = 500;

/**
 * The logo at /build/images/logo/{file}: the uploaded one (its type sniffed again: the file name says
 * .png for JPEGs too), else the one drawn from the initials of the group whose uuid hashes to the
 * name; a name no group has is "not found".
 */
export async function readLogo(em: EntityManager, dataDir: string, fileName: string): Promise<{ bytes: Buffer; mime: string }> {
  const uploaded = await readLogoFile(dataDir, fileName);
  if (uploaded) {
    const type = await fileTypeFromBuffer(uploaded);
    return { bytes: uploaded, mime: type?.mime ?? 'application/octet-stream' };
  }
  const hash = fileName.replace(/\.png$/, '');
  const [group] = await em.getConnection().execute<Array<{ uuid: string; name: string }>>(
    `select uuid, name from studio_group where encode(sha256(convert_to(uuid::text, 'UTF8')), 'hex') = ? limit 1`,
    [hash],
  );
  if (!group) throw notFound('account.logo.notFound');
  const drawn = drawnLogos.get(fileName);
  if (drawn?.name === group.name) return { bytes: drawn.bytes, mime: 'image/png' };
  const bytes = drawInitialsLogo({ studioGroupUuid: group.uuid, name: group.name });
  if (drawnLogos.size >= DRAWN_LOGOS_KEPT) drawnLogos.delete(drawnLogos.keys().next().value!);
  drawnLogos.set(fileName, { name: group.name, bytes });
  return { bytes, mime: 'image/png' };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { Notification, StudioGroup, StudioGroupTrainer, TrainerAccount, User } from '../../../db/entities';
import type {
  TConnectedStudioGroup,
  TStudioGroupNames,
  TTrainerAccount,
  TTrainerAccountPatchValues,
  TTrainerNotification,
  TTrainerNotificationList,
} from '../../contracts/trainer-account.contract';
import { notFound } from '../../errors';

// The trainer's own account, notifications and studio groups. A profile edit advances no process, so
// it goes straight to PostgreSQL (DESIGN: where truth lives).

export async function accountOf(em: EntityManager, userId: number): Promise<TrainerAccount> {
  const account = await em.findOne(TrainerAccount, { user: userId }, { populate: ['user'] });
  if (!account) throw notFound('trainerAccount.notFound');
  return account;
}

export function toTrainerAccount(account: TrainerAccount): TTrainerAccount {
  return {
    uuid: account.uuid,
    userUuid: account.user.uuid,
    firstname: account.firstname,
    lastname: account.lastname,
    email: account.email,
    trainerPhone: account.phone ?? '',
    trainerCompanyName: account.companyName ?? '',
    trainerStreet: account.street ?? '',
    trainerHouse: account.house ?? '',
    trainerZip: account.zip ?? '',
    trainerCity: account.city ?? '',
    trainerLand: account.country ?? '',
    language: account.language,
    trainerIban: account.iban ?? '',
    // Spec 5: a missing BIC is an empty string.
    trainerBic: account.bic ?? '',
    istaxrelevant: account.isTaxRelevant,
    trainerTaxno: account.taxNumber ?? '',
    trainerUstidno: account.vatId ?? '',
    isVerified: account.user.isVerified,
  };
}

/** Which tab's message answers a save: tax fields alone are the tax tab, bank fields alone the bank tab. */
export type SavedGroup = 'personal' | 'bank' | 'tax';

const TAX_FIELDS = ['istaxrelevant', 'trainerTaxno', 'trainerUstidno'] as const;
const BANK_FIELDS = ['trainerIban', 'trainerBic'] as const;

export function savedGroupOf(patch: TTrainerAccountPatchValues): SavedGroup {
  const sent = Object.keys(patch).filter((field) => patch[field as keyof TTrainerAccountPatchValues] !== undefined);
  if (sent.length > 0 && sent.every((field) => (TAX_FIELDS as readonly string[]).includes(field))) return 'tax';
  if (sent.length > 0 && sent.every((field) => (BANK_FIELDS as readonly string[]).includes(field))) return 'bank';
  return 'personal';
}

/** Applies a validated merge-patch: fields left out stay; optional text sent blank is cleared. */
export async function patchTrainerAccount(em: EntityManager, userId: number, patch: TTrainerAccountPatchValues): Promise<TrainerAccount> {
  const account = await accountOf(em, userId);
  const user: User = account.user;
  const set = <T>(value: T | undefined, apply: (value: T) => void) => {
    if (value !== undefined) apply(value);
  };
  set(patch.firstname, (value) => {
    account.firstname = value;
    user.firstname = value;
  });
  set(patch.lastname, (value) => {
    account.lastname = value;
    user.lastname = value;
  });
  // The contact address of the account; the log-in address (User.email) changes only with a confirmation, which is not built yet.
  set(patch.email, (value) => (account.email = value));
  set(patch.trainerPhone, (value) => (account.phone = value));
  set(patch.trainerCompanyName, (value) => (account.companyName = value));
  set(patch.trainerStreet, (value) => (account.street = value));
  set(patch.trainerHouse, (value) => (account.house = value));
  set(patch.trainerZip, (value) => (account.zip = value));
  set(patch.trainerCity, (value) => (account.city = value));
  set(patch.trainerLand, (value) => (account.country = value));
  // The profile language is also the user's: the API and e-mails answer in it.
  set(patch.language, (value) => {
    account.language = value;
    user.locale = value;
  });
  set(patch.trainerIban, (value) => (account.iban = value));
  set(patch.trainerBic, (value) => (account.bic = value === '' ? null : value));
  set(patch.istaxrelevant, (value) => (account.isTaxRelevant = value));
  set(patch.trainerTaxno, (value) => (account.taxNumber = value));
  set(patch.trainerUstidno, (value) => (account.vatId = value === '' ? null : value));
  await em.flush();
  return account;
}

const toNotification = (notification: Notification): TTrainerNotification => ({
  id: notification.uuid,
  studioGroupUuid: notification.studioGroup.uuid,
  studioGroupName: notification.studioGroup.name,
  studioGroupLogoPath: notification.studioGroup.logoPath ?? null,
  message: notification.message,
  link: notification.link,
  approved: notification.approvedAt ? notification.approvedAt.toISOString() : null,
  created: { date: notification.createdAt.toISOString() },
});

export async function listNotifications(em: EntityManager, userId: number): Promise<TTrainerNotificationList> {
  const account = await accountOf(em, userId);
  const notifications = await em.find(
    Notification,
    { trainerAccount: account },
    { populate: ['studioGroup'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return {
    unreadCount: notifications.filter((notification) => !notification.approvedAt).length,
    notifications: notifications.map(toNotification),
  };
}

/** Marks one of the caller's notifications read; someone else's is "not found" (nothing leaks). Idempotent. */
export async function approveNotification(
  em: EntityManager,
  userId: number,
  { idStudioGroup, idNotification }: { idStudioGroup: string; idNotification: string },
): Promise<TTrainerNotification> {
  const account = await accountOf(em, userId);
  const notification = await em.findOne(
    Notification,
    { uuid: idNotification, trainerAccount: account, studioGroup: { uuid: idStudioGroup } },
    { populate: ['studioGroup'] },
  );
  if (!notification) throw notFound('trainerAccount.notificationNotFound');
  if (!notification.approvedAt) {
    notification.approvedAt = new Date();
    await em.flush();
  }
  return toNotification(notification);
}

export async function listConnectedStudioGroups(em: EntityManager, userId: number): Promise<TConnectedStudioGroup[]> {
  const account = await accountOf(em, userId);
  const links = await em.find(StudioGroupTrainer, { trainerAccount: account }, { populate: ['studioGroup'], orderBy: { createdAt: 'asc', id: 'asc' } });
  return links.map((link) => ({
    studioGroupUuid: link.studioGroup.uuid,
    studioGroupName: link.studioGroup.name,
    studioGroupCompanyName: link.studioGroup.companyName,
    studioGroupLogoPath: link.studioGroup.logoPath ?? null,
    studioGroupTrainerUuid: link.uuid,
  }));
}

/** A studio group's names, for a trainer connected to it; any other group is "not found". */
export async function connectedStudioGroupNames(em: EntityManager, userId: number, uuid: string): Promise<TStudioGroupNames> {
  const account = await accountOf(em, userId);
  const link = await em.findOne(StudioGroupTrainer, { trainerAccount: account, studioGroup: { uuid } }, { populate: ['studioGroup'] });
  if (!link) throw notFound('trainerAccount.studioGroupNotConnected');
  const group: StudioGroup = link.studioGroup;
  return { uuid: group.uuid, studioGroupsName: group.name, studioGroupsCompanyName: group.companyName };
}

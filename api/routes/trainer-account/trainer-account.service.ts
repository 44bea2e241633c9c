import { idArray } from '../../../db/queries/id-array';
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Document, Notification, StudioGroup, StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../../db/entities';
import { removeUnreferencedDocumentFiles } from '../../../db/document-storage';
import type { TrainerSnapshot } from '../../../domain/trainer-data';
import { hashPassword } from '../../../domain/passwords';
import { revokeSessions, type AuthContext } from '../../auth/sessions';
import { retireAllLinksOf } from '../../auth/account-links';
import { logoUrlPath } from '../../../domain/studio-group-logo';
import { studioGroupsOf } from '../../auth/tenancy';
import type {
  TConnectedStudioGroup,
  TStudioGroupNames,
  TTrainerAccount,
  TTrainerAccountPatchValues,
  TTrainerNotification,
  TTrainerNotificationList,
} from '../../../contracts/trainer-account.contract';
import { notFound } from '../../http/errors';
import { recordTrainerDataChange, type StaffNotice } from '../trainer-overview/trainer-data-change';

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
    eInvoiceFormat: account.eInvoiceFormat,
    isVerified: account.user.isVerified,
  };
}

/** Which tab's message answers a save: tax fields alone are the tax tab, bank fields alone the bank tab, a password alone the password tab. */
export type SavedGroup = 'personal' | 'bank' | 'tax' | 'password';

const TAX_FIELDS = ['istaxrelevant', 'trainerTaxno', 'trainerUstidno', 'eInvoiceFormat'] as const;
const BANK_FIELDS = ['trainerIban', 'trainerBic'] as const;

export function savedGroupOf(patch: TTrainerAccountPatchValues): SavedGroup {
  const sent = Object.keys(patch).filter((field) => field !== 'currentPassword' && patch[field as keyof TTrainerAccountPatchValues] !== undefined);
  if (sent.length === 1 && sent[0] === 'plainPassword') return 'password';
  if (sent.length > 0 && sent.every((field) => (TAX_FIELDS as readonly string[]).includes(field))) return 'tax';
  if (sent.length > 0 && sent.every((field) => (BANK_FIELDS as readonly string[]).includes(field))) return 'bank';
  return 'personal';
}

/**
 * Whether a patch takes the account over or redirects its payouts if a stolen session sent it: a new
 * e-mail address (the log-in address once confirmed), a new password, a different IBAN. These ask for
 * the current password (api/auth/current-password.ts); sending the stored values again does not.
 */
export function needsCurrentPassword(account: TrainerAccount, patch: TTrainerAccountPatchValues): boolean {
  if (patch.plainPassword !== undefined) return true;
  if (patch.email !== undefined && patch.email !== account.email.toLowerCase()) return true;
  return patch.trainerIban !== undefined && patch.trainerIban !== (account.iban ?? '');
}

/**
 * Applies a validated merge-patch: fields left out stay; optional text sent blank is cleared. A new
 * password is stored as argon2id and ends every other session of the user (a stolen key dies with
 * the old password) and every reset or confirmation link sent before it; the session that changed
 * it (`sessionId`) stays logged in.
 */
export async function patchTrainerAccount(
  em: EntityManager,
  userId: number,
  patch: TTrainerAccountPatchValues,
  { sessionId }: { sessionId?: number } = {},
): Promise<{ account: TrainerAccount; staffNotices: StaffNotice[] }> {
  const account = await accountOf(em, userId);
  const user: User = account.user;
  if (patch.plainPassword !== undefined) user.passwordHash = await hashPassword(patch.plainPassword);
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
  // The contact address of the account; the log-in address (User.email) changes only when the confirmation link sent to it is opened (api/routes/account-links).
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
  set(patch.eInvoiceFormat, (value) => (account.eInvoiceFormat = value));
  // The account and the trainer records it feeds change together, in one transaction.
  await em.begin();
  let staffNotices: StaffNotice[];
  try {
    await em.flush();
    if (patch.plainPassword !== undefined) {
      await revokeSessions(em, { userId: user.id, except: sessionId });
      await retireAllLinksOf(em, user.id);
    }
    staffNotices = await copyAccountToTrainers(em, account, patch);
    await em.commit();
  } catch (error) {
    await em.rollback();
    throw error;
  }
  // The staff e-mails about a data change, recorded with it: the caller hands them to SMTP.
  return { account, staffNotices };
}

const toNotification = (notification: Notification): TTrainerNotification => ({
  id: notification.uuid,
  studioGroupUuid: notification.studioGroup.uuid,
  studioGroupName: notification.studioGroup.name,
  studioGroupLogoPath: logoUrlPath(notification.studioGroup.uuid),
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
  return notifications.map(toNotification);
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
    studioGroupLogoPath: logoUrlPath(link.studioGroup.uuid),
    studioGroupTrainerUuid: link.uuid,
  }));
}

/**
 * A studio group's names (trainer spec 7; admin spec 7 reads the same call with the staff's headers):
 * a trainer sees the groups they are connected to, staff the groups they manage, an operator all.
 * Any other group is "not found", exactly like a missing one (nothing leaks).
 */
export async function visibleStudioGroupNames(auth: AuthContext, uuid: string): Promise<TStudioGroupNames> {
  const group: StudioGroup | undefined = (await studioGroupsOf(auth)).find((visible) => visible.uuid === uuid);
  if (!group) throw notFound(auth.role === 'trainer' ? 'trainerAccount.studioGroupNotConnected' : 'tenancy.studioGroupNotFound');
  return { uuid: group.uuid, studioGroupsName: group.name, studioGroupsCompanyName: group.companyName };
}

// --- account deletion (spec 2 "Profile page": the delete tab) ------------------------------------

/** How long the delete dialog's token stays valid. */
export const DELETE_TOKEN_TTL_SECONDS = 10 * 60;

/**
 * The delete token is an HMAC of the user, the session and the expiry. Its key is the user's password
 * hash: a secret only the server holds, the same on every api replica, and it dies with a password
 * change (and with the deletion itself, so a token works once).
 */
const deleteTokenSignature = (user: User, sessionId: number, expires: number) =>
  crypto.createHmac('sha256', user.passwordHash).update(`delete-account:${user.uuid}:${sessionId}:${expires}`).digest('base64url');

export async function createDeleteToken(em: EntityManager, userId: number, sessionId: number, now = Date.now()): Promise<string> {
  const account = await accountOf(em, userId);
  const expires = Math.floor(now / 1000) + DELETE_TOKEN_TTL_SECONDS;
  return `${expires}.${deleteTokenSignature(account.user, sessionId, expires)}`;
}

export function isDeleteTokenValid(user: User, sessionId: number, token: string, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(deleteTokenSignature(user, sessionId, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Never a valid argon2 hash, so no password logs in with it. */
const DISABLED_PASSWORD_HASH = '!deleted';

/**
 * Deletes the trainer's account as far as the law allows: personal and bank data are erased, the
 * links to studio groups, the notifications and the uploaded documents (approved ones too: they are
 * the trainer's personal data, GDPR Art. 17) removed, log-in disabled and every session revoked.
 * Issued credit notes, settlements, comments and approvals stay: they are the studio groups' legal
 * records (§14b UStG keeps invoices ten years) and refer to the studio group's trainer record, not
 * to this account. The documents' files go after the commit, each once no other document (the
 * same bytes uploaded by another account) holds it.
 */
export async function deleteTrainerAccount(em: EntityManager, userId: number, dataDir: string): Promise<void> {
  const documentHashes = await em.transactional(async (tx) => {
    const account = await accountOf(tx, userId);
    const user: User = account.user;
    const placeholderEmail = `deleted-${user.uuid}@deleted.invalid`;
    Object.assign(account, {
      firstname: 'Deleted',
      lastname: 'account',
      email: placeholderEmail,
      phone: null,
      companyName: null,
      street: null,
      house: null,
      zip: null,
      city: null,
      country: null,
      iban: null,
      bic: null,
      isTaxRelevant: false,
      taxNumber: null,
      vatId: null,
      recommendationCode: null,
    });
    Object.assign(user, { email: placeholderEmail, firstname: 'Deleted', lastname: 'account', passwordHash: DISABLED_PASSWORD_HASH, isVerified: false });
    // Self-billing consent is evidence for issued credit notes (§14 (2) UStG): it moves to the trainer
    // records before the links go, with when it was given (the user row stays, anonymised).
    const links = await tx.find(StudioGroupTrainer, { trainerAccount: account.id, selfBillingConsentAt: { $ne: null } }, { populate: ['trainer'] });
    for (const link of links) {
      if (!link.trainer.selfBillingAgreementAt) Object.assign(link.trainer, { selfBillingAgreementAt: link.selfBillingConsentAt, selfBillingAgreementBy: link.selfBillingConsentBy ?? user });
    }
    await tx.flush();
    await tx.nativeDelete(StudioGroupTrainer, { trainerAccount: account.id });
    await tx.nativeDelete(Notification, { trainerAccount: account.id });
    const documents = await tx.find(Document, { trainerAccount: account.id }, { fields: ['sha256'] });
    await tx.nativeDelete(Document, { trainerAccount: account.id });
    await revokeSessions(tx, { userId: user.id });
    await retireAllLinksOf(tx, user.id);
    return documents.map((document) => document.sha256);
  });
  await removeUnreferencedDocumentFiles(em, dataDir, documentHashes);
}

// --- account data → trainer records -----------------------------------------------------------

/** Patch fields that are also a trainer record's (and a settlement snapshot's), by the record's name. */
const TRAINER_FIELD_OF = {
  firstname: 'firstname',
  lastname: 'lastname',
  trainerCompanyName: 'companyName',
  trainerStreet: 'street',
  trainerHouse: 'houseNumber',
  trainerZip: 'postalCode',
  trainerCity: 'city',
  trainerLand: 'country',
  trainerIban: 'iban',
  trainerBic: 'bic',
  trainerTaxno: 'taxNumber',
  trainerUstidno: 'vatId',
  istaxrelevant: 'vatLiable',
} as const satisfies Partial<Record<keyof TTrainerAccountPatchValues, keyof TrainerSnapshot>>;

const ACCOUNT_VALUE_OF: { [K in keyof typeof TRAINER_FIELD_OF]: (account: TrainerAccount) => string | boolean | null } = {
  firstname: (account) => account.firstname,
  lastname: (account) => account.lastname,
  trainerCompanyName: (account) => account.companyName ?? null,
  trainerStreet: (account) => account.street ?? null,
  trainerHouse: (account) => account.house ?? null,
  trainerZip: (account) => account.zip ?? null,
  trainerCity: (account) => account.city ?? null,
  trainerLand: (account) => account.country ?? null,
  trainerIban: (account) => account.iban ?? null,
  trainerBic: (account) => account.bic ?? null,
  trainerTaxno: (account) => account.taxNumber ?? null,
  trainerUstidno: (account) => account.vatId ?? null,
  istaxrelevant: (account) => account.isTaxRelevant,
};

/**
 * The account is the trainer's own word on their data: what a save changed goes to every linked
 * trainer record (the next preparation freezes it) and to the snapshot of their settlements that are
 * still open — in progress, not company-approved, no credit note — so a corrected IBAN reaches the
 * next credit note while an approved or billed month never changes. Only the fields the patch sent:
 * a field the trainer never filled in does not blank the record imported from the source system. The
 * e-mail stays: invitations and account links find the record by it. Call inside the patch's
 * transaction.
 */
export async function copyAccountToTrainers(em: EntityManager, account: TrainerAccount, patch: TTrainerAccountPatchValues): Promise<StaffNotice[]> {
  const changes: Record<string, string | boolean | null> = {};
  for (const [field, trainerField] of Object.entries(TRAINER_FIELD_OF) as Array<[keyof typeof TRAINER_FIELD_OF, keyof TrainerSnapshot]>) {
    if (patch[field] !== undefined) changes[trainerField] = ACCOUNT_VALUE_OF[field](account);
  }
  if (Object.keys(changes).length === 0) return [];
  const links = await em.find(StudioGroupTrainer, { trainerAccount: account }, { populate: ['trainer'] });
  if (links.length === 0) return [];
  const notices = await recordTrainerDataChange(em, links.map((link) => link.trainer), changes);
  for (const link of links) em.assign(link.trainer, changes as Partial<Trainer>);
  await em.flush();
  // VAT liability decides the VAT of every line: a prepared month keeps the liability its lines were
  // computed with; the change reaches it with the next preparation (recalculation), not the snapshot.
  const { vatLiable: _liability, ...snapshotChanges } = changes;
  if (Object.keys(snapshotChanges).length === 0) return notices;
  await em.execute(
    `update settlement_trainer st set trainer_snapshot = st.trainer_snapshot || ?::jsonb, updated_at = now()
      where st.trainer_id = any(?::int[])
        and st.trainer_snapshot is not null
        and st.workflow_state not in ('credit_note_created', 'credit_note_send', 'approved')
        and exists (select 1 from settlement s where s.id = st.settlement_id and s.status = 'in_progress')
        and not exists (select 1 from credit_note cn where cn.settlement_trainer_id = st.id)
        and coalesce((select a.approved from approval a
                       where a.settlement_trainer_id = st.id and a.kind = 'company'
                       order by a.created_at desc, a.id desc limit 1), false) = false`,
    [JSON.stringify(snapshotChanges), idArray(links.map((link) => link.trainer.id))],
  );
  return notices;
}

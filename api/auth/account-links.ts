import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { AccountToken, type AccountTokenPurpose, type Invitation, type StaffInvitation, type User } from '../../db/entities';
import { ACCOUNT_EMAIL_WORKFLOW, type TAccountEmailInput, type TAccountEmailWorkflow } from '../../workflows/account-email.messages';
import { accountEmailWorkflowId, TASK_QUEUE } from '../../workflows/ids';
import { HttpError } from '../http/errors';

// The links e-mailed to a person (invitation, password reset, e-mail confirmation). A link's token is
// `{tokenUuid}.{expiry in unix seconds}.{HMAC-SHA256}` over the purpose, uuid and expiry, keyed by a
// key derived from the app's signing secret (DOWNLOAD_SECRET or the per-database key): a token cannot
// be forged or prolonged, the account_token row makes it single-use, and nothing secret is stored.

/** How long each kind of link works. */
export const LINK_TTL_SECONDS: Record<AccountTokenPurpose, number> = {
  invitation: 14 * 24 * 3600,
  'email-confirmation': 24 * 3600,
  'password-reset': 3600,
  'staff-invitation': 14 * 24 * 3600,
};

export type SecretSource = () => Promise<Buffer>;

const linkKey = (secret: Buffer) => crypto.createHmac('sha256', secret).update('account-links').digest();

const signature = (key: Buffer, purpose: AccountTokenPurpose, uuid: string, expires: number) =>
  crypto.createHmac('sha256', key).update(`${purpose}:${uuid}:${expires}`).digest('base64url');

export async function signLinkToken(secret: SecretSource, purpose: AccountTokenPurpose, row: AccountToken): Promise<string> {
  const expires = Math.floor(row.expiresAt.getTime() / 1000);
  return `${row.uuid}.${expires}.${signature(linkKey(await secret()), purpose, row.uuid, expires)}`;
}

/** Records a new link for the purpose and answers its token. */
export async function issueLink(
  em: EntityManager,
  secret: SecretSource,
  { purpose, user, invitation, staffInvitation, email, now = new Date() }: { purpose: AccountTokenPurpose; user?: User | null; invitation?: Invitation | null; staffInvitation?: StaffInvitation | null; email: string; now?: Date },
): Promise<{ row: AccountToken; token: string }> {
  // Whole seconds: the token carries the expiry in seconds and must match the row.
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS[purpose]) * 1000);
  const row = em.create(AccountToken, { purpose, user: user ?? null, invitation: invitation ?? null, staffInvitation: staffInvitation ?? null, email: email.toLowerCase(), expiresAt, usedAt: null });
  await em.flush();
  return { row, token: await signLinkToken(secret, purpose, row) };
}

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The link's row if the token is genuine, for this purpose, not expired and not used; otherwise a
 * refusal that says which (400 invalid, 410 expired or used). Nothing is changed.
 */
export async function checkLink(em: EntityManager, secret: SecretSource, purpose: AccountTokenPurpose, token: string, now = Date.now()): Promise<AccountToken> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw new HttpError(400, 'account.link.invalid', 'token');
  const [, uuid, expiresText, given] = match;
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(linkKey(await secret()), purpose, uuid!, expires));
  if (expected.length !== Buffer.from(given!).length || !crypto.timingSafeEqual(expected, Buffer.from(given!))) {
    throw new HttpError(400, 'account.link.invalid', 'token');
  }
  const row = await em.findOne(AccountToken, { uuid: uuid!, purpose }, { populate: ['user', 'invitation'] });
  if (!row || Math.floor(row.expiresAt.getTime() / 1000) !== expires) throw new HttpError(400, 'account.link.invalid', 'token');
  if (row.usedAt) throw new HttpError(410, 'account.link.used', 'token');
  if (expires * 1000 <= now) throw new HttpError(410, 'account.link.expired', 'token');
  return row;
}

/**
 * Marks the link used, at most once even when two requests race: the conditional update decides.
 * Call inside the transaction that does what the link allows, so both happen or neither.
 */
export async function useLink(em: EntityManager, row: AccountToken): Promise<void> {
  const changed = await em.nativeUpdate(AccountToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
  if (changed !== 1) throw new HttpError(410, 'account.link.used', 'token');
}

/** Ends every open link of a kind (a resent invitation, a newer reset): only the newest works. */
export async function retireLinks(em: EntityManager, where: { purpose: AccountTokenPurpose; user?: number; invitation?: number; staffInvitation?: number }): Promise<void> {
  await em.nativeUpdate(AccountToken, { ...where, usedAt: null }, { usedAt: new Date() });
}

/**
 * Ends every open link of a user, of any kind: a password change (or reset) must not leave a reset or
 * confirmation link, sent before it to an address an attacker may read, that still works after it.
 */
export async function retireAllLinksOf(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(AccountToken, { user: userId, usedAt: null }, { usedAt: new Date() });
}

/** Sends the link's e-mail through the outbox (workflow `account-email-{purpose}-{tokenUuid}`); answers once started. */
export async function sendLinkEmail(temporal: Client, input: TAccountEmailInput): Promise<void> {
  await temporal.workflow.start<TAccountEmailWorkflow>(ACCOUNT_EMAIL_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: accountEmailWorkflowId(input.purpose, input.tokenUuid),
    args: [input],
  });
}

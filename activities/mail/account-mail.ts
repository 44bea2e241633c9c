import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { OutgoingEmail, StudioGroup } from '../../db/entities';
import type { MessageKey } from '../../domain/messages';
import { fitLength } from '../../domain/text';
import { ZAccountEmailInput, type TAccountEmailInput } from '../../workflows/account-email.messages';
import { renderEmail } from './template';

// The account e-mails that carry a signed link: the invitations of trainers and staff (from a studio
// group, so they are in that group's Outbox: key `{studioGroupUuid}:{purpose}:{tokenUuid}`) and the account's own e-mails,
// e-mail confirmation and password reset (key `account:{purpose}:{tokenUuid}`: no studio group's
// Outbox lists them, they are the person's own). One row per link, recorded before it is sent.

const KEYS = {
  invitation: { subject: 'mail.invitation.subject', body: 'mail.invitation.body', action: 'mail.invitation.action' },
  'email-confirmation': { subject: 'mail.confirmation.subject', body: 'mail.confirmation.body', action: 'mail.confirmation.action' },
  'password-reset': { subject: 'mail.passwordReset.subject', body: 'mail.passwordReset.body', action: 'mail.passwordReset.action' },
  'staff-invitation': { subject: 'mail.staffInvitation.subject', body: 'mail.staffInvitation.body', action: 'mail.staffInvitation.action' },
} as const satisfies Record<TAccountEmailInput['purpose'], { subject: MessageKey; body: MessageKey; action: MessageKey }>;

export function createAccountMailActivities({ orm, publicUrl }: { orm: MikroORM; publicUrl: string }) {
  const baseUrl = publicUrl.replace(/\/+$/, '');
  return {
    /** Records the e-mail of one link in the outbox (idempotent by the link's token); sends nothing. */
    async queueAccountEmail(rawInput: TAccountEmailInput): Promise<{ emailUuid: string; created: boolean }> {
      const parsed = ZAccountEmailInput.safeParse(rawInput);
      if (!parsed.success) throw ApplicationFailure.nonRetryable(`Invalid account e-mail input: ${parsed.error.issues[0]?.message ?? ''}`, 'Invalid');
      const input = parsed.data;
      const idempotencyKey = `${input.studioGroupUuid?.toLowerCase() ?? 'account'}:${input.purpose}:${input.tokenUuid}`;
      const em = orm.em.fork();
      const existing = await em.findOne(OutgoingEmail, { idempotencyKey });
      if (existing) return { emailUuid: existing.uuid, created: false };
      const group = input.studioGroupUuid ? await em.findOne(StudioGroup, { uuid: input.studioGroupUuid }) : null;
      if (input.studioGroupUuid && !group) throw ApplicationFailure.nonRetryable(`Studio group ${input.studioGroupUuid} not found.`, 'NotFound');
      const keys = KEYS[input.purpose];
      const rendered = renderEmail({
        locale: input.locale,
        studioGroupName: group?.name ?? 'TrainerPay',
        recipientName: input.name ?? null,
        subjectKey: keys.subject,
        bodyKey: keys.body,
        params: { ...input.params, email: input.to },
        link: { url: `${baseUrl}/${input.locale}${input.linkPath}`, labelKey: keys.action },
      });
      try {
        const row = em.create(OutgoingEmail, {
          idempotencyKey,
          toAddress: input.to,
          subject: fitLength(rendered.subject),
          textBody: rendered.text,
          htmlBody: rendered.html,
          attachments: [],
          status: 'queued',
        });
        await em.flush();
        return { emailUuid: row.uuid, created: true };
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        const row = await orm.em.fork().findOneOrFail(OutgoingEmail, { idempotencyKey });
        return { emailUuid: row.uuid, created: false };
      }
    },
  };
}

export type AccountMailActivities = ReturnType<typeof createAccountMailActivities>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { OutgoingEmail, StudioGroupTrainer, Trainer, User } from '../../db/entities';
import { mailsTo, subjectOf } from '../support/mail-links';
import { startSmtpServer } from '../support/smtp';
import { logIn, startStack, type Stack } from '../support/stack';

// Our workflowState rule: a trainer's change of bank data in the portal sets 'changed'
// and e-mails the group's staff — recorded in the outbox with the change and handed to the real
// SMTP server (outboxMailWorkflow) once the change is committed.

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }) });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('trainer data change e-mail', () => {
  it('a trainer changes the IBAN in the portal: each staff member of the group receives the e-mail by SMTP', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const group = admin.studioGroups[0] as unknown as { id: number; uuid: string };
    const em = stack.orm.em.fork();
    const record = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group.id, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer'] })).trainer;
    const staff = await em.find(User, { role: 'staff', staffStudioGroups: group.id });
    expect(staff.map((user) => user.email)).toContain('admin@demo.test');
    expect(smtp.received).toHaveLength(0);

    const patch = await fetch(`${stack.baseUrl}/api/v2/trainer_accounts/${trainer.userUuid}`, {
      method: 'PATCH',
      headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ trainerIban: 'DE02120300000000202051' }),
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    expect((await stack.orm.em.fork().findOneOrFail(Trainer, record.id)).workflowState).toBe('changed');

    for (const user of staff) {
      const [mail] = await mailsTo(smtp.received, user.email);
      expect(subjectOf(mail!)).toMatch(user.locale === 'en' ? /^Trainer data changed: / : /^Trainerdaten geändert: /);
      // The link to the trainer's page, where staff review the data (the API's PUBLIC_URL in front).
      expect(decoded(mail!.raw)).toContain(`/${user.locale === 'en' ? 'en' : 'de'}/admin/trainer/${record.id}/edit`);
    }
    // The outbox rows are marked sent once the server accepted them (the commit follows the SMTP answer).
    const outbox = () => stack.orm.em.fork().find(OutgoingEmail, { idempotencyKey: { $like: `${group.uuid}:trainer-data-changed:${record.uuid}:%` } });
    await expect.poll(async () => (await outbox()).map((row) => row.status), { timeout: 10_000 }).toEqual(staff.map(() => 'sent'));

    // Saving the same IBAN again changes nothing and sends nothing more.
    const again = await fetch(`${stack.baseUrl}/api/v2/trainer_accounts/${trainer.userUuid}`, {
      method: 'PATCH',
      headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ trainerIban: 'DE02 1203 0000 0000 2020 51' }),
    });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.received).toHaveLength(staff.length);
  }, 120_000);

  it('a 200 + 200 character name still lets the trainer save profile changes; the staff e-mail subject is cut to its column', async () => {
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    const change = (body: Record<string, unknown>) =>
      fetch(`${stack.baseUrl}/api/v2/trainer_accounts/${trainer.userUuid}`, {
        method: 'PATCH',
        headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify(body),
      });
    const named = await change({ firstname: 'Ä'.repeat(199) + '😀', lastname: 'L'.repeat(200) });
    expect(named.status, await named.clone().text()).toBe(200);
    // The name change's own e-mail still names the trainer as before; the next one carries the long name.
    const earlier = new Set((await stack.orm.em.fork().find(OutgoingEmail, {})).map((row) => row.uuid));
    const later = await change({ trainerIban: 'DE89370400440532013000' });
    expect(later.status, await later.clone().text()).toBe(200);

    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const group = admin.studioGroups[0] as unknown as { id: number };
    const link = await stack.orm.em.fork().findOneOrFail(StudioGroupTrainer, { studioGroup: group.id, trainerAccount: { user: { uuid: trainer.userUuid } } }, { populate: ['trainer'] });
    const record = link.trainer;
    const mails = (await stack.orm.em.fork().find(OutgoingEmail, { idempotencyKey: { $like: `%:trainer-data-changed:${record.uuid}:%` } })).filter((row) => !earlier.has(row.uuid));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(Array.from(mail.subject).length).toBeLessThanOrEqual(255);
      expect(mail.subject).toMatch(/^Trainer(daten geändert| data changed): Ä+/);
      expect(mail.subject.endsWith('…')).toBe(true);
    }
  }, 120_000);
});

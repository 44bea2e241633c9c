import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { Settlement, SettlementTrainer, StudioGroup, StudioGroupTrainer, Trainer, User } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { logIn } from '../support/stack';

// In English, as the demo trainer would: the pending invitation from Demo Yoga Collective in the
// sidebar, declined; invited again and accepted; then the studio page's header and removing the
// connection behind its confirmation.

const e2e = useBrowserStack({ timeout: 180_000 });

/** The natural width of a loaded logo image (0 while it is not loaded or broken). */
const logoWidth = (logo: Locator) => logo.first().evaluate((image) => (image instanceof HTMLImageElement && image.complete ? image.naturalWidth : 0));

it('shows each connected group with its logo and company name in the sidebar and on the studio page (de)', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'de', landsOn: 'trainer/profile' });
  const sidebar = page.getByTestId('nav-studio-groups');
  await expect.poll(() => sidebar.textContent(), { timeout: 20_000 }).toContain('Demo Fitness GmbH');
  await expect.poll(() => logoWidth(sidebar.getByTestId('group-logo')), { timeout: 20_000 }).toBe(256);
  expect(await sidebar.getByTestId('group-logo').first().getAttribute('src')).toMatch(/^\/build\/images\/logo\/[0-9a-f]{64}\.png$/);
  await sidebar.getByText('Demo Fitness GmbH').click();
  await page.waitForURL('**/de/trainer/studio/**');
  await expect.poll(() => logoWidth(page.getByTestId('studio-header').getByTestId('group-logo')), { timeout: 20_000 }).toBe(256);
  expect(await page.getByTestId('studio-header').getByRole('img').first().getAttribute('alt')).toBe('Logo von Demo Fitness GmbH');
  await page.close();
});

it('declines the demo invitation, accepts a new one and removes the connection again', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });

  // The pending invitation in the sidebar opens the invitation screen.
  const invitations = page.getByTestId('nav-invitations');
  await expect.poll(() => invitations.textContent()).toContain('Demo Yoga');
  await invitations.getByRole('link').first().click();
  const screen = page.getByTestId('trainer-invitation');
  await expect.poll(() => screen.textContent()).toContain('invites you');
  // The group has uploaded no logo: the one the server draws from its initials, a loaded picture.
  await expect.poll(() => logoWidth(screen.getByTestId('group-logo')), { timeout: 20_000 }).toBe(256);
  await screen.getByTestId('invitation-decline').click();
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('nav-invitations').count()).toBe(0);
  expect(await page.getByTestId('nav-studio-groups').textContent()).not.toContain('Yoga');

  // Demo Yoga Collective invites again (its admin's call); the portal shows it after a reload.
  const yogaAdmin = await logIn(e2e.stack.baseUrl, 'admin2@demo.test');
  const yoga = yogaAdmin.studioGroups[0]!;
  const record = await e2e.stack.orm.em.fork().findOneOrFail(Trainer, { studioGroup: { uuid: yoga.uuid }, email: 'trainer@demo.test' });
  const invited = await fetch(`${e2e.stack.baseUrl}/api/v1/${yoga.uuid}/trainers/${record.id}/invitation`, { method: 'POST', headers: yogaAdmin.headers, body: JSON.stringify({ email: 'trainer@demo.test' }) });
  expect(invited.status).toBe(200);
  await page.reload();
  await expect.poll(() => page.getByTestId('nav-invitations').textContent()).toContain('Demo Yoga');
  await page.getByTestId('nav-invitations').getByRole('link').first().click();
  await page.getByTestId('trainer-invitation').getByTestId('invitation-accept').click();
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('nav-studio-groups').textContent()).toContain(yoga.name);
  expect(await e2e.stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(1);

  // The studio page: company name, studio group name and logo; remove behind the modal.
  // The sidebar names the company, with the group's name beneath.
  await page.getByTestId('nav-studio-groups').getByText(yoga.name, { exact: true }).click();
  await page.waitForURL(`**/en/trainer/studio/${yoga.uuid}**`);
  const header = page.getByTestId('studio-header');
  await expect.poll(() => header.getByTestId('studio-name').textContent()).toBe(yoga.name);
  expect(await header.getByTestId('studio-company').textContent()).toBeTruthy();
  await header.getByTestId('studio-disconnect').click();
  const modal = page.getByTestId('disconnect-modal');
  await expect.poll(() => modal.textContent()).toContain('Issued credit notes and settlements stay');
  await modal.getByTestId('disconnect-cancel').click();
  expect(await e2e.stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(1);
  // While a settlement of the group awaits the trainer's approval the modal says why it cannot be done.
  const em = e2e.stack.orm.em.fork();
  const settlement = em.create(Settlement, {
    studioGroup: await em.findOneOrFail(StudioGroup, { uuid: yoga.uuid }),
    month: '2026-09-30',
    trainerReview: true,
    status: 'in_progress',
    createdBy: await em.findOneOrFail(User, { email: 'admin2@demo.test' }),
  } as never);
  em.create(SettlementTrainer, { settlement, trainer: record, workflowState: 'preview_send' } as never);
  await em.flush();
  await header.getByTestId('studio-disconnect').click();
  await page.getByTestId('disconnect-modal').getByTestId('disconnect-confirm').click();
  await expect.poll(() => page.getByTestId('disconnect-error').textContent()).toContain('is waiting for your approval of a settlement');
  expect(await e2e.stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(1);
  await e2e.stack.orm.em.fork().nativeUpdate(Settlement, { uuid: settlement.uuid }, { status: 'completed' } as never);

  await page.getByTestId('disconnect-modal').getByTestId('disconnect-confirm').click();
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('nav-studio-groups').textContent()).not.toContain(yoga.name);
  expect(await e2e.stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(0);
  await page.close();
});

it('the referral page shows the personal code, copies it with the toast and says the campaign has ended', async () => {
  const context = await e2e.browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.baseUrl });
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });
  await page.getByTestId('nav-recommendation').click();
  await expect.poll(() => page.getByTestId('recommendation-code').textContent()).toBe('DEMO-TRAINER');
  await page.getByTestId('recommendation-copy').click();
  await expect.poll(() => page.getByText('Code kopiert').count()).toBe(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DEMO-TRAINER');
  // The toast goes after 1.8 s.
  await expect.poll(() => page.getByText('Code kopiert').count(), { timeout: 5000 }).toBe(0);
  expect(await page.getByTestId('recommendation-ended').textContent()).toContain('The referral programme ended on 31 December 2025');
  expect(await page.getByTestId('recommendation-share').getAttribute('href')).toContain('DEMO-TRAINER');
  expect(await page.getByTestId('recommendation-terms').textContent()).toContain('200 euro gift voucher');
  await context.close();
});

it('a new e-mail address shows the banner; resending says so', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });
  expect(await page.getByTestId('email-confirmation-banner').count()).toBe(0);
  const trainer = await logIn(e2e.stack.baseUrl, 'trainer@demo.test');
  const saved = await fetch(`${e2e.stack.baseUrl}/api/v2/trainer_accounts/${trainer.userUuid}`, {
    method: 'PATCH',
    headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ email: 'new.address@example.test' }),
  });
  expect(saved.status).toBe(200);
  await page.reload();
  const banner = page.getByTestId('email-confirmation-banner');
  await expect.poll(() => banner.textContent()).toContain('new.address@example.test is not confirmed yet');
  await banner.getByTestId('email-confirmation-resend').click();
  await expect.poll(() => banner.textContent()).toContain('Confirmation email re-send.');
  await page.close();
});

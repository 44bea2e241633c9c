import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { StudioGroupTrainer, Trainer } from '../../db/entities';
import { logInInBrowser, startBrowserStack } from '../support/browser';
import { logIn, type Stack } from '../support/stack';

// In English, as the demo trainer would: the pending invitation from Demo Yoga Collective in the
// sidebar, declined; invited again and accepted; then the studio page's header and removing the
// connection behind its confirmation.

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('declines the demo invitation, accepts a new one and removes the connection again', async () => {
  const page = await browser.newPage();
  await logInInBrowser(page, { baseUrl: stack.baseUrl, email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });

  // The pending invitation in the sidebar opens the invitation screen.
  const invitations = page.getByTestId('nav-invitations');
  await expect.poll(() => invitations.textContent()).toContain('Demo Yoga');
  await invitations.getByRole('link').first().click();
  const screen = page.getByTestId('trainer-invitation');
  await expect.poll(() => screen.textContent()).toContain('invites you');
  expect(await screen.getByTestId('group-initials').count()).toBe(1);
  await screen.getByTestId('invitation-decline').click();
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('nav-invitations').count()).toBe(0);
  expect(await page.getByTestId('nav-studio-groups').textContent()).not.toContain('Yoga');

  // Demo Yoga Collective invites again (its admin's call); the portal shows it after a reload.
  const yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  const yoga = yogaAdmin.studioGroups[0]!;
  const record = await stack.orm.em.fork().findOneOrFail(Trainer, { studioGroup: { uuid: yoga.uuid }, email: 'trainer@demo.test' });
  const invited = await fetch(`${stack.baseUrl}/api/v1/${yoga.uuid}/trainers/${record.id}/invitation`, { method: 'POST', headers: yogaAdmin.headers, body: JSON.stringify({ email: 'trainer@demo.test' }) });
  expect(invited.status).toBe(200);
  await page.reload();
  await expect.poll(() => page.getByTestId('nav-invitations').textContent()).toContain('Demo Yoga');
  await page.getByTestId('nav-invitations').getByRole('link').first().click();
  await page.getByTestId('trainer-invitation').getByTestId('invitation-accept').click();
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('nav-studio-groups').textContent()).toContain(yoga.name);
  expect(await stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(1);

  // The studio page: company name, studio group name and initials (no logo); remove behind the modal.
  await page.getByTestId('nav-studio-groups').getByText(yoga.name).click();
  await page.waitForURL(`**/en/trainer/studio/${yoga.uuid}**`);
  const header = page.getByTestId('studio-header');
  await expect.poll(() => header.getByTestId('studio-name').textContent()).toBe(yoga.name);
  expect(await header.getByTestId('studio-company').textContent()).toBeTruthy();
  await header.getByTestId('studio-disconnect').click();
  const modal = page.getByTestId('disconnect-modal');
  await expect.poll(() => modal.textContent()).toContain('Issued credit notes and settlements stay');
  await modal.getByTestId('disconnect-cancel').click();
  expect(await stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(1);
  await header.getByTestId('studio-disconnect').click();
  await page.getByTestId('disconnect-modal').getByTestId('disconnect-confirm').click();
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('nav-studio-groups').textContent()).not.toContain(yoga.name);
  expect(await stack.orm.em.fork().count(StudioGroupTrainer, { studioGroup: { uuid: yoga.uuid } })).toBe(0);
  await page.close();
});

import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Notification, StudioGroup, TrainerAccount, User } from '../../db/entities';
import { verifyPassword } from '../../domain/passwords';
import { useBrowserStack } from '../support/browser';

const e2e = useBrowserStack({ worker: false });

const storedAccount = () => e2e.stack.orm.em.fork().findOneOrFail(TrainerAccount, { email: 'trainer@demo.test' });

const logInAsTrainer = (page: Page) => e2e.logIn(page, { email: 'trainer@demo.test', locale: 'de', landsOn: 'trainer/profile' });

it('the demo trainer fixes a typo in the IBAN: told why it is refused, then saved normalised', async () => {
  const page = await e2e.browser.newPage();
  await logInAsTrainer(page);
  const before = await storedAccount();

  await page.getByTestId('tab-bank').click();
  const iban = page.getByTestId('field-trainerIban');
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await page.getByTestId('bank-form').getByTestId('profile-save').click();
  await expect.poll(() => page.getByTestId('bank-form').getByTestId('save-error').textContent()).toContain('Fehler beim Speichern der persönlichen Daten');
  await expect.poll(() => page.getByTestId('bank-form').getByText('ist keine gültige IBAN').count()).toBe(1);
  expect((await storedAccount()).iban).toBe(before.iban);

  // A different IBAN asks for the current password: not sent without it, refused when wrong.
  await iban.fill('de89 3704 0044 0532 0130 00');
  const currentPassword = page.getByTestId('bank-form').getByTestId('field-currentPassword');
  await expect.poll(() => page.getByTestId('bank-form').getByLabel('Aktuelles Passwort').count()).toBe(1);
  await page.getByTestId('bank-form').getByTestId('profile-save').click();
  await expect.poll(() => page.getByTestId('bank-form').getByTestId('save-error').textContent()).toContain('Bitte gib dein aktuelles Passwort ein.');
  await currentPassword.fill('nicht-mein-passwort');
  await page.getByTestId('bank-form').getByTestId('profile-save').click();
  await expect.poll(() => page.getByTestId('bank-form').getByTestId('save-error').textContent()).toContain('Dein aktuelles Passwort ist nicht korrekt.');
  expect((await storedAccount()).iban).toBe(before.iban);
  await currentPassword.fill('demo1234');
  await page.getByTestId('bank-form').getByTestId('profile-save').click();
  await expect.poll(() => page.getByTestId('bank-form').getByTestId('save-success').textContent()).toBe('Bankdaten aktualisiert');
  // Saved: the field goes with the change it asked for.
  await expect.poll(() => currentPassword.count()).toBe(0);
  expect((await storedAccount()).iban).toBe('DE89370400440532013000');
  await expect.poll(() => iban.inputValue()).toBe('DE89 3704 0044 0532 0130 00');

  // Required fields: nothing is sent while one is empty.
  await page.getByTestId('tab-personal').click();
  await page.getByTestId('field-trainerCity').fill('');
  await page.getByTestId('personal-form').getByTestId('profile-save').click();
  await expect.poll(() => page.getByTestId('personal-form').getByTestId('save-error').textContent()).toContain('Bitte fülle alle Pflichtfelder aus.');
  expect((await storedAccount()).city).toBe(before.city);

  // The delete dialog asks for the current password too; nothing is deleted without it.
  await page.getByTestId('tab-delete').click();
  await page.getByTestId('delete-account-open').click();
  const dialog = page.getByTestId('delete-account-modal');
  await expect.poll(() => dialog.getByLabel('Aktuelles Passwort').count()).toBe(1);
  await expect.poll(() => dialog.getByTestId('delete-account-confirm').isEnabled()).toBe(true);
  await dialog.getByTestId('delete-account-confirm').click();
  await expect.poll(() => dialog.getByText('Bitte gib dein aktuelles Passwort ein.').count()).toBe(1);
  await dialog.getByTestId('delete-account-cancel').click();
  expect((await storedAccount()).email).toBe('trainer@demo.test');
  await page.close();
});

it('an unread notification is highlighted, counted on the bell, and read once clicked', async () => {
  const em = e2e.stack.orm.em.fork();
  const account = await em.findOneOrFail(TrainerAccount, { email: 'trainer@demo.test' });
  const fitness = await em.findOneOrFail(StudioGroup, { name: 'Demo Fitness Group' });
  const notification = em.create(Notification, {
    trainerAccount: account,
    studioGroup: fitness,
    message: 'Deine Abrechnung für Oktober 2026 liegt zur Prüfung bereit.',
    link: `/de/trainer/studio/${fitness.uuid}`,
    createdAt: new Date('2026-11-02T09:00:00Z'),
  });
  await em.flush();

  const page = await e2e.browser.newPage();
  await logInAsTrainer(page);
  const bell = page.getByTestId('notification-bell');
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('1 ungelesene Benachrichtigungen');
  await bell.click();
  const item = page.getByTestId('notification-item').first();
  await expect.poll(() => item.textContent()).toContain('02.11.2026');
  expect(await item.textContent()).toContain('Demo Fitness Group');
  // The group's logo (drawn from its initials: the group has uploaded none), loaded.
  const logo = item.locator('img');
  await expect.poll(() => logo.count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => logo.evaluate((image) => (image instanceof HTMLImageElement && image.complete ? image.naturalWidth : 0)), { timeout: 20_000 }).toBe(256);
  expect(await item.getAttribute('data-unread')).toBe('true');
  await item.click();
  await page.waitForURL(`**/de/trainer/studio/${fitness.uuid}`);
  await expect.poll(async () => (await e2e.stack.orm.em.fork().findOneOrFail(Notification, { uuid: notification.uuid })).approvedAt).not.toBeNull();
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Benachrichtigungen');
  await page.close();
});

it('changing the profile language reloads the profile in the new language', async () => {
  const page = await e2e.browser.newPage();
  await logInAsTrainer(page);
  await page.getByTestId('field-language').getByText('English').click();
  await page.getByTestId('personal-form').getByTestId('profile-save').click();
  // Answered in the new language, then the page reloads into it after 1 s (spec 4).
  await expect.poll(() => page.getByTestId('personal-form').getByTestId('save-success').textContent()).toBe('Personal data updated');
  await page.waitForURL('**/en/trainer/profile');
  await expect.poll(() => page.getByTestId('tab-personal').textContent()).toBe('Personal data');
  expect((await storedAccount()).language).toBe('en');
  await page.close();
});

it('the password tab asks for the current password (in English)', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });
  await page.getByTestId('tab-password').click();
  const form = page.getByTestId('password-form');
  await expect.poll(() => form.getByLabel('Current password').count()).toBe(1);
  await form.getByTestId('field-plainPassword').fill('a-new-secret-9');
  await form.getByTestId('field-repeatPassword').fill('a-new-secret-9');
  await form.getByTestId('password-save').click();
  await expect.poll(() => form.getByText('Please enter your current password.').count()).toBe(1);

  await form.getByTestId('field-currentPassword').fill('not-my-password');
  await form.getByTestId('password-save').click();
  await expect.poll(() => form.getByTestId('save-error').textContent()).toContain('Your current password is not correct.');
  const userUuid = (await storedAccountUser()).uuid;
  expect(await verifyPassword((await storedAccountUser()).passwordHash, 'demo1234')).toBe(true);

  await form.getByTestId('field-currentPassword').fill('demo1234');
  await form.getByTestId('password-save').click();
  await expect.poll(() => form.getByTestId('save-success').textContent()).toBe('Password updated');
  expect(await verifyPassword((await e2e.stack.orm.em.fork().findOneOrFail(User, { uuid: userUuid })).passwordHash, 'a-new-secret-9')).toBe(true);

  // And back, for whoever logs in after this test.
  await form.getByTestId('field-currentPassword').fill('a-new-secret-9');
  await form.getByTestId('field-plainPassword').fill('demo1234');
  await form.getByTestId('field-repeatPassword').fill('demo1234');
  await form.getByTestId('password-save').click();
  await expect.poll(async () => verifyPassword((await storedAccountUser()).passwordHash, 'demo1234')).toBe(true);
  await page.close();
});

const storedAccountUser = () => e2e.stack.orm.em.fork().findOneOrFail(User, { email: 'trainer@demo.test' });

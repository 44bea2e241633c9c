import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createMailer } from '../../activities/mail';
import { StudioGroup, Trainer, User } from '../../db/entities';
import { demoPdf } from '../../db/seed-documents';
import { launchChromium, logInInBrowser } from '../support/browser';
import { linkOf, mailsTo } from '../support/mail-links';
import { startSmtpServer } from '../support/smtp';
import { startStack, type Stack } from '../support/stack';

// In German, as the people would: the admin invites a trainer record by a new e-mail address on the
// trainer's page, the invitation arrives over SMTP, the person opens its link, sets a password on the
// invitation screen and lands in the portal connected to the studio group; there they upload their
// trainer licence, the admin approves it with an expiry date, and they see it approved.

let stack: Stack;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ webDist: path.resolve(process.env.WEB_DIST ?? 'dist/web'), mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://mail-link.test' });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.stop();
});

it('the admin invites a new person, who signs up from the e-mailed link, uploads a licence the admin approves with an expiry date', { timeout: 150_000 }, async () => {
  const email = 'lena.neu@example.test';
  const trainer = await stack.orm.em.fork().findOneOrFail(Trainer, { sourceId: 'DF-T014', studioGroup: { name: 'Demo Fitness Group' } });

  const admin = await browser.newPage();
  await logInInBrowser(admin, { baseUrl: stack.baseUrl, email: 'admin@demo.test', locale: 'de', landsOn: 'admin/import' });
  await admin.goto(`${stack.baseUrl}/de/admin/trainer/${trainer.id}/edit`);
  const card = admin.getByTestId('trainer-invitation-card');
  await expect.poll(() => card.getByTestId('trainer-invitation-state').textContent()).toBe('Nicht eingeladen');
  await card.getByTestId('trainer-invitation-email').fill(email);
  await card.getByTestId('trainer-invitation-send').click();
  await expect.poll(() => card.getByTestId('trainer-invitation-state').textContent()).toBe('Einladung offen');
  expect(await card.getByTestId('trainer-invitation-sent').textContent()).toContain(`an ${email} gesendet`);

  // The e-mail, as it reached the mail server; its link opened in the person's browser.
  const [mail] = await mailsTo(smtp.received, email);
  const link = new URL(linkOf(mail!, 'invitation').url);
  expect(link.pathname).toMatch(/^\/de\/invitation\//);
  const person = await browser.newPage();
  await person.goto(`${stack.baseUrl}${link.pathname}`);
  const screen = person.getByTestId('invitation-screen');
  await expect.poll(() => screen.getByTestId('invitation-company').textContent()).toBeTruthy();
  expect(await screen.textContent()).toContain('lädt dich ein');
  expect(await screen.textContent()).toContain(`Einladung für ${email}`);

  // A mistake first: told in German, nothing created.
  await screen.getByTestId('invitation-password').fill('geheim-123');
  await screen.getByTestId('invitation-repeat').fill('geheim-124');
  await screen.getByTestId('invitation-accept').click();
  await expect.poll(() => screen.getByText('Die Passwörter stimmen nicht überein.').count()).toBe(1);
  expect(await stack.orm.em.fork().count(User, { email })).toBe(0);

  await screen.getByTestId('invitation-repeat').fill('geheim-123');
  await screen.getByTestId('invitation-accept').click();
  await person.waitForURL('**/de/trainer/profile');
  await expect.poll(() => person.getByTestId('nav-studio-groups').textContent()).toContain('Demo Fitness Group');
  await expect.poll(() => person.getByText('Dein Konto wurde angelegt.').count()).toBeGreaterThan(0);
  expect(await stack.orm.em.fork().findOneOrFail(User, { email })).toMatchObject({ role: 'trainer', isVerified: true, firstname: trainer.firstname });

  // The admin sees the trainer connected; the used link says so in German.
  await admin.reload();
  await expect.poll(() => admin.getByTestId('trainer-invitation-state').textContent()).toBe('Mit einem Portal-Konto verbunden');
  const again = await browser.newPage();
  await again.goto(`${stack.baseUrl}${link.pathname}`);
  await expect.poll(() => again.getByTestId('invitation-error').textContent()).toMatch(/bereits verwendet|nicht mehr offen/);

  // The rest of the new trainer's way in: the new trainer uploads a trainer licence, the admin approves it
  // with an expiry date in the document manager, the trainer sees it approved with that date.
  const fitnessUuid = (await stack.orm.em.fork().findOneOrFail(StudioGroup, { name: 'Demo Fitness Group' })).uuid;
  await person.goto(`${stack.baseUrl}/de/trainer/studio/${fitnessUuid}/documents`);
  const licence = person.locator('[data-testid="document-category"][data-category="Trainerlizenz"]');
  await expect.poll(() => licence.getByTestId('document-mandatory').textContent()).toBe('Pflicht');
  await licence.getByTestId('document-upload-open').click();
  await person.getByTestId('document-file-input').setInputFiles({ name: 'Trainerlizenz Lena.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await demoPdf('Trainerlizenz', 'Lena Neu')) });
  await person.getByTestId('document-upload-submit').click();
  const row = licence.locator('[data-testid="document-row"][data-file-name="Trainerlizenz Lena.pdf"]');
  await expect.poll(() => row.getByTestId('document-approval').textContent()).toBe('Ausstehend');

  await admin.goto(`${stack.baseUrl}/de/admin/document-manager`);
  const trainerName = trainer.companyName?.trim() || `${trainer.firstname} ${trainer.lastname}`;
  await admin.locator(`[data-testid="document-manager-trainer"][data-name="${trainerName}"]`).click();
  await admin.locator('[data-testid="document-manager-file"][data-file-name="Trainerlizenz Lena.pdf"]').click();
  const panel = admin.getByTestId('document-panel');
  await expect.poll(() => panel.getAttribute('data-file-name')).toBe('Trainerlizenz Lena.pdf');
  const expiry = DateTime.now().setZone('Europe/Berlin').plus({ months: 1 }).set({ day: 15 });
  await panel.getByTestId('document-expiry').click();
  await admin.locator('button[data-direction="next"]').first().click();
  await admin.locator('table button:not([data-outside])', { hasText: /^15$/ }).first().click();
  await panel.getByTestId('document-approve').click();
  await expect.poll(() => panel.getByTestId('document-panel-status').textContent()).toBe('Freigegeben');
  await expect.poll(() => panel.getByTestId('document-panel-expiry').textContent()).toBe(`Läuft ab am ${expiry.toFormat('dd.MM.yyyy')}`);

  await person.reload();
  await expect.poll(() => row.getByTestId('document-approval').textContent()).toBe('✓ Freigegeben');
  expect(await row.getByTestId('document-expires').textContent()).toBe(expiry.toFormat('dd.MM.yyyy'));
  await Promise.all([admin.close(), person.close(), again.close()]);
});

it("'Forgot password' on the log-in page: the e-mailed link sets a new password once", async () => {
  const page = await browser.newPage();
  await page.goto(`${stack.baseUrl}/de/login`);
  await page.getByTestId('login-forgot-password').click();
  await page.waitForURL('**/de/forgot-password');
  await page.getByTestId('forgot-email').fill('trainer@demo.test');
  await page.getByTestId('forgot-submit').click();
  await expect.poll(() => page.getByTestId('forgot-sent').textContent()).toContain('Falls es ein Konto mit dieser Adresse gibt');

  const [mail] = await mailsTo(smtp.received, 'trainer@demo.test');
  const link = new URL(linkOf(mail!, 'reset-password').url);
  await page.goto(`${stack.baseUrl}${link.pathname}`);
  await page.getByTestId('reset-password-input').fill('ein-neues-passwort');
  await page.getByTestId('reset-repeat').fill('ein-neues-passwort');
  await page.getByTestId('reset-submit').click();
  await page.waitForURL('**/de/login');
  await page.getByTestId('login-email').fill('trainer@demo.test');
  await page.getByTestId('login-password').fill('ein-neues-passwort');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/de/trainer/profile');

  // The same link a second time: refused in German, the password stays.
  await page.goto(`${stack.baseUrl}${link.pathname}`);
  await page.getByTestId('reset-password-input').fill('noch-ein-passwort');
  await page.getByTestId('reset-repeat').fill('noch-ein-passwort');
  await page.getByTestId('reset-submit').click();
  await expect.poll(() => page.getByTestId('reset-error').textContent()).toBe('Dieser Link wurde bereits verwendet. Bitte fordere einen neuen an, falls du ihn noch brauchst.');
  await page.close();
});

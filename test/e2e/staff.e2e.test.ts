import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createMailer } from '../../activities/mail';
import { launchChromium, logInInBrowser } from '../support/browser';
import { linkOf, mailsTo, subjectOf } from '../support/mail-links';
import { startSmtpServer } from '../support/smtp';
import { startStack, type Stack } from '../support/stack';

// The group's team in the browser, in German and English: the admin invites a colleague as
// accountant on the Team screen, the invitation arrives over SMTP, the colleague sets a password from
// its link and lands in the back office, where settlements, credit notes and reports show without a
// control that changes anything; the admin removes them, and their next page load ends at the log-in.

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

const TEXTS = {
  de: { subject: 'Dein Zugang zu Demo Fitness Group bei TrainerPay', sent: 'Einladung an', joined: 'Willkommen bei Demo Fitness Group', readOnly: 'Du bist in dieser Studiogruppe Buchhaltung', removed: 'hat keinen Zugang mehr' },
  en: { subject: 'Your access to Demo Fitness Group on TrainerPay', sent: 'Invitation sent to', joined: 'Welcome to Demo Fitness Group', readOnly: 'You are an accountant in this studio group', removed: 'no longer has access' },
} as const;

describe.each(['de', 'en'] as const)('the team in %s', (locale) => {
  it('an admin invites an accountant, who sets a password from the e-mail, reads without change buttons, and loses access when removed', { timeout: 180_000 }, async () => {
    const texts = TEXTS[locale];
    const email = `buchhaltung.${locale}@example.test`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logInInBrowser(admin, { baseUrl: stack.baseUrl, email: 'admin@demo.test', locale, landsOn: 'admin/import' });
    await admin.getByTestId('nav-staff').click();
    await admin.getByTestId('staff-panel').waitFor();
    expect(await admin.getByTestId('staff-member').count()).toBe(1);

    // The invitation: the form's role is accountant and its language the page's unless changed.
    const form = admin.getByTestId('staff-invite');
    await form.getByTestId('staff-invite-email').fill(email);
    await form.getByTestId('staff-invite-firstname').fill('Bea');
    await form.getByTestId('staff-invite-lastname').fill(`Buchhaltung ${locale}`);
    await form.getByTestId('staff-invite-submit').click();
    await admin.getByText(`${texts.sent} ${email}`).first().waitFor();
    await admin.locator(`[data-testid="staff-invitation"][data-email="${email}"]`).waitFor();

    // The e-mail over SMTP, its link opened by the colleague.
    const [mail] = await mailsTo(smtp.received, email);
    expect(subjectOf(mail!)).toBe(texts.subject);
    const link = new URL(linkOf(mail!, 'staff-invitation').url);
    expect(link.pathname).toMatch(new RegExp(`^/${locale}/staff-invitation/`));
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await colleague.goto(`${stack.baseUrl}${link.pathname}`);
    const card = colleague.getByTestId('staff-invitation');
    await card.waitFor();
    await card.getByTestId('staff-invitation-password').fill('bea-rechnet-2026');
    await card.getByTestId('staff-invitation-repeat').fill('bea-rechnet-2026');
    await card.getByTestId('staff-invitation-submit').click();
    await colleague.waitForURL(`**/${locale}/admin/settlements`);
    await colleague.getByText(texts.joined).first().waitFor();

    // Read-only: no new settlement, no credit-note cancellation, no imports in the navigation; reports there.
    await colleague.getByTestId('nav-reports').waitFor();
    expect(await colleague.getByTestId('settlement-new').count()).toBe(0);
    expect(await colleague.getByTestId('nav-import-dashboard').count()).toBe(0);
    await colleague.getByTestId('nav-reports').click();
    await colleague.waitForURL(`**/${locale}/admin/reports**`);
    await colleague.goto(`${stack.baseUrl}/${locale}/admin/credit-notes`);
    await colleague.getByTestId('nav-staff').waitFor();
    expect(await colleague.getByTestId('confirm-cancellation').count()).toBe(0);
    await colleague.getByTestId('nav-staff').click();
    await colleague.getByTestId('staff-read-only').waitFor();
    expect(await colleague.getByTestId('staff-read-only').textContent()).toContain(texts.readOnly);
    expect(await colleague.getByTestId('staff-invite').count()).toBe(0);
    expect(await colleague.getByTestId('staff-member-remove').count()).toBe(0);

    // The admin removes the colleague (with a confirmation).
    await admin.reload();
    const row = admin.locator(`[data-testid="staff-member"][data-email="${email}"]`);
    await row.getByTestId('staff-member-remove').click();
    await admin.getByTestId('staff-remove-confirm').click();
    await admin.getByText(texts.removed).first().waitFor();
    await expect.poll(() => row.count()).toBe(0);

    // The colleague's next call is refused: the session has ended, the app shows the log-in.
    await colleague.goto(`${stack.baseUrl}/${locale}/admin/settlements`);
    await colleague.waitForURL(`**/${locale}/login**`);
    await adminContext.close();
    await colleagueContext.close();
  });
});

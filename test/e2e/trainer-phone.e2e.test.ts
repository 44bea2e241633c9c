import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { StudioGroupTrainer } from '../../db/entities';
import { demoPdf } from '../../db/seed-documents';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote } from '../support/credit-notes';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn } from '../support/stack';

// The trainer portal on a phone (390 × 844, touch), in German and English, as a trainer who opens
// the preview from an e-mail would use it: every trainer screen fits the width (no sideways scroll
// of the page, and none inside it except a table of numbers), the user menu and the 'Review' action
// are on screen and answer a tap, and the main actions are at least 44 px high. Each screen is
// photographed into temp/artifacts/trainer-phone (E2E_ARTIFACTS elsewhere), not committed.

const PHONE = { width: 390, height: 844 };
const MIN_TAP = 44;
const ARTIFACTS = path.resolve(process.env.E2E_ARTIFACTS ?? 'temp/artifacts/trainer-phone');

let groupUuid: string;
const settlementUuid = crypto.randomUUID();
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });

const e2e = useBrowserStack({
  timeout: 240_000,
  async setUp({ stack }) {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group, keys } = await findDemoFitness(em);
    groupUuid = group.uuid;
    const linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group, trainerAccount: { email: 'trainer@demo.test' } }, { populate: ['trainer'] })).trainer.uuid;
    const monthEnd = month.endOf('month').toISODate()!;
    await importDemoClasses(stack.baseUrl, admin, group.uuid, month.toISODate()!, monthEnd);
    await prepareSettlement(stack.baseUrl, admin, keys, settlementUuid, monthEnd, [linked], true);
    const sent = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/settlement/trainer-preview/send`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ settlementUuid, settlementMonth: monthEnd, trainersSelected: [linked], message: 'Bitte bis Freitag prüfen.' }),
    });
    const statuses: string[] = [];
    for await (const message of readNdjson<{ status: string }>(sent)) statuses.push(message.status);
    expect(statuses).toContain('success');
    // An issued credit note of an earlier month, so the credit-note list has a row.
    await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: linked, month: month.minus({ months: 1 }).endOf('month').toISODate()!, number: 'GS-PHONE-0001' });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  },
});

/** Waits until the screen's loaders are gone and the fonts and layout settled. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('.mantine-Loader-root:visible, .mantine-LoadingOverlay-root:visible').count(), { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * What sticks out sideways: the document wider than the screen, and every element that scrolls (or
 * clips) sideways although it is no table of numbers (those carry data-numbers-table).
 */
function sidewaysOverflow(page: Page) {
  // A phone's browser widens its layout viewport (innerWidth) to a page that is too wide, and zooms
  // out: so the page is measured against the phone's width as well.
  return page.evaluate((width) => {
    const found: string[] = [];
    const root = document.documentElement;
    const screen = Math.min(window.innerWidth, width);
    if (root.scrollWidth > screen) found.push(`document ${root.scrollWidth} > ${screen}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (element.closest('[data-numbers-table]')) continue;
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX) || element.clientWidth === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = element.closest('[data-testid]')?.getAttribute('data-testid') ?? element.className;
        found.push(`${element.tagName.toLowerCase()} in ${name}: ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  }, PHONE.width);
}

/**
 * A control the user taps: shown, wholly inside the screen's width, and at least 44 px high. Soft:
 * the test goes on and names every control that misses, not only the first.
 */
async function expectTappable(target: Locator, what: string) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  expect.soft(box, `${what} is shown`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what} ends inside the screen`).toBeLessThanOrEqual(PHONE.width + 0.5);
  expect.soft(box.y + box.height, `${what} is in the viewport`).toBeLessThanOrEqual(PHONE.height + 0.5);
  expect.soft(box.height, `${what} is at least ${MIN_TAP} px high`).toBeGreaterThanOrEqual(MIN_TAP - 0.5);
}

/** The screen fits the phone; the user menu is in reach; then its picture. */
async function checkScreen(page: Page, locale: string, name: string) {
  await settle(page);
  expect.soft(await sidewaysOverflow(page), `${name} (${locale}) sticks out sideways`).toEqual([]);
  const userMenu = await page.getByTestId('user-menu').boundingBox();
  expect.soft(userMenu && userMenu.x >= 0 && userMenu.x + userMenu.width <= PHONE.width, `the user menu is on the screen of ${name}`).toBe(true);
  await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-${name}.png`), fullPage: true });
}

const TEXT = {
  de: { review: 'Prüfen', logout: 'Abmelden', pending: 'Ausstehend' },
  en: { review: 'Review', logout: 'Log out', pending: 'Pending' },
} as const;

async function phoneContext(locale: 'de' | 'en'): Promise<BrowserContext> {
  return e2e.browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: locale === 'de' ? 'de-DE' : 'en-GB' });
}

for (const locale of ['de', 'en'] as const) {
  it(`the trainer portal works one-handed at 390 px (${locale})`, { timeout: 300_000 }, async () => {
    const context = await phoneContext(locale);
    const page = await context.newPage();
    const base = `${e2e.stack.baseUrl}/${locale}/trainer`;
    await e2e.logIn(page, { email: 'trainer@demo.test', locale, landsOn: 'trainer/profile' });

    // Profile: the previews as cards, the 'Review' action on screen and leading to the review.
    const preview = page.locator(`[data-testid="credit-notes-preview-row"][data-settlement-uuid="${settlementUuid}"]`);
    await preview.waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'profile');
    for (const control of ['burger', 'user-menu', 'notification-bell']) await expectTappable(page.getByTestId(control), control);
    const review = preview.getByTestId('credit-notes-preview-open');
    expect(await review.textContent()).toBe(TEXT[locale].review);
    await expectTappable(review, "the preview's 'Review'");
    for (const tab of ['personal', 'bank', 'tax', 'password', 'delete']) {
      await expectTappable(page.getByTestId(`tab-${tab}`), `the ${tab} tab`);
      await page.getByTestId(`tab-${tab}`).tap();
      await checkScreen(page, locale, `profile-${tab}`);
    }
    // The delete tab's modal fits the screen; cancelled, nothing happens.
    await page.getByTestId('delete-account-open').tap();
    await expect.poll(() => page.getByTestId('delete-account-confirm').isEnabled(), { timeout: 20_000 }).toBe(true);
    await expectTappable(page.getByTestId('delete-account-cancel'), 'Cancel');
    await expectTappable(page.getByTestId('delete-account-confirm'), 'Delete account');
    expect.soft(await sidewaysOverflow(page), 'the delete modal sticks out sideways').toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-delete-account-modal.png`) });
    await page.getByTestId('delete-account-cancel').tap();
    await page.getByTestId('tab-personal').tap();
    await expectTappable(page.getByTestId('personal-form').getByTestId('profile-save'), 'Save');

    // The user menu opens with a tap and offers the profile and log-out.
    await page.getByTestId('user-menu').tap();
    await expect.poll(() => page.getByTestId('logout').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('logout').textContent()).toContain(TEXT[locale].logout);
    await expectTappable(page.getByTestId('logout'), 'Log out');
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-user-menu.png`) });
    await page.keyboard.press('Escape');

    // The sidebar behind the burger: the studio groups and the invitation in reach.
    await page.getByTestId('burger').tap();
    // The collapsed navbar is moved off the screen's left edge, not hidden.
    const navbar = page.locator('.mantine-AppShell-navbar');
    const navbarAt = async () => {
      const box = await navbar.boundingBox();
      return !box ? 'hidden' : box.x >= 0 ? 'open' : box.x + box.width <= 0 ? 'closed' : 'moving';
    };
    await expect.poll(navbarAt).toBe('open');
    await expectTappable(page.getByTestId('nav-profile'), 'the profile link');
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-navigation.png`) });
    await page.getByTestId('nav-recommendation').tap();
    await page.waitForURL(`**/${locale}/trainer/recommendation`);
    await expect.poll(navbarAt).toBe('closed');
    await checkScreen(page, locale, 'recommendation');

    // Notifications: the panel fits the screen.
    await page.getByTestId('notification-bell').tap();
    const panel = page.getByTestId('notification-panel');
    await panel.waitFor({ timeout: 20_000 });
    await settle(page);
    const panelBox = await panel.boundingBox();
    expect(panelBox!.x).toBeGreaterThanOrEqual(0);
    expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(PHONE.width);
    await expectTappable(panel.getByTestId('notification-item').first(), 'a notification');
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-notifications.png`) });
    await page.keyboard.press('Escape');

    // The review with comments and approval.
    await page.goto(`${base}/accounting/review/${groupUuid}/${settlementUuid}`);
    await page.getByTestId('review-page').waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'review');
    const firstClass = page.locator('[data-testid^="review-row-"]:not([data-testid="review-row-trainer_feedback_overall"])').first();
    await expectTappable(firstClass, 'a class of the review');
    await firstClass.tap();
    // The thread opens where the thumb is: in view after the tap.
    const thread = page.getByTestId('review-thread');
    await expect.poll(() => thread.getAttribute('data-class-hash')).not.toBeNull();
    await expect.poll(async () => {
      const box = await thread.boundingBox();
      return box !== null && box.y >= 0 && box.y < PHONE.height / 2;
    }, { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-review-thread-in-view.png`) });
    await page.getByTestId('review-comment-input').fill(locale === 'de' ? 'Hier waren 18 Teilnehmer.' : 'There were 18 people.');
    await expectTappable(page.getByTestId('review-comment-submit'), 'Comment');
    await expectTappable(page.getByTestId('review-mood'), 'the mood');
    await page.getByTestId('review-comment-submit').tap();
    await expect.poll(() => thread.getByTestId('review-comment').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await checkScreen(page, locale, 'review-thread');
    await expectTappable(page.getByTestId('review-confirm').locator('xpath=ancestor::*[contains(@class, "mantine-Checkbox-body")][1]'), 'the confirmation');
    await expectTappable(page.getByTestId('review-trainer-switch').locator('xpath=ancestor::label[1]'), "the trainer's approval");

    // The first review variant and the printable review.
    await page.goto(`${base}/accounting/settlement-review/${groupUuid}/${settlementUuid}`);
    await page.getByTestId('settlement-review-page').waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'settlement-review');
    await expectTappable(page.getByTestId('settlement-review-submit'), 'Save review');
    await page.goto(`${base}/accounting/review/${groupUuid}/${settlementUuid}/print`);
    await page.getByTestId('credit-note-review-print').waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'review-print');

    // The studio page: credit notes, previews, documents with the upload.
    await page.goto(`${base}/studio/${groupUuid}/credit-notes`);
    await page.locator('[data-testid="credit-note-row"][data-number="GS-PHONE-0001"]').waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'studio-credit-notes');
    await expectTappable(page.getByTestId('credit-note-download').first(), 'Download');
    await expectTappable(page.getByTestId('studio-disconnect'), 'Remove connection');
    await page.getByTestId('studio-tab-credit-notes-preview').tap();
    await page.getByTestId('credit-notes-preview-row').first().waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'studio-previews');
    await page.getByTestId('studio-tab-documents').tap();
    await page.getByTestId('document-category').first().waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'studio-documents');
    const upload = page.getByTestId('document-upload-open').first();
    await expectTappable(upload, 'Upload');
    await upload.tap();
    await page.getByTestId('document-upload-modal').getByTestId('document-upload-submit').waitFor();
    await expectTappable(page.getByTestId('document-upload-submit'), 'the upload modal’s submit');
    expect.soft(await sidewaysOverflow(page), 'the upload modal sticks out sideways').toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-document-upload.png`) });
    const fileName = `lizenz-phone-${locale}.pdf`;
    await page.getByTestId('document-file-input').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(await demoPdf('Trainerlizenz', 'Phone')) });
    await page.getByTestId('document-upload-submit').tap();
    const uploaded = page.locator(`[data-testid="document-row"][data-file-name="${fileName}"]`);
    await expect.poll(() => uploaded.getByTestId('document-approval').textContent(), { timeout: 20_000 }).toBe(TEXT[locale].pending);
    await expectTappable(uploaded.getByTestId('document-actions'), "the document's menu");
    await checkScreen(page, locale, 'studio-documents-uploaded');

    // The help video of the documents page: a modal as wide as the screen.
    await expectTappable(page.getByTestId('video-help-open'), 'the help video');
    await page.getByTestId('video-help-open').tap();
    const video = page.getByTestId('video-help-frame');
    await video.waitFor({ timeout: 20_000 });
    const videoBox = await video.boundingBox();
    expect.soft(videoBox && videoBox.x >= 0 && videoBox.x + videoBox.width <= PHONE.width, 'the help video fits the screen').toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, `${locale}-video-help.png`) });
    await page.keyboard.press('Escape');
    await expect.poll(() => video.count()).toBe(0);

    // My documents and the invitation of the demo yoga group.
    await page.goto(`${base}/documents`);
    await page.getByTestId('my-documents').waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'my-documents');
    await page.goto(`${base}/profile`);
    await page.getByTestId('burger').tap();
    await page.getByTestId('nav-invitations').getByRole('link').first().tap();
    await page.getByTestId('trainer-invitation').waitFor({ timeout: 30_000 });
    await checkScreen(page, locale, 'invitation');
    await expectTappable(page.getByTestId('invitation-accept'), 'Accept');
    await expectTappable(page.getByTestId('invitation-decline'), 'Decline');

    // Back on the profile, 'Review' takes the trainer to the review.
    await page.goto(`${base}/profile`);
    await preview.getByTestId('credit-notes-preview-open').tap();
    await page.waitForURL(`**/${locale}/trainer/accounting/review/${groupUuid}/${settlementUuid}`);
    await context.close();
  });
}

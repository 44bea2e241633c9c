import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CreditNote, StudioGroupTrainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote, type IssuedCreditNote } from '../support/credit-notes';
import { findDemoFitness } from '../support/month-close';

// The issued credit notes as the trainer and the admin see them: the trainer's year tabs and
// download (a signed link in a new tab), self-billing consent and objection; the admin's credit-note
// list with the objection, and the summary's Accounting files tab. E2E_SCREENSHOTS=dir keeps pictures.

const SHOTS = process.env.E2E_SCREENSHOTS;
// Modals are shot in the viewport: a full-page shot of a taller page loses Mantine's fixed overlay.
const shot = (page: Page, name: string, fullPage = true) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage }) : Promise.resolve());

let groupUuid: string;
let issued: IssuedCreditNote[];

const e2e = useBrowserStack({
  worker: false,
  timeout: 120_000,
  async setUp({ stack }) {
    const em = stack.orm.em.fork();
    const { group } = await findDemoFitness(em);
    groupUuid = group.uuid;
    const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] });
    const year = new Date().getFullYear();
    issued = [
      await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: link.trainer.uuid, month: `${year - 1}-11-30`, number: `GS-${year - 1}-00007`, grossCents: 98_765 }),
      await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: link.trainer.uuid, month: `${year}-01-31`, number: `GS-${year}-00001`, grossCents: 123_456 }),
      await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: link.trainer.uuid, month: `${year}-02-28`, number: `GS-${year}-00002`, grossCents: 45_600 }),
    ];
    // The trainer has not consented yet: the studio page asks for it.
    await em.nativeUpdate(StudioGroupTrainer, { id: link.id }, { selfBillingConsentAt: null, selfBillingConsentBy: null });
  },
});

it('the trainer consents, downloads a credit note in a new tab and objects to another', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'de', landsOn: 'trainer/profile' });
  await page.goto(`${e2e.stack.baseUrl}/de/trainer/studio/${groupUuid}/credit-notes`);

  const consent = page.getByTestId('self-billing-consent');
  await expect.poll(() => consent.getAttribute('data-consented')).toBe('false');
  await shot(page, 'trainer-consent-missing-de');
  await consent.getByTestId('self-billing-consent-give').click();
  await expect.poll(() => page.getByTestId('self-billing-consent-given').textContent()).toMatch(/Zustimmung erteilt am \d\d\.\d\d\.\d{4} von /);

  const year = new Date().getFullYear();
  await expect.poll(() => page.getByTestId('credit-note-row').count()).toBe(2);
  expect(await page.getByTestId('credit-notes-month').first().getAttribute('data-month')).toBe(`${year}-02`);
  await shot(page, 'trainer-credit-notes-de');

  // The new tab opens a signed link: no headers, the PDF answers 200.
  const [download, tab] = await Promise.all([
    context.waitForEvent('response', (response) => response.url().includes('/trainer/credit-note/download/')),
    context.waitForEvent('page'),
    page.getByTestId('credit-note-download').first().click(),
  ]);
  expect(download.status()).toBe(200);
  expect(download.url()).toContain(`/de/trainer/credit-note/download/${groupUuid},${year}-02,`);
  expect(download.url()).toMatch(/\?token=/);
  expect(await download.request().headerValue('x-api-key')).toBeNull();
  expect(await download.headerValue('content-type')).toBe('application/pdf');
  await tab.close();

  // The same credit note as XRechnung (the e-invoice as XML), by a signed link as well.
  const [xrechnung, xmlTab] = await Promise.all([
    context.waitForEvent('response', (response) => response.url().includes('/trainer/credit-note/xrechnung/')),
    context.waitForEvent('page'),
    page.getByTestId('credit-note-xrechnung').first().click(),
  ]);
  expect(xrechnung.status()).toBe(200);
  expect(xrechnung.url()).toMatch(new RegExp(`/de/trainer/credit-note/xrechnung/${groupUuid},${year}-02,.*\\.xrechnung\\.xml\\?token=`));
  expect(await xrechnung.headerValue('content-type')).toMatch(/^application\/xml/);
  await xmlTab.close().catch(() => undefined);
  await page.bringToFront(); // a background tab runs no animation frames: the modal below would not open on screen

  await page.getByTestId(`credit-notes-year-${year - 1}`).click();
  await expect.poll(() => page.getByTestId('credit-note-row').count()).toBe(1);
  await page.getByTestId('credit-note-object').click();
  await page.getByTestId('objection-reason').fill('Zwei Kurse im November fehlen.');
  await page.waitForTimeout(400); // the modal's opening transition
  await shot(page, 'trainer-objection-de', false);
  await page.getByTestId('objection-submit').click();
  await expect.poll(() => page.getByTestId('credit-note-objected').count()).toBe(1);
  const stored = await e2e.stack.orm.em.fork().findOneOrFail(CreditNote, { uuid: issued[0]!.creditNoteUuid });
  expect(stored.objectionReason).toBe('Zwei Kurse im November fehlen.');

  // English.
  await page.goto(`${e2e.stack.baseUrl}/en/trainer/studio/${groupUuid}/credit-notes`);
  await expect.poll(() => page.getByTestId('credit-note-row').count()).toBe(2);
  expect(await page.getByTestId('self-billing-consent').textContent()).toContain('Self-billing consent (§14 (2) UStG)');
  await shot(page, 'trainer-credit-notes-en');
  await context.close();
});

for (const locale of ['de', 'en'] as const) {
  it(`the admin sees the credit notes, the objection and the run's accounting files (${locale})`, async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await e2e.logIn(page, { email: 'admin@demo.test', locale, landsOn: 'admin/import' });
    await page.getByTestId('nav-credit-notes').click();
    await page.waitForURL(`**/${locale}/admin/credit-notes`);
    await expect.poll(() => page.getByTestId('admin-credit-note-row').count()).toBe(2);
    const year = new Date().getFullYear();
    if (await page.getByTestId('credit-note-objection').count()) {
      expect(await page.getByTestId('credit-note-objection').first().getAttribute('data-number')).toBe(`GS-${year - 1}-00007`);
    }
    await shot(page, `admin-credit-notes-${locale}`);

    const [download] = await Promise.all([
      context.waitForEvent('response', (response) => response.url().includes('/admin/credit-note/download/')),
      page.getByTestId('admin-credit-note-download').first().click(),
    ]);
    expect(download.status()).toBe(200);
    expect(download.url()).toMatch(/\?token=/);

    await page.goto(`${e2e.stack.baseUrl}/${locale}/admin/settlement/${issued[1]!.settlementUuid}`);
    await page.getByTestId('tab-accounting-files').click();
    // SEPA, ZIP, CSV, the DATEV booking batch and creditors and the returns CSV, listed whether made or not.
    await expect.poll(() => page.getByTestId('accounting-file').count()).toBe(6);
    await shot(page, `admin-accounting-files-${locale}`);
    await page.getByTestId('show-run-trainers').click();
    await expect.poll(() => page.getByTestId('run-trainer').count()).toBe(1);
    await page.waitForTimeout(400); // the modal's opening transition
    expect(await page.getByTestId('run-trainers-modal').textContent()).toContain('1.234,56');
    await shot(page, `admin-run-trainers-${locale}`, false);
    await context.close();
  });
}

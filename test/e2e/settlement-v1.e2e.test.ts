import fs from 'node:fs';
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CreditNote, Settlement } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { importDemoClasses } from '../support/month-close';
import { logIn } from '../support/stack';

// Wizard v1 (admin spec 2.1) as the demo admin walks it: from the settlement index to the five
// steps — month, 'Create Settlement' (33 / 66 / 100 %), 'Create invoice PDFs', 'Send Emails', the
// summary with sums, 'Download banking XML', 'Show logs' and 'Done'. E2E_SCREENSHOTS=dir keeps pictures.

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

// The wizard opens on the latest month that may be settled: the one before the current.
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });

const e2e = useBrowserStack({
  timeout: 120_000,
  async setUp({ stack }) {
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    await importDemoClasses(stack.baseUrl, admin, admin.studioGroups[0]!.uuid, month.toISODate()!, month.endOf('month').toISODate()!);
  },
});

it('the admin walks the five steps of wizard v1 and downloads the banking XML', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlements`);
  await page.getByTestId('settlement-new-v1').click();
  await page.waitForURL('**/en/admin/settlement/v1');

  // Each step's button waits for the step before.
  expect(await page.getByTestId('v1-create-invoices').isDisabled()).toBe(true);
  expect(await page.getByTestId('v1-send-emails').isDisabled()).toBe(true);
  await page.getByTestId('v1-create-settlement').click();
  await expect.poll(() => page.getByTestId('v1-create-invoices').isEnabled(), { timeout: 30_000 }).toBe(true);
  expect(await page.getByTestId('v1-create-settlement').isDisabled()).toBe(true);
  expect(await page.getByTestId('v1-message-info').first().textContent()).toMatch(/\d+ trainers prepared\./);

  await page.getByTestId('v1-create-invoices').click();
  await expect.poll(() => page.getByTestId('v1-send-emails').isEnabled(), { timeout: 60_000 }).toBe(true);
  const created = await page.getByTestId('v1-message-success').allTextContents();
  expect(created.length).toBeGreaterThan(0);
  expect(created.every((text) => /^successInvoice for .+ created$/.test(text))).toBe(true);

  await page.getByTestId('v1-send-emails').click();
  await page.getByTestId('v1-summary').waitFor({ timeout: 60_000 });
  const sent = await page.getByTestId('v1-message-success').allTextContents();
  expect(sent.filter((text) => / send$/.test(text)).length).toBe(created.length);
  await shot(page, 'settlement-v1-summary-en');

  // The sum cards are the run's credit notes, to the cent.
  const em = e2e.stack.orm.em.fork();
  const settlement = await em.findOneOrFail(Settlement, { version: 'v1' });
  const notes = await em.find(CreditNote, { settlementRun: { settlement } });
  expect(notes.length).toBe(created.length);
  const gross = notes.reduce((sum, note) => sum + note.grossCents, 0);
  const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(gross / 100);
  expect((await page.getByTestId('sum-gross').textContent())?.replace(/\s/g, ' ')).toBe(euro.replace(/\s/g, ' '));

  // 'Download banking XML' opens the run's SEPA file through a signed link in a new tab.
  const [response] = await Promise.all([
    context.waitForEvent('response', (candidate) => candidate.url().includes('/sepa-xml')),
    page.getByTestId('v1-download-sepa').click(),
  ]);
  expect(response.status()).toBe(200);
  // An attachment: its body is gone once the tab turns into a download; its headers say what it is.
  expect(response.headers()['content-type']).toMatch(/xml/);

  // 'Show logs' leads to the settlement's log page (spec 2.1), 'Done' to the index.
  const logs = await page.getByTestId('v1-show-logs').getAttribute('href');
  expect(logs).toBe(`/en/admin/settlement/${settlement.uuid}?tab=log`);
  await page.getByTestId('v1-done').click();
  await page.waitForURL('**/en/admin/settlements');
  await page.goto(`${e2e.stack.baseUrl}${logs}`);
  await expect.poll(async () => Number(await page.getByTestId('log-grid').getAttribute('data-rows')), { timeout: 20_000 }).toBeGreaterThan(0);
  await shot(page, 'settlement-v1-logs-en');
  await context.close();
});

it('shows the wizard in German and a refused Create Settlement in a red alert', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/import' });
  await page.goto(`${e2e.stack.baseUrl}/de/admin/settlement/v1`);
  await page.getByTestId('v1-create-settlement').waitFor();
  expect(await page.getByTestId('v1-create-settlement').textContent()).toBe('Abrechnung erstellen');
  await shot(page, 'settlement-v1-start-de');
  // The month's v1 settlement of the first test is still in progress: a second one is refused.
  await page.getByTestId('v1-create-settlement').click();
  await page.getByTestId('v1-alert').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('v1-create-settlement').isEnabled()).toBe(true);
  await shot(page, 'settlement-v1-refused-de');
  await context.close();
});

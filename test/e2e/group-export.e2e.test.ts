import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Trainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote } from '../support/credit-notes';
import { findDemoFitness } from '../support/month-close';

// "Export all data" in the browser, in German and English: the admin opens it from the navigation,
// starts an export, sees it finish (the group's socket room moves the screen on), and downloads the
// ZIP through a signed link in a new tab, with no headers. E2E_SCREENSHOTS=dir keeps pictures.

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

let groupUuid: string;

const e2e = useBrowserStack({
  timeout: 180_000,
  async setUp({ stack }) {
    const em = stack.orm.em.fork();
    const { group } = await findDemoFitness(em);
    groupUuid = group.uuid;
    const trainer = await em.findOneOrFail(Trainer, { studioGroup: group }, { orderBy: { id: 'asc' } });
    await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: trainer.uuid, month: '2026-09-30', number: 'GS-E2E-EXPORT-1', grossCents: 50_000 });
  },
});

const TEXTS = {
  de: { nav: 'Alle Daten exportieren', ready: 'Fertig', download: 'ZIP herunterladen', files: /\d+ Dateien/ },
  en: { nav: 'Export all data', ready: 'Ready', download: 'Download ZIP', files: /\d+ files/ },
} as const;

for (const locale of ['de', 'en'] as const) {
  it(`starts an export, sees it finish and downloads the ZIP (${locale})`, async () => {
    const texts = TEXTS[locale];
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await e2e.logIn(page, { email: 'admin@demo.test', locale, landsOn: 'admin/**' });
    await page.getByRole('link', { name: texts.nav }).click();
    await page.waitForURL(`**/${locale}/admin/export`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.nav);

    const before = await page.getByTestId('group-export-item').count();
    await page.getByTestId('group-export-start').click();
    // The new export appears at the top and finishes without a reload.
    await expect.poll(() => page.getByTestId('group-export-item').count(), { timeout: 30_000 }).toBe(before + 1);
    const newest = page.getByTestId('group-export-item').first();
    await expect.poll(() => newest.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    expect(await newest.getByTestId('group-export-status').textContent()).toBe(texts.ready);
    expect(await newest.textContent()).toMatch(texts.files);
    await shot(page, `group-export-${locale}`);

    // The download opens a signed link in a new tab: no headers, the ZIP answers 200.
    const [response, tab] = await Promise.all([
      context.waitForEvent('response', (candidate) => candidate.url().includes(`/api/v1/${groupUuid}/export/`) && candidate.url().includes('/download?token=')),
      context.waitForEvent('page'),
      newest.getByRole('button', { name: texts.download }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await response.headerValue('content-type')).toBe('application/zip');
    expect(await response.request().headerValue('x-api-key')).toBeNull();
    expect(await response.headerValue('content-disposition')).toMatch(/trainerpay-export-demo-fitness-\d{4}-\d{2}-\d{2}\.zip/);
    const body = await response.body().catch(() => null);
    // The tab's navigation became a download: when Chromium kept the body, it is a ZIP.
    if (body) expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
    await tab.close().catch(() => {});
    await context.close();
  });
}

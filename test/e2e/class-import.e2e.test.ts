import { expect, it } from 'vitest';
import { useBrowserStack } from '../support/browser';

const e2e = useBrowserStack();

it('an admin logs in, runs a class import, sees its progress and the new rows in the import log', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });

  await page.goto(`${e2e.stack.baseUrl}/en/admin/import/ondemand`);
  await page.getByTestId('import-start').click();

  // Live progress: one message per club, then the finish line.
  await expect.poll(() => page.getByTestId('import-status').textContent(), { timeout: 60_000 }).toContain('Import finished');
  const messages = await page.getByTestId('import-messages').textContent();
  for (const studio of ['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']) expect(messages).toContain(studio);

  // Two seconds later the dashboard shows the run's rows, newest first.
  await page.waitForURL('**/en/admin/import', { timeout: 10_000 });
  const grid = page.getByTestId('import-log-grid');
  await expect.poll(() => grid.textContent(), { timeout: 10_000 }).toContain('Berlin Mitte');
  await grid.getByText('Berlin Mitte').first().click();
  await expect.poll(() => page.getByTestId('import-log-detail').textContent()).not.toContain('Click on entries above');
  await page.screenshot({ path: 'test-results/import-dashboard.png', fullPage: true });
});

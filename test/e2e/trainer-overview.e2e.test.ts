import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CreditNote, StudioClass, Trainer, TrainerMergeLog } from '../../db/entities';
import { trainerDisplayName } from '../../domain/trainer-data';
import { useBrowserStack } from '../support/browser';

// The trainer overview in the browser, in German: the trainer overview's client-side filters, its export (the
// CSV the browser saves), keywords and 'Ist FTE' on the trainer page, a merge through the searchable
// selector driven by the keyboard, and the data check's three cards.

const e2e = useBrowserStack({ worker: false });

const logInAsAdmin = (page: Page) => e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/**' });
const fresh = () => e2e.stack.orm.em.fork();

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('filters the overview, resets, exports the shown trainers as German CSV and shows empty states', async () => {
  const total = await fresh().count(Trainer, { studioGroup: { name: 'Demo Fitness Group' } });
  const page = await e2e.browser.newPage();
  await logInAsAdmin(page);
  await page.getByTestId('nav-trainer-overview').click();
  await page.waitForURL('**/de/admin/trainer-overview');
  await expect.poll(() => page.getByTestId('overview-count').textContent()).toBe(`${total} von ${total} Trainern`);
  expect(await page.getByTestId('export-count').textContent()).toBe(`${total} Trainer für Export ausgewählt`);

  // Keywords and 'Ist FTE' on the trainer page.
  const record = await fresh().findOneOrFail(Trainer, { sourceId: 'DF-T004' });
  await page.getByTestId('overview-row').filter({ hasText: record.lastname! }).getByTestId('overview-edit').click();
  await page.waitForURL(`**/de/admin/trainer/${record.id}/edit`);
  await page.getByTestId('trainer-is-employee').check();
  const keywords = page.getByTestId('trainer-keywords');
  for (const [index, keyword] of ['Yoga', 'Spinning'].entries()) {
    await keywords.click();
    await keywords.pressSequentially(keyword);
    await keywords.press('Enter');
    await expect.poll(() => page.getByTestId('trainer-admin-panel').locator('.mantine-Pill-label').allTextContents()).toHaveLength(index + 1);
  }
  // Enter in the keyword field must not have submitted the trainer form.
  expect(await page.getByText(/Trainerdaten von .+ gespeichert\./).count()).toBe(0);
  await page.getByTestId('trainer-admin-save').scrollIntoViewIfNeeded();
  await page.getByTestId('trainer-admin-save').click();
  await page.screenshot({ path: 'test-results/trainer-admin-panel.png', fullPage: true });
  await expect.poll(async () => (await fresh().findOneOrFail(Trainer, record.id)).keywords).toEqual(['Yoga', 'Spinning']);
  expect((await fresh().findOneOrFail(Trainer, record.id)).isEmployee).toBe(true);
  await expect.poll(() => page.getByText(/Keywords und Anstellung von .+ gespeichert\./).count()).toBe(1);
  await page.getByTestId('trainer-approve').click();
  await expect.poll(() => page.getByTestId('trainer-admin-panel').getByTestId('trainer-state').textContent()).toBe('Genehmigt');

  await page.getByTestId('nav-trainer-overview').click();
  await page.getByTestId('filter-keyword').fill('spin');
  await expect.poll(() => page.getByTestId('overview-count').textContent()).toBe(`1 von ${total} Trainern`);
  await page.getByTestId('filter-keyword').fill('');
  await pick(page, 'filter-isEmployee', 'Ja');
  await expect.poll(() => page.getByTestId('overview-count').textContent()).toBe(`1 von ${total} Trainern`);
  await pick(page, 'filter-status', 'Genehmigt');
  await expect.poll(() => page.getByTestId('overview-name').allTextContents()).toEqual([expect.stringContaining(record.lastname!)]);
  expect(await page.getByTestId('overview-row').first().getByTestId('trainer-state').textContent()).toBe('Genehmigt');

  // The export of what is shown: one trainer, named by the server, German CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  expect(download.suggestedFilename()).toBe('trainers_export.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const rows = parse(csv.slice(1), { delimiter: ';' }) as string[][];
  expect(rows).toHaveLength(2);
  expect(rows[1]![0]).toBe('DF-T004');
  expect(rows[1]).toContain('Yoga, Spinning');
  await expect.poll(() => page.getByTestId('export-button').textContent()).toBe('Trainer exportieren');

  await page.getByTestId('filter-name').fill('niemand-heisst-so');
  await expect.poll(() => page.getByTestId('overview-no-match').textContent()).toContain('Keine Trainer gefunden');
  expect(await page.getByTestId('export-bar').count()).toBe(0);
  await page.getByTestId('filter-reset').click();
  await expect.poll(() => page.getByTestId('overview-count').textContent()).toBe(`${total} von ${total} Trainern`);

  // The server refuses the export (the session ended meanwhile): the spec's alert, nothing saved.
  await page.route('**/admin/trainer/export', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByTestId('export-button').click();
  await expect.poll(() => page.getByTestId('export-error').textContent()).toBe('Export fehlgeschlagen. Bitte versuchen Sie es erneut.');
  await page.screenshot({ path: 'test-results/trainer-overview.png', fullPage: true });
});

it('merges a duplicate record through the searchable selector with the keyboard', async () => {
  const kept = await fresh().findOneOrFail(Trainer, { sourceId: 'DF-T011' });
  const merged = await fresh().findOneOrFail(Trainer, { sourceId: 'DF-T012' });
  const mergedClasses = await fresh().count(StudioClass, { trainer: merged.id });
  const page = await e2e.browser.newPage();
  await logInAsAdmin(page);
  await page.goto(`${e2e.stack.baseUrl}/de/admin/trainer/${kept.id}/edit`);
  const search = page.getByTestId('merge-search');
  await search.waitFor();
  expect(await page.getByTestId('merge-button').isDisabled()).toBe(true);
  await search.fill('xyz-niemand');
  await expect.poll(() => page.getByTestId('merge-none').textContent()).toBe('Keine Trainer gefunden');
  await search.fill(merged.lastname!);
  await expect.poll(() => page.getByTestId('merge-option').count()).toBeGreaterThan(0);
  const names = await page.getByTestId('merge-option').allTextContents();
  const index = names.findIndex((text) => text.includes(`#${merged.id}`));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let step = 0; step < index; step += 1) await search.press('ArrowDown');
  await search.press('Enter');
  expect(await page.getByTestId('merge-dropdown').count()).toBe(0);
  // The arrows open the list again; a blur closes it 150 ms later (spec 9).
  await search.press('ArrowDown');
  await expect.poll(() => page.getByTestId('merge-dropdown').count()).toBe(1);
  await page.getByTestId('trainer-admin-panel').getByRole('heading').first().click();
  await expect.poll(() => page.getByTestId('merge-dropdown').count()).toBe(0);
  expect(await page.getByTestId('merge-button').isDisabled()).toBe(false);
  await page.getByTestId('merge-button').click();
  await page.getByTestId('merge-confirm').click();
  await expect.poll(() => page.getByText(/wurde mit .+ zusammengeführt\./).count()).toBe(1);
  expect(await fresh().findOne(Trainer, merged.id)).toBeNull();
  expect(await fresh().count(StudioClass, { trainer: kept.id })).toBeGreaterThanOrEqual(mergedClasses);
  expect(await fresh().count(TrainerMergeLog, { mergedTrainerUuid: merged.uuid, keptTrainerUuid: kept.uuid })).toBe(1);
  expect(await fresh().count(CreditNote, { trainer: merged.id })).toBe(0);
});

it('shows the data check in three cards with the spec messages and links to where each entry is fixed', async () => {
  const page = await e2e.browser.newPage();
  await logInAsAdmin(page);
  const started = Date.now();
  await page.getByTestId('nav-data-check').click();
  await page.getByTestId('data-check-loading').first().waitFor();
  await expect.poll(() => page.getByTestId('data-check-trainer').getAttribute('data-count'), { timeout: 20_000 }).not.toBeNull();
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  expect(await page.getByTestId('data-check-trainer').textContent()).toContain('Bitte prüfe diese Trainer:');
  const incomplete = await fresh().findOneOrFail(Trainer, { sourceId: 'DF-T025' });
  const entry = page.getByTestId('data-check-trainer-entry').filter({ has: page.getByRole('link', { name: trainerDisplayName(incomplete), exact: true }) });
  expect(await entry.textContent()).toContain('Daten unvollständig: Straße');
  // Classes are not imported in this stack: nothing to pay, so nothing without a rule.
  expect(await page.getByTestId('data-check-rules-ok').textContent()).toBe('alles geprüft');
  expect(await page.getByTestId('data-check-group-ok').textContent()).toBe('alles geprüft');
  await entry.getByRole('link').click();
  await page.waitForURL(`**/de/admin/trainer/${incomplete.id}/edit`);
});

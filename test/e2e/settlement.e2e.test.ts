import fs from 'node:fs';
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TBillableTrainersResponse } from '../../contracts/settlement.contract';
import { SettlementLine } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { readNdjson } from '../support/ndjson';
import { logIn } from '../support/stack';

let admin: Awaited<ReturnType<typeof logIn>>;

// The month before the current one: the latest month a settlement may cover (spec 5).
const month = DateTime.local().minus({ months: 1 });
const MONTH_END = month.endOf('month').toISODate()!;

/** '1.801,35 €' → 180135: the screen shows euros German style, the database keeps cents. */
const cents = (text: string | null) => {
  const digits = (text ?? '').replace(/[^\d-]/g, '');
  if (!digits) throw new Error(`not an amount: ${text}`);
  return Number(digits);
};

const e2e = useBrowserStack({
  async setUp({ stack }) {
    admin = await logIn(stack.baseUrl, 'admin@demo.test');
    // Classes arrive only through the class import: import last month's classes for the group.
    const group = admin.studioGroups[0]!;
    const response = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/demo/import/classes/ondemand`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ dateStart: month.startOf('month').toISODate(), dateEnd: MONTH_END }),
    });
    expect(response.status).toBe(200);
    const statuses: string[] = [];
    for await (const message of readNdjson<{ status: string }>(response)) statuses.push(message.status);
    expect(statuses.at(-1)).toBe('finished_studiogroup');
  },
});

const logInAsAdmin = (page: Page) => e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });

const checkbox = (page: Page, trainerUuid: string) => page.getByTestId(`trainer-checkbox-${trainerUuid}`);

it('an admin picks last month, selects trainers, prepares the data and finds each total equal to the sum of its class lines', { timeout: 240_000 }, async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await logInAsAdmin(page);

  // Index → new settlement: the wizard swaps 'null' for a uuid made in the browser.
  await page.getByTestId('nav-settlements').click();
  await page.getByTestId('settlement-new').click();
  await page.waitForURL(/\/en\/admin\/settlement\/wizard\/[0-9a-f-]{36}$/);
  const settlementUuid = /wizard\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // Step 1: the month picker offers last month; 'Create Settlement' moves on to the trainers.
  await expect.poll(() => page.getByTestId('settlement-month-picker').textContent()).toContain(month.setLocale('en-GB').toFormat('LLLL yyyy'));
  await page.getByTestId('settlement-create').click();
  await expect.poll(() => page.getByTestId('wizard-month').textContent()).toBe(month.setLocale('en-GB').toFormat('LLLL yyyy'));
  await expect.poll(() => page.getByTestId('counter-selected').textContent(), { timeout: 20_000 }).toBe('0');

  // What the server lists for the month: who can be billed, who teaches in several studios.
  const group = admin.studioGroups[0]!;
  const listed = (await (
    await fetch(`${e2e.stack.baseUrl}/api/v1/${group.uuid}/settlement/${settlementUuid}/billable-trainers?month=${MONTH_END}`, { headers: admin.headers })
  ).json()) as TBillableTrainersResponse;
  const selectable = [...new Set(listed.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))];
  const incomplete = listed.rows.find((row) => !row.trainer_data_complete)!;
  const rowsPerTrainer = new Map<string, number>();
  for (const row of listed.rows) rowsPerTrainer.set(row.trainer_uuid, (rowsPerTrainer.get(row.trainer_uuid) ?? 0) + 1);
  const inTwoStudios = selectable.find((uuid) => (rowsPerTrainer.get(uuid) ?? 0) > 1)!;
  expect(inTwoStudios, 'the demo data has a trainer teaching in two studios').toBeTruthy();

  // A trainer with missing data cannot be selected and says what is missing.
  const incompleteRow = page.getByTestId(`trainer-row-${incomplete.trainer_uuid}`).first();
  await expect.poll(() => incompleteRow.textContent()).toContain('Trainer cannot be billed. Please check this data:');
  expect(await checkbox(page, incomplete.trainer_uuid).first().isDisabled()).toBe(true);

  // Select all: every billable trainer once, however many studios they teach in.
  await page.getByTestId('select-all').click();
  await expect.poll(() => page.getByTestId('counter-selected').textContent()).toBe(String(selectable.length));
  // The same trainer in two studios is one trainer: unchecking one row unchecks both and counts one.
  await checkbox(page, inTwoStudios).first().click();
  await expect.poll(() => page.getByTestId('counter-selected').textContent()).toBe(String(selectable.length - 1));
  for (const box of await checkbox(page, inTwoStudios).all()) expect(await box.isChecked()).toBe(false);
  await checkbox(page, inTwoStudios).last().click();
  for (const box of await checkbox(page, inTwoStudios).all()) expect(await box.isChecked()).toBe(true);
  await expect.poll(() => page.getByTestId('counter-selected').textContent()).toBe(String(selectable.length));

  // Next stores the selection (the settlement now exists) and opens step 2.
  await page.getByTestId('select-next').click();
  await page.getByTestId('prepare-start').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId('wizard-step-of').textContent()).toBe('Step 2 of 6');

  // Prepare data: the three phases run with a live progress bar, then the trainer summary grid.
  await page.getByTestId('prepare-start').click();
  await page.getByTestId('prepare-progress').waitFor({ timeout: 20_000 });
  const grid = page.getByTestId('summary-grid');
  await grid.waitFor({ timeout: 120_000 });
  // The totals row counts the prepared trainers (rows themselves are virtualised by the grid).
  await expect.poll(() => grid.locator('[row-id="totals"]').textContent(), { timeout: 20_000 }).toContain(`Total (${selectable.length} trainers)`);

  // One trainer's total on screen...
  const row = grid.locator(`[row-id="${inTwoStudios}"]`);
  const grossOnScreen = cents(await row.locator('[col-id="gross"]').textContent());
  const netOnScreen = cents(await row.locator('[col-id="net"]').textContent());
  expect(grossOnScreen).toBeGreaterThan(0);

  // ...equals the sum of the class lines in that trainer's preview table...
  await row.locator('[col-id="trainer"]').click();
  const preview = page.getByTestId('trainer-preview');
  await preview.waitFor({ timeout: 20_000 });
  expect(await preview.getAttribute('data-trainer-uuid')).toBe(inTwoStudios);
  const classRows = preview.locator('tbody tr.settlement-preview-class');
  await expect.poll(() => classRows.count()).toBeGreaterThan(0);
  const grossCells = await classRows.locator('td:last-child').allTextContents();
  const netCells = await classRows.locator('td:nth-child(6)').allTextContents();
  expect(grossCells.reduce((sum, text) => sum + cents(text), 0)).toBe(grossOnScreen);
  expect(netCells.reduce((sum, text) => sum + cents(text), 0)).toBe(netOnScreen);

  // ...and the lines frozen in the database, to the cent.
  const lines = await e2e.stack.orm.em.fork().find(SettlementLine, {
    settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: { uuid: inTwoStudios } },
  });
  expect(lines.filter((line) => line.kind === 'class')).toHaveLength(grossCells.length);
  expect(lines.reduce((sum, line) => sum + line.grossCents, 0)).toBe(grossOnScreen);
  expect(lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(netOnScreen);

  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/settlement-prepared.png', fullPage: true });

  // The summary page lists the trainer and the settlement's log rows.
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}`);
  await expect.poll(() => page.getByTestId('summary-headline').textContent()).toBe(month.setLocale('en-GB').toFormat('LLLL yyyy'));
  await page.getByTestId(`summary-trainer-${inTwoStudios}`).first().waitFor();
  await page.getByTestId('tab-log').click();
  await expect.poll(async () => Number(await page.getByTestId('log-grid').getAttribute('data-rows')), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.close();
});

import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { StudioGroupTrainer, Trainer } from '../../db/entities';
import { centsToEuros, eurosToCents, formatEuro } from '../../domain/money';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote } from '../support/credit-notes';
import { bankSaid, openPayoutFor } from '../support/payouts';
import { writeSyntheticTrainers } from '../support/synthetic-trainers';
import { logIn } from '../support/stack';
import { findDemoFitness } from '../support/month-close';

// The reports (spec admin 2.14) in the browser, in German: each report opens from the navigation,
// shows its grid with the grand-total row, downloads its CSV (German: ';', decimal comma, BOM), the
// balances draw their charts, and the total row is the sum of what the API answered; a returned
// payment shows in the trainer balance's payout columns.
// E2E_SCREENSHOTS=dir keeps pictures.

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

let group: { uuid: string; id: number; mandantId: number };
const berlin = () => DateTime.now().setZone('Europe/Berlin');
const monthEnd = (monthsBack: number) => berlin().startOf('month').minus({ months: monthsBack }).endOf('month').toISODate()!;
const grossCents = [98_765, 45_600, 123_456];
const RETURNED_ON = berlin().startOf('month').minus({ months: 2 }).plus({ days: 4 }).toISODate()!;

const e2e = useBrowserStack({
  worker: false,
  timeout: 180_000,
  async setUp({ stack }) {
    const em = stack.orm.em.fork();
    const { group: fitness } = await findDemoFitness(em);
    group = { uuid: fitness.uuid, id: fitness.id, mandantId: fitness.mandant.id };
    const linked = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: fitness }, { populate: ['trainer'] });
    const other = await em.findOneOrFail(Trainer, { studioGroup: fitness, sourceId: 'DF-T002' });
    // Three issued credit notes in the last twelve months (the balances' default range).
    const first = await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: linked.trainer.uuid, month: monthEnd(3), number: 'GS-E2E-00001', grossCents: grossCents[0] });
    // Its payment came back: the report's payout columns say so.
    await bankSaid(stack, (await openPayoutFor(stack, first)).uuid, { status: 'returned', bookingDate: RETURNED_ON, reasonCode: 'AC04' });
    await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: other.uuid, month: monthEnd(3), number: 'GS-E2E-00002', grossCents: grossCents[1] });
    await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: linked.trainer.uuid, month: monthEnd(2), number: 'GS-E2E-00003', grossCents: grossCents[2] });
    // Classes of the current month (the class reports' default) and the last one (the rule check's).
    await writeSyntheticTrainers(stack.orm, { studioGroupId: group.id, month: monthEnd(0), count: 3, classesPerTrainer: 4, prefix: 'E2E-NOW' });
    await writeSyntheticTrainers(stack.orm, { studioGroupId: group.id, month: monthEnd(1), count: 3, classesPerTrainer: 4, prefix: 'E2E-LAST' });
  },
});

/** The German text of euros as the grid shows them. */
const euroText = (cents: number) => formatEuro(cents).replace(/\u00a0/g, ' ');
const normalise = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

async function downloadCsv(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
  const raw = fs.readFileSync((await download.path())!, 'utf8');
  expect(raw.charCodeAt(0)).toBe(0xfeff);
  const records = parse(raw.slice(1), { delimiter: ';' }) as string[][];
  return { name: download.suggestedFilename(), records };
}

async function openReport(page: Page, kind: string, title: string) {
  await page.getByTestId('report-select').click();
  await page.getByRole('option', { name: title, exact: true }).click();
  await page.waitForURL(`**/de/admin/reports/${kind}`);
  await page.getByTestId('report-grid').waitFor();
}

/** The grand-total row's cell (AG Grid pins it at the bottom). */
const totalCell = (page: Page, column: string) => page.locator(`[data-testid="report-grid"] .ag-row-pinned [col-id="${column}"]`).first();

it('opens every report in German, downloads its CSV, draws the charts, and the total row is the API\'s sum', async () => {
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/**' });
  await page.getByTestId('nav-reports').click();
  await page.waitForURL('**/de/admin/reports');
  const paidCents = grossCents.reduce((sum, value) => sum + value, 0);

  // Trainer balance by month: charts (a trainer's months, VAT share), total = the credit notes.
  await page.getByTestId('report-grid').waitFor();
  await expect.poll(() => page.locator('[data-testid="report-grid"] .ag-header-cell-text').allTextContents()).toEqual(expect.arrayContaining(['Monat', 'Trainer', 'Netto', 'MwSt', 'MwSt %', 'Brutto']));
  await expect.poll(async () => normalise(await totalCell(page, 'Brutto').textContent())).toBe(euroText(paidCents));
  await expect.poll(() => page.locator('[data-testid="chart-trainer-months"] .recharts-surface').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('[data-testid="chart-trainer-months"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('[data-testid="chart-vat-share"] .recharts-surface').count()).toBeGreaterThan(0);
  await shot(page, 'reports-trainer-balance-de');
  const balance = await downloadCsv(page);
  expect(balance.name).toMatch(/^trainerBalance_.*\.csv$/);
  expect(balance.records[0]).toEqual(['Mandant', 'Studiogruppe', 'Monat', 'Trainer', 'Positionen', 'Netto', 'MwSt', 'MwSt %', 'Brutto', 'Abrechnung', 'Auszahlung', 'Gebucht am', 'Grund-Code']);
  // The returned payment's month, and only it, with the bank's day and code.
  expect(balance.records.filter((row) => row[12] === 'AC04').map((row) => row.slice(10))).toEqual([['zurückgebucht', DateTime.fromISO(RETURNED_ON).toFormat('dd.MM.yyyy'), 'AC04']]);
  await expect.poll(() => page.locator('[data-testid="report-payout-status"][data-status="returned"]').count()).toBe(1);
  const csvTotal = balance.records.at(-1)!;
  expect(csvTotal[8]).toBe(centsToEuros(paidCents).toFixed(2).replace('.', ','));
  expect(balance.records.slice(1, -1).reduce((sum, row) => sum + eurosToCents(Number(row[8]!.replace(',', '.'))), 0)).toBe(paidCents);

  // The API's answer for the same range, summed: what the total row shows.
  const admin = await logIn(e2e.stack.baseUrl, 'admin@demo.test');
  const apiRows = (await (await fetch(`${e2e.stack.baseUrl}/api/v1/${group.uuid}/report/trainer_balance_by_month/${group.mandantId}/${group.id}?dateStart=${monthEnd(12)}&dateEnd=${monthEnd(1)}`, { headers: admin.headers })).json()) as Array<{ Brutto: number }>;
  expect(apiRows.length).toBe(balance.records.length - 2);
  expect(apiRows.reduce((sum, row) => sum + eurosToCents(row.Brutto), 0)).toBe(paidCents);

  // Studio balance: payouts per month stacked by studio, VAT share.
  await openReport(page, 'studioBalance', 'Studio-Saldo nach Monat');
  await expect.poll(async () => normalise(await totalCell(page, 'Sum').textContent())).toBe(euroText(paidCents));
  await expect.poll(() => page.locator('[data-testid="chart-payouts-by-studio"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
  await shot(page, 'reports-studio-balance-de');
  const studio = await downloadCsv(page);
  expect(studio.records[0]).toContain('Studio');
  expect(studio.records.at(-1)!.at(-2)).toBe(centsToEuros(paidCents).toFixed(2).replace('.', ','));

  // The other balances: the same total.
  for (const [kind, title] of [['trainerBalanceByClass', 'Trainer-Saldo nach Monat und Kurs'], ['trainerBalanceByStudio', 'Trainer-Saldo nach Studio, Monat und Kurs']] as const) {
    await openReport(page, kind, title);
    await expect.poll(async () => normalise(await totalCell(page, 'Brutto').textContent())).toBe(euroText(paidCents));
    const csv = await downloadCsv(page);
    expect(csv.records.length).toBeGreaterThan(2);
  }

  // Class reports and the rule check: rows from the database, a CSV each.
  await openReport(page, 'classes', 'Kurse');
  await expect.poll(() => page.getByTestId('report-grid').getAttribute('data-rows')).toBe('12');
  await expect.poll(async () => normalise(await totalCell(page, 'class_duration').textContent())).toBe(String(12 * 60));
  const classes = await downloadCsv(page);
  expect(classes.records.length).toBe(1 + 12 + 1);
  expect(classes.records[0]!.slice(0, 3)).toEqual(['Studio', 'Datum', 'Kurs']);

  await openReport(page, 'ruleCheck', 'Prüfung der Vergütungsregeln');
  await expect.poll(async () => Number(normalise(await totalCell(page, 'class_count').textContent()))).toBe(12);
  await shot(page, 'reports-rule-check-de');
  expect((await downloadCsv(page)).records[0]).toContain('Stundensatz');

  for (const [kind, title] of [['classesWithoutTrainer', 'Kurse ohne Trainer'], ['severalTrainers', 'Kurse mit mehreren Trainern'], ['settlementLog', 'Abrechnungsprotokoll']] as const) {
    await openReport(page, kind, title);
    const csv = await downloadCsv(page);
    expect(csv.records.length).toBeGreaterThanOrEqual(1);
  }
  await context.close();
}, 180_000);

it('shows a refused range as the server\'s message, in German', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/**' });
  await page.goto(`${e2e.stack.baseUrl}/de/admin/reports/classes`);
  await page.getByTestId('report-grid').waitFor();
  // The picker says the limit before anyone runs into it.
  expect(await page.getByText('Höchstens 31 Tage auf einmal: Die Liste hat eine Zeile je Kurs.').count()).toBe(1);
  // A range longer than the class list takes: picked in the day picker, refused with the reason.
  await page.getByTestId('report-day-range').click();
  const days = page.locator('.mantine-DatePickerInput-day:not([data-outside])');
  await days.first().click();
  await page.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]').first().click();
  await page.locator('.mantine-DatePickerInput-day:not([data-outside])').last().click();
  await expect.poll(() => page.getByTestId('report-error').textContent()).toMatch(/höchstens 31 Tage/);
  await context.close();
}, 120_000);

it('states the limits of a call under the pickers, in English', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/**' });
  await page.goto(`${e2e.stack.baseUrl}/en/admin/reports/classes`);
  await expect.poll(() => page.getByText('At most 31 days at a time: the list has a row for every class.').count(), { timeout: 20_000 }).toBe(1);
  await page.goto(`${e2e.stack.baseUrl}/en/admin/reports/trainerBalance`);
  await expect.poll(() => page.getByText(/At most 24 months at a time\.$/).count(), { timeout: 20_000 }).toBe(1);
  await page.close();
}, 120_000);


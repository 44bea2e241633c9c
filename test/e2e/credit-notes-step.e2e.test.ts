import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Trainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { logIn } from '../support/stack';

// Step 5 of the wizard (index 4, spec 2.8 / 2.9) in a browser: a settlement without trainer review
// of two consenting trainers and DF-T017 (no self-billing consent). The admin sees DF-T017 greyed
// with its badge, creates the credit notes (streamed progress, 'Send credit note finished'), sees the
// run's attachment statuses, is refused an invalid accounting address inline and sends the
// accounting e-mail; then the summary finishes the settlement and shows 'Completed' with its time.

let admin: Awaited<ReturnType<typeof logIn>>;
let noConsent: string;
let billable: string[];
const settlementUuid = crypto.randomUUID();
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });
const MONTH_END = month.endOf('month').toISODate()!;
const SHOTS = process.env.E2E_SCREENSHOTS;
// A second settlement with trainer review, two months back: only company-approved trainers are billed, in several runs.
const reviewSettlementUuid = crypto.randomUUID();
const reviewMonth = month.minus({ months: 1 });
const REVIEW_MONTH_END = reviewMonth.endOf('month').toISODate()!;
let groupUuid: string;

const e2e = useBrowserStack({
  timeout: 240_000,
  async setUp({ stack }) {
    admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group, keys } = await findDemoFitness(em);
    // The CSV is not among the group's accounting files: its status reads 'not set'.
    group.accountingEmail = 'steuerbuero@example.test';
    group.accountingFiles = ['SEPA_XML', 'CREDIT_NOTES_ZIP'];
    await em.flush();
    const trainerUuid = async (sourceId: string) => (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId })).uuid;
    billable = [await trainerUuid('DF-T001'), await trainerUuid('DF-T002')];
    noConsent = await trainerUuid('DF-T017');
    await importDemoClasses(stack.baseUrl, admin, group.uuid, month.toISODate()!, MONTH_END);
    await prepareSettlement(
      stack.baseUrl,
      admin,
      keys,
      settlementUuid,
      MONTH_END,
      [...billable, noConsent],
      false,
    );
    groupUuid = group.uuid;
    await importDemoClasses(stack.baseUrl, admin, group.uuid, reviewMonth.toISODate()!, REVIEW_MONTH_END);
    await prepareSettlement(
      stack.baseUrl,
      admin,
      keys,
      reviewSettlementUuid,
      REVIEW_MONTH_END,
      billable,
      true,
    );
    await approveByCompany(reviewSettlementUuid, billable[0]!);
  },
});

async function approveByCompany(uuid: string, trainerUuid: string) {
  const answer = await fetch(`${e2e.stack.baseUrl}/api/v1/${groupUuid}/settlement/trainer-preview/approve_by_company/${trainerUuid}`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ settlementUuid: uuid, approved: true }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

const open = async (locale: 'de' | 'en') => {
  const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1100 } });
  await e2e.logIn(page, { email: 'admin@demo.test', locale, landsOn: 'admin/import' });
  await page.goto(`${e2e.stack.baseUrl}/${locale}/admin/settlement/wizard/${settlementUuid}?step=4`);
  await page.getByTestId('settlement-credit-notes-step').waitFor({ timeout: 20_000 });
  return page;
};
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());
const row = (page: Page, trainerUuid: string) => page.locator(`[data-testid="credit-notes-trainer"][data-trainer-uuid="${trainerUuid}"]`);

it('lists the trainers to bill, checked, and DF-T017 greyed with the consent badge (de)', { timeout: 60_000 }, async () => {
  const page = await open('de');
  await expect.poll(() => page.getByTestId('credit-notes-trainer').count(), { timeout: 20_000 }).toBe(3);
  for (const uuid of billable) expect(await row(page, uuid).getByRole('checkbox').isChecked()).toBe(true);
  await expect.poll(() => row(page, noConsent).getAttribute('data-blocked')).toBe('noConsent');
  expect(await row(page, noConsent).getByRole('checkbox').isDisabled()).toBe(true);
  expect(await row(page, noConsent).getByTestId('credit-notes-block-noConsent').textContent()).toBe('Keine Zustimmung zum Gutschriftsverfahren');
  expect(await page.getByTestId('credit-notes-selected-count').textContent()).toBe('2 von 2 abrechenbaren Trainern ausgewählt');
  // 'unselect all' / 'select all' (spec 2.8); nothing starts without the click on 'Create credit notes'.
  await page.getByTestId('credit-notes-unselect-all').click();
  expect(await page.getByTestId('credit-notes-create').isDisabled()).toBe(true);
  await page.getByTestId('credit-notes-select-all').click();
  expect(await page.getByTestId('credit-notes-create').isDisabled()).toBe(false);
  expect(await page.getByTestId('credit-notes-send-emails').isDisabled()).toBe(true);
  await shot(page, 'credit-notes-step-before-de');
  await page.close();
});

it('creates the credit notes, shows the attachment statuses and sends the accounting e-mail (en)', { timeout: 180_000 }, async () => {
  const page = await open('en');
  await expect.poll(() => row(page, noConsent).getByTestId('credit-notes-block-noConsent').textContent(), { timeout: 20_000 }).toBe('No self-billing consent');
  await page.getByTestId('credit-notes-create').click();
  await expect.poll(() => page.getByTestId('credit-notes-status').textContent(), { timeout: 120_000 }).toBe('Send credit note finished');
  expect(await page.getByTestId('credit-notes-status-hint').textContent()).toBe('2 created, 0 not created.');
  expect(await page.getByTestId('credit-notes-progress').getAttribute('data-value')).toBe('100');
  const finished = page.locator('[data-testid="credit-notes-message-row"][data-status="finished_studiogroup"]');
  expect(await finished.textContent()).toContain('Send credit note finished');
  expect(await page.locator('[data-testid="credit-notes-message-row"][data-status="error"]').count()).toBe(0);
  expect(await page.getByTestId('credit-notes-send-emails-note').textContent()).toBe('Done: the e-mails went out with the run.');
  expect(await page.getByTestId('credit-notes-trainer-overview').getAttribute('href')).toBe(`/en/admin/settlement/${settlementUuid}`);

  // The run's files: SEPA XML and ZIP ready with a download, the CSV not set (not in the group's list).
  await page.getByTestId('accounting-email-form').waitFor({ timeout: 20_000 });
  const status = (type: string) => page.locator(`[data-testid="accounting-attachment"][data-type="${type}"]`);
  expect(await status('SEPA_XML').getAttribute('data-status')).toBe('success');
  expect(await status('CREDIT_NOTES_ZIP').getAttribute('data-status')).toBe('success');
  expect(await status('STUDIO_COSTS_BY_MONTH').getAttribute('data-status')).toBe('not_set');
  expect(await status('SEPA_XML').getByTestId('accounting-attachment-status').textContent()).toBe('ready');
  expect(await status('STUDIO_COSTS_BY_MONTH').getByTestId('accounting-attachment-status').textContent()).toBe('not set');
  expect(await page.getByTestId('accounting-download-SEPA_XML').isVisible()).toBe(true);
  expect(await page.getByTestId('accounting-email-recipients').inputValue()).toBe('steuerbuero@example.test');

  // Both trainers are billed now: greyed 'Billed', nothing left for another run.
  await expect.poll(() => row(page, billable[0]!).getAttribute('data-blocked'), { timeout: 20_000 }).toBe('billed');
  expect(await page.getByTestId('credit-notes-create').isDisabled()).toBe(true);

  // An invalid address: the server's 400 message under the field, nothing sent.
  await page.getByTestId('accounting-email-recipients').fill('steuerbuero@example.test, not-an-address');
  await page.getByTestId('accounting-email-send').click();
  await expect.poll(() => page.getByText('"not-an-address" is not a valid e-mail address.').count(), { timeout: 20_000 }).toBe(1);
  expect(await page.getByTestId('accounting-email-success').count()).toBe(0);

  await page.getByTestId('accounting-email-recipients').fill('steuerbuero@example.test');
  await page.getByTestId('accounting-email-send').click();
  await expect.poll(() => page.getByTestId('accounting-email-success').textContent(), { timeout: 60_000 }).toMatch(/Accounting e-mail (sent to|recorded in the outbox for) steuerbuero@example\.test/);
  await shot(page, 'credit-notes-step-finished-en');
  await page.close();
});

it('shows the last run and its accounting e-mail after a reload, and the wizard step 6 links to the summary (de)', { timeout: 60_000 }, async () => {
  const page = await open('de');
  await page.getByTestId('accounting-email-form').waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('credit-notes-send-emails-note').textContent()).toBe('Erledigt: Die E-Mails wurden mit dem Lauf verschickt.');
  expect(await page.getByTestId('credit-notes-status-hint').textContent()).toBe('Letzter Lauf: 2 erstellt, 0 nicht erstellt. Seine E-Mail an die Buchhaltung steht unten.');
  expect(await page.locator('[data-testid="accounting-attachment"][data-type="SEPA_XML"]').getByTestId('accounting-attachment-status').textContent()).toBe('bereit');
  await shot(page, 'credit-notes-step-after-de');
  await page.getByTestId('credit-notes-to-summary').click();
  await page.getByTestId('wizard-summary-pane').waitFor({ timeout: 20_000 });
  await page.getByTestId('wizard-open-summary').click();
  await page.waitForURL(`**/de/admin/settlement/${settlementUuid}`);
  await page.close();
});

it('finishes the settlement on the summary, which then shows Completed with its time (en)', { timeout: 90_000 }, async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}`);
  await page.getByTestId('summary-menu').click();
  // Spec 4: delete is hidden once a credit note is sent.
  expect(await page.getByTestId('summary-delete').count()).toBe(0);
  await page.getByTestId('summary-finish').click();
  await page.getByTestId('settlement-command-confirm').click();
  await expect.poll(() => page.getByTestId('settlement-status-badge').first().getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}`);
  await expect.poll(() => page.getByText(/^Completed on /).count(), { timeout: 20_000 }).toBe(1);
  expect(await page.getByTestId('settlement-status-badge').first().textContent()).toBe('Completed');
  expect(await page.getByTestId('summary-menu').count()).toBe(0);
  await page.getByTestId('tab-accounting-files').click();
  await shot(page, 'credit-notes-summary-completed-en');
  await page.close();
});

it('with review: bills the approved trainer, stays on the step after the run, and bills a trainer approved later in a second run', { timeout: 180_000 }, async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1100 } });
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/wizard/${reviewSettlementUuid}`);
  // The wizard opens at the workflow's step (send preview); the stepper leads on to the credit notes once a trainer is approved.
  await expect.poll(() => page.getByTestId('wizard-step-pane').getAttribute('data-step'), { timeout: 20_000 }).toBe('2');
  await page.getByTestId('wizard-step-4').click();
  await page.getByTestId('settlement-credit-notes-step').waitFor({ timeout: 20_000 });
  await expect.poll(() => row(page, billable[1]!).getAttribute('data-blocked'), { timeout: 20_000 }).toBe('notApproved');
  expect(await row(page, billable[0]!).getByRole('checkbox').isChecked()).toBe(true);

  await page.getByTestId('credit-notes-create').click();
  await expect.poll(() => page.getByTestId('credit-notes-status').textContent(), { timeout: 120_000 }).toBe('Send credit note finished');
  await page.getByTestId('accounting-email-form').waitFor({ timeout: 20_000 });
  // The finished run moved the workflow to the summary; the screen stays here for the accounting e-mail.
  await page.waitForTimeout(1_500);
  expect(await page.getByTestId('wizard-step-pane').getAttribute('data-step')).toBe('4');
  await expect.poll(() => row(page, billable[0]!).getAttribute('data-blocked'), { timeout: 20_000 }).toBe('billed');

  // Approved later: billable in a new run from the same step.
  await approveByCompany(reviewSettlementUuid, billable[1]!);
  await page.getByTestId('wizard-menu').click();
  await page.getByTestId('wizard-reload').click();
  await expect.poll(() => row(page, billable[1]!).getAttribute('data-blocked'), { timeout: 20_000 }).toBeNull();
  await expect.poll(() => row(page, billable[1]!).getByRole('checkbox').isChecked(), { timeout: 20_000 }).toBe(true);
  await page.getByTestId('credit-notes-create').click();
  await expect.poll(() => page.getByTestId('credit-notes-status-hint').textContent(), { timeout: 120_000 }).toBe('1 created, 0 not created.');
  const detail = (await (await fetch(`${e2e.stack.baseUrl}/api/v1/${groupUuid}/settlement/${reviewSettlementUuid}`, { headers: admin.headers })).json()) as { settlementRuns: unknown[] };
  expect(detail.settlementRuns).toHaveLength(2);
  await shot(page, 'credit-notes-step-review-second-run-en');
  await page.close();
});

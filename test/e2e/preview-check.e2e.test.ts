import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TBillableTrainersResponse } from '../../contracts/settlement.contract';
import { useBrowserStack } from '../support/browser';
import { readNdjson } from '../support/ndjson';
import { logIn } from '../support/stack';

// The admin's side of the review loop in a browser: step 3 sends the previews (streamed status and
// messages), the preview check shows them by location, and a comment and the company approval land.

let admin: Awaited<ReturnType<typeof logIn>>;
const settlementUuid = crypto.randomUUID();
const month = DateTime.local().minus({ months: 1 });
const MONTH_END = month.endOf('month').toISODate()!;
const SHOTS = process.env.E2E_SCREENSHOTS;

const post = (path: string, body: unknown) =>
  fetch(`${e2e.stack.baseUrl}${path}`, { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });

const e2e = useBrowserStack({
  timeout: 240_000,
  async setUp({ stack }) {
    admin = await logIn(stack.baseUrl, 'admin@demo.test');
    // The log-in answer carries the api slug too (the test helper types only part of it).
    const group = admin.studioGroups[0]! as unknown as { uuid: string; apiSlug: string };
    const g = `/api/v1/${group.uuid}`;
    // Last month's classes, then a settlement of three trainers prepared for previews (steps 1–2 by API).
    const imported = await post(`${g}/demo/import/classes/ondemand`, { dateStart: month.startOf('month').toISODate(), dateEnd: MONTH_END });
    expect(imported.status).toBe(200);
    for await (const _ of readNdjson(imported));
    const listed = (await (await fetch(`${stack.baseUrl}${g}/settlement/${settlementUuid}/billable-trainers?month=${MONTH_END}`, { headers: admin.headers })).json()) as TBillableTrainersResponse;
    const selected = [...new Set(listed.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))].slice(0, 3);
    expect(selected.length).toBe(3);
    const preparation = { settlementMonth: MONTH_END, settlementUuid, trainersSelected: selected };
    const ok = async (response: Response) => expect(response.status, await response.text()).toBe(200);
    for (const phase of ['invoice-data', 'class', 'trainer']) await ok(await post(`${g}/settlement/${group.apiSlug}/create/${phase}`, preparation));
    await ok(await post(`${g}/settlement/create`, { settlementMonth: MONTH_END, settlementUuid, trainerReview: true, apiSlug: group.apiSlug }));
  },
});

const open = async (locale: 'de' | 'en') => {
  const page = await e2e.browser.newPage({ viewport: { width: 1600, height: 1100 } });
  await e2e.logIn(page, { email: 'admin@demo.test', locale, landsOn: 'admin/import' });
  return page;
};
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

it('shows the yellow banner while no trainer was sent a preview', { timeout: 60_000 }, async () => {
  const page = await open('en');
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}/preview-check`);
  await expect.poll(() => page.getByTestId('preview-check-empty').textContent(), { timeout: 20_000 }).toContain('No trainer previews currently available.');
  await shot(page, 'preview-check-empty-en');
  await page.close();
});

it('sends the previews from step 3, then checks, comments on and approves a trainer on the preview check', { timeout: 180_000 }, async () => {
  const page = await open('en');
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/wizard/${settlementUuid}`);
  await page.getByTestId('send-preview-open').click();
  await page.getByTestId('send-preview-message').fill('Please check your classes.');
  await shot(page, 'send-preview-modal-en');
  await page.getByTestId('send-preview-submit').click();
  await expect.poll(() => page.getByTestId('send-preview-status').textContent(), { timeout: 60_000 }).toMatch(/Send preview (finished|3 of 3)/);
  await expect.poll(() => page.getByTestId('send-preview-message-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await shot(page, 'send-preview-step-en');

  // Step 4: a review per trainer with a portal account (the others were reported as not connected), none submitted yet.
  const created = await page.locator('[data-testid="send-preview-message-row"][data-status="success"]').count();
  expect(created).toBeGreaterThanOrEqual(1);
  await page.getByTestId('send-preview-feedback').click();
  await expect.poll(() => page.getByTestId('feedback-counter').textContent(), { timeout: 20_000 }).toBe(`0 / ${created} trainer have submitted feedback`);
  await shot(page, 'feedback-step-en');
  await page.close();

  const de = await open('de');
  await de.goto(`${e2e.stack.baseUrl}/de/admin/settlement/${settlementUuid}/preview-check`);
  const firstTrainer = de.locator('[data-testid^="preview-check-trainer-"]').first();
  await firstTrainer.waitFor({ timeout: 20_000 });
  await firstTrainer.click();
  await expect.poll(() => de.getByTestId('preview-title').textContent(), { timeout: 20_000 }).toMatch(/^Vorschau: /);
  await de.getByTestId('preview-comment-input').fill('Bitte Kurs am Montag prüfen');
  await de.getByTestId('preview-comment-submit').click();
  await expect.poll(() => de.getByTestId('preview-thread').textContent(), { timeout: 20_000 }).toContain('Bitte Kurs am Montag prüfen');
  await de.getByTestId('preview-company-switch').click({ force: true });
  await expect.poll(() => de.getByTestId('preview-company-switch').isChecked(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => de.getByTestId('preview-company-switch-time').count(), { timeout: 20_000 }).toBe(1);
  await shot(de, 'preview-check-de');
  await de.close();
});

it('opens the preview check from the index options and the wizard menu, shows each step its menu items and hides archive (en, de)', { timeout: 120_000 }, async () => {
  const page = await open('en');
  // Settlement index (spec 2.11): the options' Preview opens the preview check.
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlements`);
  await page.getByTestId(`settlement-item-${settlementUuid}`).getByTestId('settlement-item-options').click();
  await page.getByTestId('settlement-item-preview').click();
  await page.waitForURL(`**/en/admin/settlement/${settlementUuid}/preview-check`);
  await page.locator('[data-testid^="preview-check-trainer-"]').first().waitFor({ timeout: 20_000 });

  // Wizard step 4 (spec 2.2): reload, trainer overview and the three preview-check commands; 'Approve all' opens its modal there.
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/wizard/${settlementUuid}`);
  await expect.poll(() => page.getByTestId('wizard-step-pane').getAttribute('data-step'), { timeout: 20_000 }).toBe('3');
  await page.getByTestId('wizard-menu').click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.getByRole('menuitem').allTextContents()).toEqual(['Reload', 'Trainer overview', 'Approve all trainers', 'Send credit notes to all', 'Send credit notes']);
  await page.getByTestId('wizard-approve-all').click();
  await page.waitForURL(`**/en/admin/settlement/${settlementUuid}/preview-check`);
  await expect.poll(() => page.getByRole('dialog').textContent(), { timeout: 20_000 }).toContain('Approve all trainers?');
  await page.close();

  const de = await open('de');
  // Step 1 in German: reload, the trainer previews (sent), finish and next.
  await de.goto(`${e2e.stack.baseUrl}/de/admin/settlement/wizard/${settlementUuid}?step=0`);
  await expect.poll(() => de.getByTestId('wizard-step-pane').getAttribute('data-step'), { timeout: 20_000 }).toBe('0');
  await de.getByTestId('wizard-menu').click();
  await expect.poll(() => de.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual(['Neu laden', 'Trainer-Vorschauen', 'Abrechnung abschließen', 'Weiter']);
  await de.getByTestId('wizard-next').click();
  await expect.poll(() => de.getByTestId('wizard-step-pane').getAttribute('data-step'), { timeout: 20_000 }).toBe('1');
  await de.getByTestId('wizard-menu').click();
  await expect.poll(() => de.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual(['Neu laden', 'Trainerübersicht', 'Vorschau an Trainer senden']);
  // 'Send preview to trainers' goes to step 3 and opens the send modal there.
  await de.getByTestId('wizard-send-preview').click();
  await expect.poll(() => de.getByTestId('wizard-step-pane').getAttribute('data-step'), { timeout: 20_000 }).toBe('2');
  await expect.poll(() => de.getByRole('dialog').count(), { timeout: 20_000 }).toBe(1);
  await de.keyboard.press('Escape');

  // The summary (spec 2.12): 'archive settlement' stays hidden in its menu.
  await de.goto(`${e2e.stack.baseUrl}/de/admin/settlement/${settlementUuid}`);
  await de.getByTestId('summary-menu').click();
  await de.getByTestId('summary-preview-check').waitFor();
  expect(await de.getByTestId('summary-archive').count()).toBe(0);
  expect(await de.getByRole('menu').textContent()).not.toContain('archivieren');
  await de.close();
});

/** The trainers the preview check lists, with the company's approval (through its own list call). */
const previewCheckTrainers = async () => {
  const group = admin.studioGroups[0]! as unknown as { uuid: string };
  const response = await fetch(`${e2e.stack.baseUrl}/api/v1/${group.uuid}/settlement/${settlementUuid}/preview-check`, { headers: admin.headers });
  expect(response.status).toBe(200);
  const list = (await response.json()) as { trainers: Array<{ trainer_uuid: string; approved_by_company: string }> };
  return [...new Map(list.trainers.map((trainer) => [trainer.trainer_uuid, trainer])).values()];
};

it('approves every listed trainer with one click in English; in German the modal then offers nothing, and approves again after a withdrawal', { timeout: 180_000 }, async () => {
  // The company approval of the test before is taken back, so every listed trainer is open.
  const group = admin.studioGroups[0]! as unknown as { uuid: string };
  const listed = await previewCheckTrainers();
  expect(listed.length).toBeGreaterThanOrEqual(1);
  for (const trainer of listed.filter((item) => item.approved_by_company === 'true')) {
    const revoked = await post(`/api/v1/${group.uuid}/settlement/trainer-preview/approve_by_company/${trainer.trainer_uuid}`, { settlementUuid, approved: false });
    expect(revoked.status).toBe(200);
  }

  const page = await open('en');
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}/preview-check`);
  await page.locator('[data-testid^="preview-check-trainer-"]').first().waitFor({ timeout: 20_000 });
  await page.getByTestId('preview-check-menu').click();
  await page.getByTestId('preview-check-approve-all').click();
  const modal = page.getByTestId('approve-all-modal');
  await expect.poll(() => modal.textContent(), { timeout: 20_000 }).toContain(`${listed.length} trainers not approved yet will be approved by the company.`);
  await page.getByTestId('approve-all-confirm').click();
  const done = listed.length === 1 ? '1 trainer approved, 0 approved already.' : `${listed.length} trainers approved, 0 approved already.`;
  await expect.poll(() => page.getByTestId('approve-all-status').textContent(), { timeout: 60_000 }).toBe(done);
  await shot(page, 'preview-check-approve-all-en');
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  // The selected trainer's Company toggle shows the approval without a reload.
  await expect.poll(() => page.getByTestId('preview-company-switch').isChecked(), { timeout: 20_000 }).toBe(true);
  expect((await previewCheckTrainers()).every((trainer) => trainer.approved_by_company === 'true')).toBe(true);
  await page.close();

  // Nothing open any more: the modal says so and offers nothing to confirm.
  const de = await open('de');
  await de.goto(`${e2e.stack.baseUrl}/de/admin/settlement/${settlementUuid}/preview-check`);
  await de.locator('[data-testid^="preview-check-trainer-"]').first().waitFor({ timeout: 20_000 });
  await de.getByTestId('preview-check-menu').click();
  await de.getByTestId('preview-check-approve-all').click();
  await expect.poll(() => de.getByTestId('approve-all-modal').textContent(), { timeout: 20_000 }).toContain('0 noch nicht freigegebene Trainer werden von der Firma freigegeben.');
  expect(await de.getByTestId('approve-all-confirm').isDisabled()).toBe(true);
  await de.getByTestId('approve-all-modal').getByRole('button', { name: 'Abbrechen', exact: true }).click();
  await de.close();

  // Taken back once more, approved in German.
  for (const trainer of listed) {
    const revoked = await post(`/api/v1/${group.uuid}/settlement/trainer-preview/approve_by_company/${trainer.trainer_uuid}`, { settlementUuid, approved: false });
    expect(revoked.status).toBe(200);
  }
  const again = await open('de');
  await again.goto(`${e2e.stack.baseUrl}/de/admin/settlement/${settlementUuid}/preview-check`);
  await again.locator('[data-testid^="preview-check-trainer-"]').first().waitFor({ timeout: 20_000 });
  await again.getByTestId('preview-check-menu').click();
  await again.getByTestId('preview-check-approve-all').click();
  await again.getByTestId('approve-all-confirm').click();
  await expect.poll(() => again.getByTestId('approve-all-status').textContent(), { timeout: 60_000 }).toBe(`${listed.length} Trainer freigegeben, 0 bereits freigegeben.`);
  await shot(again, 'preview-check-approve-all-de');
  await again.close();
});

it("'Send credit notes' starts the run and lands on its progress (English); 'Yes, send to all' with nobody left says so (German)", { timeout: 240_000 }, async () => {
  const approved = await previewCheckTrainers();
  const page = await open('en');
  await page.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}/preview-check`);
  await page.locator('[data-testid^="preview-check-trainer-"]').first().waitFor({ timeout: 20_000 });
  await page.getByTestId('preview-check-menu').click();
  await page.getByTestId('preview-check-send-credit-notes').click();
  await page.getByTestId('send-credit-notes-confirm').click();
  // No second click: the credit-note step runs them and shows the progress.
  await page.waitForURL(/\/admin\/settlement\/wizard\//, { timeout: 20_000 });
  await page.getByTestId('settlement-credit-notes-step').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('credit-notes-status').textContent(), { timeout: 150_000 }).toBe('Send credit note finished');
  expect(await page.getByTestId('credit-notes-status-hint').textContent()).toBe(`${approved.length} created, 0 not created.`);
  expect(page.url()).not.toContain('start=1');
  await shot(page, 'preview-check-send-credit-notes-en');
  await page.close();

  const de = await open('de');
  await de.goto(`${e2e.stack.baseUrl}/de/admin/settlement/${settlementUuid}/preview-check`);
  await de.locator('[data-testid^="preview-check-trainer-"]').first().waitFor({ timeout: 20_000 });
  await de.getByTestId('preview-check-menu').click();
  await de.getByTestId('preview-check-send-all').click();
  await expect.poll(() => de.getByTestId('send-all-modal').textContent(), { timeout: 20_000 }).toContain('Gutschriften an alle bereits freigegebenen Trainer senden?');
  await de.getByTestId('send-all-confirm').click();
  await de.getByTestId('settlement-credit-notes-step').waitFor({ timeout: 30_000 });
  await expect.poll(() => de.getByTestId('wizard-error').first().textContent(), { timeout: 60_000 }).toContain('Gerade kann keinem freigegebenen Trainer eine Gutschrift gesendet werden.');
  await shot(de, 'preview-check-send-all-de');
  await de.close();
});

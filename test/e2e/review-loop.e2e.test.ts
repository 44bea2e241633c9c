import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TCreditNotePreview } from '../../contracts/review.contract';
import { OutgoingEmail, StudioGroupTrainer, Trainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { logIn } from '../support/stack';

// The review loop with two browsers, as two people do it: the admin sends previews; the demo trainer
// opens the link of the e-mail they got, comments on a class and approves; the admin, whose preview
// check is open the whole time, sees the comment arrive without reloading, answers it and approves
// the trainer; the trainer's review is locked from then on.

let adminContext: BrowserContext;
let trainerContext: BrowserContext;
let admin: Awaited<ReturnType<typeof logIn>>;
let group: { uuid: string; id: number; mandantId: number; apiSlug: string };
let linkedTrainer: string;
let classHash: string;
const settlementUuid = crypto.randomUUID();
const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 }).endOf('month').toISODate()!;
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

const e2e = useBrowserStack({
  timeout: 240_000,
  async setUp({ stack, browser }) {
    admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group: fitness, keys } = await findDemoFitness(em);
    group = keys;
    linkedTrainer = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: fitness }, { populate: ['trainer'] })).trainer.uuid;
    const other = (await em.findOneOrFail(Trainer, { studioGroup: fitness, sourceId: 'DF-T002' })).uuid;
    await importDemoClasses(stack.baseUrl, admin, group.uuid, DateTime.fromISO(MONTH).startOf('month').toISODate()!, MONTH);
    await prepareSettlement(stack.baseUrl, admin, group, settlementUuid, MONTH, [linkedTrainer, other]);
    const preview = (await (
      await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/settlement/trainer-preview/${linkedTrainer}`, { method: 'POST', headers: admin.headers, body: JSON.stringify({ settlementUuid }) })
    ).json()) as TCreditNotePreview;
    classHash = preview.credit_note_rows.find((row) => row.studio_name !== 'Admin')!.class_hash;
    adminContext = await browser.newContext({ viewport: { width: 1600, height: 1100 } });
    trainerContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  },
});

it('runs the loop between the admin and the trainer, live', { timeout: 240_000 }, async () => {
  // The admin sends the previews from step 3.
  const adminPage = await adminContext.newPage();
  await e2e.logIn(adminPage, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });
  await adminPage.goto(`${e2e.stack.baseUrl}/en/admin/settlement/wizard/${settlementUuid}`);
  await adminPage.getByTestId('send-preview-open').click();
  await adminPage.getByTestId('send-preview-message').fill('Please check your classes by Friday.');
  await adminPage.getByTestId('send-preview-submit').click();
  await expect.poll(() => adminPage.locator('[data-testid="send-preview-message-row"][data-status="success"]').count(), { timeout: 60_000 }).toBe(1);

  // The admin keeps the preview check of that trainer open on the class.
  await adminPage.goto(`${e2e.stack.baseUrl}/en/admin/settlement/${settlementUuid}/preview-check?trainer=${linkedTrainer}`);
  await adminPage.getByTestId(`preview-row-${classHash}`).click();

  // The trainer opens the link of the e-mail (recorded in the outbox: no SMTP server in this e2e.stack).
  const email = await e2e.stack.orm.em.fork().findOneOrFail(OutgoingEmail, { toAddress: 'trainer@demo.test', idempotencyKey: { $like: '%settlement-preview%' } });
  const link = new URL(/https?:\/\/\S+\/trainer\/accounting\/review\/\S+/.exec(email.textBody)![0].replace(/[).,]+$/, ''));
  expect(link.pathname).toContain(`/trainer/accounting/review/${group.uuid}/${settlementUuid}`);
  const trainerPage = await trainerContext.newPage();
  await e2e.logIn(trainerPage, { email: 'trainer@demo.test', locale: 'de', landsOn: 'trainer/profile' });
  await trainerPage.goto(`${e2e.stack.baseUrl}${link.pathname}`);
  await trainerPage.getByTestId(`review-row-${classHash}`).click();
  await trainerPage.getByTestId('review-comment-input').fill('Dieser Kurs hatte 18 Teilnehmer, nicht 12.');
  await trainerPage.getByTestId('review-mood').click();
  await trainerPage.getByTestId('review-mood-sad').click();
  await trainerPage.getByTestId('review-comment-submit').click();
  await expect.poll(() => trainerPage.getByTestId('review-thread').textContent(), { timeout: 20_000 }).toContain('Dieser Kurs hatte 18 Teilnehmer');
  await trainerPage.getByTestId('review-confirm').check();
  await trainerPage.getByTestId('review-trainer-switch').click();
  await expect.poll(() => trainerPage.getByTestId('review-trainer-switch').isChecked(), { timeout: 20_000 }).toBe(true);
  await shot(trainerPage, 'review-loop-trainer-de');

  // The admin sees the comment arrive without reloading, answers and approves the trainer.
  await expect.poll(() => adminPage.getByTestId('preview-thread').textContent(), { timeout: 20_000 }).toContain('Dieser Kurs hatte 18 Teilnehmer');
  await adminPage.getByTestId('preview-comment-input').fill('Thanks, corrected in the source system.');
  await adminPage.getByTestId('preview-comment-submit').click();
  await expect.poll(() => adminPage.getByTestId('preview-thread').textContent(), { timeout: 20_000 }).toContain('Thanks, corrected');
  // The switch follows the server's answer (the workflow records the approval), not the click.
  await adminPage.getByTestId('preview-company-switch').click();
  await expect.poll(() => adminPage.getByTestId('preview-company-switch').isChecked(), { timeout: 20_000 }).toBe(true);
  await shot(adminPage, 'review-loop-admin-en');

  // Both approvals are recorded in the workflow; the trainer's review is locked now.
  type Detail = { workflow: { approvals: Record<string, { company: boolean; trainer: boolean }> } };
  const approvals = async () => ((await (await fetch(`${e2e.stack.baseUrl}/api/v1/${group.uuid}/settlement/${settlementUuid}`, { headers: admin.headers })).json()) as Detail).workflow.approvals[linkedTrainer];
  await expect.poll(approvals, { timeout: 20_000 }).toEqual({ company: true, trainer: true });
  await trainerPage.reload();
  await expect.poll(() => trainerPage.getByTestId('review-locked-banner').isVisible(), { timeout: 20_000 }).toBe(true);
  await trainerPage.getByTestId(`review-row-${classHash}`).click();
  await expect.poll(() => trainerPage.getByTestId('review-thread').textContent(), { timeout: 20_000 }).toContain('Thanks, corrected');
  expect(await trainerPage.getByTestId('review-comment-input').count()).toBe(0);
  await shot(trainerPage, 'review-loop-trainer-locked-de');
});

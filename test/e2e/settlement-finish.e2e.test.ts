import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { Trainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn } from '../support/stack';

// The buttons after a billed settlement (spec 2.2 after the last step, 2.12 Trainer tab):
// a settlement with trainer review of DF-T001 and DF-T002, an overall comment on DF-T001, both
// approved by the company and billed in one credit-note run. The wizard then offers the run's SEPA
// file, the summary's log and the way back to the index, in German and in English.

let admin: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;
let billable: string[];
const settlementUuid = crypto.randomUUID();
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });
const MONTH_END = month.endOf('month').toISODate()!;
const COMMENT = 'Bitte den Kurs am Montag prüfen.';

const e2e = useBrowserStack({
  timeout: 240_000,
  async setUp({ stack }) {
    admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group, keys } = await findDemoFitness(em);
    groupUuid = group.uuid;
    const trainerUuid = async (sourceId: string) => (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId })).uuid;
    billable = [await trainerUuid('DF-T001'), await trainerUuid('DF-T002')];
    await importDemoClasses(stack.baseUrl, admin, group.uuid, month.toISODate()!, MONTH_END);
    await prepareSettlement(stack.baseUrl, admin, keys, settlementUuid, MONTH_END, billable, true);
    const post = (path: string, body: unknown) =>
      fetch(`${stack.baseUrl}/api/v1/${groupUuid}${path}`, { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });
    const commented = await post(`/settlement/trainer-preview/comment/${billable[0]}`, {
      comment: COMMENT,
      classHash: 'trainer_feedback_overall',
      className: 'trainer_feedback_overall',
      classDateTime: '',
      mood: '',
      settlementUuid,
    });
    expect(commented.status, await commented.clone().text()).toBe(200);
    for (const uuid of billable) {
      const approved = await post(`/settlement/trainer-preview/approve_by_company/${uuid}`, { settlementUuid, approved: true });
      expect(approved.status, await approved.clone().text()).toBe(200);
    }
    const sent = await post('/settlement/trainer-credit-note/send', { settlementUuid, settlementRunUuid: crypto.randomUUID(), settlementMonth: MONTH_END, trainersSelected: billable });
    expect(sent.status).toBe(200);
    const statuses: string[] = [];
    for await (const message of readNdjson<{ status: string }>(sent)) statuses.push(message.status);
    expect(statuses.at(-1)).toBe('finished_studiogroup');
  },
});

const TEXT = {
  de: { download: 'Bank-XML herunterladen', logs: 'Protokoll anzeigen', back: 'Zurück zu den Abrechnungen', logTab: 'Protokoll' },
  en: { download: 'Download banking XML', logs: 'Show logs', back: 'Back to the settlements', logTab: 'Log' },
} as const;

const openWizard = async (locale: 'de' | 'en') => {
  const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1100 } });
  await e2e.logIn(page, { email: 'admin@demo.test', locale, landsOn: 'admin/import' });
  // With trainer review the wizard opens at the review step (spec 2.2 start rule); the last step by the stepper's request.
  await page.goto(`${e2e.stack.baseUrl}/${locale}/admin/settlement/wizard/${settlementUuid}?step=5`);
  await page.getByTestId('wizard-finish-links').waitFor({ timeout: 20_000 });
  return page;
};

for (const locale of ['de', 'en'] as const) {
  it(`after the last step: the banking XML opens in a new tab, 'Show logs' opens the log tab, the link leads to the index (${locale})`, { timeout: 90_000 }, async () => {
    const page = await openWizard(locale);
    expect(await page.getByTestId('wizard-step-pane').getAttribute('data-step')).toBe('5');
    const download = page.getByTestId('wizard-download-banking-xml');
    await expect.poll(() => download.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await download.textContent()).toBe(TEXT[locale].download);

    // The new tab navigates to the signed link and receives the SEPA credit-transfer file.
    const popup = page.waitForEvent('popup');
    const [response] = await Promise.all([
      page.context().waitForEvent('response', { predicate: (answer) => /\/run\/[0-9a-f-]{36}\/sepa-xml\?token=/.test(answer.url()), timeout: 20_000 }),
      download.click(),
    ]);
    await popup;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    // The file downloads (attachment), so the browser keeps no body: the same signed link read again.
    const again = await fetch(response.url());
    expect(again.status).toBe(200);
    const xml = await again.text();
    expect(xml).toContain('<CstmrCdtTrfInitn>');
    expect(xml.match(/<CdtTrfTxInf>/g)?.length).toBe(2);

    // 'Show logs': the summary with its log tab open and the settlement's log rows.
    const logs = page.getByTestId('wizard-show-logs');
    expect(await logs.textContent()).toBe(TEXT[locale].logs);
    await logs.click();
    await page.waitForURL(`**/${locale}/admin/settlement/${settlementUuid}?tab=log`);
    await expect.poll(() => page.getByTestId('tab-log').getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    expect(await page.getByTestId('tab-log').textContent()).toBe(TEXT[locale].logTab);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);

    await page.goBack();
    const back = page.getByTestId('wizard-back-to-index');
    await back.waitFor({ timeout: 20_000 });
    expect(await back.textContent()).toBe(TEXT[locale].back);
    await back.click();
    await page.waitForURL(`**/${locale}/admin/settlements`);
    await page.close();
  });
}

const SUMMARY_TEXT = {
  de: { comments: 'Kommentare ansehen', title: 'Feedback-Kommentare: ', overall: 'Allgemeines Feedback', none: 'Zu dieser Abrechnung gibt es keine Kommentare dieses Trainers.', pdf: 'Gutschrift herunterladen' },
  en: { comments: 'View comments', title: 'Trainer feedback comments: ', overall: 'Overall Feedback', none: 'This trainer has left no comments on this settlement.', pdf: 'Download credit note' },
} as const;

for (const locale of ['de', 'en'] as const) {
  it(`summary Trainer tab: 'View comments' shows the trainer's comments, 'Download credit note' opens the credit note PDF (${locale})`, { timeout: 90_000 }, async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1100 } });
    await e2e.logIn(page, { email: 'admin@demo.test', locale, landsOn: 'admin/import' });
    await page.goto(`${e2e.stack.baseUrl}/${locale}/admin/settlement/${settlementUuid}`);
    const row = (uuid: string) => page.locator(`[data-testid="summary-trainer-row"][data-trainer-uuid="${uuid}"]`).first();
    await row(billable[0]!).waitFor({ timeout: 20_000 });

    // The commented trainer: the overall feedback thread with the comment.
    const view = row(billable[0]!).getByTestId('summary-view-comments');
    expect(await view.textContent()).toBe(SUMMARY_TEXT[locale].comments);
    await view.click();
    const modal = page.getByTestId('summary-comments-modal');
    await expect.poll(() => modal.getByTestId('preview-comment').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('.mantine-Modal-title').textContent()).toContain(SUMMARY_TEXT[locale].title);
    expect(await modal.getByTestId('summary-comment-thread').getByRole('heading').textContent()).toBe(SUMMARY_TEXT[locale].overall);
    expect(await modal.getByTestId('preview-comment').textContent()).toContain(COMMENT);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.getByTestId('preview-comment').count()).toBe(0);

    // The other trainer left none.
    await row(billable[1]!).getByTestId('summary-view-comments').click();
    await expect.poll(() => page.getByTestId('summary-comments-none').textContent(), { timeout: 20_000 }).toBe(SUMMARY_TEXT[locale].none);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('summary-comments-none').count()).toBe(0);

    // Billed (credit_note_send): the credit note PDF through a signed link in a new tab.
    const pdf = row(billable[0]!).getByTestId('summary-download-credit-note');
    await expect.poll(() => pdf.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await pdf.textContent()).toBe(SUMMARY_TEXT[locale].pdf);
    const [response] = await Promise.all([
      page.context().waitForEvent('response', { predicate: (answer) => answer.url().includes('/admin/settlement/v2/download-credit-note-pdf?') && answer.url().includes('token='), timeout: 20_000 }),
      page.waitForEvent('popup'),
      pdf.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(new URL(response.url()).searchParams.get('trainerUuid')).toBe(billable[0]);
    const again = await fetch(response.url());
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.close();
  });
}

import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { StudioGroupTrainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn } from '../support/stack';

// The trainer's credit-note preview list (trainer portal 2 "Credit notes preview list", 4): it
// lists the previews in workflowState preview_send, as the spec's query asks. The demo trainer is
// sent two previews; the company approves the older one (state 'approved'), which leaves the list.

let admin: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;
const open = { uuid: crypto.randomUUID(), month: DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 }) };
const approved = { uuid: crypto.randomUUID(), month: open.month.minus({ months: 1 }) };

const e2e = useBrowserStack({
  timeout: 240_000,
  async setUp({ stack }) {
    admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group, keys } = await findDemoFitness(em);
    groupUuid = group.uuid;
    // The trainer record linked to trainer@demo.test's account.
    const linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group, trainerAccount: { $ne: null } }, { populate: ['trainer'] })).trainer.uuid;
    const post = (path: string, body: unknown) => fetch(`${stack.baseUrl}/api/v1/${groupUuid}${path}`, { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });
    for (const settlement of [approved, open]) {
      const monthEnd = settlement.month.endOf('month').toISODate()!;
      await importDemoClasses(stack.baseUrl, admin, group.uuid, settlement.month.toISODate()!, monthEnd);
      await prepareSettlement(stack.baseUrl, admin, keys, settlement.uuid, monthEnd, [linked], true);
      const sent = await post('/settlement/trainer-preview/send', { settlementUuid: settlement.uuid, settlementMonth: monthEnd, trainersSelected: [linked], message: '' });
      expect(sent.status).toBe(200);
      const statuses: string[] = [];
      for await (const message of readNdjson<{ status: string }>(sent)) statuses.push(message.status);
      expect(statuses).toContain('success');
    }
    const approval = await post(`/settlement/trainer-preview/approve_by_company/${linked}`, { settlementUuid: approved.uuid, approved: true });
    expect(approval.status, await approval.clone().text()).toBe(200);
  },
});

const TEXT = {
  de: { title: 'Gutschrift-Vorschauen', open: 'Prüfen', company: 'Offen' },
  en: { title: 'Credit note previews', open: 'Review', company: 'Open' },
} as const;

for (const locale of ['de', 'en'] as const) {
  it(`lists only the preview still in preview_send, asking with workflowState=preview_send (${locale})`, { timeout: 90_000 }, async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const listCall = page.waitForRequest((request) => request.url().includes('/api/v2/trainer_credit_notes?'), { timeout: 20_000 });
    await e2e.logIn(page, { email: 'trainer@demo.test', locale, landsOn: 'trainer/profile' });
    expect(new URL((await listCall).url()).searchParams.get('workflowState')).toBe('preview_send');

    const list = page.getByTestId('credit-notes-preview');
    await list.getByTestId('credit-notes-preview-table').waitFor({ timeout: 20_000 });
    expect(await list.getByRole('heading').first().textContent()).toBe(TEXT[locale].title);
    const rows = list.getByTestId('credit-notes-preview-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-settlement-uuid')).toBe(open.uuid);
    expect(await rows.first().textContent()).toContain(open.month.setLocale(locale).toFormat('LLLL yyyy'));
    expect(await rows.first().textContent()).toContain(TEXT[locale].company);
    expect(await list.locator(`[data-settlement-uuid="${approved.uuid}"]`).count()).toBe(0);

    // The row leads to the review screen of that settlement.
    const review = rows.first().getByTestId('credit-notes-preview-open');
    expect(await review.textContent()).toBe(TEXT[locale].open);
    await review.click();
    await page.waitForURL(`**/${locale}/trainer/accounting/review/${groupUuid}/${open.uuid}`);
    await page.close();
  });
}

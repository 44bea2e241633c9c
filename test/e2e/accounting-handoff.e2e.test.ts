import fs from 'node:fs';
import { expect, it } from 'vitest';
import { StudioGroup, StudioGroupTrainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote } from '../support/credit-notes';
import { pdfText } from '../support/pdf-text';
import { findDemoFitness } from '../support/month-close';

// The accountant's hand-off in the browser: the admin's DATEV settings section (German: a refused consultant number
// names the field and saves nothing, then a valid one is saved), and the yearly statement the
// trainer downloads from the portal's credit-notes page (English) and staff from the trainer page.

let groupUuid: string;
let trainerId: number;
const year = new Date().getFullYear();

const e2e = useBrowserStack({
  worker: false,
  timeout: 120_000,
  async setUp({ stack }) {
    const em = stack.orm.em.fork();
    const { group } = await findDemoFitness(em);
    groupUuid = group.uuid;
    const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] });
    trainerId = link.trainer.id;
    await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: link.trainer.uuid, month: `${year}-01-31`, number: `GS-${year}-00001`, grossCents: 123_456 });
    await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: link.trainer.uuid, month: `${year}-02-28`, number: `GS-${year}-00002`, grossCents: 45_600 });
  },
});

it('an admin sets the DATEV numbers: a wrong consultant number is named, nothing saved; a right one is saved', async () => {
  const page = await e2e.browser.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/**' });
  await page.goto(`${e2e.stack.baseUrl}/de/admin/settings`);
  const section = page.getByTestId('datev-settings');
  await section.waitFor();
  expect(await section.textContent()).toContain('DATEV-Export');
  expect(await page.getByTestId('datev-consultantNumber').inputValue()).toBe('29098');
  await page.getByTestId('datev-consultantNumber').fill('999');
  await page.getByTestId('datev-save').click();
  await expect.poll(() => section.textContent()).toContain('muss eine Beraternummer von 1001 bis 9999999 sein');
  expect((await e2e.stack.orm.em.fork().findOneOrFail(StudioGroup, { uuid: groupUuid })).datevConsultantNumber).toBe(29098);

  await page.getByTestId('datev-consultantNumber').fill('1234');
  await page.getByTestId('datev-clientNumber').fill('42');
  await page.getByTestId('datev-save').click();
  await expect.poll(() => page.getByText('DATEV-Einstellungen gespeichert.').count()).toBe(1);
  expect(await e2e.stack.orm.em.fork().findOneOrFail(StudioGroup, { uuid: groupUuid })).toMatchObject({ datevConsultantNumber: 1234, datevClientNumber: 42, datevChart: 'SKR03' });

  // Staff find the trainer's yearly statement on the trainer page.
  await page.goto(`${e2e.stack.baseUrl}/de/admin/trainer/${trainerId}/edit`);
  await page.getByTestId(`yearly-statement-${year}`).waitFor();
  expect(await page.getByTestId('trainer-yearly-statements').textContent()).toContain('Jahresübersichten');
});

it('the trainer downloads the yearly statement with both credit notes and the year’s total', async () => {
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });
  await page.goto(`${e2e.stack.baseUrl}/en/trainer/studio/${groupUuid}/credit-notes`);
  const button = page.getByTestId(`yearly-statement-${year}`);
  await button.waitFor();
  expect(await button.textContent()).toBe(`Statement ${year}`);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^yearly-statement-${year}-.+\\.pdf$`));
  const text = (await pdfText(fs.readFileSync((await download.path())!))).replace(/\u00a0/g, ' ');
  expect(text).toContain(`Yearly statement ${year}`);
  expect(text).toContain(`GS-${year}-00001`);
  expect(text).toContain(`GS-${year}-00002`);
  expect(text).toContain('€1,690.56');
  await context.close();
});

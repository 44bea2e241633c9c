import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { StudioGroupTrainer } from '../../db/entities';
import { buildCamt053, payoutFileEntry } from '../../domain/payouts/bank-file-builders';
import { returnedPayoutEntry } from '../../domain/payouts/demo-statement';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote, type IssuedCreditNote } from '../support/credit-notes';
import { findDemoFitness } from '../support/month-close';
import { openPayoutFor } from '../support/payouts';

// The money loop closed with the bank's statement, as the admin and the trainer see it: the admin
// uploads a camt.053 for a closed month (one payout booked, one returned, one entry that is no
// payout of ours), follows its reading, finds the paid and the returned payout and the unmatched
// entry, exports the CSV, sees the return in the credit-note run's trainers and pays the returned one
// again; the trainer sees 'paid on …' and 'returned: …' beside the credit notes. E2E_SCREENSHOTS=dir keeps pictures.

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = (page: Page, name: string, fullPage = true) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage }) : Promise.resolve());

const lastMonth = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });
// The bank's days: in the past, after last month's credit notes (issued on the 28th).
const BOOKED_ON = DateTime.now().setZone('Europe/Berlin').minus({ days: 3 }).toISODate()!;
const RETURNED_ON = DateTime.now().setZone('Europe/Berlin').minus({ days: 1 }).toISODate()!;
const UNKNOWN_END_TO_END_ID = 'E2E-NOT-OURS-1';

let groupUuid: string;
let paidNote: IssuedCreditNote;
let returnedNote: IssuedCreditNote;
let statementPath: string;

const e2e = useBrowserStack({
  worker: true,
  timeout: 180_000,
  async setUp({ stack }) {
    const em = stack.orm.em.fork();
    const { group } = await findDemoFitness(em);
    groupUuid = group.uuid;
    const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group, trainerAccount: { $ne: null } }, { populate: ['trainer'] });
    const trainer = link.trainer;
    const year = lastMonth.year;
    paidNote = await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: trainer.uuid, month: lastMonth.endOf('month').toISODate()!, number: `GS-${year}-00901`, grossCents: 123_456 });
    returnedNote = await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: trainer.uuid, month: lastMonth.endOf('month').toISODate()!, number: `GS-${year}-00902`, grossCents: 45_600 });
    const iban = trainer.iban ?? 'DE02120300000000202051';
    const paid = await openPayoutFor(stack, paidNote, iban);
    const returned = await openPayoutFor(stack, returnedNote, iban);

    const xml = buildCamt053({
      version: '08',
      account: { iban: group.iban!, currency: 'EUR', ownerName: group.name },
      messageId: `E2E-STMT-${lastMonth.toFormat('yyyy-MM')}`,
      sequence: 7,
      fromDate: BOOKED_ON,
      toDate: RETURNED_ON,
      entries: [
        payoutFileEntry({
          messageId: paid.sepaMessageId,
          paymentInformationId: paid.sepaPaymentInfoId,
          bookingDate: BOOKED_ON,
          bankReference: 'E2E-REF-1',
          payouts: [paid, returned].map(({ endToEndId, amountCents, creditorIban, creditorName }) => ({ endToEndId, amountCents, creditorIban, creditorName })),
        }),
        returnedPayoutEntry({ ...returned, reasonCode: 'AC04', feeCents: 350, bookingDate: RETURNED_ON, bankReference: 'E2E-REF-2' }),
        // A transfer of somebody else's from the same account: no payout of ours, listed for staff.
        payoutFileEntry({
          messageId: 'OTHER-MSG',
          paymentInformationId: 'OTHER-PMT',
          bookingDate: BOOKED_ON,
          bankReference: 'E2E-REF-3',
          payouts: [{ endToEndId: UNKNOWN_END_TO_END_ID, amountCents: 9_900, creditorIban: 'DE89370400440532013000', creditorName: 'Hausverwaltung Mitte' }],
        }),
      ],
    });
    statementPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payouts-e2e-')), `statement-${lastMonth.toFormat('yyyy-MM')}.xml`);
    fs.writeFileSync(statementPath, xml);
  },
});

const germanDate = (iso: string) => DateTime.fromISO(iso).toFormat('dd.MM.yyyy');
const englishDate = (iso: string) => DateTime.fromISO(iso).toFormat('dd/MM/yyyy');

const row = (page: Page, number: string) => page.locator(`[data-testid="payout-row"][data-end-to-end-id="${number}"]`);

it('the admin uploads the statement, follows its reading and finds the paid and the returned payout, the unmatched entry and the CSV (de)', async () => {
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/import' });
  await page.getByTestId('nav-payouts').click();
  await page.waitForURL('**/de/admin/payouts');
  await expect.poll(() => row(page, returnedNote.number).getAttribute('data-status')).toBe('open');

  // A file that is no bank file is refused on the spot, in German.
  await page.getByTestId('bank-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect.poll(() => page.getByTestId('bank-file-error').textContent()).toContain('Wählen Sie die XML-Datei der Bank');

  await page.getByTestId('bank-file-input').setInputFiles(statementPath);
  await page.getByTestId('bank-file-submit').click();
  await expect.poll(() => page.getByTestId('bank-file-progress').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  await expect.poll(() => page.getByTestId('bank-file-done').textContent()).toMatch(/Einer Auszahlung zugeordnet: \d+; Umsätze ohne Auszahlung: 1\./);

  await expect.poll(() => row(page, paidNote.number).getAttribute('data-status')).toBe('paid');
  expect(await row(page, paidNote.number).getByTestId('payout-status').textContent()).toBe(`bezahlt am ${germanDate(BOOKED_ON)}`);
  expect(await row(page, returnedNote.number).getAttribute('data-status')).toBe('returned');
  expect(await row(page, returnedNote.number).getByTestId('payout-status').textContent()).toBe('zurückgebucht: AC04 · das Konto ist aufgelöst');
  expect(await row(page, returnedNote.number).textContent()).toContain('3,50');
  await shot(page, 'payouts-de');

  // The status filter asks the server for the returned ones only.
  await page.getByTestId('payouts-status-filter').getByText(/^zurückgebucht/).click();
  await expect.poll(() => page.getByTestId('payout-row').count()).toBe(1);
  await page.getByTestId('payouts-status-filter').getByText('Alle').click();

  // The CSV of what the screen lists.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payouts-export-csv').click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(csv).toContain(paidNote.number);
  expect(csv).toContain(returnedNote.number);

  // The bank file read, with the entry that is no payout of ours.
  await page.getByTestId('payouts-tab-bank-files').click();
  await expect.poll(() => page.getByTestId('bank-file-row').first().getAttribute('data-unmatched')).toBe('1');
  await page.getByTestId('show-unmatched').first().click();
  await expect.poll(() => page.getByTestId('unmatched-entry').count()).toBe(1);
  expect(await page.getByTestId('unmatched-entry').textContent()).toContain(UNKNOWN_END_TO_END_ID);
  expect(await page.getByTestId('unmatched-entry').textContent()).toContain('99,00');
  await page.waitForTimeout(400); // the modal's opening transition
  await shot(page, 'payouts-unmatched-de', false);

  // The credit-note run of the returned one: 'show trainers included' says what became of the payment.
  await page.goto(`${e2e.stack.baseUrl}/de/admin/settlement/${returnedNote.settlementUuid}`);
  await page.getByTestId('tab-accounting-files').click();
  await page.getByTestId('show-run-trainers').click();
  const runTrainer = page.getByTestId('run-trainers-modal').locator(`[data-testid="run-trainer"][data-credit-note-number="${returnedNote.number}"]`);
  await expect.poll(() => runTrainer.getByTestId('payout-status').textContent()).toBe('zurückgebucht: AC04 · das Konto ist aufgelöst');
  expect(await runTrainer.getByTestId('payout-status').getAttribute('data-status')).toBe('returned');
  await context.close();
});

for (const locale of ['de', 'en'] as const) {
  it(`the trainer sees 'paid on …' and 'returned: …' beside the credit notes (${locale})`, async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await e2e.logIn(page, { email: 'trainer@demo.test', locale, landsOn: 'trainer/profile' });
    await page.goto(`${e2e.stack.baseUrl}/${locale}/trainer/studio/${groupUuid}/credit-notes`);
    const year = lastMonth.year;
    if (year !== new Date().getFullYear()) await page.getByTestId(`credit-notes-year-${year}`).click();
    const note = (number: string) => page.locator(`[data-testid="credit-note-row"][data-number="${number}"]`).getByTestId('credit-note-payout');
    await expect.poll(() => note(paidNote.number).textContent()).toBe(locale === 'de' ? `Bezahlt am ${germanDate(BOOKED_ON)}` : `Paid on ${englishDate(BOOKED_ON)}`);
    const returned = note(returnedNote.number);
    expect(await returned.getAttribute('data-status')).toBe('returned');
    expect(await returned.textContent()).toContain(
      locale === 'de' ? 'Von der Bank zurückgebucht: Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN.' : 'Returned by the bank: The account has been closed — please check your IBAN.',
    );
    expect(await returned.getByTestId('credit-note-payout-bank-data').textContent()).toBe(locale === 'de' ? 'IBAN in den Bankdaten Ihres Profils prüfen' : "Check the IBAN in your profile's bank data");
    await shot(page, `trainer-payouts-${locale}`);
    await returned.getByTestId('credit-note-payout-bank-data').click();
    await page.waitForURL(`**/${locale}/trainer/profile?tab=bank`);
    await expect.poll(() => page.getByTestId('tab-bank').getAttribute('aria-selected')).toBe('true');
    await context.close();
  });
}

it('the admin sees the same statement refused as read already, and pays the returned payout again (en)', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await e2e.logIn(page, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });
  await page.goto(`${e2e.stack.baseUrl}/en/admin/payouts`);
  await expect.poll(() => row(page, returnedNote.number).getAttribute('data-status')).toBe('returned');
  expect(await row(page, returnedNote.number).getByTestId('payout-status').textContent()).toBe('returned: AC04 · the account is closed');
  expect(await row(page, paidNote.number).getByTestId('payout-status').textContent()).toBe(`paid on ${englishDate(BOOKED_ON)}`);

  await page.getByTestId('bank-file-input').setInputFiles(statementPath);
  await page.getByTestId('bank-file-submit').click();
  await expect.poll(() => page.getByTestId('bank-file-error').textContent()).toMatch(/already/i);
  await shot(page, 'payouts-en');

  await row(page, returnedNote.number).getByTestId('pay-again').click();
  await page.waitForTimeout(400); // the modal's opening transition
  expect(await page.getByTestId('pay-again-modal').textContent()).toContain(returnedNote.number);
  const [sepa, tab] = await Promise.all([
    context.waitForEvent('response', (response) => /sepa|pain/i.test(response.url()) && response.request().resourceType() === 'document'),
    context.waitForEvent('page'),
    page.getByTestId('pay-again-confirm').click(),
  ]);
  expect(sepa.status()).toBe(200);
  // The tab's body is a download the browser keeps: the signed link read again (valid five minutes).
  expect(await (await context.request.get(sepa.url())).text()).toContain(`${returnedNote.number}-R1`);
  await tab.close();
  await page.bringToFront();
  await expect.poll(() => row(page, returnedNote.number).getByTestId('payout-status').textContent()).toBe('paid again, not booked yet');
  await expect.poll(() => row(page, `${returnedNote.number}-R1`).getAttribute('data-status')).toBe('open');
  await context.close();
});

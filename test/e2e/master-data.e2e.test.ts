import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PaymentTypeRule, Trainer } from '../../db/entities';
import { useBrowserStack } from '../support/browser';

const e2e = useBrowserStack({ worker: false });

const logInAsAdmin = (page: Page) => e2e.logIn(page, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/**' });

it('an admin finds a trainer who cannot be billed, is told why a wrong IBAN is refused, and fixes it', async () => {
  const page = await e2e.browser.newPage();
  await logInAsAdmin(page);
  await page.getByTestId('nav-trainers').click();
  await page.waitForURL('**/de/admin/trainers');
  await expect.poll(() => page.getByTestId('trainers-count').textContent()).toBe('25 von 25 Trainern');
  await page.getByTestId('trainers-only-incomplete').click();
  await expect.poll(() => page.getByTestId('trainers-count').textContent()).toBe('3 von 25 Trainern');

  const record = await e2e.stack.orm.em.fork().findOneOrFail(Trainer, { sourceId: 'DF-T024' });
  await page.getByTestId('trainers-grid').getByText('DF-T024').click();
  await page.waitForURL(`**/de/admin/trainer/${record.id}/edit`);
  await expect.poll(() => page.getByTestId('trainer-incomplete').textContent()).toContain('IBAN');

  // A typo in the IBAN: the field says why, nothing is sent, and what was typed stays.
  await page.getByTestId('field-street').fill('Neue Straße');
  await page.getByTestId('field-iban').fill('DE89 3704 0044 0532 0130 01');
  await page.getByTestId('trainer-save').click();
  await expect.poll(() => page.getByText('ist keine gültige IBAN').count()).toBe(1);
  expect(await page.getByTestId('form-error').textContent()).toContain('Es wurde nichts gespeichert');
  expect(await page.getByTestId('field-street').inputValue()).toBe('Neue Straße');
  expect((await e2e.stack.orm.em.fork().findOneOrFail(Trainer, { id: record.id })).street).toBe(record.street);

  await page.getByTestId('field-iban').fill('DE89 3704 0044 0532 0130 00');
  await page.getByTestId('trainer-save').click();
  await expect.poll(() => page.getByText(/Trainerdaten von .+ gespeichert\./).count()).toBe(1);
  await expect.poll(() => page.getByTestId('trainer-complete').count()).toBe(1);
  expect(await e2e.stack.orm.em.fork().findOneOrFail(Trainer, { id: record.id })).toMatchObject({ street: 'Neue Straße', iban: 'DE89370400440532013000' });
  await page.screenshot({ path: 'test-results/master-data-trainer-edit.png', fullPage: true });
});

it('an admin creates a flat payment type rule in euros with a decimal comma, stored exactly in cents', async () => {
  const page = await e2e.browser.newPage();
  await logInAsAdmin(page);
  await page.goto(`${e2e.stack.baseUrl}/de/admin/payment-type-rules`);
  await expect.poll(() => page.getByTestId('rules-count').textContent(), { timeout: 20_000 }).toBe('7 von 7 Regeln');
  await page.getByTestId('rule-new').click();
  await page.getByTestId('rule-form').waitFor();
  await page.getByTestId('rule-name').fill('Workshop pauschal');
  await page.getByTestId('rule-category').fill('Workshop');
  await page.getByTestId('rule-kind').getByText('Pauschale pro Kurs').click();
  await page.getByTestId('rule-flat').fill('-5');
  await page.getByTestId('rule-save').click();
  await expect.poll(() => page.getByText('darf nicht negativ sein').count()).toBe(1);

  await page.getByTestId('rule-flat').fill('42,29');
  await page.getByTestId('rule-save').click();
  await expect.poll(() => page.getByText('Abrechnungsregel "Workshop pauschal" angelegt.').count()).toBe(1);
  // Intl puts a no-break space before the euro sign.
  await expect.poll(() => page.getByTestId('rules-grid').textContent()).toMatch(/42,29\s€ pro Kurs/);
  expect(await e2e.stack.orm.em.fork().findOneOrFail(PaymentTypeRule, { name: 'Workshop pauschal' })).toMatchObject({ kind: 'flat', flatCents: 4229, category: 'Workshop' });
});

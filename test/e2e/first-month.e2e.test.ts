import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createMailer } from '../../activities/mail';
import { lastCompleteMonth } from '../../api/routes/data-check/data-check.service';
import { launchChromium, logInInBrowser } from '../support/browser';
import { linkOf, mailsTo } from '../support/mail-links';
import { createEmptyStudioGroup } from '../support/new-studio-group';
import { startSmtpServer } from '../support/smtp';
import { callApi, logIn, startStack, type Stack } from '../support/stack';

// A new studio group's first month, as its admin goes through it in German and in English: the group
// has nothing yet (made the way the operator console makes it), so the admin lands on the checklist,
// which says what is missing; a trainer CSV with a bad row is refused with the row's error, the
// corrected one is taken; a class CSV is uploaded and imported on the class import screen; the
// company data and a payment type rule are saved (through the API: their screens have tests of
// their own); the items turn done; the bulk invitation e-mails the trainers (over SMTP), one signs
// up from the link, and the checklist shows 1 accepted.

let stack: Stack;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ webDist: path.resolve(process.env.WEB_DIST ?? 'dist/web'), mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://mail-link.test' });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.stop();
});

const TEXTS = {
  de: {
    missing: 'Es fehlt: Adresse, Steuernummer oder USt-IdNr., IBAN, BIC, Buchhaltungs-E-Mail',
    badRow: 'Zeile 3, Spalte iban: ist keine gültige IBAN',
    saved: '2 Trainer angelegt, 0 aktualisiert.',
    invited: '2 Einladungen gesendet, 0 übersprungen.',
    accepted: 'Eingeladen: 1 · angenommen: 1',
    acceptedBadge: 'Angenommen',
  },
  en: {
    missing: 'Missing: address, tax number or VAT ID, IBAN, BIC, accounting e-mail',
    badRow: 'Line 3, column iban: is not a valid IBAN',
    saved: '2 trainers added, 0 updated.',
    invited: '2 invitations sent, 0 skipped.',
    accepted: 'Invited: 1 · accepted: 1',
    acceptedBadge: 'Accepted',
  },
} as const;

/** Picks a file in the UI kit's file input as a user does: through the browser's file chooser. */
async function chooseFile(page: Page, testId: string, file: { name: string; text: string }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId(testId).click()]);
  await chooser.setFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.text) });
}

const stateOf = (page: Page, item: string) => page.getByTestId(`first-month-item-${item}`).getAttribute('data-state');

async function firstMonth(locale: 'de' | 'en') {
  const adminEmail = `admin-${locale}@neustart.test`;
  const group = await createEmptyStudioGroup(stack.orm, { name: `Neustart ${locale}`, apiSlug: `neustart-${locale}`, adminEmail, locale });
  const texts = TEXTS[locale];
  const trainerEmails = [`anna.${locale}@example.test`, `lukas.${locale}@example.test`];

  // Nothing yet: the admin lands on the checklist, which says what is missing.
  const admin = await browser.newPage();
  await logInInBrowser(admin, { baseUrl: stack.baseUrl, email: adminEmail, locale, landsOn: 'admin/first-month' });
  await expect.poll(() => stateOf(admin, 'companyData')).toBe('attention');
  expect(await admin.getByTestId('first-month-item-companyData-detail').textContent()).toBe(texts.missing);
  for (const item of ['sourceSystem', 'trainers', 'classes', 'payRules', 'invitations', 'firstSettlement']) expect(await stateOf(admin, item), item).toBe('open');
  expect(await admin.getByTestId('nav-first-month').isVisible()).toBe(true);

  // A trainer CSV with a bad IBAN is refused with the row's error; nothing is saved.
  const header = 'source_id;first_name;last_name;email;street;house_number;postal_code;city;iban;tax_number;vat_liable';
  const rows = [`T1;Anna;Schmidt;${trainerEmails[0]};Hauptstraße;1;10115;Berlin;DE89370400440532013000;30/123/45678;ja`, `T2;Lukas;Müller;${trainerEmails[1]};Ringstraße;7;20095;Hamburg;DE02120300000000202051;12/345/67890;nein`];
  const upload = (csv: string) => chooseFile(admin, 'trainer-csv-file', { name: 'trainer.csv', text: csv });
  await upload([header, rows[0], rows[1]!.replace('DE02120300000000202051', 'DE02120300000000202052')].join('\n'));
  await expect.poll(() => admin.getByTestId('trainer-csv-error').textContent()).toContain(texts.badRow);
  expect(await stateOf(admin, 'trainers')).toBe('open');
  await upload([header, ...rows].join('\n'));
  await expect.poll(() => admin.getByTestId('trainer-csv-success').textContent()).toBe(texts.saved);
  await expect.poll(() => stateOf(admin, 'trainers')).toBe('done');

  // The class CSV on the class import screen, imported for last month (the screen's default range).
  const month = lastCompleteMonth();
  const day = (n: number) => DateTime.fromISO(month).startOf('month').plus({ days: n }).toISODate()!;
  const classes = [
    'studio_id,studio_name,class_id,date,start_time,duration_minutes,class_name,category,slots,booked_slots,attendees,trainer_id,trainer_firstname,trainer_lastname',
    `S1,Neustart Mitte,C1,${day(2)},18:30,60,Vinyasa Flow,Yoga,20,18,17,T1,Anna,Schmidt`,
    `S1,Neustart Mitte,C2,${day(3)},19:00,90,Zumba,Dance,30,12,10,T2,Lukas,Müller`,
    `S1,Neustart Mitte,C3,${day(4)},07:00,45,Cycling,Cycling,25,25,24,T1,Anna,Schmidt`,
  ].join('\n');
  await admin.goto(`${stack.baseUrl}/${locale}/admin/import/ondemand`);
  await chooseFile(admin, 'csv-file', { name: 'kurse.csv', text: classes });
  await expect.poll(() => admin.getByTestId('csv-upload-success').count()).toBe(1);
  await admin.getByTestId('import-start').click();
  // A finished import shows its last line, then goes on to the import dashboard two seconds later.
  await admin.waitForURL(`**/${locale}/admin/import`, { timeout: 120_000 });

  // Company data and one rule for every class.
  const api = await logIn(stack.baseUrl, adminEmail);
  const settings = await callApi(stack.baseUrl, 'GET', `/api/v1/${group.uuid}/settings`, { as: api });
  const saved = await callApi(stack.baseUrl, 'PUT', `/api/v1/${group.uuid}/settings`, {
    as: api,
    body: { ...settings.body, datev: undefined, uuid: undefined, name: undefined, apiSlug: undefined, updatedAt: undefined, street: 'Torstraße', houseNumber: '5', postalCode: '10119', city: 'Berlin', taxNumber: '30/987/65432', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountingEmail: 'buchhaltung@neustart.test' },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const rule = await callApi(stack.baseUrl, 'POST', `/api/v1/${group.uuid}/payment-type-rules`, { as: api, body: { name: 'Alle Kurse', validFrom: '2020-01-01', kind: 'flat', flatCents: 3000 } });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);

  await admin.getByTestId('nav-first-month').click();
  await admin.waitForURL(`**/${locale}/admin/first-month`);
  for (const item of ['companyData', 'sourceSystem', 'trainers', 'classes', 'payRules']) await expect.poll(() => stateOf(admin, item), { message: item }).toBe('done');
  expect(await admin.getByTestId('first-month-item-classes-detail').textContent()).toContain('3');

  // The bulk invitation: both trainers get the e-mail; one signs up from its link.
  await admin.getByTestId('bulk-invitation-send').click();
  await expect.poll(() => admin.getByTestId('bulk-invitation-result').textContent()).toContain(texts.invited);
  const [mail] = await mailsTo(smtp.received, trainerEmails[0]!);
  await mailsTo(smtp.received, trainerEmails[1]!);
  const link = new URL(linkOf(mail!, 'invitation').url);
  const trainer = await browser.newPage();
  await trainer.goto(`${stack.baseUrl}${link.pathname}`);
  const screen = trainer.getByTestId('invitation-screen');
  await screen.getByTestId('invitation-password').fill('ein-gutes-passwort');
  await screen.getByTestId('invitation-repeat').fill('ein-gutes-passwort');
  await screen.getByTestId('invitation-accept').click();
  await trainer.waitForURL('**/trainer/profile');

  await admin.reload();
  await expect.poll(() => admin.getByTestId('first-month-item-invitations-detail').textContent()).toContain(texts.accepted);
  const anna = admin.getByTestId('invitation-person').filter({ hasText: trainerEmails[0]! });
  expect(await anna.getAttribute('data-state')).toBe('accepted');
  expect(await anna.textContent()).toContain(texts.acceptedBadge);
  await expect.poll(() => admin.getByTestId('page-loading-overlay').count()).toBe(0);
  await admin.screenshot({ path: `test-results/first-month-${locale}.png`, fullPage: true });
  await trainer.close();
  await admin.close();
}

it('a new group’s admin goes through the first month in German', { timeout: 240_000 }, () => firstMonth('de'));
it('a new group’s admin goes through the first month in English', { timeout: 240_000 }, () => firstMonth('en'));

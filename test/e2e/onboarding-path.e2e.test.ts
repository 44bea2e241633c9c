import crypto from 'node:crypto';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createMailer } from '../../activities/mail';
import { lastCompleteMonth } from '../../api/routes/data-check/data-check.service';
import { CreditNote, StudioGroup, Trainer } from '../../db/entities';
import { launchChromium } from '../support/browser';
import { linkOf, mailsTo } from '../support/mail-links';
import { prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { startSmtpServer } from '../support/smtp';
import { callApi, logIn, startStack, type Stack } from '../support/stack';

// The whole way of a new customer, without a developer and without the seed knowing the group, in
// German and in English: a visitor sends the public contact form; the operator creates the studio
// group from the request (company, tax, bank, accounting e-mail, DATEV, CSV source) and invites its
// first admin; the admin sets a password from the e-mail (real SMTP) and lands on the first-month
// checklist; uploads the trainers and last month's classes, adds a payment type rule, invites the
// trainers; one trainer accepts and consents to self-billing in the portal; the admin prepares,
// approves and runs the credit notes; the summary lists the SEPA and DATEV files, which download,
// and the SEPA control sum is the credit notes' gross.

let stack: Stack;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ webDist: path.resolve(process.env.WEB_DIST ?? 'dist/web'), mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://mail-link.test' });
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.stop();
});

const WAIT = { timeout: 60_000 };

const TEXTS = {
  de: { company: 'Pfadfinder Studios GmbH', slug: 'pfadfinder-studios-gmbh', setUp: 'Wird eingerichtet', csv: 'CSV-Upload', admin: 'Admin', trainersSaved: '2 Trainer angelegt, 0 aktualisiert.', invited: '2 Einladungen gesendet, 0 übersprungen.' },
  en: { company: 'Pathway Studios Ltd', slug: 'pathway-studios-ltd', setUp: 'Being set up', csv: 'CSV upload', admin: 'Admin', trainersSaved: '2 trainers added, 0 updated.', invited: '2 invitations sent, 0 skipped.' },
} as const;

/** Picks a file in the UI kit's file input as a user does: through the browser's file chooser. */
async function chooseFile(page: Page, testId: string, file: { name: string; text: string }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId(testId).click()]);
  await chooser.setFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.text) });
}

async function logInWith(page: Page, { email, password, locale, landsOn }: { email: string; password: string; locale: 'de' | 'en'; landsOn: string }) {
  await page.goto(`${stack.baseUrl}/${locale}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**/${locale}/${landsOn}`, WAIT);
}

const stateOf = (page: Page, item: string) => page.getByTestId(`first-month-item-${item}`).getAttribute('data-state');

async function onboardingPath(locale: 'de' | 'en') {
  const text = TEXTS[locale];
  const visitorEmail = `inhaberin-${locale}@pfad.example`;
  const adminEmail = `erste.admin-${locale}@pfad.example`;
  const adminPassword = 'pfad-admin-2026';
  const trainerEmails = [`anna.pfad-${locale}@example.test`, `lukas.pfad-${locale}@example.test`];
  await stack.orm.em.getConnection().execute(`delete from rate_limit_counter where key like 'contact-form%'`, [], 'run');

  // 1. A visitor sends the public site's contact form.
  const visitor = await browser.newPage();
  await visitor.goto(`${stack.baseUrl}/${locale}/contact`);
  // Hydrated: React attached the form's handlers.
  await visitor.waitForFunction(() => document.querySelector('#site-data') !== null, undefined, WAIT);
  await visitor.getByTestId('contact-company').fill(text.company);
  await visitor.getByTestId('contact-firstname').fill('Petra');
  await visitor.getByTestId('contact-lastname').fill('Pfad');
  await visitor.getByTestId('contact-email').fill(visitorEmail);
  await visitor.getByTestId('contact-message').fill('Wir rechnen 2 Trainer ab.');
  await visitor.getByTestId('contact-terms').check();
  // A person takes a moment: the form refuses what is sent faster than its minimum fill time (3 s).
  await visitor.waitForTimeout(3200);
  await visitor.getByTestId('contact-submit').click();
  await visitor.getByTestId('contact-success').waitFor(WAIT);
  await visitor.close();

  // 2. The operator creates the group from the request and completes the form.
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const operator = await operatorContext.newPage();
  await logInWith(operator, { email: 'ops@demo.test', password: 'demo1234', locale, landsOn: 'admin/**' });
  await operator.getByTestId('nav-contact-requests').click();
  await operator.getByTestId('contact-requests-table').getByText(text.company).click();
  await operator.getByTestId('contact-request-create-group').click();
  await operator.waitForURL(`**/${locale}/admin/studio-groups/new?request=*`, WAIT);
  await operator.getByTestId('prefilled-from-request').waitFor(WAIT);
  expect(await operator.getByTestId('field-companyName').inputValue()).toBe(text.company);
  expect(await operator.getByTestId('field-apiSlug').inputValue()).toBe(text.slug);
  await operator.getByTestId('field-street').fill('Wegweiserstraße');
  await operator.getByTestId('field-houseNumber').fill('3');
  await operator.getByTestId('field-postalCode').fill('10115');
  await operator.getByTestId('field-city').fill('Berlin');
  await operator.getByTestId('field-taxNumber').fill('30/987/65432');
  await operator.getByTestId('field-iban').fill('DE89 3704 0044 0532 0130 00');
  await operator.getByTestId('field-bic').fill('COBADEFFXXX');
  await operator.getByTestId('field-accountingEmail').fill(`buchhaltung-${locale}@pfad.example`);
  await operator.getByTestId('field-datevEnabled').check({ force: true });
  await operator.getByTestId('field-datevConsultantNumber').fill('29098');
  await operator.getByTestId('field-datevClientNumber').fill('55003');
  await operator.getByTestId('field-sourceSystem').getByText(text.csv).click();
  await operator.getByTestId('studio-group-save').click();
  await operator.waitForURL(new RegExp(`/${locale}/admin/studio-groups/[0-9a-f-]{36}$`), WAIT);
  await expect.poll(() => operator.getByTestId('studio-group-state').textContent(), WAIT).toBe(text.setUp);
  const groupUuid = operator.url().split('/').at(-1)!;

  // 3. The operator invites the group's first admin on the group's page.
  const invite = operator.getByTestId('staff-invite');
  await invite.waitFor(WAIT);
  await invite.getByTestId('staff-invite-email').fill(adminEmail);
  await invite.getByTestId('staff-invite-role').click();
  await operator.getByRole('option', { name: text.admin, exact: true }).click();
  await invite.getByTestId('staff-invite-firstname').fill('Petra');
  await invite.getByTestId('staff-invite-lastname').fill('Pfad');
  await invite.getByTestId('staff-invite-submit').click();
  await expect.poll(() => operator.locator(`[data-testid="staff-invitation"][data-email="${adminEmail}"]`).count(), WAIT).toBe(1);

  // The list shows the new group as being set up.
  await operator.getByTestId('nav-studio-groups').click();
  const row = operator.locator(`[data-testid="studio-group-row"][data-uuid="${groupUuid}"]`);
  await expect.poll(() => row.getByTestId('studio-group-state').textContent(), WAIT).toBe(text.setUp);
  await operatorContext.close();

  const [staffMail] = await mailsTo(smtp.received, adminEmail, 1, 60_000);
  const staffLink = new URL(linkOf(staffMail!, 'staff-invitation').url);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const joining = await adminContext.newPage();
  await joining.goto(`${stack.baseUrl}${staffLink.pathname}`);
  await joining.getByTestId('staff-invitation-password').fill(adminPassword);
  await joining.getByTestId('staff-invitation-repeat').fill(adminPassword);
  await joining.getByTestId('staff-invitation-submit').click();
  await joining.waitForURL(`**/${locale}/admin/**`, WAIT);
  await adminContext.close();

  // 4. The admin logs in and lands on the first-month checklist.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logInWith(admin, { email: adminEmail, password: adminPassword, locale, landsOn: 'admin/first-month' });
  await expect.poll(() => stateOf(admin, 'companyData'), WAIT).toBe('done');
  expect(await stateOf(admin, 'trainers')).toBe('open');

  const header = 'source_id;first_name;last_name;email;street;house_number;postal_code;city;iban;tax_number;vat_liable';
  await chooseFile(admin, 'trainer-csv-file', {
    name: 'trainer.csv',
    text: [
      header,
      `P1;Anna;Schmidt;${trainerEmails[0]};Hauptstraße;1;10115;Berlin;DE02120300000000202051;30/123/45678;ja`,
      `P2;Lukas;Müller;${trainerEmails[1]};Ringstraße;7;20095;Hamburg;DE02100100100006820101;12/345/67890;nein`,
    ].join('\n'),
  });
  await expect.poll(() => admin.getByTestId('trainer-csv-success').textContent(), WAIT).toBe(text.trainersSaved);
  await expect.poll(() => stateOf(admin, 'trainers'), WAIT).toBe('done');

  const month = DateTime.fromISO(lastCompleteMonth()).endOf('month');
  const day = (n: number) => month.startOf('month').plus({ days: n }).toISODate()!;
  const classes = [
    'studio_id,studio_name,class_id,date,start_time,duration_minutes,class_name,category,slots,booked_slots,attendees,trainer_id,trainer_firstname,trainer_lastname',
    `S1,Pfad Mitte,C1,${day(2)},18:30,60,Vinyasa Flow,Yoga,20,18,17,P1,Anna,Schmidt`,
    `S1,Pfad Mitte,C2,${day(3)},19:00,90,Zumba,Dance,30,12,10,P2,Lukas,Müller`,
    `S1,Pfad Mitte,C3,${day(4)},07:00,45,Cycling,Cycling,25,25,24,P1,Anna,Schmidt`,
  ].join('\n');
  await admin.goto(`${stack.baseUrl}/${locale}/admin/import/ondemand`);
  await chooseFile(admin, 'csv-file', { name: 'kurse.csv', text: classes });
  await expect.poll(() => admin.getByTestId('csv-upload-success').count(), WAIT).toBe(1);
  await admin.getByTestId('import-start').click();
  await admin.waitForURL(`**/${locale}/admin/import`, { timeout: 120_000 });

  // The payment type rule through the API with the admin's own session (its screen has tests of its own).
  const api = await logIn(stack.baseUrl, adminEmail, adminPassword);
  const rule = await callApi(stack.baseUrl, 'POST', `/api/v1/${groupUuid}/payment-type-rules`, { as: api, body: { name: 'Alle Kurse', validFrom: '2020-01-01', kind: 'flat', flatCents: 3000 } });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);

  await admin.getByTestId('nav-first-month').click();
  await admin.waitForURL(`**/${locale}/admin/first-month`, WAIT);
  for (const item of ['companyData', 'sourceSystem', 'trainers', 'classes', 'payRules']) await expect.poll(() => stateOf(admin, item), { ...WAIT, message: item }).toBe('done');

  // 5. The bulk invitation; Anna accepts from the e-mail and consents to self-billing in the portal.
  await admin.getByTestId('bulk-invitation-send').click();
  await expect.poll(() => admin.getByTestId('bulk-invitation-result').textContent(), WAIT).toContain(text.invited);
  const [trainerMail] = await mailsTo(smtp.received, trainerEmails[0]!, 1, 60_000);
  const trainerLink = new URL(linkOf(trainerMail!, 'invitation').url);
  const trainer = await browser.newPage();
  await trainer.goto(`${stack.baseUrl}${trainerLink.pathname}`);
  const screen = trainer.getByTestId('invitation-screen');
  await screen.getByTestId('invitation-password').fill('anna-trainiert-2026');
  await screen.getByTestId('invitation-repeat').fill('anna-trainiert-2026');
  await screen.getByTestId('invitation-accept').click();
  await trainer.waitForURL('**/trainer/profile', WAIT);
  await trainer.goto(`${stack.baseUrl}/${locale}/trainer/studio/${groupUuid}/credit-notes`);
  const consent = trainer.getByTestId('self-billing-consent');
  await expect.poll(() => consent.getAttribute('data-consented'), WAIT).toBe('false');
  await consent.getByTestId('self-billing-consent-give').click();
  await trainer.getByTestId('self-billing-consent-given').waitFor(WAIT);
  await trainer.close();

  // 6. The first settlement: prepared, approved and the credit-note run, with the admin's headers.
  const em = stack.orm.em.fork();
  const group = await em.findOneOrFail(StudioGroup, { uuid: groupUuid }, { populate: ['mandant'] });
  const anna = await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'P1' });
  const keys = { uuid: group.uuid, id: group.id, mandantId: group.mandant.id, apiSlug: group.apiSlug };
  const settlementUuid = crypto.randomUUID();
  const runUuid = crypto.randomUUID();
  const post = (urlPath: string, body: unknown) => fetch(`${stack.baseUrl}/api/v1/${groupUuid}${urlPath}`, { method: 'POST', headers: { ...api.headers, 'x-locale': locale }, body: JSON.stringify(body) });
  await prepareSettlement(stack.baseUrl, api, keys, settlementUuid, month.toISODate()!, [anna.uuid]);
  const preview = await post('/settlement/trainer-preview/send', { settlementUuid, trainersSelected: [anna.uuid] });
  expect(preview.status, await preview.clone().text()).toBe(200);
  for await (const _line of readNdjson(preview)) void _line;
  const approved = await post(`/settlement/trainer-preview/approve_by_company/${anna.uuid}`, { settlementUuid, approved: true });
  expect(approved.status, await approved.clone().text()).toBe(200);
  const run = await post('/settlement/trainer-credit-note/send', { settlementUuid, settlementRunUuid: runUuid, trainersSelected: [anna.uuid] });
  expect(run.status, await run.clone().text()).toBe(200);
  const messages: Array<{ status: string; message?: string }> = [];
  for await (const line of readNdjson<{ status: string; message?: string }>(run)) messages.push(line);
  expect(messages.filter((message) => message.status === 'error'), JSON.stringify(messages)).toEqual([]);
  // The wizard's last button: the settlement is finished (the first-month checklist counts closed
  // ones). The stream ends with the last credit note; the run itself records its end a moment later,
  // and until then the command answers 409 "please wait", changing nothing, so it is sent again.
  let finished = 0;
  await expect
    .poll(async () => {
      const answer = await post(`/settlement/${settlementUuid}/command`, { action: 'finish_settlement' });
      finished = answer.status;
      return answer.status === 409 ? 'wait' : answer.status;
    }, { ...WAIT, interval: 500 })
    .not.toBe('wait');
  expect(finished).toBe(200);

  // What the admin sees: the run with Anna in the summary, its SEPA and DATEV files, which download.
  await admin.goto(`${stack.baseUrl}/${locale}/admin/settlement/${settlementUuid}`);
  await admin.getByTestId('tab-accounting-files').click();
  const files = admin.getByTestId('accounting-run').filter({ has: admin.getByTestId('accounting-file') });
  await files.first().waitFor(WAIT);
  await admin.getByTestId('show-run-trainers').click();
  const modal = admin.getByTestId('run-trainers-modal');
  await expect.poll(() => modal.getByTestId('run-trainer').count(), WAIT).toBe(1);
  expect(await modal.getByTestId('run-trainer').textContent()).toContain('Anna Schmidt');
  await admin.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden', ...WAIT });
  for (const type of ['SEPA_XML', 'DATEV_EXTF']) {
    const file = admin.locator(`[data-testid="accounting-file"][data-type="${type}"]`);
    await expect.poll(() => file.getByTestId('accounting-file-download').isEnabled(), { ...WAIT, message: type }).toBe(true);
    const [download] = await Promise.all([
      admin.context().waitForEvent('response', { predicate: (response) => response.request().method() === 'GET' && /\/run\/[0-9a-f-]{36}\/(sepa-xml|datev-extf)/.test(response.url()), ...WAIT }),
      file.getByTestId('accounting-file-download').click(),
    ]);
    expect(download.status(), type).toBe(200);
  }

  const notes = await stack.orm.em.fork().find(CreditNote, { documentType: 'credit_note', studioGroup: group.id });
  expect(notes.map((note) => note.number)).toEqual([expect.stringMatching(/^GS-\d{4}-\d{5}$/)]);
  const sepa = await fetch(`${stack.baseUrl}/api/v1/${groupUuid}/settlement/${settlementUuid}/run/${runUuid}/sepa-xml`, { headers: api.headers });
  expect(sepa.status).toBe(200);
  const ctrlSum = /<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(await sepa.text())?.[1];
  expect(Math.round(Number(ctrlSum) * 100)).toBe(notes.reduce((sum, note) => sum + note.grossCents, 0));
  const datev = await fetch(`${stack.baseUrl}/api/v1/${groupUuid}/settlement/${settlementUuid}/run/${runUuid}/datev-extf`, { headers: api.headers });
  expect(datev.status).toBe(200);
  expect(await datev.text()).toContain(notes[0]!.number);

  // The credit-note list: Anna's credit note under its GS- number.
  await admin.goto(`${stack.baseUrl}/${locale}/admin/credit-notes`);
  const noteRow = admin.locator(`[data-testid="admin-credit-note-row"][data-number="${notes[0]!.number}"]`);
  await expect.poll(() => noteRow.textContent(), WAIT).toContain('Schmidt');

  await admin.goto(`${stack.baseUrl}/${locale}/admin/first-month`);
  await expect.poll(() => stateOf(admin, 'firstSettlement'), WAIT).toBe('done');
  await admin.close();
}

it('a new customer goes from the contact form to the first credit notes, in German', { timeout: 600_000 }, () => onboardingPath('de'));
it('a new customer goes from the contact form to the first credit notes, in English', { timeout: 600_000 }, () => onboardingPath('en'));

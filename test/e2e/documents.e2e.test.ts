import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Document, StudioGroupTrainer } from '../../db/entities';
import { demoPdf } from '../../db/seed-documents';
import { useBrowserStack } from '../support/browser';
import { findDemoFitness } from '../support/month-close';

// Documents end to end in German, as the demo trainer and the demo admin use them: the trainer is
// refused a file that is no PDF (nothing stored), uploads a trainer licence, the admin approves it
// in the document manager with an expiry date, and the trainer sees it approved with that date
// (and can no longer delete it). The '?' on the documents page opens the help video.

let fitnessUuid: string;
let trainerName: string;

const e2e = useBrowserStack({
  worker: false,
  async setUp({ stack }) {
    const em = stack.orm.em.fork();
    fitnessUuid = (await findDemoFitness(em)).group.uuid;
    const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: { uuid: fitnessUuid }, trainerAccount: { email: 'trainer@demo.test' } }, { populate: ['trainer'] });
    trainerName = link.trainer.companyName?.trim() || `${link.trainer.firstname} ${link.trainer.lastname}`;
  },
});

const documents = () => e2e.stack.orm.em.fork().find(Document, { trainerAccount: { email: 'trainer@demo.test' } });
const licenceCard = (page: Page) => page.locator('[data-testid="document-category"][data-category="Trainerlizenz"]');

async function chooseFile(page: Page, name: string, bytes: Uint8Array, mimeType: string) {
  await page.getByTestId('document-file-input').setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
}

it('the trainer uploads a licence, the admin approves it with an expiry date, the trainer sees it approved', { timeout: 120_000 }, async () => {
  const trainer = await e2e.browser.newPage();
  await e2e.logIn(trainer, { email: 'trainer@demo.test', locale: 'de', landsOn: 'trainer/profile' });
  await trainer.goto(`${e2e.stack.baseUrl}/de/trainer/studio/${fitnessUuid}/documents`);
  await expect.poll(() => licenceCard(trainer).getByTestId('document-mandatory').textContent()).toBe('Pflicht');
  expect(await licenceCard(trainer).textContent()).toContain('Noch kein Dokument hochgeladen.');

  // A text file named .pdf: the server reads its content and refuses it; the modal keeps the choice.
  await licenceCard(trainer).getByTestId('document-upload-open').click();
  const modal = trainer.getByTestId('document-upload-modal');
  await expect.poll(() => modal.textContent()).toContain('PDF (max. 3 MB)');
  await chooseFile(trainer, 'lizenz.pdf', new TextEncoder().encode('Ich bin kein PDF'), 'application/pdf');
  await trainer.getByTestId('document-upload-submit').click();
  await expect.poll(() => trainer.getByTestId('document-upload-error').textContent()).toContain('Die Datei ist kein PDF');
  expect(await documents()).toHaveLength(0);

  // The real licence.
  await chooseFile(trainer, 'Trainerlizenz B.pdf', await demoPdf('Trainerlizenz B', 'Demo Trainer'), 'application/pdf');
  await expect.poll(() => modal.textContent()).toContain('Ausgewählt: Trainerlizenz B.pdf');
  await trainer.getByTestId('document-upload-submit').click();
  // The upload is checked in a thread and written with fsync: on a busy machine more than the poll's default second.
  await expect.poll(() => trainer.getByText('Das Dokument "Trainerlizenz B.pdf" wurde hochgeladen.').count(), { timeout: 15_000 }).toBe(1);
  const row = licenceCard(trainer).locator('[data-testid="document-row"][data-file-name="Trainerlizenz B.pdf"]');
  await expect.poll(() => row.getByTestId('document-approval').textContent()).toBe('Ausstehend');
  expect(await documents()).toHaveLength(1);

  // The help video of the page: the '?' opens it, Escape closes it.
  await trainer.getByTestId('video-help-open').click();
  await expect.poll(() => trainer.getByTestId('video-help-frame').getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
  await trainer.keyboard.press('Escape');
  await expect.poll(() => trainer.getByTestId('video-help-frame').count()).toBe(0);

  // The admin approves it with an expiry date on the 15th of next month.
  const admin = await e2e.browser.newPage();
  await e2e.logIn(admin, { email: 'admin@demo.test', locale: 'de', landsOn: 'admin/import' });
  await admin.getByTestId('nav-document-manager').click();
  await admin.waitForURL('**/de/admin/document-manager');
  const entry = admin.locator(`[data-testid="document-manager-trainer"][data-name="${trainerName}"]`);
  await expect.poll(() => entry.getByTestId('badge-pending').textContent()).toBe('1 offen');
  await admin.getByTestId('document-manager-search').fill(trainerName.slice(0, 5));
  await entry.click();
  const panel = admin.getByTestId('document-panel');
  await expect.poll(() => panel.getAttribute('data-file-name')).toBe('Trainerlizenz B.pdf');
  await expect.poll(() => panel.getByTestId('document-pdf').getAttribute('src')).toContain('/admin/document-manager/download/');
  expect(await panel.getByTestId('document-panel-status').textContent()).toBe('Ausstehend');

  const expiry = DateTime.now().setZone('Europe/Berlin').plus({ months: 1 }).set({ day: 15 });
  await panel.getByTestId('document-expiry').click();
  await admin.locator('button[data-direction="next"]').first().click();
  await admin.locator('table button:not([data-outside])', { hasText: /^15$/ }).first().click();
  await expect.poll(() => panel.getByTestId('document-expiry').textContent().then(async (text) => `${text ?? ''}${await panel.getByTestId('document-expiry').inputValue().catch(() => '')}`)).toContain(expiry.toFormat('dd.MM.yyyy'));
  await panel.getByTestId('document-approve').click();
  await expect.poll(() => admin.getByText('Dokument freigegeben.').count()).toBeGreaterThan(0);
  await expect.poll(() => panel.getByTestId('document-panel-status').textContent()).toBe('Freigegeben');
  await expect.poll(() => panel.getByTestId('document-panel-expiry').textContent()).toBe(`Läuft ab am ${expiry.toFormat('dd.MM.yyyy')}`);
  const [stored] = await documents();
  expect(stored!.approvalStatus).toBe('approved');
  expect(String(stored!.expiresAt).slice(0, 10)).toBe(expiry.toISODate());

  // The trainer sees it approved with the date, and cannot delete it any more.
  await trainer.reload();
  await expect.poll(() => row.getByTestId('document-approval').textContent()).toBe('✓ Freigegeben');
  expect(await row.getByTestId('document-expires').textContent()).toBe(expiry.toFormat('dd.MM.yyyy'));
  await row.getByTestId('document-actions').click();
  expect(await trainer.getByTestId('document-delete').getAttribute('data-disabled')).toBe('true');
  await trainer.close();
  await admin.close();
});

it('in English: My documents, delete with the warning, and a rejection the trainer reads with its reason', { timeout: 120_000 }, async () => {
  const trainer = await e2e.browser.newPage();
  await e2e.logIn(trainer, { email: 'trainer@demo.test', locale: 'en', landsOn: 'trainer/profile' });
  await trainer.getByTestId('nav-documents').click();
  await trainer.waitForURL('**/en/trainer/documents');
  await expect.poll(() => trainer.getByTestId('my-documents').textContent()).toContain('Demo Fitness Group');
  const card = (name: string) => trainer.locator(`[data-testid="document-category"][data-category="${name}"]`);

  // Upload into a category from its card (the category is chosen), then delete it again.
  await card('Gewerbeanmeldung').getByTestId('document-upload-open').click();
  await chooseFile(trainer, 'registration.pdf', await demoPdf('Registration', 'to delete'), 'application/pdf');
  await trainer.getByTestId('document-upload-submit').click();
  const registration = card('Gewerbeanmeldung').locator('[data-testid="document-row"][data-file-name="registration.pdf"]');
  await expect.poll(() => registration.getByTestId('document-approval').textContent()).toBe('Pending');
  await registration.getByTestId('document-actions').click();
  await trainer.getByTestId('document-delete').click();
  await expect.poll(() => trainer.getByTestId('document-delete-modal').textContent()).toContain('Attention needed: The document will be deleted and cannot be restored!');
  await trainer.getByTestId('document-delete-confirm').click();
  await expect.poll(() => trainer.getByText('The document "registration.pdf" was deleted.').count()).toBe(1);
  await expect.poll(() => registration.count()).toBe(0);

  // A first-aid certificate the admin rejects.
  await card('Erste-Hilfe-Nachweis').getByTestId('document-upload-open').click();
  await chooseFile(trainer, 'first-aid.pdf', await demoPdf('First aid', 'blurred scan'), 'application/pdf');
  await trainer.getByTestId('document-upload-submit').click();
  const firstAid = card('Erste-Hilfe-Nachweis').locator('[data-testid="document-row"][data-file-name="first-aid.pdf"]');
  await expect.poll(() => firstAid.getByTestId('document-approval').textContent()).toBe('Pending');

  const admin = await e2e.browser.newPage();
  await e2e.logIn(admin, { email: 'admin@demo.test', locale: 'en', landsOn: 'admin/import' });
  await admin.goto(`${e2e.stack.baseUrl}/en/admin/document-manager`);
  // Only the trainers with problems: the demo trainer's licence is there, so the filter leaves them out.
  await admin.getByTestId('document-manager-problems').click({ force: true });
  await expect.poll(() => admin.locator(`[data-testid="document-manager-trainer"][data-name="${trainerName}"]`).count()).toBe(0);
  await admin.getByTestId('document-manager-problems').click({ force: true });
  await admin.locator(`[data-testid="document-manager-trainer"][data-name="${trainerName}"]`).click();
  await admin.locator('[data-testid="document-manager-file"][data-file-name="first-aid.pdf"]').click();
  const panel = admin.getByTestId('document-panel');
  await expect.poll(() => panel.getAttribute('data-file-name')).toBe('first-aid.pdf');
  await panel.getByTestId('document-reject-reason').fill('The scan cannot be read.');
  await panel.getByTestId('document-reject').click();
  await expect.poll(() => panel.getByTestId('document-panel-status').textContent()).toBe('Rejected');

  // The single-trainer mode (admin 2.18): the same trainer's documents without the trainer list.
  await admin.getByTestId('document-manager-open-single').click();
  await admin.waitForURL('**/en/admin/document-manager/trainer/**');
  await expect.poll(() => admin.getByTestId('document-manager').getAttribute('data-mode')).toBe('single-trainer');
  expect(await admin.getByTestId('document-manager-search').count()).toBe(0);
  await expect.poll(() => admin.getByRole('heading', { name: `Documents of ${trainerName}` }).count()).toBe(1);
  await expect.poll(() => admin.locator('[data-testid="document-manager-file"]').count()).toBeGreaterThan(0);
  await admin.locator('[data-testid="document-manager-file"][data-file-name="first-aid.pdf"]').click();
  await expect.poll(() => admin.getByTestId('document-panel').getAttribute('data-file-name')).toBe('first-aid.pdf');
  expect(await admin.getByTestId('document-panel').getByTestId('document-reject').count()).toBe(0);
  // In German, and back to every trainer.
  await admin.goto(admin.url().replace('/en/', '/de/'));
  await expect.poll(() => admin.getByRole('heading', { name: `Dokumente von ${trainerName}` }).count()).toBe(1);
  await admin.getByTestId('document-manager-all-trainers').click();
  await admin.waitForURL('**/de/admin/document-manager');
  await admin.getByTestId('document-manager-search').waitFor();

  await trainer.reload();
  await expect.poll(() => firstAid.getByTestId('document-approval').textContent()).toBe('✗ Rejected');
  expect(await firstAid.textContent()).toContain('Reason: The scan cannot be read.');
  await trainer.close();
  await admin.close();
});

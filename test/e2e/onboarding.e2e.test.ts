import { describe, expect, it } from 'vitest';
import { AuditLog, ContactRequest, StudioGroup } from '../../db/entities';
import { useBrowserStack } from '../support/browser';

// An operator onboards a customer without a developer (docs/onboarding.md), in German and English:
// opens the contact request, creates the studio group from it (a wrong IBAN told at its field
// first), finds it in the list as being set up, suspends it (the dialog says what is kept) and
// reactivates it; each step in the group's audit log.

const e2e = useBrowserStack({ worker: false });

const TEXTS = {
  de: {
    company: 'Studio Nord GmbH',
    slug: 'studio-nord-gmbh',
    ibanInvalid: 'ist keine gültige IBAN',
    created: 'Studiogruppe „Studio Nord GmbH“ angelegt. Sie wird eingerichtet.',
    setUp: 'Wird eingerichtet',
    suspended: 'Gesperrt',
    kept: 'Gelöscht wird nichts',
    suspendedHint: 'Trainer laden ihre Gutschriften weiter herunter',
  },
  en: {
    company: 'South Studios Ltd',
    slug: 'south-studios-ltd',
    ibanInvalid: 'is not a valid IBAN',
    created: 'Studio group "South Studios Ltd" created. It is being set up.',
    setUp: 'Being set up',
    suspended: 'Suspended',
    kept: 'Nothing is deleted',
    suspendedHint: 'trainers still download their credit notes',
  },
} as const;

describe('onboarding a studio group', () => {
  for (const locale of ['de', 'en'] as const) {
    it(`an operator creates a group from a contact request, sees it as set up, suspends and reactivates it (${locale})`, { timeout: 180_000 }, async () => {
      const text = TEXTS[locale];
      const fork = e2e.stack.orm.em.fork();
      const request = fork.create(ContactRequest, { company: text.company, firstname: 'Maria', lastname: 'Schulz', email: `maria-${locale}@studio.example`, terms: true, language: locale });
      await fork.flush();

      const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await e2e.logIn(page, { email: 'ops@demo.test', locale, landsOn: 'admin/**' });
      await page.getByTestId('nav-contact-requests').click();
      await page.getByTestId('contact-requests-table').getByText(text.company).click();
      await page.getByTestId('contact-request-create-group').click();
      await page.waitForURL(`**/${locale}/admin/studio-groups/new?request=${request.uuid}`);
      await page.getByTestId('prefilled-from-request').waitFor();
      expect(await page.getByTestId('field-name').inputValue()).toBe(text.company);
      expect(await page.getByTestId('field-apiSlug').inputValue()).toBe(text.slug);
      expect(await page.getByTestId('field-companyName').inputValue()).toBe(text.company);

      await page.getByTestId('field-street').fill('Elbchaussee');
      await page.getByTestId('field-houseNumber').fill('12');
      await page.getByTestId('field-postalCode').fill('22763');
      await page.getByTestId('field-city').fill('Hamburg');
      await page.getByTestId('field-taxNumber').fill('43/123/45678');
      await page.getByTestId('field-iban').fill('DE02 1203 0000 0000 2020 50');
      await page.getByTestId('field-accountingEmail').fill(`buchhaltung-${locale}@studio.example`);
      await page.getByTestId('studio-group-save').click();
      await expect.poll(() => page.getByText(text.ibanInvalid).count()).toBe(1);
      expect(await e2e.stack.orm.em.fork().count(StudioGroup, { apiSlug: text.slug })).toBe(0);
      if (locale === 'de') await page.screenshot({ path: 'test-results/onboarding-form-de.png', fullPage: true });

      await page.getByTestId('field-iban').fill('DE02 1203 0000 0000 2020 51');
      await page.getByTestId('studio-group-save').click();
      await page.waitForURL(new RegExp(`/${locale}/admin/studio-groups/[0-9a-f-]{36}$`));
      await expect.poll(() => page.getByText(text.created).count()).toBe(1);
      await expect.poll(() => page.getByTestId('studio-group-state').textContent()).toBe(text.setUp);
      const group = await e2e.stack.orm.em.fork().findOneOrFail(StudioGroup, { apiSlug: text.slug });
      expect(group).toMatchObject({ companyName: text.company, iban: 'DE02120300000000202051', languages: locale === 'de' ? ['de', 'en'] : ['en', 'de'] });

      // The group's staff: the panel to invite its first admin.
      await page.getByTestId('studio-group-staff').getByTestId('staff-panel').waitFor();

      // The list: the new group as being set up.
      await page.getByTestId('nav-studio-groups').click();
      const row = page.locator(`[data-testid="studio-group-row"][data-uuid="${group.uuid}"]`);
      await expect.poll(() => row.getByTestId('studio-group-state').textContent()).toBe(text.setUp);
      await page.getByTestId('studio-groups-filter').getByText(locale === 'de' ? 'Gesperrt' : 'Suspended').click();
      await expect.poll(() => row.count()).toBe(0);
      await page.getByTestId('studio-groups-filter').getByText(locale === 'de' ? 'Alle' : 'All').click();

      // Suspend with a reason: the dialog says what is kept.
      await row.getByText(text.company).first().click();
      await page.getByTestId('studio-group-suspend').click();
      await expect.poll(() => page.getByTestId('suspend-dialog').getByText(text.kept, { exact: false }).count()).toBe(1);
      await page.getByTestId('suspend-confirm').click();
      await page.getByTestId('suspend-reason').waitFor();
      await page.getByTestId('suspend-reason').fill('Vertrag pausiert');
      await page.getByTestId('suspend-confirm').click();
      await expect.poll(() => page.getByTestId('studio-group-state').textContent()).toBe(text.suspended);
      await expect.poll(() => page.getByTestId('studio-group-state-hint').textContent()).toContain(text.suspendedHint);

      await page.getByTestId('studio-group-reactivate').click();
      await page.getByTestId('state-confirm').click();
      await expect.poll(() => page.getByTestId('studio-group-state').textContent()).toBe(text.setUp);
      await expect.poll(() => page.getByTestId('audit-log-row').count()).toBe(3);
      expect(await e2e.stack.orm.em.fork().count(AuditLog, { studioGroup: group.id })).toBe(3);
      await page.close();
    });
  }
});

import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TContactContent, THeroContent, TNavigationContent, TPricingTableContent, TTestimonialsContent, TFeaturesContent } from '../../contracts/site-content.contract';
import { ContactRequest } from '../../db/entities';
import { useBrowserStack } from '../support/browser';

// The public site in Chromium, in German and English: the served HTML already holds the
// page (prerendered), home renders every section from the content files, pricing shows three tiers
// with the frequency switch, a visitor sends the contact form and sees the confirmation, and the
// language switch keeps the page (Spanish: navigation in Spanish, the rest visibly English).

const e2e = useBrowserStack({
  async setUp({ stack }) {
    await stack.orm.em.getConnection().execute(`delete from rate_limit_counter where key like 'contact-form%'`, [], 'run');
  },
});

const content = <T>(relative: string) => JSON.parse(fs.readFileSync(path.join('content/web', relative), 'utf8')) as T;
const LOCALES = ['de', 'en'] as const;

async function openPage(url: string): Promise<Page> {
  const page = await e2e.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${e2e.stack.baseUrl}${url}`);
  // Hydrated: React attached its handlers (the frequency switch / form respond).
  await page.waitForFunction(() => document.querySelector('#site-data') !== null);
  (page as Page & { errors?: string[] }).errors = errors;
  return page;
}

describe.each(LOCALES)('public site (%s)', (locale) => {
  const hero = content<THeroContent>(`${locale}/home/hero.json`);
  const pricing = content<TPricingTableContent>(`${locale}/home/pricing-table.json`);
  const contact = content<TContactContent>(`${locale}/contact.json`);

  it('serves the home page prerendered: headline, title, description, alternates and Open Graph before any script', async () => {
    const response = await fetch(`${e2e.stack.baseUrl}/${locale}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`>${hero.headline}</h1>`);
    expect(html).toContain(`<title>${hero.meta.title}</title>`);
    for (const other of ['de', 'en', 'es']) expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="${other}" href="[^"]+/${other}/">`));
    expect(html).toContain(`<meta property="og:title" content="${hero.meta.title}">`);
    // The page loads the site's bundle only: not the web app's entry, the grid or the UI kit.
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.includes('/site-'))).toBe(true);
    expect(assets.filter((asset) => /\/(main|grid|api)-/.test(asset))).toEqual([]);
    // First load: at most 100 KB of JavaScript, gzip.
    let gzipBytes = 0;
    for (const asset of assets.filter((name) => name.endsWith('.js'))) gzipBytes += gzipSync(Buffer.from(await (await fetch(`${e2e.stack.baseUrl}${asset}`)).arrayBuffer()), { level: 9 }).length;
    expect(gzipBytes).toBeLessThanOrEqual(100 * 1024);
  });

  it('renders home from the content files: hero, product preview, partners, features, testimonials, pricing, footer', async () => {
    const page = await openPage(`/${locale}/`);
    expect(await page.getByTestId('site-hero-headline').textContent()).toBe(hero.headline);
    expect(await page.title()).toBe(hero.meta.title);
    const cards = await page.getByTestId('site-preview').locator('li').allTextContents();
    expect(cards).toHaveLength(4);
    hero.preview.cards.forEach((card, index) => expect(cards[index]).toContain(card.value));
    expect(await page.locator('.tp-partners img').count()).toBe(2);
    const studios = content<TFeaturesContent>(`${locale}/home/features-studios.json`);
    const trainers = content<TFeaturesContent>(`${locale}/home/features-trainer.json`);
    expect(await page.getByTestId('site-features').locator('h3').allTextContents()).toEqual(studios.items.map((item) => item.name));
    expect(await page.getByTestId('site-trainers').locator('h3').allTextContents()).toEqual(trainers.items.map((item) => item.name));
    const testimonials = content<TTestimonialsContent>(`${locale}/home/testimonials.json`);
    expect(await page.locator('.tp-testimonials blockquote').allTextContents()).toEqual(testimonials.entries.map((entry) => entry.quote));
    expect(await page.locator('[data-testid^="site-tier-price-"]').count()).toBe(3);
    expect(await page.getByTestId('site-footer').textContent()).toContain(content<{ copyright: string }>(`${locale}/footer.json`).copyright);
    // The log-in dropdown with its three entries.
    await page.getByTestId('site-login-menu').click();
    const entries = page.getByTestId('site-login-entries').locator('a');
    expect(await entries.count()).toBe(3);
    expect(await entries.first().isVisible()).toBe(true);
    expect((page as Page & { errors?: string[] }).errors).toEqual([]);
    await page.screenshot({ path: `test-results/public-home-${locale}.png`, fullPage: true });
    await page.close();
  });

  it('shows pricing in three tiers and switches the frequency', async () => {
    const page = await openPage(`/${locale}/pricing`);
    expect(await page.locator('h1').textContent()).toBe(pricing.headline);
    for (const tier of pricing.tiers) {
      expect(await page.getByTestId(`site-tier-${tier.id}`).locator('h2').textContent()).toBe(tier.name);
      expect(await page.getByTestId(`site-tier-price-${tier.id}`).textContent()).toBe(tier.price.monthly);
    }
    const annual = pricing.frequencies.find((frequency) => frequency.value === 'annually')!;
    await page.getByTestId('site-pricing-frequency').getByText(annual.label).click();
    await expect.poll(() => page.getByTestId('site-tier-price-studio').textContent()).toBe(pricing.tiers[1]!.price.annually);
    expect(await page.getByTestId('site-tier-studio').textContent()).toContain(annual.priceSuffix);
    expect(await page.getByTestId('site-setupfee').textContent()).toBe(pricing.setupfee);
    await page.close();
  });

  it('a visitor sends the contact form and sees the confirmation; the request is stored', async () => {
    const page = await openPage(`/${locale}/contact`);
    // Sending empty names what is missing, in the page's language.
    await page.getByTestId('contact-submit').click();
    await expect.poll(() => page.locator('.tp-error').first().textContent()).toBe(contact.errors.required.replace('{field}', contact.fields.company));
    const email = `visitor-${locale}@studio.example`;
    await page.getByTestId('contact-company').fill('Studio <b>Süd</b>');
    await page.getByTestId('contact-firstname').fill('Jana');
    await page.getByTestId('contact-lastname').fill('Berger');
    await page.getByTestId('contact-email').fill('jana@');
    await page.getByTestId('contact-message').fill('Wir rechnen 12 Trainer ab.\n<script>alert(1)</script>');
    await page.getByTestId('contact-terms').check();
    await page.getByTestId('contact-submit').click();
    expect(await page.locator('#contact-email-error').textContent()).toBe(contact.errors.invalidEmail);
    await page.getByTestId('contact-email').fill(email);
    // A person takes a moment: the form's minimum fill time (3 s) has passed by now.
    await page.waitForTimeout(3200);
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
    expect(await page.getByTestId('contact-success').textContent()).toContain(contact.success.headline);
    expect(await page.evaluate(() => window.trainerpayGoals?.map((goal) => goal.id))).toEqual([1]);
    const stored = await e2e.stack.orm.em.fork().findOneOrFail(ContactRequest, { email });
    expect(stored).toMatchObject({ company: 'Studio <b>Süd</b>', firstname: 'Jana', lastname: 'Berger', language: locale, message: 'Wir rechnen 12 Trainer ab.\n<script>alert(1)</script>' });
    await page.close();
  });

  it('the language switch keeps the page', async () => {
    const other = locale === 'de' ? 'en' : 'de';
    const page = await openPage(`/${locale}/pricing`);
    await page.getByTestId('site-language-menu').click();
    await page.getByTestId(`site-language-${other}`).click();
    await page.waitForURL(`**/${other}/pricing`);
    expect(await page.locator('h1').textContent()).toBe(content<TPricingTableContent>(`${other}/home/pricing-table.json`).headline);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
    await page.close();
  });
});

describe('Spanish and the way in', () => {
  it('Spanish has its own navigation and flags; the rest is English and says so', async () => {
    const page = await openPage('/es/contact');
    const navigation = content<TNavigationContent>('es/navigation.json');
    expect(await page.locator('.tp-nav a').allTextContents()).toEqual(navigation.items.map((item) => item.name));
    expect(await page.getByTestId('site-fallback-notice').textContent()).toBe(navigation.fallbackNotice);
    expect(await page.locator('h1').textContent()).toBe(content<TContactContent>('en/contact.json').headline);
    expect(await page.locator('main').getAttribute('lang')).toBe('en');
    expect(await page.locator('img.tp-flag[src="/site/flags/es.svg"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('/ leads to the home page in the browser language; a logged-in visitor finds the way to the account', async () => {
    const response = await fetch(`${e2e.stack.baseUrl}/`, { redirect: 'manual', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect([response.status, response.headers.get('location')]).toEqual([302, '/en/']);
    // Search engines find every page and its languages.
    const robots = await fetch(`${e2e.stack.baseUrl}/robots.txt`);
    expect([robots.status, robots.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(await robots.text()).toContain('Sitemap: ');
    const sitemap = await (await fetch(`${e2e.stack.baseUrl}/sitemap.xml`)).text();
    for (const page of ['/de/', '/en/pricing', '/es/contact']) expect(sitemap).toContain(`${page}</loc>`);
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.stack.baseUrl}/de/login`);
    await page.getByTestId('login-email').fill('admin@demo.test');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/de/admin/import');
    expect(await page.getByTestId('app-footer').textContent()).toContain('© 2026 TrainerPay');
    await page.goto(`${e2e.stack.baseUrl}/de/`);
    await page.getByTestId('site-account').click();
    await page.waitForURL('**/de/admin/import');
    await page.close();
  });

  it('an operator reads the contact requests in the admin app and marks one handled', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.stack.baseUrl}/en/login`);
    await page.getByTestId('login-email').fill('ops@demo.test');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/en/admin/import');
    await page.getByTestId('nav-contact-requests').click();
    await page.waitForURL('**/en/admin/contact-requests');
    const row = page.getByTestId('contact-request-row').filter({ hasText: 'visitor-en@studio.example' });
    await row.getByRole('button').click();
    // The visitor's markup is shown as text, never rendered.
    await expect.poll(() => page.getByTestId('contact-request-message').textContent()).toBe('Wir rechnen 12 Trainer ab.\n<script>alert(1)</script>');
    expect(await page.getByTestId('contact-request-detail').getByRole('heading').textContent()).toBe('Studio <b>Süd</b>');
    await page.getByTestId('contact-request-toggle').click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('contact-requests-filter').getByText('Handled').click();
    await expect.poll(() => page.getByTestId('contact-request-row').filter({ hasText: 'visitor-en@studio.example' }).count()).toBe(1);
    await page.close();
  });
});

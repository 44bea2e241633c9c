import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { expect, it } from 'vitest';
import { Notification, StaffInvitation, StudioGroupTrainer, Trainer, TrainerAccount } from '../../db/entities';
import { issueLink } from '../../api/auth/account-links';
import { createDownloadSecretSource } from '../../api/downloads/tokens';
import { useBrowserStack } from '../support/browser';
import { issueCreditNote, type IssuedCreditNote } from '../support/credit-notes';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { readNdjson } from '../support/ndjson';
import { logIn } from '../support/stack';

// Every screen measured by axe-core against WCAG 2.1 AA (and axe's best practices): the public site,
// the log-in, each admin, operator and trainer screen, in German and English, on a desktop and a
// 390 px phone. A screen fails with each critical or serious violation named (rule, element, help),
// and with a missing main landmark, h1 or content outside the landmarks, so a regression names
// itself. Screens are measured once their data has loaded: their own content is there, no loader,
// no skeleton, no loading overlay, no running transition.
// A11Y_SCREENSHOTS=dir keeps a picture of each measured screen.

// @axe-core/playwright builds on @playwright/test's runner, which this suite does not use (vitest drives
// playwright-core): axe's script goes into the page as it is.
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** Failing whatever their impact: the page's structure the brief asks of every screen. */
const STRUCTURE_RULES = new Set(['landmark-one-main', 'page-has-heading-one', 'region']);
const LOCALES = ['de', 'en'] as const;
const VIEWPORTS = { desktop: { width: 1400, height: 1000 }, phone: { width: 390, height: 844 } } as const;
type Locale = (typeof LOCALES)[number];
type Viewport = keyof typeof VIEWPORTS;

/**
 * One screen: where it is (after /{locale}/), what shows it has loaded (a test id), and its further
 * states (a tab, a wizard step, an open panel), each reached in turn and measured as well.
 */
type Screen = { name: string; path: () => string; ready?: string; states?: Array<{ name: string; act: (page: Page) => Promise<void>; ready?: string }> };

let fitnessUuid: string;
const settlementUuid = crypto.randomUUID();
let editedTrainerId: number;
let issued: IssuedCreditNote;
let staffInvitationToken: string;
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 1 });

const e2e = useBrowserStack({
  timeout: 300_000,
  async setUp({ stack }) {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const em = stack.orm.em.fork();
    const { group, keys } = await findDemoFitness(em);
    fitnessUuid = group.uuid;
    const linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group, trainerAccount: { $ne: null } }, { populate: ['trainer'] })).trainer;
    editedTrainerId = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T004' })).id;
    // Last month settled with trainer review and the demo trainer's preview sent: the wizard, the
    // preview check and the trainer's review pages have something to show.
    const monthEnd = month.endOf('month').toISODate()!;
    await importDemoClasses(stack.baseUrl, admin, group.uuid, month.toISODate()!, monthEnd);
    await prepareSettlement(stack.baseUrl, admin, keys, settlementUuid, monthEnd, [linked.uuid], true);
    const sent = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/settlement/trainer-preview/send`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ settlementUuid, settlementMonth: monthEnd, trainersSelected: [linked.uuid], message: 'Bitte prüfen' }),
    });
    const statuses: string[] = [];
    for await (const message of readNdjson<{ status: string }>(sent)) statuses.push(message.status);
    expect(statuses).toContain('success');
    // An issued credit note of an older month: the credit-note lists, the reports and a finished run.
    issued = await issueCreditNote(stack, { studioGroupUuid: group.uuid, trainerUuid: linked.uuid, month: month.minus({ months: 2 }).endOf('month').toISODate()!, number: 'GS-A11Y-00001', grossCents: 123_456 });
    const account = await em.findOneOrFail(TrainerAccount, { email: 'trainer@demo.test' });
    em.create(Notification, { trainerAccount: account, studioGroup: group, message: 'Deine Abrechnung liegt zur Prüfung bereit.', link: `/de/trainer/studio/${group.uuid}`, createdAt: new Date() });
    await em.flush();
    // An open staff invitation: the Team screen lists it, and its link's page is measured.
    const invited = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/staff/invitations`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ email: 'kim.konto@example.test', firstname: 'Kim', lastname: 'Konto', role: 'accountant', locale: 'de' }),
    });
    expect(invited.status).toBe(201);
    const invitation = await em.findOneOrFail(StaffInvitation, { email: 'kim.konto@example.test' });
    staffInvitationToken = (await issueLink(em, createDownloadSecretSource(stack.orm, undefined), { purpose: 'staff-invitation', staffInvitation: invitation, email: invitation.email })).token;
  },
});

/** The screen's tabs, each clicked in turn and measured. */
const tabs = (...testIds: string[]) => testIds.map((testId) => ({ name: testId, act: (page: Page) => page.getByTestId(testId).click() }));

const PUBLIC: Screen[] = [
  { name: 'site home', path: () => '' },
  { name: 'site pricing', path: () => 'pricing' },
  { name: 'site contact', path: () => 'contact' },
  { name: 'log-in', path: () => 'login', ready: 'login-email' },
  { name: 'forgot password', path: () => 'forgot-password' },
  { name: 'staff invitation link', path: () => `staff-invitation/${staffInvitationToken}`, ready: 'staff-invitation' },
];

const ADMIN: Screen[] = [
  { name: 'import dashboard', path: () => 'admin/import' },
  { name: 'class import', path: () => 'admin/import/ondemand' },
  { name: 'settlements', path: () => 'admin/settlements', ready: `settlement-item-${settlementUuid}` },
  { name: 'new settlement (v1)', path: () => 'admin/settlement/v1' },
  {
    name: 'settlement wizard',
    path: () => `admin/settlement/wizard/${settlementUuid}`,
    ready: 'wizard-step-pane',
    states: [0, 1, 2, 3].map((index) => ({
      name: `step ${index + 1}`,
      act: async (page: Page) => {
        const step = page.getByTestId(`wizard-step-${index}`);
        if (await step.isEnabled()) await step.click();
      },
      ready: 'wizard-step-pane',
    })),
  },
  { name: 'settlement summary', path: () => `admin/settlement/${settlementUuid}` },
  { name: 'finished settlement', path: () => `admin/settlement/${issued.settlementUuid}`, states: tabs('tab-trainer', 'tab-accounting-files', 'tab-log') },
  { name: 'preview check', path: () => `admin/settlement/${settlementUuid}/preview-check` },
  { name: 'credit notes', path: () => 'admin/credit-notes' },
  { name: 'document manager', path: () => 'admin/document-manager' },
  { name: 'outbox', path: () => 'admin/outbox' },
  { name: 'trainer overview', path: () => 'admin/trainer-overview', ready: 'overview-count' },
  { name: 'trainer page', path: () => `admin/trainer/${editedTrainerId}/edit`, ready: 'trainer-admin-panel' },
  { name: 'data check', path: () => 'admin/data-check' },
  { name: 'first month', path: () => 'admin/first-month', ready: 'first-month-checklist' },
  ...['trainerBalance', 'trainerBalanceByClass', 'trainerBalanceByStudio', 'studioBalance', 'ruleCheck', 'classes', 'classesWithoutTrainer', 'severalTrainers', 'settlementLog'].map(
    (report): Screen => ({ name: `report ${report}`, path: () => `admin/reports/${report}` }),
  ),
  { name: 'trainers', path: () => 'admin/trainers' },
  { name: 'studios', path: () => 'admin/studios' },
  { name: 'payment type rules', path: () => 'admin/payment-type-rules' },
  { name: 'settings', path: () => 'admin/settings' },
  { name: 'team', path: () => 'admin/staff', ready: 'staff-invitation' },
];

const OPERATOR: Screen[] = [
  { name: 'workflows', path: () => 'admin/workflows' },
  { name: 'settlement workflow', path: () => `admin/workflows/${settlementUuid}` },
  { name: 'contact requests', path: () => 'admin/contact-requests' },
  { name: 'studio groups', path: () => 'admin/studio-groups', ready: 'studio-groups-table' },
  { name: 'new studio group', path: () => 'admin/studio-groups/new', ready: 'studio-group-form' },
  { name: 'studio group', path: () => `admin/studio-groups/${fitnessUuid}`, ready: 'audit-log' },
];

const TRAINER: Screen[] = [
  { name: 'profile', path: () => 'trainer/profile', ready: 'tab-personal', states: tabs('tab-bank', 'tab-tax', 'tab-password', 'tab-delete') },
  { name: 'notifications', path: () => 'trainer/profile', ready: 'tab-personal', states: [{ name: 'open', act: (page) => page.getByTestId('notification-bell').click(), ready: 'notification-item' }] },
  { name: 'recommendation', path: () => 'trainer/recommendation' },
  { name: 'my documents', path: () => 'trainer/documents' },
  { name: 'studio documents', path: () => `trainer/studio/${fitnessUuid}/documents` },
  { name: 'studio credit notes', path: () => `trainer/studio/${fitnessUuid}/credit-notes` },
  { name: 'studio previews', path: () => `trainer/studio/${fitnessUuid}/credit-notes/preview`, ready: 'credit-notes-preview-row' },
  { name: 'credit-note review', path: () => `trainer/accounting/review/${fitnessUuid}/${settlementUuid}` },
  { name: 'printable review', path: () => `trainer/accounting/review/${fitnessUuid}/${settlementUuid}/print`, ready: 'print-review-headline' },
  { name: 'settlement review', path: () => `trainer/accounting/settlement-review/${fitnessUuid}/${settlementUuid}`, ready: 'settlement-review-table' },
];

/** What is still loading: the UI kit's loaders, skeletons and overlay, the grid's overlay, a busy region. */
const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root, .mantine-LoadingOverlay-root, .ag-overlay-loading-wrapper, [aria-busy="true"]';

/** How long the page must have shown nothing loading: a query starts just after the page's first render. */
const QUIET_MS = 600;

async function settled(page: Page, ready?: string) {
  if (ready) await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => delete (window as { quietSince?: number }).quietSince);
  await page.waitForFunction(
    ({ loading, quietMs }) => {
      const state = window as { quietSince?: number };
      const quiet =
        document.readyState === 'complete' &&
        ![...document.querySelectorAll<HTMLElement>(loading)].some((element) => element.getClientRects().length > 0) &&
        document.getAnimations().every((animation) => animation.playState !== 'running');
      if (!quiet) delete state.quietSince;
      else state.quietSince ??= performance.now();
      return quiet && performance.now() - state.quietSince! >= quietMs;
    },
    { loading: LOADING, quietMs: QUIET_MS },
    { timeout: 30_000, polling: 100 },
  );
}

/** axe's findings on the page as it is now: critical/serious ones and the structure rules, one line each. */
async function measure(page: Page, screen: string): Promise<string[]> {
  // Evaluated, not a script tag: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }),
  )) as AxeResults;
  const shots = process.env.A11Y_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/${screen.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious' || STRUCTURE_RULES.has(violation.id))
    .map((violation) => {
      const [first] = violation.nodes;
      const more = violation.nodes.length > 1 ? ` and ${violation.nodes.length - 1} more` : '';
      // The check's own words say what is wrong there (for contrast: the colours and the ratio).
      const detail = [...(first?.any ?? []), ...(first?.all ?? []), ...(first?.none ?? [])].map((check) => check.message).join(' ');
      return `${screen}: ${violation.impact} ${violation.id} at ${first?.target.join(' ')}${more} — ${violation.help}: ${detail}`;
    });
}

/** Visits the screens in one browser context, measuring each and each state of it. */
async function measureScreens(context: BrowserContext, locale: Locale, screens: Screen[], label: string) {
  const page = await context.newPage();
  const found: string[] = [];
  for (const screen of screens) {
    const name = `${label} ${screen.name}`;
    await page.goto(`${e2e.stack.baseUrl}/${locale}/${screen.path()}`);
    await settled(page, screen.ready);
    found.push(...(await measure(page, name)));
    for (const state of screen.states ?? []) {
      await state.act(page);
      await settled(page, state.ready);
      found.push(...(await measure(page, `${name} (${state.name})`)));
    }
  }
  return found;
}

async function newContext(viewport: Viewport, locale: Locale) {
  return e2e.browser.newContext({ viewport: VIEWPORTS[viewport], locale: locale === 'de' ? 'de-DE' : 'en-US' });
}

for (const locale of LOCALES) {
  for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
    const label = `${locale} ${viewport}`;

    it(`public site and log-in: no critical or serious violation (${label})`, { timeout: 120_000 }, async () => {
      const context = await newContext(viewport, locale);
      const found = await measureScreens(context, locale, PUBLIC, label);
      await context.close();
      expect(found).toEqual([]);
    });

    it(`admin and operator screens: no critical or serious violation (${label})`, { timeout: 600_000 }, async () => {
      const context = await newContext(viewport, locale);
      await e2e.logIn(await context.newPage(), { email: 'admin@demo.test', locale, landsOn: 'admin/import' });
      const found = await measureScreens(context, locale, ADMIN, label);
      await context.close();
      const operator = await newContext(viewport, locale);
      await e2e.logIn(await operator.newPage(), { email: 'ops@demo.test', locale, landsOn: 'admin/**' });
      found.push(...(await measureScreens(operator, locale, OPERATOR, label)));
      await operator.close();
      expect(found).toEqual([]);
    });

    it(`trainer screens: no critical or serious violation (${label})`, { timeout: 300_000 }, async () => {
      const context = await newContext(viewport, locale);
      await e2e.logIn(await context.newPage(), { email: 'trainer@demo.test', locale, landsOn: 'trainer/profile' });
      const found = await measureScreens(context, locale, TRAINER, label);
      await context.close();
      expect(found).toEqual([]);
    });
  }
}

// `npm run screenshots`: the pictures in docs/images/ that README shows, taken from the real app in
// Debian's chromium. With SCREENSHOTS_URL (e.g. http://localhost:3000 of a running `npm start`) it
// uses that app and its data; without it, it starts its own `npm start` stack in a scratch data
// folder on ports of its own, so a newcomer's ./data is never touched. Either way it prepares a
// settlement of the last complete month and sends its previews, so the screens have something to show.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { chromium, type Browser, type Page } from 'playwright-core';

const OUT_DIR = path.resolve('docs/images');
const VIEWPORT = { width: 1280, height: 800 };
const PHONE_VIEWPORT = { width: 390, height: 844 };
const PASSWORD = 'demo1234';

type Caller = { userUuid: string; headers: Record<string, string>; studioGroups: Array<{ uuid: string; id: number }> };

/** Starts `tsx scripts/start.ts` on a scratch data folder and waits until it says it is running. */
async function startOwnStack(): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  if (!fs.existsSync('dist/web/index.html')) throw new Error('Build the web app first: npx vite build --config web/vite.config.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-screenshots-'));
  const port = Number(process.env.SCREENSHOTS_PORT ?? 3199);
  // Its own embedded PostgreSQL and Temporal dev server, on ports of their own, so a running
  // `npm start` (3000, 54329, 7233, 8233) is not disturbed.
  const { DATABASE_URL: _database, TEMPORAL_ADDRESS: _temporal, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port + 51_000),
    TEMPORAL_DEV_PORT: String(port + 4_000),
    TEMPORAL_UI_PORT: String(port + 5_000),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('TrainerPay is running.')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start's stack ended (${code}) before it ran:\n${output}`)));
  });
  return { baseUrl: `http://localhost:${port}`, child, dataDir };
}

async function logIn(baseUrl: string, email: string): Promise<Caller> {
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (response.status !== 200) throw new Error(`log-in of ${email} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { userUuid: string; apiKey: string; studioGroups: Array<{ uuid: string; id: number }> };
  return { userUuid: body.userUuid, studioGroups: body.studioGroups, headers: { 'x-user': body.userUuid, 'x-api-key': body.apiKey, 'content-type': 'application/json' } };
}

async function call<T>(baseUrl: string, caller: Caller, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { method, headers: caller.headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  // The streamed calls answer newline-delimited JSON: the last message says how it ended.
  const lines = text.trim().split('\n');
  return JSON.parse(lines.length > 1 ? lines.at(-1)! : text) as T;
}

/** The demo classes arrive through the class import `npm start` starts: wait until it finished. */
async function waitForDemoImport(baseUrl: string, admin: Caller, groupId: number) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    // The group's own row (no studio) is written last, when the import of every studio ended.
    const log = await call<Array<{ status: string; studio_name: string | null; message: string }>>(baseUrl, admin, 'GET', `/api/demo/import/log/${groupId}`);
    const groupRow = log.find((row) => row.studio_name === null && row.status !== 'info');
    if (groupRow?.status === 'error') throw new Error(`The demo class import failed: ${groupRow.message}`);
    if (groupRow) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error('The demo class import did not finish within 5 minutes.');
}

/** A settlement of the last complete month with trainer review, prepared for every billable trainer, previews sent. */
async function prepareMonth(baseUrl: string, admin: Caller) {
  const group = admin.studioGroups[0]!;
  const detail = await call<{ uuid: string; id: number; mandantId: number; apiSlug: string }>(baseUrl, admin, 'GET', `/api/v1/${group.uuid}/studio-group`);
  await waitForDemoImport(baseUrl, admin, detail.id);
  const settlementUuid = crypto.randomUUID();
  const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ days: 1 }).toISODate()!;
  const billable = await call<{ rows: Array<{ trainer_uuid: string; selectable: boolean }> }>(baseUrl, admin, 'GET', `/api/v1/${group.uuid}/settlement/${settlementUuid}/billable-trainers?month=${month}`);
  const trainers = [...new Set(billable.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))];
  const base = { idMandant: detail.mandantId, idStudioGroup: detail.id, studioGroupUuid: group.uuid, settlementMonth: month, settlementUuid };
  for (const [phase, extra] of [['invoice-data', { trainersSelected: trainers }], ['class', {}], ['trainer', {}]] as const) {
    await call(baseUrl, admin, 'POST', `/api/v1/${group.uuid}/settlement/${detail.apiSlug}/create/${phase}`, { ...base, ...extra });
  }
  await call(baseUrl, admin, 'POST', `/api/v1/${group.uuid}/settlement/create`, { ...base, apiSlug: detail.apiSlug, trainerReview: true });
  await call(baseUrl, admin, 'POST', `/api/v1/${group.uuid}/settlement/trainer-preview/send`, {
    settlementUuid,
    settlementMonth: month,
    trainersSelected: trainers,
    message: 'Please check your classes by Friday.',
  });
  return { groupUuid: group.uuid, settlementUuid };
}

async function logInInBrowser(page: Page, baseUrl: string, email: string, landsOn: string) {
  await page.goto(`${baseUrl}/en/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**/en/${landsOn}`);
}

/** Waits until the page's loading overlays and spinners are gone, then writes the PNG. */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.locator('.mantine-LoadingOverlay-root, .mantine-Loader-root').first().waitFor({ state: 'hidden', timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(1_000);
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`${file} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
}

async function takeScreenshots(browser: Browser, baseUrl: string) {
  const admin = await logIn(baseUrl, 'admin@demo.test');
  const { groupUuid, settlementUuid } = await prepareMonth(baseUrl, admin);
  fs.mkdirSync(OUT_DIR, { recursive: true });

  const adminContext = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  const adminPage = await adminContext.newPage();
  await logInInBrowser(adminPage, baseUrl, 'admin@demo.test', 'admin/**');
  // The 'Prepare data' step (index 1): the stepper and every trainer's net, VAT and gross.
  await adminPage.goto(`${baseUrl}/en/admin/settlement/wizard/${settlementUuid}?step=1`);
  await adminPage.getByTestId('settlement-prepare-step').waitFor({ timeout: 60_000 });
  await shoot(adminPage, 'month-close-wizard');

  await adminPage.goto(`${baseUrl}/en/admin/reports`);
  await adminPage.getByTestId('report-grid').waitFor({ timeout: 60_000 });
  await adminPage.getByTestId('report-include-prepared').check();
  await adminPage.locator('[data-testid="report-charts"] .recharts-surface').first().waitFor({ timeout: 60_000 });
  await shoot(adminPage, 'reports');
  await adminContext.close();

  const trainerContext = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  const trainerPage = await trainerContext.newPage();
  await logInInBrowser(trainerPage, baseUrl, 'trainer@demo.test', 'trainer/**');
  await trainerPage.goto(`${baseUrl}/en/trainer/accounting/review/${groupUuid}/${settlementUuid}`);
  await trainerPage.locator('[data-testid^="review-row-"]').first().waitFor({ timeout: 60_000 });
  await shoot(trainerPage, 'trainer-review');
  await trainerContext.close();

  // The same review on a phone, where trainers open it from the e-mail: the classes as cards.
  const phoneContext = await browser.newContext({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const phonePage = await phoneContext.newPage();
  await logInInBrowser(phonePage, baseUrl, 'trainer@demo.test', 'trainer/**');
  await phonePage.goto(`${baseUrl}/en/trainer/accounting/review/${groupUuid}/${settlementUuid}`);
  await phonePage.locator('[data-testid^="review-row-"]').first().waitFor({ timeout: 60_000 });
  await shoot(phonePage, 'trainer-review-phone');
  await phoneContext.close();
}

const ownStack = process.env.SCREENSHOTS_URL ? undefined : await startOwnStack();
const baseUrl = process.env.SCREENSHOTS_URL ?? ownStack!.baseUrl;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await takeScreenshots(browser, baseUrl);
} finally {
  await browser.close();
  if (ownStack) {
    const ended = new Promise((resolve) => ownStack.child.once('exit', resolve));
    ownStack.child.kill('SIGTERM');
    await ended;
    fs.rmSync(ownStack.dataDir, { recursive: true, force: true });
  }
}

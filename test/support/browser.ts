import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStack, type Stack } from './stack';

/** Debian's chromium (Playwright's own browser download is not reachable on these machines). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * What a browser test needs: the built web app (WEB_DIST, default dist/web) served by a real stack,
 * and Debian's chromium. The caller closes the browser and stops the stack in afterAll.
 */
export async function startBrowserStack(options: { worker?: boolean } = {}): Promise<{ stack: Stack; browser: Browser }> {
  // Absolute: express's sendFile refuses a relative path.
  const webDist = path.resolve(process.env.WEB_DIST ?? 'dist/web');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npx vite build --config web/vite.config.ts');
  const stack = await startStack({ ...options, webDist });
  return { stack, browser: await launchChromium() };
}

/** Logs in on the log-in page as a user would and waits for the page the role lands on. */
export async function logInInBrowser(page: Page, { baseUrl, email, locale, landsOn }: { baseUrl: string; email: string; locale: 'de' | 'en'; landsOn: string }) {
  await page.goto(`${baseUrl}/${locale}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**/${locale}/${landsOn}`);
}

export type BrowserStack = {
  /** The file's stack: its API, database and worker. */
  readonly stack: Stack;
  /** The file's chromium; each test opens its own pages or contexts. */
  readonly browser: Browser;
  /** Logs a demo user in on the stack's log-in page and waits for the page the role lands on. */
  logIn(page: Page, user: { email: string; locale: 'de' | 'en'; landsOn: string }): Promise<void>;
};

/**
 * The set-up every browser test file shares: a stack serving the built web app and chromium,
 * started before the file's tests (then `setUp`, in the same time limit, for the file's own data)
 * and closed after them. The getters answer for the started ones, so a file's helpers can be
 * defined before they are.
 */
export function useBrowserStack({
  worker,
  timeout,
  setUp,
}: { worker?: boolean; timeout?: number; setUp?: (started: { stack: Stack; browser: Browser }) => Promise<void> | void } = {}): BrowserStack {
  let started: { stack: Stack; browser: Browser } | undefined;
  const running = () => {
    if (!started) throw new Error('The browser stack is not started yet (beforeAll).');
    return started;
  };
  beforeAll(async () => {
    started = await startBrowserStack({ worker });
    await setUp?.(started);
  }, timeout);
  afterAll(async () => {
    await started?.browser.close();
    await started?.stack.stop();
  });
  return {
    get stack() {
      return running().stack;
    },
    get browser() {
      return running().browser;
    },
    logIn: (page, user) => logInInBrowser(page, { baseUrl: running().stack.baseUrl, ...user }),
  };
}

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createSiteRouter } from '../api/routes/site/site.router';

// Lighthouse scores of the public pages: performance, accessibility, best practices and
// SEO of home, pricing and contact, with Lighthouse's default mobile emulation and throttling, in
// Debian's chromium. Without LIGHTHOUSE_URL it serves the web build (WEB_DIST, default dist/web;
// build it first) and the content files the way the API does — prerendered pages, precompressed
// assets, security headers — on a free port, so no database or Temporal is needed.
//
//   npm run lighthouse                              # measures the build in dist/web
//   LIGHTHOUSE_URL=http://localhost:3000 npm run lighthouse   # measures a running server
//   LIGHTHOUSE_LOCALES=de,en npm run lighthouse     # more languages (default de)

const PAGES = [
  ['home', '/'],
  ['pricing', '/pricing'],
  ['contact', '/contact'],
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function serveBuild(): Promise<{ baseUrl: string; close: () => void }> {
  const webDist = path.resolve(process.env.WEB_DIST ?? 'dist/web');
  if (!fs.existsSync(path.join(webDist, 'de', 'index.html'))) throw new Error(`No prerendered site in ${webDist}: run npx vite build --config web/vite.config.ts first.`);
  const app = express();
  app.use(helmet());
  app.use(createSiteRouter({ contentDir: path.resolve(process.env.CONTENT_DIR ?? 'content'), webDist }));
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function main() {
  const served = process.env.LIGHTHOUSE_URL ? null : await serveBuild();
  const baseUrl = (process.env.LIGHTHOUSE_URL ?? served!.baseUrl).replace(/\/+$/, '');
  const locales = (process.env.LIGHTHOUSE_LOCALES ?? 'de').split(',').map((locale) => locale.trim());
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: string[] = [];
  try {
    for (const locale of locales) {
      for (const [name, suffix] of PAGES) {
        const url = `${baseUrl}/${locale}${suffix}`;
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const js = (audits['total-byte-weight']?.details as { items?: { url: string; totalBytes: number }[] } | undefined)?.items
          ?.filter((item) => item.url.endsWith('.js'))
          .reduce((sum, item) => sum + item.totalBytes, 0);
        rows.push(
          `| ${name} (/${locale}${suffix}) | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audits['first-contentful-paint']?.displayValue ?? ''} | ${audits['largest-contentful-paint']?.displayValue ?? ''} | ${js === undefined ? '' : `${(js / 1024).toFixed(1)} KB`} |`,
        );
        for (const id of CATEGORIES) {
          const failing = categories[id]?.auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${ref.id} (${audits[ref.id]?.score ?? '-'})`);
          if (failing?.length) console.error(`  ${url} ${id}: ${failing.join(', ')}`);
        }
      }
    }
  } finally {
    chrome.kill();
    served?.close();
  }
  console.log('| page | performance | accessibility | best practices | SEO | first contentful paint | largest contentful paint | JavaScript transferred |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

await main();

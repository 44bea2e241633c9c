import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { CONTENT_FILES, CONTENT_LOCALES, type TContentFile, type TContentLocale } from '../contracts/site-content.contract';
import { loadSiteData, SITE_PAGES, type SitePage } from '../web/src/site/content/site-data';
import { renderSitePage } from '../web/src/site/render';

// The prerender of the public site, run by the web build (web/vite.config.ts, after the bundle is
// written): every public page in every language as HTML with its text, title, description,
// language alternates and Open Graph tags, so a visitor and a search engine read the page before
// any JavaScript runs. Content comes from content/ (CONTENT_DIR), checked against its schemas here:
// a malformed file fails the build. Then every text asset is compressed once (gzip and brotli)
// for the API to serve as it is: the gzip twins with zopfli, a gzip encoder that searches harder
// than zlib's level 9 (about 4 % smaller; any gzip decoder reads them), as they are written once
// per build and read by every browser that does not take brotli.
//
//   tsx scripts/prerender-site.tsx <outDir>

const outDir = path.resolve(process.argv[2] ?? 'dist/web');
const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content');
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/** Where a page's HTML goes in the build: /de/ → de/index.html, /de/pricing → de/pricing.html. */
const prerenderedFile = (locale: TContentLocale, page: SitePage) => path.join(locale, page === 'home' ? 'index.html' : `${page}.html`);

function schemaOf(locale: string, file: string) {
  const key = (Object.keys(CONTENT_FILES) as TContentFile[]).find((candidate) => candidate === `web/{lang}/${file}`);
  if (!key) throw new Error(`No schema for content file ${file}`);
  return CONTENT_FILES[key];
}

async function readContent(locale: TContentLocale, file: string) {
  const full = path.join(contentDir, 'web', locale, file);
  if (!fs.existsSync(full)) return undefined;
  const parsed = schemaOf(locale, file).safeParse(JSON.parse(fs.readFileSync(full, 'utf8')));
  if (!parsed.success) throw new Error(`content/web/${locale}/${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}

async function compress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await compress(full);
    else if (/\.(js|css|html|svg|json|map)$/.test(entry.name) && !entry.name.endsWith('.map')) {
      const source = fs.readFileSync(full);
      if (source.length < 1024) continue;
      // One iteration: nearly all of zopfli's gain over zlib (its default of 15 saved 0.1 % more on the
      // first screens' scripts), in less of the build's time.
      fs.writeFileSync(`${full}.gz`, await gzipAsync(source, { numiterations: 1 }));
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

async function main() {
  const templatePath = path.join(outDir, 'site.html');
  const template = fs.readFileSync(templatePath, 'utf8');
  for (const locale of CONTENT_LOCALES) {
    for (const page of SITE_PAGES) {
      const data = await loadSiteData(page, locale, readContent);
      const { head, body, dataScript, lang } = renderSitePage(data, publicUrl);
      const html = template.replace('__SITE_LANG__', lang).replace('__SITE_HEAD__', head).replace('__SITE_BODY__', body).replace('__SITE_DATA__', dataScript);
      const target = path.join(outDir, prerenderedFile(locale, page));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, html);
    }
  }
  // For search engines: every public page with its language alternates, and where to find them.
  const base = publicUrl.replace(/\/+$/, '');
  const pageUrl = (locale: TContentLocale, page: SitePage) => `${base}/${locale}/${page === 'home' ? '' : page}`;
  const urls = SITE_PAGES.flatMap((page) =>
    CONTENT_LOCALES.map(
      (locale) =>
        `  <url><loc>${pageUrl(locale, page)}</loc>${CONTENT_LOCALES.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${pageUrl(other, page)}"/>`).join('')}</url>`,
    ),
  );
  fs.writeFileSync(path.join(outDir, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`);
  fs.writeFileSync(path.join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /de/admin\nDisallow: /en/admin\nDisallow: /es/admin\nDisallow: /de/trainer\nDisallow: /en/trainer\nDisallow: /es/trainer\n\nSitemap: ${base}/sitemap.xml\n`);
  // The template is not a page: only the prerendered files are served.
  fs.rmSync(templatePath);
  await compress(outDir);
  console.log(`prerendered ${CONTENT_LOCALES.length * SITE_PAGES.length} public pages into ${outDir}`);
}

await main();

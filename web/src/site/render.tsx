import { renderToString } from 'react-dom/server';
import { escapeHtml } from '../../../domain/html';
import { pageMeta, pagePath, SITE_DATA_ELEMENT_ID, SITE_LOCALES, type SiteData } from './content/site-data';
import { PublicSite } from './PublicSite';

// Server rendering of a public page for the prerender (scripts/prerender-site.tsx): the body's
// HTML, the head's tags (title, description, language alternates, Open Graph) and the data the
// browser's script hydrates with.

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const OG_LOCALE = { de: 'de_DE', en: 'en_GB', es: 'es_ES' } as const;

export function renderSitePage(data: SiteData, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const { title, description } = pageMeta(data);
  const url = `${base}${pagePath(data.locale, data.page)}`;
  const alternates = SITE_LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(`${base}${pagePath(locale, data.page)}`)}">`);
  alternates.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${base}${pagePath('en', data.page)}`)}">`);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...alternates,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="TrainerPay">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(`${base}/site/og-image.png`)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[data.locale]}">`,
    ...SITE_LOCALES.filter((locale) => locale !== data.locale).map((locale) => `<meta property="og:locale:alternate" content="${OG_LOCALE[locale]}">`),
    `<meta name="twitter:card" content="summary_large_image">`,
  ].join('\n    ');
  const body = renderToString(<PublicSite initial={data} />);
  const dataScript = `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
  return { head, body, dataScript, lang: data.locale };
}

import type {
  TContactContent,
  TContentLocale,
  TFeaturesContent,
  TFooterContent,
  THeroContent,
  TNavigationContent,
  TPartnerContent,
  TPricingTableContent,
  TTestimonialsContent,
} from '../../../../contracts/site-content.contract';

// What a public page shows, read from the content files (content/, served at /build/content/...).
// Type imports only: the public bundle carries no zod. The files are checked against their schemas
// by the unit tests and by the prerender at build time; at run time a file that is not even the
// right shape (an editor's half-saved change) is ignored and the page keeps the text it has.

export type SitePage = 'home' | 'pricing' | 'contact';
export const SITE_PAGES: readonly SitePage[] = ['home', 'pricing', 'contact'];
export const SITE_LOCALES: readonly TContentLocale[] = ['de', 'en', 'es'];
/** Languages that have every file; Spanish falls back to English (spec: es covers navigation and flags). */
const FULL_LOCALES: readonly TContentLocale[] = ['de', 'en'];
const FALLBACK_LOCALE: TContentLocale = 'en';

/** The page's path below the language: `/de/`, `/de/pricing`, `/de/contact`. */
export const pagePath = (locale: TContentLocale, page: SitePage) => (page === 'home' ? `/${locale}/` : `/${locale}/${page}`);

export type SiteData = {
  locale: TContentLocale;
  page: SitePage;
  /** True when some of the page's text is English because the language has no file of its own. */
  fallback: boolean;
  navigation: TNavigationContent;
  footer: TFooterContent;
  hero?: THeroContent;
  partner?: TPartnerContent;
  featuresStudios?: TFeaturesContent;
  featuresTrainer?: TFeaturesContent;
  testimonials?: TTestimonialsContent;
  pricing?: TPricingTableContent;
  contact?: TContactContent;
};

type Key = Exclude<keyof SiteData, 'locale' | 'page' | 'fallback'>;

/** File of each part below /build/content/web/{lang}/, with the top-level fields it must have. */
const FILES: Record<Key, { file: string; fields: string[] }> = {
  navigation: { file: 'navigation.json', fields: ['home', 'items', 'login', 'languages'] },
  footer: { file: 'footer.json', fields: ['tagline', 'columns', 'copyright'] },
  hero: { file: 'home/hero.json', fields: ['meta', 'headline', 'description', 'cta', 'cta_href', 'preview'] },
  partner: { file: 'home/partner.json', fields: ['headline', 'logos'] },
  featuresStudios: { file: 'home/features-studios.json', fields: ['preheading', 'headline', 'items'] },
  featuresTrainer: { file: 'home/features-trainer.json', fields: ['preheading', 'headline', 'items'] },
  testimonials: { file: 'home/testimonials.json', fields: ['headline', 'entries'] },
  pricing: { file: 'home/pricing-table.json', fields: ['meta', 'headline', 'frequencies', 'tiers', 'setupfee', 'fineprint'] },
  contact: { file: 'contact.json', fields: ['meta', 'headline', 'fields', 'errors', 'success'] },
};

export const PAGE_PARTS: Record<SitePage, Key[]> = {
  home: ['navigation', 'footer', 'hero', 'partner', 'featuresStudios', 'featuresTrainer', 'testimonials', 'pricing'],
  pricing: ['navigation', 'footer', 'pricing'],
  contact: ['navigation', 'footer', 'contact'],
};

export const contentUrl = (locale: TContentLocale, file: string) => `/build/content/web/${locale}/${file}`;

/** Reads one file: `undefined` when the language has none (404), throws on other failures. */
export type ReadContent = (locale: TContentLocale, file: string) => Promise<unknown>;

export const hasShape = (value: unknown, fields: string[]): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && fields.every((field) => (value as Record<string, unknown>)[field] != null);

/**
 * Every part of a page in the language, else (Spanish) in English. Throws when a part is missing
 * in both or is not the right shape: the caller keeps what it shows.
 */
export async function loadSiteData(page: SitePage, locale: TContentLocale, read: ReadContent): Promise<SiteData> {
  let fallback = false;
  const parts = await Promise.all(
    PAGE_PARTS[page].map(async (key) => {
      const { file, fields } = FILES[key];
      let value = await read(locale, file);
      if (value === undefined && !FULL_LOCALES.includes(locale)) {
        value = await read(FALLBACK_LOCALE, file);
        fallback = true;
      }
      if (!hasShape(value, fields)) throw new Error(`Content file ${file} (${locale}) is missing or malformed.`);
      return [key, value] as const;
    }),
  );
  return { locale, page, fallback, ...Object.fromEntries(parts) } as SiteData;
}

/** The browser's reader: revalidated on every call, so an editor's change shows on the next visit. */
export const fetchContent: ReadContent = async (locale, file) => {
  const response = await fetch(contentUrl(locale, file), { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`Content file ${file} (${locale}): HTTP ${response.status}`);
  return response.json();
};

/** The page's title and description (search engines, link previews). */
export function pageMeta(data: SiteData): { title: string; description: string } {
  const meta = data.page === 'home' ? data.hero?.meta : data.page === 'pricing' ? data.pricing?.meta : data.contact?.meta;
  return meta ?? { title: 'TrainerPay', description: data.footer.tagline };
}

/** Where the data of a prerendered page waits for the browser's script. */
export const SITE_DATA_ELEMENT_ID = 'site-data';
